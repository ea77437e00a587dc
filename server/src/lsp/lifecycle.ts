/** `initialize`, `initialized` and `shutdown`: the client's capabilities recorded, the dynamic registrations it supports
 * made, the parts disposed at the end. */
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind,
  type Connection, type InitializeParams, type InitializeResult, type WorkspaceFolder,
} from 'vscode-languageserver';
import { isOptionOn, TRUST_GRANTED_NOTIFICATION, type InitializationOptions, type ServerAbilities } from '../../../shared/protocol';
import { packageVersion } from '../node/bundle';
import { SECTION } from './documents/configuration';
import { featureCapabilities } from './features/features';
import { guard, logFailure } from './guard';
import type { ClientState, ServerParts } from './serverParts';
import { stampTiming } from './timingLog';
import { registerWorkspaceFolders } from './documents/workspaceEvents';
import { watchers } from './documents/watchedFiles';
import { fsPathToUri } from './documents/workspace';

export const SERVER_NAME = 'sitemap-studio';


export function registerLifecycle(connection: Connection, parts: ServerParts, client: ClientState, onInitialized?: () => void): void {
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    stampTiming('initialize');
    try {
      client.capabilities = params.capabilities ?? {};
      parts.workspace.set(initialFolders(params));
      parts.diagnostics.statusNotifications = isOptionOn(params.initializationOptions, 'statusNotifications');
      client.setLanguage = isOptionOn(params.initializationOptions, 'setLanguageCommand');
      client.split = isOptionOn(params.initializationOptions, 'splitCommand');
      client.allowHost = isOptionOn(params.initializationOptions, 'allowHostCommand');
      client.siteRootOffer = isOptionOn(params.initializationOptions, 'siteRootOffer');
      client.pageSourcesWarnings = isOptionOn(params.initializationOptions, 'pageSourcesWarnings');
      // Only an explicit false: a client without workspace trust runs git, as the command line does.
      client.trusted = (params.initializationOptions as InitializationOptions | undefined)?.workspaceTrusted !== false;
    } catch (error) {
      logFailure(connection, 'initialize', error);
    }
    return {
      capabilities: {
        // Saves: a file's bytes are read again for its encoding (diskEncodings.ts).
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        ...featureCapabilities(),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        workspaceSymbolProvider: true,
        // For the client's log and its tests, which kill the process to see a crash handled.
        // `sitemap`: the commands this server runs that the web worker's cannot (the client shows them in the palette).
        experimental: { processId: process.pid, sitemap: { pageEdits: true, gitHistory: true } satisfies ServerAbilities },
      },
      serverInfo: { name: SERVER_NAME, version: packageVersion() },
    };
  });

  connection.onNotification(TRUST_GRANTED_NOTIFICATION, guard(connection, TRUST_GRANTED_NOTIFICATION, () => {
    if (client.trusted) return;
    client.trusted = true;
    parts.site.pages.resetSites();
  }));

  connection.onInitialized(guard(connection, 'initialized', () => {
    stampTiming('initialized');
    const ws = client.capabilities.workspace;
    if (ws?.didChangeConfiguration?.dynamicRegistration === true) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION })
        .catch((error: unknown) => logFailure(connection, 'Registering for configuration changes', error));
    }
    if (ws?.didChangeWatchedFiles?.dynamicRegistration === true) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: watchers() })
        .then(() => {
          // Watched: what is read from disk may be kept, since the events now say when it changes.
          parts.locator.caching = true;
          parts.pages.caching = true;
          parts.symbols.watching = true;
        }, (error: unknown) => logFailure(connection, 'Registering file watchers', error));
    }
    if (ws?.workspaceFolders === true) registerWorkspaceFolders(connection, parts);
    connection.console.info(`${SERVER_NAME} ${packageVersion()} started: Node ${process.version}, pid ${process.pid}, ${process.argv.slice(2).join(' ') || 'no arguments'}`);
    onInitialized?.();
  }));
}

export function registerShutdown(connection: Connection, parts: ServerParts): void {
  connection.onShutdown(() => {
    parts.diagnostics.dispose();
    parts.checkSiteCommand.dispose();
    parts.liveCheck.dispose();
    parts.site.dispose();
    parts.siteTree.dispose();
  });
}

function initialFolders(params: InitializeParams): WorkspaceFolder[] {
  if (Array.isArray(params.workspaceFolders)) return params.workspaceFolders;
  if (typeof params.rootUri === 'string') return [{ uri: params.rootUri, name: 'root' }];
  if (typeof params.rootPath === 'string' && params.rootPath !== '') return [{ uri: fsPathToUri(params.rootPath), name: 'root' }];
  return [];
}
