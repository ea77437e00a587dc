/**
 * One case of the language server's fuzzer against one server (lspFuzz.ts starts it): each action sent as an editor
 * sends it, over the wire (test/lsp/lspClient.ts), keeping the open documents' texts as the editor does
 * (lspText.ts); every request timed and its answer judged. Requests are sent without waiting for the answer unless the
 * action says `wait` (an editor's requests overlap its edits too); at most {@link MAX_PENDING} are in flight.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, ResponseError, type ApplyWorkspaceEditParams, type CodeAction, type Command, type Diagnostic, type Range, type TextDocumentEdit, type TextEdit } from 'vscode-languageserver-protocol';
import {
  ADD_UNLISTED_PAGES_COMMAND, CONVERT_COMMAND, REMOVE_DUPLICATES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND, SET_LASTMOD_NOW_COMMAND, SORT_ENTRIES_COMMAND,
} from '../../shared/protocol';
import { toCompressedUri } from '../../shared/compressedUri';
import { toRemoteUri } from '../../shared/remoteUri';
import type { LspClient } from '../lsp/lspClient';
import { LIVE_ORIGIN_PLACEHOLDER, type Action, type Arguments, type DocumentName, COMMANDS } from './lspCase';
import { applyChange, applyTextEdits, rangeIn } from './lspText';
import { customParams, type ParamsContext } from './lspParams';

const MAX_PENDING = 8;

export const COMMAND_IDS: Record<typeof COMMANDS[number], string> = {
  sortEntries: SORT_ENTRIES_COMMAND, removeDuplicates: REMOVE_DUPLICATES_COMMAND, setLastmodNow: SET_LASTMOD_NOW_COMMAND,
  convert: CONVERT_COMMAND, addUnlistedPages: ADD_UNLISTED_PAGES_COMMAND, setLastmodFromHistory: SET_LASTMOD_FROM_HISTORY_COMMAND,
};

/**
 * Error codes an answer may carry: InvalidParams (-32602, garbage arguments), RequestCancelled (-32800, cancelled by
 * the fuzzer or by a newer Check Site), ContentModified (-32801, an edit overtook the request), ServerCancelled
 * (-32802), RequestFailed (-32803, a documented failure) and the server's own -32001 (shared/protocol.ts: the live check
 * cannot check the document, a URL cannot be read). Never InternalError (-32603: a handler threw), MethodNotFound
 * (-32601: the fuzzer sends only what the server offers) or any other.
 */
export const ACCEPTED_CODES: ReadonlySet<number> = new Set([-32602, -32800, -32801, -32802, -32803, -32001]);

/** A stack frame, `node:internal` or V8's words in an error message or the log: a failure caught, not handled. */
export const STACK_SIGNS: readonly RegExp[] = [/^\s+at \S/m, /node:internal/, /\bFATAL\b/, /Uncaught/, /JavaScript heap out of memory/];

export interface OpenText {
  uri: string;
  language: string;
  text: string;
  version: number;
}

export interface RunCounts {
  actions: number;
  requests: number;
  /** Answers by outcome: `ok`, or the error code. */
  answers: Record<string, number>;
  /** The highest of the servers' memory high-water marks (VmHWM), in MB. */
  peakMb?: number;
}

export class CaseRun {
  /** The documents open, as the editor holds them. */
  readonly open = new Map<DocumentName, OpenText>();
  readonly violations: string[] = [];
  private pending: Promise<void>[] = [];
  /** Node ids the Sitemaps view's answers gave, for the next `siteTree` requests. */
  private readonly siteNodes: string[] = [];
  /** The files the fuzzer itself wrote or removed in the workspace (the server may write none of the others). */
  readonly touched = new Set<string>();
  private settings: unknown;

  constructor(
    readonly client: LspClient,
    readonly workspace: string,
    private readonly liveOrigin: string,
    settings: unknown,
    /** Milliseconds a request may take. */
    readonly boundMs: number,
    readonly counts: RunCounts,
  ) {
    this.settings = withLiveOrigin(settings, liveOrigin);
    client.settings = () => this.settings;
    client.applyEditAnswer = (params) => this.applyWorkspaceEdit(params);
  }

  uriOf(name: DocumentName): string {
    if (name.startsWith('untitled:')) return name;
    if (name.startsWith('sitemap-gz:')) return toCompressedUri(pathToFileURL(path.join(this.workspace, name.slice('sitemap-gz:'.length))).href);
    if (name.startsWith('sitemap-url:')) return toRemoteUri(`${this.liveOrigin}/${name.slice('sitemap-url:'.length)}`);
    return pathToFileURL(path.join(this.workspace, name)).href;
  }

  /** Runs the actions in order; the requests not waited for are awaited at the end. */
  async run(actions: readonly Action[]): Promise<void> {
    for (const action of actions) {
      this.counts.actions++;
      await this.perform(action);
      if (this.pending.length >= MAX_PENDING) await this.settle();
      if (this.client.gone() !== undefined) return;
    }
    await this.settle();
  }

  async settle(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending);
  }

  private async perform(action: Action): Promise<void> {
    if ('open' in action) return this.openDocument(action.open, action.language, action.text);
    if ('change' in action) return this.changeDocument(action);
    if ('close' in action) return this.closeDocument(action.close);
    if ('settings' in action) {
      this.settings = withLiveOrigin(action.settings, this.liveOrigin);
      return this.client.configurationChanged();
    }
    if ('disk' in action) return this.changeDisk(action);
    if ('trustGranted' in action) return void this.client.connection.sendNotification('sitemap/trustGranted');
    if ('command' in action) return this.track(this.executeCommand(action), action.wait === true);
    return this.track(this.sendRequest(action), action.wait === true);
  }

  private track(answer: Promise<void>, wait: boolean): Promise<void> | undefined {
    if (wait) return answer;
    this.pending.push(answer);
    return undefined;
  }

  /** Opens a document; one already open is closed first, as an editor changing its language does. */
  openDocument(name: DocumentName, language: string, text: string): void {
    if (this.open.has(name)) this.closeDocument(name);
    const uri = this.uriOf(name);
    this.open.set(name, { uri, language, text, version: 1 });
    this.client.open(uri, language, text);
  }

  private changeDocument(action: Extract<Action, { change: DocumentName }>): void {
    const doc = this.open.get(action.change);
    if (doc === undefined) return;
    const changes = action.edits.map((edit) => {
      if (!('range' in edit)) {
        doc.text = edit.text;
        return { text: edit.text };
      }
      const range = rangeIn(doc.text, edit.range[0], edit.range[1]);
      doc.text = applyChange(doc.text, range, edit.text);
      return { range, text: edit.text };
    });
    doc.version = this.client.change(doc.uri, ...changes);
  }

  closeDocument(name: DocumentName): void {
    const doc = this.open.get(name);
    if (doc === undefined) return;
    this.open.delete(name);
    this.client.close(doc.uri);
  }

  private changeDisk(action: Extract<Action, { disk: string }>): void {
    const file = path.join(this.workspace, action.disk);
    for (let touched = file; touched !== this.workspace; touched = path.dirname(touched)) this.touched.add(touched);
    try {
      if (action.remove === true) fs.rmSync(file, { force: true, recursive: true });
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, action.write ?? '');
      }
    } catch {
      // A name the file system refuses: the server is told anyway, as a watcher may tell of a file gone again.
    }
    this.client.filesChanged([{ uri: pathToFileURL(file).href, type: action.notify }]);
  }

  /**
   * The client's side of `workspace/applyEdit`: the edit applied to the document and sent back as a change; refused, as
   * VS Code refuses it, for a document not open or, in `documentChanges`, no longer at the edit's version.
   */
  private applyWorkspaceEdit(params: ApplyWorkspaceEditParams): { applied: boolean } {
    const versioned = (params.edit.documentChanges ?? []).filter((c): c is TextDocumentEdit => 'textDocument' in c);
    const edits = [...Object.entries(params.edit.changes ?? {}).map(([uri, e]) => ({ uri, version: null as number | null, edits: e })),
      ...versioned.map((c) => ({ uri: c.textDocument.uri, version: c.textDocument.version, edits: c.edits.filter((e): e is TextEdit => 'range' in e) }))];
    const docs = edits.map((edit) => [...this.open.values()].find((d) => d.uri === edit.uri && (edit.version === null || edit.version === d.version)));
    if (docs.some((doc) => doc === undefined)) return { applied: false };
    edits.forEach((edit, i) => {
      const doc = docs[i]!;
      doc.text = applyTextEdits(doc.text, edit.edits);
      doc.version = this.client.change(doc.uri, { text: doc.text });
    });
    return { applied: true };
  }

  /**
   * Sends a request and judges its answer: within the bound, no error but {@link ACCEPTED_CODES}, no stack in an error's
   * message. Resolves to the result (undefined on an error or a violation).
   */
  async ask<R>(method: string, params: unknown, options: { cancel?: boolean; boundMs?: number } = {}): Promise<R | undefined> {
    this.counts.requests++;
    const bound = options.boundMs ?? this.boundMs;
    const source = new CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), bound)));
    const sent = this.client.connection.sendRequest<R>(method, params, source.token).then((result) => ({ result }), (error: unknown) => ({ error }));
    if (options.cancel === true) setImmediate(() => source.cancel());
    const outcome = await Promise.race([sent, timeout]);
    clearTimeout(timer);
    source.dispose();
    return this.judge(method, params, outcome, bound);
  }

  private judge<R>(method: string, params: unknown, outcome: 'timeout' | { result: R } | { error: unknown }, bound: number): R | undefined {
    const what = `${method} ${JSON.stringify(params)?.slice(0, 300)}`;
    if (outcome === 'timeout') {
      this.violations.push(`${what}: no answer within ${bound} ms`);
      return undefined;
    }
    if ('result' in outcome) {
      this.counts.answers.ok = (this.counts.answers.ok ?? 0) + 1;
      return outcome.result;
    }
    const error = outcome.error;
    if (!(error instanceof ResponseError)) {
      if (this.client.gone() === undefined) this.violations.push(`${what}: no answer (${String(error)})`);
      return undefined;
    }
    this.counts.answers[String(error.code)] = (this.counts.answers[String(error.code)] ?? 0) + 1;
    if (!ACCEPTED_CODES.has(error.code)) this.violations.push(`${what}: error ${error.code}: ${error.message.slice(0, 800)}`);
    else if (STACK_SIGNS.some((sign) => sign.test(error.message))) this.violations.push(`${what}: a stack in error ${error.code}: ${error.message.slice(0, 800)}`);
    return undefined;
  }

  private textOf(name: DocumentName): string {
    return this.open.get(name)?.text ?? '';
  }

  private async sendRequest(action: Extract<Action, { request: string }>): Promise<void> {
    const textDocument = { uri: this.uriOf(action.doc) };
    const cancel = action.cancel === true;
    if ('at' in action) {
      const range = rangeIn(this.textOf(action.doc), action.at, action.to);
      switch (action.request) {
        case 'hover': return void await this.ask('textDocument/hover', { textDocument, position: range.start }, { cancel });
        case 'completion': return void await this.ask('textDocument/completion', { textDocument, position: range.start, context: { triggerKind: 1 } }, { cancel });
        case 'selectionRange': return void await this.ask('textDocument/selectionRange', { textDocument, positions: [range.start, range.end] }, { cancel });
        case 'codeAction': return this.codeAction(action.doc, range, action.follow ?? 0, cancel);
      }
    }
    if ('args' in action) return this.customRequest(action);
    return void await this.ask(`textDocument/${action.request}`, { textDocument }, { cancel });
  }

  /** Code actions for the range with the diagnostics published there; one of them then taken as the editor takes it. */
  private async codeAction(name: DocumentName, range: Range, follow: number, cancel: boolean): Promise<void> {
    const uri = this.uriOf(name);
    const diagnostics = (this.client.lastDiagnostics(uri)?.diagnostics ?? []).filter((d) => overlaps(d, range)).slice(0, 20);
    const actions = await this.ask<(CodeAction | Command)[] | null>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics } }, { cancel });
    if (!Array.isArray(actions) || actions.length === 0) return;
    await this.take(name, actions[Math.min(actions.length - 1, Math.floor(follow * actions.length))]);
  }

  /** A code action taken: its edit applied (and sent as a change), then its command run (the client's own emulated). */
  private async take(name: DocumentName, action: CodeAction | Command): Promise<void> {
    const command = typeof action.command === 'string' ? action as Command : (action as CodeAction).command;
    const edit = 'edit' in action ? action.edit : undefined;
    if (edit !== undefined) this.applyWorkspaceEdit({ edit });
    if (command === undefined) return;
    if (Object.values(COMMAND_IDS).includes(command.command)) {
      return void await this.ask('workspace/executeCommand', { command: command.command, arguments: command.arguments });
    }
    const [, value] = command.arguments ?? [];
    if (command.command === 'sitemap.setLanguage' && typeof value === 'string') this.openDocument(name, value, this.textOf(name));
    if (command.command === 'sitemap.allowHost' && typeof value === 'string' && isObject(this.settings)) {
      const hosts = Array.isArray(this.settings.allowedHosts) ? this.settings.allowedHosts : [];
      this.settings = { ...this.settings, allowedHosts: [...hosts, value] };
      this.client.configurationChanged();
    }
  }

  private async customRequest(action: Extract<Action, { args: Arguments; request: string }>): Promise<void> {
    const context: ParamsContext = {
      uri: this.uriOf(action.doc), open: this.open.get(action.doc), uriOf: (name) => this.uriOf(name), workspace: this.workspace,
      liveOrigin: this.liveOrigin, liveIsSafe: liveIsSafe(this.settings, this.liveOrigin), siteNodes: this.siteNodes,
    };
    const { method, params } = customParams(action, context);
    const slow = ['sitemap/checkSite', 'sitemap/checkLive', 'sitemap/compare', 'sitemap/mergeIndex'].includes(method);
    const result = await this.ask<unknown>(method, params, { cancel: action.cancel === true, boundMs: this.boundMs * (slow ? 2 : 1) });
    if (method === 'sitemap/siteTree' && isObject(result) && Array.isArray(result.nodes)) {
      for (const node of result.nodes) if (isObject(node) && typeof node.id === 'string' && this.siteNodes.length < 200) this.siteNodes.push(node.id);
    }
  }

  private async executeCommand(action: Extract<Action, { command: string }>): Promise<void> {
    const doc = this.open.get(action.doc);
    const uri = this.uriOf(action.doc);
    const range = rangeIn(doc?.text ?? '', action.at, action.to);
    const extra = action.command === 'convert' ? (action.at[0] < 0.5 ? 'xml' : 'text') : [range];
    let args: unknown[];
    if (action.args === 'right') args = [uri, doc?.version ?? 1, extra];
    else if (action.args === 'stale') args = [uri, (doc?.version ?? 1) - 1, extra];
    else if (action.args === 'unknown') args = [this.uriOf('new/sitemap-2.xml').replace('sitemap-2', 'nobody'), 1, extra];
    else args = Array.isArray(action.args.garbage) ? action.args.garbage : [action.args.garbage];
    await this.ask('workspace/executeCommand', { command: COMMAND_IDS[action.command], arguments: args }, { boundMs: this.boundMs * 2 });
  }
}

function overlaps(diagnostic: Diagnostic, range: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(diagnostic.range.start, range.end) && before(range.start, diagnostic.range.end);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings with the loopback server's origin in place of {@link LIVE_ORIGIN_PLACEHOLDER}. */
export function withLiveOrigin(settings: unknown, origin: string): unknown {
  if (!isObject(settings) || !isObject(settings.live) || typeof settings.live.origin !== 'string') return settings;
  return { ...settings, live: { ...settings.live, origin: settings.live.origin.replace(LIVE_ORIGIN_PLACEHOLDER, origin) } };
}

/**
 * Whether the live check may run under these settings without asking the internet: `live.origin` is the loopback
 * server, or a string that is no http origin (the check then refuses, one line).
 */
function liveIsSafe(settings: unknown, origin: string): boolean {
  const live = isObject(settings) && isObject(settings.live) ? settings.live.origin : undefined;
  return typeof live === 'string' && (live.startsWith(origin) || !/^\s*https?:/i.test(live)) && live.trim() !== '';
}
