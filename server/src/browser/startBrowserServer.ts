/** The web worker's composition: the per-file parts and handlers of the Node server (startServer.ts), and the site parts
 * that work over the files the client lists and reads (locations, nested indexes, the cross-file rules, the Sitemaps
 * view); none that run git or start processes. `initialize` advertises only what is registered here. */
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind,
  type ClientCapabilities, type Connection, type InitializeParams, type PublishDiagnosticsParams, type WorkspaceFolder,
} from 'vscode-languageserver';
import { isOptionOn, type ServerAbilities } from '../../../shared/protocol';
import { registerSplit } from '../lsp/commands/splitRequest';
import { registerMerge } from '../lsp/commands/mergeRequest';
import { registerEditCommands } from '../lsp/commands/editRequests';
import { Configuration, DEFAULT_SERVER_SETTINGS, SECTION } from '../lsp/documents/configuration';
import { DiagnosticsPublisher } from '../lsp/documents/diagnostics';
import { DocumentStore } from '../lsp/documents/documentStore';
import { registerDocumentSync } from '../lsp/documents/documentSync';
import { MessageQueue } from '../lsp/documents/messageQueue';
import { ValidationContexts } from '../lsp/documents/validationContext';
import { fsPathToUri, Workspace } from '../lsp/documents/workspace';
import { featureCapabilities, registerFeatures, type FeatureDependencies } from '../lsp/features/features';
import { guard, logFailure } from '../lsp/guard';
import { inferenceChanged, noPages, type BrowserParts } from './browserParts';
import { registerBrowserWorkspaceEvents, registerBrowserWorkspaceFolders } from './browserWorkspaceEvents';
import { BrowserSite } from './browserSite';
import { BrowserSiteChecks } from './browserSiteChecks';
import { BrowserPageChecks, type PageRules } from './browserPageChecks';
import { BrowserSiteTreeSource } from './browserSiteTree';
import { SiteTree } from '../lsp/site/siteTree';
import { clientChildFileReader, clientFileReader, clientSiteFiles } from './clientFiles';
import { MAX_BYTES } from '../../../shared/protocolLimits';
import { CheckSiteCommand } from '../lsp/commands/checkSite';
import { FOLDER_WATCHER, SITE_ROOT_EVIDENCE_GLOBS } from '../lsp/documents/watchedFiles';
import { browserInferredSiteRoots } from './browserSiteRoots';
import { browserCheckSite } from './browserCheckSite';
import { serverScript } from './serverScripts';

/** What the site parts read: robots.txt files, the sitemaps an index lists, what site roots are inferred from
 * (lifecycle.ts watches more, for pages). */
const WATCHED_GLOBS = ['**/robots.txt', '**/*.xml', '**/*.txt', '**/*.gz', ...SITE_ROOT_EVIDENCE_GLOBS];
/** What the page rules read (browserPageChecks.ts): built pages and the redirects files, as lifecycle.ts watches them. */
const WATCHED_PAGE_GLOBS = ['**/*.{html,htm}', '**/_redirects', '**/vercel.json'];

export function startBrowserServer(connection: Connection, queue = new MessageQueue()): void {
  let capabilities: ClientCapabilities = {};
  const parts = createBrowserParts(connection, () => capabilities, queue);
  connection.onInitialize((params) => {
    capabilities = params.capabilities ?? {};
    parts.site.workspace.set(initialFolders(params));
    parts.diagnostics.statusNotifications = isOptionOn(params.initializationOptions, 'statusNotifications');
    parts.client.setLanguage = isOptionOn(params.initializationOptions, 'setLanguageCommand');
    parts.client.split = isOptionOn(params.initializationOptions, 'splitCommand');
    parts.client.allowHost = isOptionOn(params.initializationOptions, 'allowHostCommand');
    parts.client.workspaceFiles = isOptionOn(params.initializationOptions, 'workspaceFiles');
    parts.client.siteRootOffer = isOptionOn(params.initializationOptions, 'siteRootOffer');
    if (parts.client.workspaceFiles) parts.site.connect(clientFileReader(connection));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...featureCapabilities(),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        // No built pages read for the edits (no site for pageEdits.ts), no git.
        experimental: { sitemap: { pageEdits: false, gitHistory: false } satisfies ServerAbilities },
      },
      serverInfo: { name: 'sitemap-studio (web)' },
    };
  });
  connection.onInitialized(guard(connection, 'initialized', () => registerDynamic(connection, parts, capabilities)));
  registerDocumentSync(connection, parts, {
    checks: parts.checks, checkSite: parts.checkSite, fileChanged: (fsPath) => parts.site.documentChanged(fsPath),
  });
  registerBrowserWorkspaceEvents(connection, parts);
  registerHandlers(connection, parts, () => capabilities);
  connection.onShutdown(() => {
    parts.diagnostics.dispose();
    parts.siteTree.dispose();
    parts.checkSite.dispose();
  });
  connection.listen();
}

function registerDynamic(connection: Connection, parts: BrowserParts, capabilities: ClientCapabilities): void {
  const ws = capabilities.workspace;
  if (ws?.didChangeConfiguration?.dynamicRegistration === true) {
    connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION })
      .catch((error: unknown) => logFailure(connection, 'Registering for configuration changes', error));
  }
  if (parts.client.workspaceFiles && ws?.didChangeWatchedFiles?.dynamicRegistration === true) {
    connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [...[...WATCHED_GLOBS, ...WATCHED_PAGE_GLOBS].map((globPattern) => ({ globPattern })), FOLDER_WATCHER] })
      .catch((error: unknown) => logFailure(connection, 'Registering file watchers', error));
  }
  if (ws?.workspaceFolders === true) registerBrowserWorkspaceFolders(connection, parts);
}

function createBrowserParts(connection: Connection, capabilities: () => ClientCapabilities, queue: MessageQueue): BrowserParts {
  const store = new DocumentStore((error) => logFailure(connection, 'Applying an edit incrementally (the document was re-parsed)', error));
  const site = new BrowserSite(store, new Workspace());
  const client = { setLanguage: false, split: false, allowHost: false, workspaceFiles: false, siteRootOffer: false };
  // The site roots the files say, read through the client (so only from one that reads files), as the Node server adds them.
  const inferred = browserInferredSiteRoots({
    workspace: site.workspace, listFiles: (kind) => clientSiteFiles(connection, kind), readFile: clientFileReader(connection),
    changed: () => inferenceChanged(parts), log: (message) => connection.console.info(message),
    logFailure: (what, error) => logFailure(connection, what, error),
    notify: (method, params) => void connection.sendNotification(method, params), offers: () => client.siteRootOffer,
  });
  const configuration = new Configuration(connection, () => capabilities().workspace?.configuration === true,
    (uri, settings) => (client.workspaceFiles ? inferred.apply(uri, settings) : settings));
  const contexts = new ValidationContexts(site.locator, site.nested);
  // The Sitemaps view's problem counts are what the editor shows (as serverParts.ts counts them).
  let siteTree: SiteTree | undefined;
  const publish = (params: PublishDiagnosticsParams): Promise<void> => {
    siteTree?.published(params.uri, params.diagnostics);
    return connection.sendDiagnostics(params);
  };
  const diagnostics = new DiagnosticsPublisher(connection, publish, store, async (entry) => {
    const settings = await configuration.get(entry.uri);
    site.checkedWith(connection, settings);
    return { settings, context: contexts.get(entry, settings) };
  }, () => ({ settings: DEFAULT_SERVER_SETTINGS, context: {} }), queue);
  site.attach(contexts, diagnostics);
  const pages = new BrowserPageChecks({
    // Nothing here compares stamps: the client reads without a stat, a call less per page.
    readFile: clientFileReader(connection, MAX_BYTES, false),
    loadRules: pageRulesLoader(connection),
    listBuilt: clientSiteFiles(connection, 'built'),
    republish: (uri) => diagnostics.schedule(uri),
    showNote: (message) => site.say(connection, message),
  });
  const checks = new BrowserSiteChecks({
    pages,
    store, workspace: site.workspace, locator: site.locator,
    settingsOf: (uri) => configuration.get(uri),
    republish: (uri) => diagnostics.schedule(uri),
    logFailure: (what, error) => logFailure(connection, what, error),
    log: (message) => connection.console.info(message),
    readFile: clientFileReader(connection, MAX_BYTES),
    listSiteFiles: clientSiteFiles(connection),
    enabled: () => client.workspaceFiles,
    siteFilesChanged: (changes) => siteTree?.filesChanged(changes),
  });
  siteTree = new SiteTree(connection, site.workspace, new BrowserSiteTreeSource(store, checks, (folderPath) => configuration.get(fsPathToUri(folderPath))));
  // A document's cross-file problems are published with its own, and follow its edits.
  diagnostics.extra = (entry) => [...checks.held.diagnosticsFor(entry), ...pages.held.diagnosticsFor(entry)];
  store.onEdit = (entry, start, end, length) => {
    checks.held.edited(entry, start, end, length);
    pages.held.edited(entry, start, end, length);
  };
  // Check Site in-process (no child process here), git never (the page rules' history needs the desktop).
  const checkSite = new CheckSiteCommand(connection, publish, store, configuration, site.workspace, browserCheckSite({
    workspace: site.workspace, checks, readFile: clientFileReader(connection, MAX_BYTES), listSiteFiles: clientSiteFiles(connection),
    settingsOf: (uri) => configuration.get(uri), warn: (text) => void connection.window.showWarningMessage(text), pages,
  }), () => false);
  const parts: BrowserParts = { store, configuration, inferred, contexts, diagnostics, queue, site, checks, siteTree, client, checkSite };
  return parts;
}

/** The page rules' script, asked of the client when first needed; a failure is logged once (no page rule then). */
function pageRulesLoader(connection: Connection): () => Promise<PageRules> {
  const load = serverScript<PageRules>(connection, 'pageRules');
  let failed = false;
  return () => load().catch((error: unknown) => {
    if (!failed) logFailure(connection, 'Loading the page rules (dist/web/pageRules.js)', error);
    failed = true;
    throw error;
  });
}

function registerHandlers(connection: Connection, parts: BrowserParts, capabilities: () => ClientCapabilities): void {
  const { store, configuration, contexts, queue, client, site } = parts;
  const deps: FeatureDependencies = {
    store, configuration, contexts, queue, capabilities, workspace: site.workspace, ...noPages,
    canSetLanguage: () => client.setLanguage, canSplit: () => client.split, canAllowHost: () => client.allowHost,
  };
  registerFeatures(connection, deps);
  parts.siteTree.register();
  parts.checkSite.register();
  registerSplit(connection, { store, configuration, contexts, locator: site.locator });
  registerMerge(connection, { store, configuration, contexts, workspace: site.workspace, readChildFile: clientChildFileReader(connection) });
  registerEditCommands(connection, store, capabilities, async (entry) => {
    const settings = await configuration.get(entry.uri);
    return { entry, settings, location: contexts.get(entry, settings).location, site: undefined, workspace: site.workspace };
  });
}

function initialFolders(params: InitializeParams): WorkspaceFolder[] {
  if (Array.isArray(params.workspaceFolders)) return params.workspaceFolders;
  if (typeof params.rootUri === 'string') return [{ uri: params.rootUri, name: 'root' }];
  return [];
}
