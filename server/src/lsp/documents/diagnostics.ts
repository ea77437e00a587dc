/** Validation and publishing: on open, and after a change once the messages received with it are handled, slowed only
 * for a large document whose last validation was slow (docs/architecture.md, "A keystroke, end to end"); results for an
 * outdated version are dropped. Offsets become LSP ranges here, at the edge. */
import {
  DiagnosticSeverity, type Connection, type Diagnostic, type DiagnosticRelatedInformation, type PublishDiagnosticsParams, type Range,
} from 'vscode-languageserver';
import {
  repeatsUtf16, validate, validateFileEncoding, type Severity, type SitemapDiagnostic, type SitemapDocument, type SitemapSettings, type ValidationContext,
} from '../../language/languageService';
import type { DocumentStore, OpenDocument } from './documentStore';
import { describe, logFailure } from '../guard';
import type { MessageQueue } from './messageQueue';
import { STATUS_NOTIFICATION, type StatusParams } from '../../../../shared/protocol';
import { rangesOf } from './ranges';
import { ruleDocs } from '../features/ruleDocs';
import { stampTiming } from '../timingLog';
import type { FileEncoding } from '../../../../shared/fileEncoding';

export const SOURCE = 'sitemap';

export interface Prepared {
  settings: SitemapSettings;
  context: ValidationContext;
}

/** A validation under one frame (60 Hz) is not worth a wait: validating again at once costs the user nothing visible. */
export const SLOW_VALIDATION_MS = 16;
/** The longest wait: a validation that takes seconds should not also make its successor wait seconds. */
export const MAX_VALIDATION_DELAY_MS = 200;

/**
 * A document this small is never waited for: its validation is a few milliseconds of work whatever it measured, so a
 * slow measure is the machine's load, another thread (the page rules' worker, git) or a client slow to read, which no
 * wait makes faster. Measured at load 11, a sitemap of 81 URLs under a site root measured over 16 ms on one keystroke
 * in three, each then waiting up to 200 ms (docs/performance.md, issue 33).
 */
export const SMALL_DOCUMENT_BYTES = 1_048_576;

/** The cost a validation counts for the next one's wait: none for a small document, else what it measured. */
export function countedCost(measuredMs: number, documentBytes: number): number {
  return documentBytes < SMALL_DOCUMENT_BYTES ? 0 : measuredMs;
}

/** How long to wait before validating again, given what the last validation cost and how long ago it ended. */
export function validationDelay(cost: number, sinceEnd: number, bound = MAX_VALIDATION_DELAY_MS): number {
  if (cost < SLOW_VALIDATION_MS) return 0;
  return Math.max(0, Math.min(cost, bound) - sinceEnd);
}

/**
 * Tests, so that whether a document is slow does not depend on the machine's load: every validation counts as costing
 * exactly `SITEMAP_VALIDATION_COST_MS` (0: every document is fast; 1000000: every one is slow), and
 * `SITEMAP_MAX_VALIDATION_DELAY_MS` replaces the bound (a wait long enough that no client's delay can outlast it).
 */
const FORCED_COST_MS = testNumber(process.env.SITEMAP_VALIDATION_COST_MS);
const DELAY_BOUND_MS = testNumber(process.env.SITEMAP_MAX_VALIDATION_DELAY_MS) ?? MAX_VALIDATION_DELAY_MS;

function testNumber(value: string | undefined): number | undefined {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

interface Cost {
  /** From the start of the validation to its diagnostics written (preparing, validating, converting, sending). */
  ms: number;
  ended: number;
}

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The protocol's severity for a problem's (the document's own or Check Site's); an unknown one is an error. */
export function lspSeverity(severity: Severity): DiagnosticSeverity {
  return SEVERITIES[severity] ?? DiagnosticSeverity.Error;
}

export class DiagnosticsPublisher {
  /** Documents waiting for the message queue to drain, each with a token that validateNow and clear withdraw. */
  private readonly pending = new Map<string, object>();
  /** Latest validation run per document: an older run that finishes later publishes nothing. */
  private readonly runs = new Map<string, number>();
  /** What the last published validation of each document cost. */
  private readonly costs = new Map<string, Cost>();
  /** Send `sitemap/status` after each validation (the client asked for it). */
  statusNotifications = false;
  /** Problems found elsewhere (the cross-file rules), published with the document's own. */
  extra: (entry: OpenDocument) => Diagnostic[] = () => [];
  /** The encoding of the document's file where its bytes say more than its text (diskEncodings.ts): UTF-16. */
  fileEncoding: (entry: OpenDocument) => FileEncoding | undefined = () => undefined;

  constructor(
    private readonly connection: Connection,
    /** Sends a document's diagnostics: `connection.sendDiagnostics`, or a function that also counts them. */
    private readonly send: (params: PublishDiagnosticsParams) => Promise<void>,
    private readonly store: DocumentStore,
    private readonly prepare: (entry: OpenDocument) => Promise<Prepared>,
    private readonly fallback: () => Prepared,
    private readonly queue: MessageQueue,
  ) {}

  /** Validates the latest text once the messages received so far have been handled; until then, calls add nothing. */
  schedule(uri: string): void {
    if (this.pending.has(uri)) return;
    const token = {};
    this.pending.set(uri, token);
    void this.queue.drained().then(async () => {
      const wait = this.delayFor(uri);
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        // The changes read during the wait may still be queued: validate the newest text.
        await this.queue.drained();
      }
      if (this.pending.get(uri) === token) void this.validateNow(uri);
    });
  }

  /** Zero unless the document's last validation was slow and ended less than its cost ago. */
  private delayFor(uri: string): number {
    const last = this.costs.get(uri);
    return last === undefined ? 0 : validationDelay(last.ms, performance.now() - last.ended, DELAY_BOUND_MS);
  }

  scheduleAll(): void {
    for (const entry of this.store.all()) this.schedule(entry.uri);
  }

  /** Validates and publishes; never rejects. */
  async validateNow(uri: string): Promise<void> {
    this.pending.delete(uri);
    const started = performance.now();
    const run = (this.runs.get(uri) ?? 0) + 1;
    this.runs.set(uri, run);
    const entry = this.store.get(uri);
    if (entry === undefined) return;
    let prepared: Prepared;
    try {
      prepared = await this.prepare(entry);
    } catch (error) {
      logFailure(this.connection, `Preparing the validation of ${uri}`, error);
      prepared = this.fallback();
    }
    if (this.store.get(uri) !== entry || this.runs.get(uri) !== run) return;
    stampTiming('prepared', { uri, version: entry.version });
    let diagnostics: Diagnostic[];
    try {
      const doc = entry.doc;
      diagnostics = toDiagnostics(uri, doc, withFileEncoding(doc, validate(doc, prepared.settings, prepared.context), this.fileEncoding(entry), prepared.settings));
      // Within sitemap.maxProblems with the document's own (VS Code shows at most 1,000 per file).
      const room = Math.max(0, Math.floor(prepared.settings.maxProblems) - diagnostics.length);
      diagnostics.push(...this.extra(entry).slice(0, room));
      diagnostics = inDrawingOrder(diagnostics);
    } catch (error) {
      logFailure(this.connection, `Validating ${uri}`, error);
      diagnostics = [internalProblem(error)];
    }
    stampTiming('published', { uri, version: entry.version }); // before the write, which the client may see first
    const written = this.publish(uri, entry.version, diagnostics);
    // The status bar counts a sitemap's entries and bytes: nothing a robots.txt has.
    if (this.statusNotifications && entry.doc.kind !== 'robots') this.sendStatus(uri, entry.doc);
    await written;
    if (this.store.get(uri) === entry) {
      const ended = performance.now();
      this.costs.set(uri, { ms: FORCED_COST_MS ?? countedCost(ended - started, entry.doc.byteLength), ended });
    }
  }

  /** Forgets a closed document and clears its problems. */
  clear(uri: string): void {
    this.pending.delete(uri);
    this.runs.delete(uri);
    this.costs.delete(uri);
    void this.publish(uri, undefined, []);
  }

  dispose(): void {
    this.pending.clear();
  }

  private sendStatus(uri: string, doc: SitemapDocument): void {
    const params: StatusParams = { uri, kind: doc.kind, entries: doc.entryCount, bytes: doc.byteLength };
    this.connection.sendNotification(STATUS_NOTIFICATION, params)
      .catch((error: unknown) => logFailure(this.connection, `Sending the status of ${uri}`, error));
  }

  /** Resolves once the diagnostics are written (or failed to be); never rejects. */
  private publish(uri: string, version: number | undefined, diagnostics: Diagnostic[]): Promise<void> {
    return this.send({ uri, version, diagnostics })
      .catch((error: unknown) => logFailure(this.connection, `Publishing diagnostics for ${uri}`, error));
  }
}

/**
 * A UTF-16 file's problems as sitemap-lint reports them (lintOne.ts): the `encoding` problem at its start, and not the
 * declaration's `encoding="UTF-16"`, which that one makes redundant.
 */
function withFileEncoding(doc: SitemapDocument, found: SitemapDiagnostic[], encoding: FileEncoding | undefined, settings: SitemapSettings): SitemapDiagnostic[] {
  if (encoding === undefined) return found;
  const problem = validateFileEncoding(encoding, settings);
  const text = doc.getText();
  const own = found.filter((d) => !repeatsUtf16(encoding, d, text));
  return problem === undefined ? own : [problem, ...own];
}

/**
 * Errors first, then warnings, information and hints, each in the order given (document order). VS Code draws
 * squiggles for only the first 500 problems of a file, in the order they were published
 * (`markerDecorationsService.ts`, `take: 500`): in document order, an error typed below 500 warnings would show in the
 * Problems panel, which sorts by itself, but not in the text.
 */
export function inDrawingOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  const bySeverity: Diagnostic[][] = [[], [], [], []];
  for (const d of diagnostics) bySeverity[Math.min(Math.max((d.severity ?? DiagnosticSeverity.Error) - 1, 0), 3)].push(d);
  return bySeverity.flat();
}

/** The problems as LSP diagnostics, their ranges converted at once (rangesOf). */
export function toDiagnostics(uri: string, doc: SitemapDocument, problems: readonly SitemapDiagnostic[]): Diagnostic[] {
  const spans: { start: number; end: number }[] = [];
  for (const d of problems) spans.push(d, ...(d.related ?? []));
  const ranges = rangesOf(doc, spans);
  let next = 0;
  return problems.map((d) => {
    const diagnostic = diagnosticAt(ranges[next++], d);
    if (d.related !== undefined && d.related.length > 0) {
      diagnostic.relatedInformation = d.related.map((r): DiagnosticRelatedInformation => ({
        location: { uri, range: ranges[next++] },
        message: r.message,
      }));
    }
    return diagnostic;
  });
}


/** A problem of `rule` at `range`, with its severity, source and documentation link; no related information. */
export function diagnosticAt(range: Range, d: { rule: SitemapDiagnostic['rule']; severity: Severity; message: string }): Diagnostic {
  return {
    range,
    severity: lspSeverity(d.severity),
    source: SOURCE,
    code: d.rule,
    codeDescription: { href: ruleDocs().href(d.rule) },
    message: d.message,
  };
}

/** The one problem shown when validation itself failed (a bug): the document keeps its place, other files work on. */
function internalProblem(error: unknown): Diagnostic {
  const reason = describe(error).split('\n')[0];
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    message: `Sitemap Studio could not check this file (${reason}). This is a bug in the extension; other files are not affected. Details are in the server log.`,
  };
}
