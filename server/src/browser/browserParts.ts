/** The parts of the web worker's server, and the answers of the site parts it leaves out: no document has a site (a
 * location, nested indexes, page files), as for an `untitled:` document in the Node server. */
import type { Configuration } from '../lsp/documents/configuration';
import type { DiagnosticsPublisher } from '../lsp/documents/diagnostics';
import type { DocumentStore } from '../lsp/documents/documentStore';
import type { MessageQueue } from '../lsp/documents/messageQueue';
import type { ValidationContexts } from '../lsp/documents/validationContext';
import { Workspace } from '../lsp/documents/workspace';

export interface BrowserParts {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  diagnostics: DiagnosticsPublisher;
  queue: MessageQueue;
  /** What the client said it runs in `initialize`. */
  client: { setLanguage: boolean; split: boolean; allowHost: boolean };
}

export const noSite = {
  locator: { locate: (): undefined => undefined },
  nested: { lookupFor: (): undefined => undefined },
  features: {
    workspace: new Workspace(),
    pages: { mappingFor: (): undefined => undefined, candidates: async (): Promise<undefined> => undefined },
    pageChecks: { describe: async (): Promise<undefined> => undefined },
  },
};
