/** Check Site (`sitemap/checkSite`): sitemap-lint's pipeline over every workspace folder (a child process on the desktop,
 * in-process in the web worker), its problems published for every file checked; why a child process, and why an open
 * file keeps its live problems instead: docs/architecture.md, "The site checks". */
import * as path from 'node:path';
import {
  LSPErrorCodes, ResponseError,
  type CancellationToken, type Connection, type Diagnostic, type PublishDiagnosticsParams, type WorkDoneProgressReporter,
} from 'vscode-languageserver';
import { normalizeRelativePath } from '../../../../shared/location';
import type { CheckSiteJob, CheckSiteMessage, Unreadable } from '../../node/checkSiteMessages';
import type { FileResult, LintProblem, LintRelated } from '../../node/lintResults';
import type { Configuration } from '../documents/configuration';
import { inDrawingOrder, lspSeverity, SOURCE } from '../documents/diagnostics';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { logFailure } from '../guard';
import { CHECK_SITE_REQUEST, COMPRESSED_SCHEME, type CheckSiteParams, type CheckSiteResult } from '../../../../shared/protocol';
import { ruleDocs } from '../features/ruleDocs';
import { withCause } from '../../../../shared/causes';
import { fsPathToUri, relativeInside, type Workspace } from '../documents/workspace';

/** Progress notifications at most this often (a 10,000-file site would otherwise send 10,000). */
const PROGRESS_INTERVAL_MS = 100;
/** Runs again at most this many times while files change under it (a build writing the site), then says so. */
const MAX_RERUNS = 2;

export type { CheckSiteJob, CheckSiteMessage, FileResult, LintProblem, LintRelated, Unreadable };
export type CheckSiteDone = Extract<CheckSiteMessage, { type: 'done' }>;

/** Starts a run of the checks: its progress and notes told as they come; `cancel` stops it, and `result` then rejects. */
export type CheckSiteRunner = (job: CheckSiteJob, tell: (message: CheckSiteMessage) => void) => { result: Promise<CheckSiteDone>; cancel: () => void };

export class CheckSiteCommand {
  /** The last completed run's problems, by file path. */
  private results = new Map<string, Diagnostic[]>();
  /** Open documents' versions when they opened, by URI: closed at another version, they were edited. */
  private readonly openedAt = new Map<string, number>();
  private cancelRunning: (() => void) | undefined;
  /** Bumped by each request: one that was overtaken while it read the settings stops there. */
  private requests = 0;
  /** The run under way: its folders, and whether a watched file changed in one of them since it started. */
  private running: { folders: readonly string[]; changed: boolean } | undefined;

  constructor(
    private readonly connection: Connection,
    /** Sends a file's diagnostics, as the live diagnostics are sent. */
    private readonly sendDiagnostics: (params: PublishDiagnosticsParams) => Promise<void>,
    private readonly store: DocumentStore,
    private readonly configuration: Configuration,
    private readonly workspace: Workspace,
    /** Runs the checks: the child process (checkSiteProcess.ts), in-process in the web worker (browserCheckSite.ts). */
    private readonly runner: CheckSiteRunner,
    /** Whether the workspace is trusted: the page rules' git runs only then. */
    private readonly trusted: () => boolean = () => true,
  ) {}

  register(): void {
    this.connection.onRequest(CHECK_SITE_REQUEST, (params: CheckSiteParams | undefined, token) => this.check(params, token));
  }

  opened(entry: OpenDocument): void {
    this.openedAt.set(entry.uri, entry.version);
    // A compressed sitemap opened as text has its own URI: its file's problems would show twice.
    if (entry.fsPath !== undefined && entry.uri.startsWith(`${COMPRESSED_SCHEME}:`) && this.results.has(entry.fsPath)) {
      this.send(fsPathToUri(entry.fsPath), []);
    }
  }

  /** After the live problems were cleared: the file's Check Site problems come back, unless it was edited. */
  closed(entry: OpenDocument): void {
    const edited = this.openedAt.get(entry.uri) !== entry.version;
    this.openedAt.delete(entry.uri);
    if (entry.fsPath === undefined || !this.results.has(entry.fsPath)) return;
    if (edited) this.results.delete(entry.fsPath);
    else this.send(fsPathToUri(entry.fsPath), this.results.get(entry.fsPath)!);
  }

  dispose(): void {
    this.cancelRunning?.();
  }

  /** Watched files changed on disk: a run under way may have read some of them before the change and some after. */
  filesChanged(changes: ReadonlyArray<{ fsPath: string }>): void {
    const run = this.running;
    if (run === undefined || run.changed) return;
    run.changed = changes.some((change) => run.folders.some((folder) => relativeInside(folder, change.fsPath) !== undefined));
  }

  private async check(params: CheckSiteParams | undefined, token: CancellationToken): Promise<CheckSiteResult> {
    this.cancelRunning?.();
    const request = ++this.requests;
    const workDoneToken = params?.workDoneToken;
    const progress = this.connection.window.attachWorkDoneProgress(
      typeof workDoneToken === 'string' || typeof workDoneToken === 'number' ? workDoneToken : undefined);
    progress.begin('Checking the site', 0, 'Looking for sitemaps', true);
    try {
      const job = await this.job();
      if (token.isCancellationRequested || request !== this.requests) throw cancelled();
      const { done, changed } = await this.runUntilSettled(job, token, progress);
      return { ...this.publish(job, done), ...(changed ? { changedWhileChecking: true } : {}) };
    } catch (error) {
      if (!(error instanceof ResponseError)) logFailure(this.connection, 'Check Site', error);
      throw error instanceof ResponseError ? error : new ResponseError(LSPErrorCodes.RequestFailed, withCause('Check Site failed', error instanceof Error ? error.message : String(error), 'colon'));
    } finally {
      progress.done();
    }
  }

  /** Each workspace folder with its own settings, site roots made absolute. */
  private async job(): Promise<CheckSiteJob> {
    const folders: CheckSiteJob['folders'] = [];
    for (const folder of this.workspace.all) {
      const { siteRoots, symbols: _symbols, ...settings } = await this.configuration.get(folder.uri);
      const roots: Record<string, string> = {};
      for (const [dir, url] of Object.entries(siteRoots)) {
        const relative = normalizeRelativePath(dir);
        if (relative !== undefined) roots[path.join(folder.fsPath, ...relative.split('/'))] = url;
      }
      folders.push({ path: folder.fsPath, settings: { ...settings, pageSources: absolutePageSources(settings.pageSources, folder.fsPath) }, siteRoots: roots });
    }
    return { folders, now: Date.now(), git: this.trusted() };
  }

  /**
   * Runs the checks again while files change under a run (it would mix what they held before and after), at most
   * MAX_RERUNS times; `changed` says that the last run still saw changes. Events come some time after the change: one
   * made in the run's last moments may go unseen.
   */
  private async runUntilSettled(job: CheckSiteJob, token: CancellationToken, progress: WorkDoneProgressReporter): Promise<{ done: CheckSiteDone; changed: boolean }> {
    for (let rerun = 0; ; rerun++) {
      const running = { folders: job.folders.map((folder) => folder.path), changed: false };
      this.running = running;
      try {
        const done = await this.run({ ...job, now: Date.now() }, token, progress);
        if (!running.changed || rerun === MAX_RERUNS) return { done, changed: running.changed };
      } finally {
        if (this.running === running) this.running = undefined;
      }
      this.connection.console.info('Check Site: files changed while it ran; checking again.');
      progress.report(0, 'Files changed: checking again');
    }
  }

  /** Runs the checks; resolves with their results, rejects with RequestCancelled once a cancelled run has stopped. */
  private async run(job: CheckSiteJob, token: CancellationToken, progress: WorkDoneProgressReporter): Promise<CheckSiteDone> {
    let stopped = false;
    let lastReport = 0;
    const { result, cancel } = this.runner(job, (message) => {
      if (stopped) return;
      if (message.type === 'progress') {
        const now = Date.now();
        if (now - lastReport < PROGRESS_INTERVAL_MS && message.done < message.known) return;
        lastReport = now;
        progress.report(Math.floor((100 * message.done) / Math.max(1, message.known)), `${message.done}/${message.known} files`);
      } else if (message.type === 'note') {
        this.connection.console.info(`Check Site: ${message.text}`);
      }
    });
    const stop = (): void => {
      stopped = true;
      cancel();
    };
    this.cancelRunning = stop;
    const subscription = token.onCancellationRequested(stop);
    if (token.isCancellationRequested) stop();
    try {
      return await result;
    } catch (error) {
      throw stopped ? cancelled() : error;
    } finally {
      subscription.dispose();
      if (this.cancelRunning === stop) this.cancelRunning = undefined;
    }
  }

  /** Publishes every file's problems except open documents', clears the files the previous run had and this one not. */
  private publish(job: CheckSiteJob, done: CheckSiteDone): CheckSiteResult {
    const results = new Map<string, Diagnostic[]>();
    const counts = { errors: 0, warnings: 0, others: 0 };
    for (const file of done.files) {
      results.set(path.normalize(file.file), inDrawingOrder(toDiagnostics(file)));
      for (const p of file.problems) {
        if (p.severity === 'error') counts.errors++;
        else if (p.severity === 'warning') counts.warnings++;
        else counts.others++;
      }
    }
    const previous = this.results;
    this.results = results;
    for (const [fsPath, diagnostics] of results) {
      if (this.store.getByPath(fsPath) === undefined) this.send(fsPathToUri(fsPath), diagnostics);
    }
    for (const fsPath of previous.keys()) {
      if (!results.has(fsPath) && this.store.getByPath(fsPath) === undefined) this.send(fsPathToUri(fsPath), []);
    }
    return {
      folders: job.folders.length,
      files: done.files.length,
      ...counts,
      unreadable: done.unreadable.map((u) => ({ uri: fsPathToUri(u.file), reason: u.reason })),
    };
  }

  private send(uri: string, diagnostics: Diagnostic[]): void {
    this.sendDiagnostics({ uri, diagnostics })
      .catch((error: unknown) => logFailure(this.connection, `Publishing Check Site's diagnostics for ${uri}`, error));
  }
}

/** 1-based lines and columns (sitemap-lint's) to LSP's 0-based ranges; related files are absolute paths. */
function toDiagnostics(file: FileResult): Diagnostic[] {
  return file.problems.map((p): Diagnostic => {
    const diagnostic: Diagnostic = {
      range: lintRange(p),
      severity: lspSeverity(p.severity),
      source: SOURCE,
      code: p.rule,
      codeDescription: { href: ruleDocs().href(p.rule) },
      message: p.message,
    };
    if (p.related !== undefined && p.related.length > 0) {
      diagnostic.relatedInformation = p.related.map((r) => ({ location: { uri: fsPathToUri(r.file), range: lintRange(r) }, message: r.message }));
    }
    return diagnostic;
  });
}

/** sitemap-lint's 1-based lines and columns as an LSP range (ranges.ts's rangeOf takes a document's offsets). */
function lintRange(p: Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'>): Diagnostic['range'] {
  return { start: { line: p.line - 1, character: p.column - 1 }, end: { line: p.endLine - 1, character: p.endColumn - 1 } };
}

export function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Check Site was cancelled');
}


/** `sitemap.pageSources` with its folders (keys and a mapping's `root`, workspace-relative) made absolute, as the site roots are for the child. */
function absolutePageSources(pageSources: Readonly<Record<string, unknown>>, folder: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [dir, value] of Object.entries(pageSources)) {
    const relative = normalizeRelativePath(dir);
    if (relative === undefined) continue;
    const mapping = typeof value === 'object' && value !== null ? value as Record<string, unknown> : undefined;
    const root = typeof mapping?.root === 'string' ? { root: path.resolve(folder, mapping.root) } : {};
    out[path.join(folder, ...relative.split('/'))] = mapping === undefined ? value : { ...mapping, ...root };
  }
  return out;
}
