/**
 * A minimal LSP client for the tests: spawns the bundled server with `--stdio`, answers `workspace/configuration`
 * from a settings object the test controls and `client/registerCapability`, and lets a test wait for the next
 * `textDocument/publishDiagnostics` of a document that satisfies a predicate (no fixed sleeps).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type {
  ApplyWorkspaceEditParams, ApplyWorkspaceEditResult, ClientCapabilities, ConfigurationParams, Diagnostic, FileEvent, InitializeResult, PublishDiagnosticsParams, Range, Registration,
  RegistrationParams, TextDocumentContentChangeEvent, WorkspaceFolder,
} from 'vscode-languageserver-protocol';

/** Tests compile to out/test/lsp/; the bundle is dist/server.js at the repository root. */
export const SERVER_PATH = path.resolve(__dirname, '../../../dist/server.js');
export const WAIT_TIMEOUT_MS = 10_000;
/** How long `stop` lets the server answer `shutdown` and exit before killing it. */
const STOP_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  workspaceFolders?: WorkspaceFolder[];
  /** The `sitemap` section, per scope URI if a function. Mutable: tests change it, then call `configurationChanged`. */
  settings?: Record<string, unknown> | ((scopeUri: string | undefined) => unknown);
  /** Whether the client supports `workspace/configuration` (pull) — otherwise settings are pushed. */
  pullConfiguration?: boolean;
  /** Sent as `initialize`'s `initializationOptions`. */
  initializationOptions?: unknown;
  /** Merged into the `textDocument` client capabilities (snippet completions, hierarchical symbols…). */
  textDocumentCapabilities?: ClientCapabilities['textDocument'];
  /** Merged into the `workspace` client capabilities (`workspaceEdit.documentChanges`…). */
  workspaceCapabilities?: ClientCapabilities['workspace'];
  /** Another build of the server (the benchmark compares two); the bundle of this checkout by default. */
  serverPath?: string;
  /** Added to the server's environment. */
  env?: Record<string, string>;
}

interface Waiter {
  uri: string;
  predicate: (diagnostics: Diagnostic[], params: PublishDiagnosticsParams) => boolean;
  resolve: (params: PublishDiagnosticsParams) => void;
  reject: (error: Error) => void;
}

export class LspClient {
  readonly registrations: Registration[] = [];
  readonly protocolErrors: unknown[] = [];
  readonly logMessages: string[] = [];
  /** The server's `window/showMessage` notifications, in order. */
  readonly shownMessages: { type: number; message: string }[] = [];
  /** Hears every logMessage, showMessage and publishDiagnostics in the order they arrive (tests of event order). */
  onNotificationSeen: ((method: 'window/logMessage' | 'window/showMessage' | 'textDocument/publishDiagnostics', params: unknown) => void) | undefined;
  /** The server's `workspace/applyEdit` requests, answered by {@link applyEditAnswer}. */
  readonly applyEditRequests: ApplyWorkspaceEditParams[] = [];
  applyEditAnswer: (params: ApplyWorkspaceEditParams) => ApplyWorkspaceEditResult = () => ({ applied: true });
  /** The first bytes the server wrote to stdout. */
  stdoutHead = Buffer.alloc(0);
  stderr = '';
  /** The server's answer to `initialize`. */
  initializeResult: InitializeResult | undefined;
  settings: ClientOptions['settings'];
  private readonly latest = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters = new Set<Waiter>();
  private registrationWaiters: ((registration: Registration) => boolean)[] = [];
  private readonly versions = new Map<string, number>();
  private exited: Promise<number | null>;
  /** How the server process ended, once it has. */
  private ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private stopping = false;
  /** Outgoing bytes held back by {@link together}. */
  private held: Buffer[] | undefined;

  private constructor(
    readonly process: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
    private readonly options: ClientOptions,
  ) {
    this.settings = options.settings ?? {};
    this.exited = new Promise((resolve) => process.once('exit', (code) => resolve(code)));
    // A server gone unasked: its pending requests are rejected, as vscode-languageclient does (vscode-jsonrpc rejects
    // them only on dispose, so they would never settle), and so are the waits for its diagnostics.
    process.once('exit', (code, signal) => {
      this.ended = { code, signal };
      connection.dispose();
      if (this.stopping) return;
      for (const waiter of [...this.waiters]) {
        this.waiters.delete(waiter);
        waiter.reject(new Error(`No diagnostics for ${waiter.uri}: ${this.gone()}`));
      }
    });
    process.stdout.on('data', (chunk: Buffer) => {
      if (this.stdoutHead.length < 64) this.stdoutHead = Buffer.concat([this.stdoutHead, chunk]).subarray(0, 64);
    });
    process.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    connection.onError(([error]) => this.protocolErrors.push(error));
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logMessages.push(params.message);
      this.onNotificationSeen?.('window/logMessage', params);
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.onNotificationSeen?.('textDocument/publishDiagnostics', params);
      this.latest.set(params.uri, params);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.predicate(params.diagnostics, params)) {
          this.waiters.delete(waiter);
          waiter.resolve(params);
        }
      }
    });
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => {
      this.shownMessages.push(params);
      this.onNotificationSeen?.('window/showMessage', params);
    });
    connection.onRequest('workspace/configuration', (params: ConfigurationParams) =>
      params.items.map((item) => (item.section === 'sitemap' ? this.sectionFor(item.scopeUri) : null)));
    connection.onRequest('client/registerCapability', (params: RegistrationParams) => {
      this.registrations.push(...params.registrations);
      for (const registration of params.registrations) {
        this.registrationWaiters = this.registrationWaiters.filter((waiter) => !waiter(registration));
      }
      return null;
    });
    connection.onRequest('client/unregisterCapability', () => null);
    connection.onRequest('workspace/workspaceFolders', () => this.options.workspaceFolders ?? null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('workspace/applyEdit', (params: ApplyWorkspaceEditParams) => {
      this.applyEditRequests.push(params);
      return this.applyEditAnswer(params);
    });
  }

  static async start(options: ClientOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [options.serverPath ?? SERVER_PATH, '--stdio'], {
      stdio: 'pipe', env: options.env === undefined ? undefined : { ...process.env, ...options.env },
    });
    // Through a pass-through stream, so that `together` can hold messages back and send them in one write.
    const outgoing = new PassThrough();
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(outgoing));
    const client = new LspClient(child, connection, options);
    outgoing.on('data', (chunk: Buffer) => {
      if (client.held !== undefined) client.held.push(chunk);
      else child.stdin.write(chunk);
    });
    connection.listen();
    const pull = options.pullConfiguration ?? true;
    const capabilities: ClientCapabilities = {
      workspace: {
        applyEdit: true,
        configuration: pull,
        workspaceFolders: true,
        didChangeConfiguration: { dynamicRegistration: pull },
        didChangeWatchedFiles: { dynamicRegistration: true },
        ...options.workspaceCapabilities,
      },
      textDocument: {
        synchronization: { dynamicRegistration: false },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
        ...options.textDocumentCapabilities,
      },
    };
    client.initializeResult = await connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: options.workspaceFolders?.[0]?.uri ?? null,
      workspaceFolders: options.workspaceFolders ?? null,
      capabilities,
      initializationOptions: options.initializationOptions,
    });
    const watching = client.waitForRegistration('workspace/didChangeWatchedFiles');
    await connection.sendNotification('initialized', {});
    await watching;
    return client;
  }

  /** Resolves once the server registered `method` dynamically. */
  waitForRegistration(method: string): Promise<Registration> {
    const done = this.registrations.find((r) => r.method === method);
    if (done !== undefined) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The server did not register ${method}`)), WAIT_TIMEOUT_MS);
      this.registrationWaiters.push((registration) => {
        if (registration.method !== method) return false;
        clearTimeout(timer);
        resolve(registration);
        return true;
      });
    });
  }

  open(uri: string, languageId: string, text: string): void {
    this.versions.set(uri, 1);
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /**
   * Sends ranged (or full) changes, in order; each range is against the text left by the previous change. Returns the
   * document's new version.
   */
  change(uri: string, ...contentChanges: TextDocumentContentChangeEvent[]): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
    return version;
  }

  close(uri: string): void {
    this.versions.delete(uri);
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /**
   * Sends the `count` messages that `send` sends in a single write, so that the server reads them at once, as it does
   * when a busy editor's messages pile up; returns what `send` returns (the requests' promises in an array, say: a
   * promise returned alone would be awaited here).
   */
  async together<T>(count: number, send: () => T): Promise<T> {
    const held: Buffer[] = [];
    this.held = held;
    try {
      const result = send();
      const deadline = Date.now() + WAIT_TIMEOUT_MS;
      while (Buffer.concat(held).toString('latin1').split('Content-Length:').length - 1 < count) {
        if (Date.now() > deadline) throw new Error(`Fewer than ${count} messages were sent`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.process.stdin.write(Buffer.concat(held));
      return result;
    } finally {
      this.held = undefined;
    }
  }

  /** Tells the server the settings changed (it then reads them back, or takes them from the notification). */
  configurationChanged(): void {
    const pull = this.options.pullConfiguration ?? true;
    void this.connection.sendNotification('workspace/didChangeConfiguration', { settings: pull ? null : { sitemap: this.sectionFor(undefined) } });
  }

  filesChanged(changes: FileEvent[]): void {
    void this.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
  }

  lastDiagnostics(uri: string): PublishDiagnosticsParams | undefined {
    return this.latest.get(uri);
  }

  /**
   * The next publishDiagnostics for `uri` whose diagnostics satisfy `predicate`. Call it before the action that
   * should cause them; fails after {@link WAIT_TIMEOUT_MS}.
   */
  nextDiagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[], params: PublishDiagnosticsParams) => boolean = () => true,
    /** Longer for a benchmark whose figure may exceed the tests' wait. */
    timeoutMs = WAIT_TIMEOUT_MS,
  ): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        uri,
        predicate,
        resolve: (params) => {
          clearTimeout(timer);
          resolve(params);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const last = this.latest.get(uri);
        reject(new Error(`No matching diagnostics for ${uri} within ${timeoutMs} ms. Last received: ${
          last === undefined ? 'none' : JSON.stringify(summarize(last.diagnostics))}\nServer log:\n${this.logMessages.join('\n')}\n${this.stderr}`));
      }, timeoutMs);
      if (this.ended !== undefined) waiter.reject(new Error(`No diagnostics for ${uri}: ${this.gone()}`));
      else this.waiters.add(waiter);
    });
  }

  /** Undefined while the server runs; else how it ended, and the end of what it wrote to stderr. */
  gone(): string | undefined {
    if (this.ended === undefined) return undefined;
    const { code, signal } = this.ended;
    return `the server exited (${signal === null ? `code ${code}` : `signal ${signal}`}). Its stderr ends:\n${this.stderr.slice(-2000)}`;
  }

  /** shutdown and exit; a server that has not exited within STOP_TIMEOUT_MS is killed (then the code is null). */
  async stop(): Promise<number | null> {
    this.stopping = true;
    const killer = setTimeout(() => this.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    try {
      if (this.process.exitCode === null && this.process.signalCode === null && this.ended === undefined) {
        try {
          await this.connection.sendRequest('shutdown');
          await this.connection.sendNotification('exit');
        } catch {
          this.process.kill();
        }
      }
      const code = await this.exited;
      this.connection.dispose();
      return code;
    } finally {
      clearTimeout(killer);
    }
  }

  private sectionFor(scopeUri: string | undefined): unknown {
    const settings = this.settings;
    return typeof settings === 'function' ? settings(scopeUri) : settings;
  }
}

export interface Summary {
  code: string | number | undefined;
  severity: number | undefined;
  range: string;
}

/** `code`, `severity` and `L:C-L:C` of each diagnostic, for deep-equal assertions. */
export function summarize(diagnostics: readonly Diagnostic[]): Summary[] {
  return diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: formatRange(d.range) }));
}

export function formatRange(range: Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

export function codes(diagnostics: readonly Diagnostic[]): (string | number | undefined)[] {
  return diagnostics.map((d) => d.code);
}

export function hasCode(code: string): (diagnostics: Diagnostic[]) => boolean {
  return (diagnostics) => diagnostics.some((d) => d.code === code);
}

export function lacksCode(code: string): (diagnostics: Diagnostic[]) => boolean {
  return (diagnostics) => !diagnostics.some((d) => d.code === code);
}

/** The range of the `occurrence`-th `needle` in `text` (0-based), as an LSP range; `length` defaults to the needle's. */
export function rangeOf(text: string, needle: string, occurrence = 0, length = needle.length): Range {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`'${needle}' #${occurrence} not in the text`);
  }
  return { start: positionAt(text, offset), end: positionAt(text, offset + length) };
}

export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length - 1;
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  return { line, character: offset - lineStart };
}
