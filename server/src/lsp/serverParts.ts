/** The server's parts and how they feed one another (store, settings, locations, diagnostics, cross-file checks), made
 * once per connection; the handlers only call into them. */
import { DiskEncodings } from './documents/diskEncodings';
import { readUtf16Encoding } from '../node/fileEncodingOnDisk';
import { MessageType, ShowMessageNotification, type ClientCapabilities, type Connection, type PublishDiagnosticsParams } from 'vscode-languageserver';
import { CheckSiteCommand } from './commands/checkSite';
import { LiveCheckCommand, notRepeated } from './commands/checkLive';
import { forkCheckSite } from './commands/checkSiteProcess';
import { Configuration, DEFAULT_SERVER_SETTINGS } from './documents/configuration';
import { DiagnosticsPublisher } from './documents/diagnostics';
import { DocumentStore } from './documents/documentStore';
import { logFailure } from './guard';
import type { MessageQueue } from './documents/messageQueue';
import { recheckIndexes } from './documents/recheckIndexes';
import { NestedIndexResolver } from './site/nestedIndex';
import { BackgroundSiteChecks } from './site/backgroundSiteChecks';
import { SiteLocator } from './site/siteLocation';
import { InferredSiteRoots } from './site/inferredSiteRoots';
import { holdsBuiltPages, inferWorkspaceSiteRoots } from '../node/siteRootFiles';
import { PAGE_SOURCES_UNMAPPED_NOTIFICATION, SITE_ROOT_FOUND_NOTIFICATION } from '../../../shared/protocol';
import { SitePages } from './site/sitePages';
import { SiteTree } from './site/siteTree';
import { SiteTreeFactsSource } from './site/siteTreeFacts';
import { ValidationContexts } from './documents/validationContext';
import { RemoteSitemaps } from './remote/remoteSitemaps';
import { RemoteSiteTree } from './remote/remoteSiteTree';
import { fsPathToUri, Workspace } from './documents/workspace';
import { WorkspaceSymbols } from './features/workspaceSymbols';

/** What the client said in `initialize`: read by the handlers from then on. */
export interface ClientState {
  capabilities: ClientCapabilities;
  /** Whether the client runs SET_LANGUAGE_COMMAND. */
  setLanguage: boolean;
  /** Whether the client runs SPLIT_COMMAND. */
  split: boolean;
  /** Whether the client runs ALLOW_HOST_COMMAND. */
  allowHost: boolean;
  /** Whether the workspace is trusted, so that git may run (a client that does not say is trusted). */
  trusted: boolean;
  /** Whether the client hears SITE_ROOT_FOUND_NOTIFICATION. */
  siteRootOffer?: boolean;
  /** Whether the client shows PAGE_SOURCES_UNMAPPED_NOTIFICATION on the setting (the note is then only logged). */
  pageSourcesWarnings?: boolean;
}

export interface ServerParts {
  queue: MessageQueue;
  workspace: Workspace;
  store: DocumentStore;
  configuration: Configuration;
  /** The site roots the files say where no setting does (added to every settings object `configuration` gives). */
  inferred: InferredSiteRoots;
  locator: SiteLocator;
  nested: NestedIndexResolver;
  contexts: ValidationContexts;
  /** The documents read from their URL, and where each one's text came from. */
  remote: RemoteSitemaps;
  pages: SitePages;
  symbols: WorkspaceSymbols;
  diagnostics: DiagnosticsPublisher;
  site: BackgroundSiteChecks;
  checkSiteCommand: CheckSiteCommand;
  /** Check Listed URLs Live: its verdicts are published with each document's own problems. */
  liveCheck: LiveCheckCommand;
  siteTree: SiteTree;
  diskEncodings: DiskEncodings;
}

export function createServerParts(connection: Connection, client: ClientState, queue: MessageQueue): ServerParts {
  const workspace = new Workspace();
  const store = new DocumentStore((error) => logFailure(connection, 'Applying an edit incrementally (the document was re-parsed)', error));
  const inferred = new InferredSiteRoots({
    workspace,
    read: (folder) => inferWorkspaceSiteRoots(folder.fsPath),
    holdsPages: holdsBuiltPages,
    // The disk answers at once: fileChanged says when the settings are stale.
    changed: () => undefined,
    log: (message) => connection.console.info(message),
    found: (params) => {
      if (client.siteRootOffer === true) void connection.sendNotification(SITE_ROOT_FOUND_NOTIFICATION, params);
    },
  });
  const configuration = new Configuration(connection, () => client.capabilities.workspace?.configuration === true, (uri, settings) => inferred.apply(uri, settings));
  const locator = new SiteLocator(workspace);
  const nested = new NestedIndexResolver(store, workspace);
  const remote = new RemoteSitemaps();
  const contexts = new ValidationContexts(locator, nested, (uri) => remote.locationOf(uri));
  const pages = new SitePages(workspace);
  const symbols = new WorkspaceSymbols(store, workspace);
  // The Sitemaps view's problem counts are what the editor shows: every publication, live and Check Site's, is counted.
  const publish = (params: PublishDiagnosticsParams): Promise<void> => {
    siteTree.published(params.uri, params.diagnostics);
    return connection.sendDiagnostics(params);
  };
  const diagnostics = new DiagnosticsPublisher(
    connection,
    publish,
    store,
    async (entry) => {
      const settings = await configuration.get(entry.uri);
      return { settings, context: contexts.get(entry, settings) };
    },
    () => ({ settings: DEFAULT_SERVER_SETTINGS, context: {} }),
    queue,
  );
  const site = new BackgroundSiteChecks({
    store, workspace, locator,
    settingsOf: (uri) => configuration.get(uri),
    republish: (uri) => diagnostics.schedule(uri),
    log: (message) => connection.console.info(message),
    logFailure: (what, error) => logFailure(connection, what, error),
    showNote: (message) => {
      connection.console.info(message);
      // A notification, not window/showMessageRequest: nothing waits for the user to dismiss it.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message });
    },
    trusted: () => client.trusted,
    showsUnmappedSources: () => client.pageSourcesWarnings === true,
    unmappedSources: (params) => void connection.sendNotification(PAGE_SOURCES_UNMAPPED_NOTIFICATION, params),
    siteFilesChanged: (changes) => siteTree.filesChanged(changes),
  });
  const siteTree = new SiteTree(connection, workspace, new SiteTreeFactsSource(site, (folderPath) => configuration.get(fsPathToUri(folderPath)),
    (fsPath) => store.getByPath(fsPath)?.doc), new RemoteSiteTree(store, (uri) => remote.locationOf(uri), (entry) => site.summaryNow(entry)));
  const liveCheck = new LiveCheckCommand(connection, { store, configuration, contexts, republish: (uri) => diagnostics.schedule(uri) });
  // A document's cross-file problems and live verdicts are published with its own, and follow its edits.
  diagnostics.extra = (entry) => {
    const held = site.diagnosticsFor(entry);
    return [...held, ...notRepeated(held, liveCheck.diagnosticsFor(entry))];
  };
  const diskEncodings = new DiskEncodings(readUtf16Encoding, (uri) => diagnostics.schedule(uri));
  diagnostics.fileEncoding = (entry) => diskEncodings.of(entry.uri);
  store.onEdit = (entry, start, end, length) => site.edited(entry, start, end, length);
  const checkSiteCommand = new CheckSiteCommand(connection, publish, store, configuration, workspace,
    forkCheckSite((what, error) => logFailure(connection, what, error)), () => client.trusted);
  return { queue, workspace, store, configuration, inferred, locator, nested, contexts, remote, pages, symbols, diagnostics, site, checkSiteCommand, liveCheck, siteTree, diskEncodings };
}

/** A file changed (on disk or as an open document's kind): the index documents that may list it check again. */
export function fileChanged(parts: ServerParts, fsPath: string | undefined): void {
  if (fsPath !== undefined && parts.nested.pathChanged(fsPath)) recheckIndexes(parts);
}

/** Settings or workspace folders changed: everything about every document is looked up again. */
export function resetAll(parts: ServerParts, rescan: boolean): void {
  const { store, nested, contexts, diagnostics, site } = parts;
  nested.clear();
  for (const entry of store.all()) contexts.forget(entry.uri);
  for (const entry of store.all()) void diagnostics.validateNow(entry.uri);
  site.reset(rescan);
}
