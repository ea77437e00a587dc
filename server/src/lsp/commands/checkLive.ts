/** Check Listed URLs Live (`sitemap/checkLive`, issue 34): the live check (node/live/checkLive.ts, in the HTTP bundle
 * loaded on first use: node/http/loadHttp.ts) over the URLs an open urlset or text sitemap lists as the editor holds
 * it. Verdicts are kept per document by URL and placed, at each publication, on the `<loc>` of every entry listing the
 * URL in the text as it is then: an edit above moves them, an entry whose URL changed loses its verdict. They stay
 * until the command runs again on the document or it closes. */
import {
  LSPErrorCodes, ResponseError, type CancellationToken, type Connection, type Diagnostic, type WorkDoneProgressReporter,
} from 'vscode-languageserver';
import { createSiteSummaries, LIVE_RULE_IDS, severityOf, type LiveVerdict, type Severity, type SiteSummaries } from '../../language/languageService';
import { loadHttp, type Http } from '../../node/http/loadHttp';
import { CHECK_LIVE_REQUEST, type CheckLiveParams, type CheckLiveResult } from '../../../../shared/protocol';
import type { Configuration } from '../documents/configuration';
import { diagnosticAt } from '../documents/diagnostics';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { rangesOf } from '../documents/ranges';
import type { ValidationContexts } from '../documents/validationContext';
import { logFailure } from '../guard';
import { readLiveSettings, type LiveSettings } from './liveSettings';
import { askedOrigins, httpOriginOf as originOf } from '../../node/http/httpOrigin';

/** Verdicts are published, and progress reported, at most this often: 5,000 answers a minute are not 5,000 publications. */
export const LIVE_PUBLISH_INTERVAL_MS = 250;
/** Progress notifications at most this often. */
const PROGRESS_INTERVAL_MS = 100;
/** ResponseError's code for a document the command cannot check (the JSON-RPC range for a server's own errors). */
const CANNOT_CHECK = -32001;

interface Known {
  verdict: LiveVerdict;
  severity: Severity;
}

/** One document's run: its verdicts by listed URL, and the summaries that place them on its text as it is now. */
interface DocumentRun {
  entry: OpenDocument;
  verdicts: Map<string, Known>;
  summaries: SiteSummaries;
  stop: () => void;
}

export interface LiveCheckParts {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  /** Publishes the document's problems again (its own, with {@link LiveCheckCommand.diagnosticsFor}'s). */
  republish: (uri: string) => void;
  /** The HTTP bundle: loadHttp by default (the web worker's server has none, and says so). */
  http?: () => Http;
}

export class LiveCheckCommand {
  private readonly runs = new Map<string, DocumentRun>();

  constructor(private readonly connection: Connection, private readonly parts: LiveCheckParts) {}

  register(): void {
    this.connection.onRequest(CHECK_LIVE_REQUEST, (params: CheckLiveParams | undefined, token) => this.check(params, token));
  }

  /** The document's live verdicts on the `<loc>` of each entry that lists their URL in its current text. */
  diagnosticsFor(entry: OpenDocument): Diagnostic[] {
    const run = this.runs.get(entry.uri);
    if (run === undefined || run.entry !== entry || run.verdicts.size === 0) return [];
    const placed: Array<{ start: number; end: number; known: Known }> = [];
    for (const listed of run.summaries.summarize(entry.doc).entries) {
      const known = run.verdicts.get(listed.url);
      if (known !== undefined) placed.push({ start: listed.start, end: listed.end, known });
    }
    const ranges = rangesOf(entry.doc, placed);
    return placed.map((p, k) => diagnosticAt(ranges[k], { rule: p.known.verdict.rule, severity: p.known.severity, message: p.known.verdict.message }));
  }

  /** The document closed: its run stops, its verdicts go. */
  closed(uri: string): void {
    this.runs.get(uri)?.stop();
    this.runs.delete(uri);
  }

  dispose(): void {
    for (const run of this.runs.values()) run.stop();
    this.runs.clear();
  }

  private async check(params: CheckLiveParams | undefined, token: CancellationToken): Promise<CheckLiveResult> {
    const uri = typeof params?.uri === 'string' ? params.uri : '';
    const entry = this.parts.store.get(uri);
    if (entry === undefined) throw new ResponseError(CANNOT_CHECK, `${uri || 'no document'}: open it first`);
    if (entry.doc.kind !== 'urlset' && entry.doc.kind !== 'text') {
      throw new ResponseError(CANNOT_CHECK, 'The live check asks the pages a urlset or a text sitemap lists: this document lists none (an index lists sitemaps; check each of them).');
    }
    const settings = await this.parts.configuration.get(uri);
    if (!LIVE_RULE_IDS.some((rule) => severityOf(rule, settings) !== undefined)) {
      throw new ResponseError(CANNOT_CHECK, `Every rule the live check reports is off in sitemap.rules (${LIVE_RULE_IDS.join(', ')}): nothing to ask.`);
    }
    const location = this.parts.contexts.get(entry, settings).location;
    if (location === undefined) {
      throw new ResponseError(CANNOT_CHECK, 'Where this sitemap is served is unknown, so which origins may be asked is too: set sitemap.siteRoots for its folder (or open it from its URL).');
    }
    const live = await readLiveSettings(this.connection, uri);
    // Refused here, as the other settings' mistakes are, rather than by the engine (a failure logged with its stack,
    // in the words of the command line's --live-origin).
    if (live.origin !== undefined && originOf(live.origin) === undefined) {
      throw new ResponseError(CANNOT_CHECK, `sitemap.live.origin is ${JSON.stringify(live.origin)}, not an http or https origin (https://preview.example.com): set one, or clear it to ask the sitemap's own origin.`);
    }
    let http: Http;
    try {
      http = (this.parts.http ?? loadHttp)();
    } catch (error) {
      throw new ResponseError(CANNOT_CHECK, `The live check is not available in this editor (${error instanceof Error ? error.message : String(error)}).`);
    }
    return this.run(entry, { http, location, live, severity: (rule) => severityOf(rule, settings), userAgent: settings.robots.userAgent }, params?.workDoneToken, token);
  }

  private async run(entry: OpenDocument, job: LiveJob, workDoneToken: string | number | undefined, token: CancellationToken): Promise<CheckLiveResult> {
    const controller = new AbortController();
    this.runs.get(entry.uri)?.stop();
    const run: DocumentRun = { entry, verdicts: new Map(), summaries: createSiteSummaries(), stop: () => controller.abort() };
    const { urls, otherOrigins } = listedUrls(run, originOf(job.location)!);
    this.runs.set(entry.uri, run);
    this.parts.republish(entry.uri); // the previous run's verdicts go at once
    const progress = this.connection.window.attachWorkDoneProgress(workDoneToken);
    progress.begin('Checking listed URLs', 0, `0 of ${urls.length.toLocaleString('en-US')} URLs`, true);
    const cancelled = token.onCancellationRequested(() => controller.abort());
    const publisher = new ThrottledPublisher(() => this.parts.republish(entry.uri));
    const notes: string[] = [];
    let lastReport = 0;
    try {
      const summary = await this.ask(urls, job, controller.signal, {
        onVerdict: (url, known) => {
          run.verdicts.set(url, known);
          publisher.changed();
        },
        onProgress: (checked, total) => {
          const now = Date.now();
          if (now - lastReport < PROGRESS_INTERVAL_MS && checked < total) return;
          lastReport = now;
          report(progress, checked, total, run.verdicts.size);
        },
        onNote: (note) => {
          notes.push(note);
          this.connection.console.info(`Check Listed URLs Live: ${note}`);
        },
      });
      if (summary.cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Check Listed URLs Live was cancelled');
      return { checked: summary.checked, problems: countByRule(run.verdicts), otherOrigins, notes };
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      logFailure(this.connection, 'Check Listed URLs Live', error);
      throw new ResponseError(LSPErrorCodes.RequestFailed, `Check Listed URLs Live failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      cancelled.dispose();
      publisher.flush();
      progress.done();
    }
  }

  /** checkLive through the HTTP bundle, with the settings' politeness and the environment's headers for the asked origins. */
  private async ask(urls: string[], job: LiveJob, signal: AbortSignal, hear: LiveHandlers): Promise<{ checked: number; cancelled: boolean }> {
    const { http, live } = job;
    const get = http.createHttpGet({
      connectionsPerOrigin: live.concurrency, secretHeaders: http.headersFromEnvironment(), secretHeadersFor: askedOrigins(urls, live.origin),
    });
    try {
      return await http.checkLive(urls, {
        get, userAgent: job.userAgent, liveOrigin: live.origin, concurrency: live.concurrency, requestsPerSecond: live.requestsPerSecond, signal,
        onResult: ({ url, verdict }) => {
          const severity = verdict === undefined ? undefined : job.severity(verdict.rule);
          if (verdict !== undefined && severity !== undefined) hear.onVerdict(url, { verdict, severity });
        },
        onProgress: ({ checked, total }) => hear.onProgress(checked, total),
        onNote: hear.onNote,
      });
    } finally {
      await get.close();
    }
  }
}

interface LiveJob {
  http: Http;
  location: string;
  live: LiveSettings;
  severity: (rule: string) => Severity | undefined;
  userAgent: string;
}

interface LiveHandlers {
  onVerdict: (url: string, known: Known) => void;
  onProgress: (checked: number, total: number) => void;
  onNote: (note: string) => void;
}

/** The live verdicts the site's problems do not already give the same `<loc>` under the same rule: a built page and the
 * live one both not found is one problem, as `sitemap-lint --live` reports it. */
export function notRepeated(held: readonly Diagnostic[], live: readonly Diagnostic[]): Diagnostic[] {
  if (live.length === 0 || held.length === 0) return [...live];
  const key = (d: Diagnostic) => `${String(d.code)} ${d.range.start.line}:${d.range.start.character}:${d.range.end.line}:${d.range.end.character}`;
  const given = new Set(held.map(key));
  return live.filter((d) => !given.has(key(d)));
}

/** The distinct URLs the document lists on `origin` (only the sitemap's own origin is asked), and how many it lists elsewhere. */
function listedUrls(run: DocumentRun, origin: string): { urls: string[]; otherOrigins: number } {
  const urls = new Set<string>();
  const others = new Set<string>();
  for (const listed of run.summaries.summarize(run.entry.doc).entries) {
    (originOf(listed.url) === origin ? urls : others).add(listed.url);
  }
  return { urls: [...urls], otherOrigins: others.size };
}

function report(progress: WorkDoneProgressReporter, checked: number, total: number, problems: number): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const found = problems === 0 ? '' : `, ${n(problems)} ${problems === 1 ? 'problem' : 'problems'}`;
  progress.report(Math.floor((100 * checked) / Math.max(1, total)), `${n(checked)} of ${n(total)} URLs${found}`);
}

function countByRule(verdicts: ReadonlyMap<string, Known>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { verdict } of verdicts.values()) counts[verdict.rule] = (counts[verdict.rule] ?? 0) + 1;
  return counts;
}

/** Calls `publish` at most once per LIVE_PUBLISH_INTERVAL_MS while changes come, and once more after the last. */
class ThrottledPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = 0;

  constructor(private readonly publish: () => void) {}

  changed(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.last + LIVE_PUBLISH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.last = Date.now();
    this.publish();
  }
}
