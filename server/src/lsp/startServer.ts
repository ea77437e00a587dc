/**
 * Wires the protocol to the language layer: documents, settings, where each sitemap lives, diagnostics and watched
 * files. Takes the connection as an argument so that it runs over any transport (stdio, IPC, a test's streams).
 */
import * as path from 'node:path';
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind,
  type ClientCapabilities, type Connection, type DidOpenTextDocumentParams, type InitializeParams, type InitializeResult, type WorkspaceFolder,
} from 'vscode-languageserver';
import { Configuration, DEFAULT_SERVER_SETTINGS, SECTION } from './configuration';
import { DiagnosticsPublisher } from './diagnostics';
import { DocumentStore, type OpenDocument } from './documentStore';
import { featureCapabilities, registerFeatures } from './features';
import { registerChores } from './chores';
import { CheckSiteCommand } from './checkSite';
import { SitePages } from './sitePages';
import { SiteChecks } from './siteChecks';
import { isOptionOn } from '../../../shared/protocol';
import { WorkspaceSymbols } from './workspaceSymbols';
import { guard, logFailure } from './guard';
import { MessageQueue } from './messageQueue';
import { registerMerge } from './merge';
import { packageVersion } from '../node/bundle';
import { NestedIndexResolver } from './nestedIndex';
import { SiteLocator } from './siteLocation';
import { registerSplit } from './split';
import { ValidationContexts } from './validationContext';
import { fsPathToUri, uriToFsPath, Workspace } from './workspace';
import { stampTiming } from './timingLog';

export const SERVER_NAME = 'sitemap-studio';

/** Files whose changes matter: robots.txt (locations), the site's sitemaps (nested-index, the cross-file rules), pages. */
export const WATCHED_GLOBS = ['**/robots.txt', '**/*.xml', '**/*.txt', '**/*.gz', '**/*.html', '**/*.htm'];

export interface ServerHooks {
  /** Called once the client has confirmed initialization. */
  onInitialized?: () => void;
  /** Watches the connection's message queue (its `strategy` given to the connection); without it, work waits a turn. */
  queue?: MessageQueue;
}

export function startServer(connection: Connection, hooks: ServerHooks = {}): void {
  let capabilities: ClientCapabilities = {};
  const canPullConfiguration = (): boolean => capabilities.workspace?.configuration === true;
  let setLanguage = false;
  let split = false;

  const queue = hooks.queue ?? new MessageQueue();
  const workspace = new Workspace();
  const store = new DocumentStore((error) => logFailure(connection, 'Applying an edit incrementally (the document was re-parsed)', error));
  const configuration = new Configuration(connection, canPullConfiguration);
  const locator = new SiteLocator(workspace);
  const nested = new NestedIndexResolver(store, workspace);
  const contexts = new ValidationContexts(locator, nested);
  const pages = new SitePages(workspace);
  const symbols = new WorkspaceSymbols(store, workspace);
  const diagnostics = new DiagnosticsPublisher(
    connection,
    store,
    async (entry) => {
      const settings = await configuration.get(entry.uri);
      return { settings, context: contexts.get(entry, settings) };
    },
    () => ({ settings: DEFAULT_SERVER_SETTINGS, context: {} }),
    queue,
  );
  const site = new SiteChecks({
    store, workspace, locator,
    settingsOf: (uri) => configuration.get(uri),
    republish: (uri) => diagnostics.schedule(uri),
    log: (message) => connection.console.info(message),
    logFailure: (what, error) => logFailure(connection, what, error),
  });
  diagnostics.extra = (entry) => site.diagnosticsFor(entry);
  store.onEdit = (entry, start, end, length) => site.edited(entry, start, end, length);

  /** Index documents re-check their entries: some file they may list became, or stopped being, an index. */
  const recheckIndexes = (): void => {
    for (const entry of store.all()) {
      if (entry.doc.kind === 'urlset' || entry.doc.kind === 'text') continue;
      contexts.bumpGeneration(entry.uri);
      diagnostics.schedule(entry.uri);
    }
  };
  const fileChanged = (fsPath: string | undefined): void => {
    if (fsPath !== undefined && nested.pathChanged(fsPath)) recheckIndexes();
  };
  /** Settings or workspace folders changed: everything about every document is looked up again. */
  const resetAll = (rescan: boolean): void => {
    nested.clear();
    for (const entry of store.all()) contexts.forget(entry.uri);
    for (const entry of store.all()) void diagnostics.validateNow(entry.uri);
    site.reset(rescan);
  };
  const checkSiteCommand = new CheckSiteCommand(connection, store, configuration, workspace);
  const forget = (entry: OpenDocument): void => {
    site.documentClosed(entry);
    diagnostics.clear(entry.uri);
    checkSiteCommand.closed(entry);
    contexts.forget(entry.uri);
    configuration.forget(entry.uri);
    fileChanged(entry.fsPath);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    stampTiming('initialize');
    try {
      capabilities = params.capabilities ?? {};
      workspace.set(initialFolders(params));
      diagnostics.statusNotifications = isOptionOn(params.initializationOptions, 'statusNotifications');
      setLanguage = isOptionOn(params.initializationOptions, 'setLanguageCommand');
      split = isOptionOn(params.initializationOptions, 'splitCommand');
    } catch (error) {
      logFailure(connection, 'initialize', error);
    }
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...featureCapabilities(),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        workspaceSymbolProvider: true,
      },
      serverInfo: { name: SERVER_NAME, version: packageVersion() },
    };
  });

  connection.onInitialized(guard(connection, 'initialized', () => {
    stampTiming('initialized');
    const ws = capabilities.workspace;
    if (ws?.didChangeConfiguration?.dynamicRegistration === true) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION })
        .catch((error: unknown) => logFailure(connection, 'Registering for configuration changes', error));
    }
    if (ws?.didChangeWatchedFiles?.dynamicRegistration === true) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })) })
        .then(() => {
          locator.caching = true;
          pages.caching = true;
          symbols.watching = true;
        }, (error: unknown) => logFailure(connection, 'Registering file watchers', error));
    }
    if (ws?.workspaceFolders === true) {
      connection.workspace.onDidChangeWorkspaceFolders(guard(connection, 'workspace/didChangeWorkspaceFolders', (event) => {
        workspace.remove(event.removed ?? []);
        workspace.add(event.added ?? []);
        locator.invalidate();
        pages.invalidate();
        symbols.foldersChanged();
        resetAll(true);
      }));
    }
    connection.console.info(`${SERVER_NAME} ${packageVersion()} started: Node ${process.version}, pid ${process.pid}, ${process.argv.slice(2).join(' ') || 'no arguments'}`);
    hooks.onInitialized?.();
  }));

  connection.onDidOpenTextDocument(guard(connection, 'textDocument/didOpen', (params) => {
    stampTiming('didOpen', { uri: params.textDocument.uri, version: params.textDocument.version });
    // The settings are asked for before the parse, so that the answer is back by the time a large document is parsed
    // instead of costing a round trip after it (and letting the editor's requests for the outline, folding and links
    // run first). Over IPC the request leaves at once; over stdio vscode-jsonrpc writes it on the next turn, so the
    // parse waits for that turn, still ahead of the next message.
    void configuration.get(params.textDocument.uri);
    queue.defer(guard(connection, 'textDocument/didOpen', () => open(params)));
  }));

  const open = (params: DidOpenTextDocumentParams): void => {
    const previous = store.get(params.textDocument.uri);
    const entry = store.open(params);
    stampTiming('parsed', { uri: params.textDocument.uri, version: params.textDocument.version });
    if (previous !== undefined && entry === undefined) forget(previous);
    if (entry === undefined) {
      configuration.forget(params.textDocument.uri);
      return;
    }
    checkSiteCommand.opened(entry);
    fileChanged(entry.fsPath);
    // The cross-file checks (a scan of the folder, other files read) and the rest of the parse (the URL index) come
    // after the document's own diagnostics.
    void diagnostics.validateNow(entry.uri).then(() => {
      store.completeOpen(entry);
      site.documentOpened(entry);
    });
  };

  connection.onDidChangeTextDocument(guard(connection, 'textDocument/didChange', (params) => {
    stampTiming('didChange', { uri: params.textDocument.uri, version: params.textDocument.version });
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return;
    const kindBefore = entry.doc.kind;
    try {
      store.change(params);
    } finally {
      if (entry.doc.kind !== kindBefore) fileChanged(entry.fsPath);
      diagnostics.schedule(entry.uri);
      site.documentChanged(entry);
    }
  }));

  connection.onDidCloseTextDocument(guard(connection, 'textDocument/didClose', (params) => {
    const entry = store.close(params.textDocument.uri);
    if (entry !== undefined) forget(entry);
  }));

  connection.onDidChangeConfiguration(guard(connection, 'workspace/didChangeConfiguration', (params) => {
    configuration.changed(params);
    resetAll(false);
  }));

  connection.onDidChangeWatchedFiles(guard(connection, 'workspace/didChangeWatchedFiles', (params) => {
    let robotsChanged = false;
    let indexesChanged = false;
    pages.filesChanged(params.changes ?? []);
    const siteChanges: { fsPath: string; type: number }[] = [];
    for (const change of params.changes ?? []) {
      const fsPath = uriToFsPath(change?.uri);
      if (fsPath === undefined) continue;
      siteChanges.push({ fsPath, type: change.type });
      symbols.fileChanged(fsPath, change.type);
      if (path.basename(fsPath).toLowerCase() === 'robots.txt') {
        locator.invalidate(fsPath);
        robotsChanged = true;
      }
      if (nested.pathChanged(fsPath)) indexesChanged = true;
    }
    if (robotsChanged) {
      contexts.invalidateLocations();
      diagnostics.scheduleAll();
    }
    if (indexesChanged) recheckIndexes();
    site.filesChanged(siteChanges);
  }));

  connection.onWorkspaceSymbol(async (params, token) => {
    try {
      return await symbols.find(typeof params?.query === 'string' ? params.query : '', token);
    } catch (error) {
      logFailure(connection, 'workspace/symbol', error);
      return [];
    }
  });

  registerFeatures(connection, { store, configuration, contexts, pages, workspace, capabilities: () => capabilities, queue, canSetLanguage: () => setLanguage, canSplit: () => split });
  registerSplit(connection, { store, configuration, contexts, locator });

  registerChores(connection, store, () => capabilities);
  registerMerge(connection, { store, configuration, contexts, workspace });
  checkSiteCommand.register();

  connection.onShutdown(() => {
    diagnostics.dispose();
    checkSiteCommand.dispose();
    site.dispose();
  });

  connection.listen();
}

function initialFolders(params: InitializeParams): WorkspaceFolder[] {
  if (Array.isArray(params.workspaceFolders)) return params.workspaceFolders;
  if (typeof params.rootUri === 'string') return [{ uri: params.rootUri, name: 'root' }];
  if (typeof params.rootPath === 'string' && params.rootPath !== '') return [{ uri: fsPathToUri(params.rootPath), name: 'root' }];
  return [];
}
