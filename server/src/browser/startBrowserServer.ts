/** The web worker's composition: the per-file parts and handlers of the Node server (startServer.ts), without the site
 * parts that read other files, run git or start processes; `initialize` advertises only what is registered here. */
import { DidChangeConfigurationNotification, TextDocumentSyncKind, type ClientCapabilities, type Connection } from 'vscode-languageserver';
import { isOptionOn } from '../../../shared/protocol';
import { registerSplit } from '../lsp/commands/splitRequest';
import { registerEditCommands } from '../lsp/commands/editRequests';
import { Configuration, DEFAULT_SERVER_SETTINGS, SECTION } from '../lsp/documents/configuration';
import { DiagnosticsPublisher } from '../lsp/documents/diagnostics';
import { DocumentStore } from '../lsp/documents/documentStore';
import { MessageQueue } from '../lsp/documents/messageQueue';
import { ValidationContexts } from '../lsp/documents/validationContext';
import { featureCapabilities, registerFeatures, type FeatureDependencies } from '../lsp/features/features';
import { guard, logFailure } from '../lsp/guard';
import { noSite, type BrowserParts } from './browserParts';
import { registerBrowserDocumentSync } from './browserDocumentSync';

export function startBrowserServer(connection: Connection, queue = new MessageQueue()): void {
  let capabilities: ClientCapabilities = {};
  const parts = createBrowserParts(connection, () => capabilities, queue);
  connection.onInitialize((params) => {
    capabilities = params.capabilities ?? {};
    parts.diagnostics.statusNotifications = isOptionOn(params.initializationOptions, 'statusNotifications');
    parts.client.setLanguage = isOptionOn(params.initializationOptions, 'setLanguageCommand');
    parts.client.split = isOptionOn(params.initializationOptions, 'splitCommand');
    parts.client.allowHost = isOptionOn(params.initializationOptions, 'allowHostCommand');
    return {
      capabilities: { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental }, ...featureCapabilities() },
      serverInfo: { name: 'sitemap-studio (web)' },
    };
  });
  connection.onInitialized(guard(connection, 'initialized', () => {
    if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration !== true) return;
    connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION })
      .catch((error: unknown) => logFailure(connection, 'Registering for configuration changes', error));
  }));
  registerBrowserDocumentSync(connection, parts);
  registerHandlers(connection, parts, () => capabilities);
  connection.onShutdown(() => parts.diagnostics.dispose());
  connection.listen();
}

function createBrowserParts(connection: Connection, capabilities: () => ClientCapabilities, queue: MessageQueue): BrowserParts {
  const store = new DocumentStore((error) => logFailure(connection, 'Applying an edit incrementally (the document was re-parsed)', error));
  const configuration = new Configuration(connection, () => capabilities().workspace?.configuration === true);
  const contexts = new ValidationContexts(noSite.locator, noSite.nested);
  const diagnostics = new DiagnosticsPublisher(connection, (params) => connection.sendDiagnostics(params), store, async (entry) => {
    const settings = await configuration.get(entry.uri);
    return { settings, context: contexts.get(entry, settings) };
  }, () => ({ settings: DEFAULT_SERVER_SETTINGS, context: {} }), queue);
  return { store, configuration, contexts, diagnostics, queue, client: { setLanguage: false, split: false, allowHost: false } };
}

function registerHandlers(connection: Connection, parts: BrowserParts, capabilities: () => ClientCapabilities): void {
  const { store, configuration, contexts, queue, client } = parts;
  const deps: FeatureDependencies = {
    store, configuration, contexts, queue, capabilities, ...noSite.features,
    canSetLanguage: () => client.setLanguage, canSplit: () => client.split, canAllowHost: () => client.allowHost,
  };
  registerFeatures(connection, deps);
  registerSplit(connection, { store, configuration, contexts, locator: noSite.locator });
  registerEditCommands(connection, store, capabilities, async (entry) => {
    const settings = await configuration.get(entry.uri);
    return { entry, settings, location: undefined, site: undefined, workspace: noSite.features.workspace };
  });
}
