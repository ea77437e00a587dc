/** Wires the protocol to the language layer: the server's parts, then each group of handlers. Takes the connection as
 * an argument so that it runs over any transport (stdio, IPC, a test's streams). */
import type { Connection } from 'vscode-languageserver';
import { registerCompare } from './commands/compareRequest';
import { registerEditCommands } from './commands/editRequests';
import { registerDocumentSync } from './documents/documentSync';
import { registerFeatures } from './features/features';
import { registerLifecycle, registerShutdown } from './lifecycle';
import { registerListingIndexes } from './commands/listingIndexes';
import { registerMerge } from './commands/mergeRequest';
import { readChildFromDisk } from './commands/diskChildFiles';
import { MessageQueue } from './documents/messageQueue';
import { createServerParts, fileChanged, type ClientState, type ServerParts } from './serverParts';
import type { DocumentSite } from './documents/documentSync';
import { registerSplit } from './commands/splitRequest';
import { registerRemoteSitemapRequest } from './remote/remoteSitemapRequest';
import { registerWorkspaceEvents } from './documents/workspaceEvents';
import { registerWorkspaceSymbols } from './features/workspaceSymbols';

export interface ServerHooks {
  /** Called once the client has confirmed initialization. */
  onInitialized?: () => void;
  /** Watches the connection's message queue (its `strategy` given to the connection); without it, work waits a turn. */
  queue?: MessageQueue;
}

export function startServer(connection: Connection, hooks: ServerHooks = {}): void {
  const client: ClientState = { capabilities: {}, setLanguage: false, split: false, allowHost: false, trusted: true };
  const parts = createServerParts(connection, client, hooks.queue ?? new MessageQueue());
  const { store, configuration, contexts, pages, workspace, locator, queue } = parts;

  registerLifecycle(connection, parts, client, hooks.onInitialized);
  registerDocumentSync(connection, parts, {
    checks: withRemoteTree(parts), checkSite: parts.checkSiteCommand, liveCheck: parts.liveCheck, fileChanged: (fsPath) => fileChanged(parts, fsPath), diskEncodings: parts.diskEncodings,
  });
  registerWorkspaceEvents(connection, parts);
  registerWorkspaceSymbols(connection, parts.symbols);

  registerFeatures(connection, {
    store, configuration, contexts, pages, workspace, queue, pageChecks: parts.site.pages,
    capabilities: () => client.capabilities, canSetLanguage: () => client.setLanguage, canSplit: () => client.split,
    canAllowHost: () => client.allowHost,
  });
  registerSplit(connection, { store, configuration, contexts, locator });
  registerEditCommands(connection, store, () => client.capabilities, async (entry) => {
    const settings = await configuration.get(entry.uri);
    return { entry, settings, location: contexts.get(entry, settings).location, site: parts.site, workspace };
  });
  registerMerge(connection, { store, configuration, contexts, workspace, readChildFile: readChildFromDisk });
  registerListingIndexes(connection, { store, configuration, workspace });
  registerCompare(connection, { store, configuration, contexts, workspace, trusted: () => client.trusted });
  registerRemoteSitemapRequest(connection, parts.remote);
  parts.checkSiteCommand.register();
  parts.liveCheck.register();
  parts.siteTree.register();
  registerShutdown(connection, parts);

  connection.listen();
}

/** The site checks, and the Sitemaps view told of each `sitemap-url:` document opened, changed and closed (its group's tree). */
function withRemoteTree({ site, siteTree }: ServerParts): DocumentSite['checks'] {
  return {
    documentOpened: (entry) => {
      site.documentOpened(entry);
      siteTree.remoteChanged(entry.uri);
    },
    documentChanged: (entry) => {
      site.documentChanged(entry);
      siteTree.remoteChanged(entry.uri);
    },
    documentClosed: (entry) => {
      site.documentClosed(entry);
      siteTree.remoteChanged(entry.uri);
    },
  };
}
