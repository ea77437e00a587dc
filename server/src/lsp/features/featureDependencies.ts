/** What every authoring feature's handler is given, and the document with its settings that most of them start from. */
import type { CancellationToken, ClientCapabilities } from 'vscode-languageserver';
import type { Configuration, ServerSettings } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import type { MessageQueue } from '../documents/messageQueue';
import type { SitePages } from '../site/sitePages';
import type { BackgroundPageChecks } from '../site/backgroundPageChecks';
import type { ValidationContexts } from '../documents/validationContext';
import type { Workspace } from '../documents/workspace';

export interface FeatureDependencies {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  pages: Pick<SitePages, 'mappingFor' | 'candidates'>;
  /** The page rules' sites: the `<loc>` hover asks them what a page says. */
  pageChecks: Pick<BackgroundPageChecks, 'describe'>;
  workspace: Workspace;
  capabilities: () => ClientCapabilities;
  queue: MessageQueue;
  /** Whether the client runs SET_LANGUAGE_COMMAND. */
  canSetLanguage: () => boolean;
  /** Whether the client runs SPLIT_COMMAND. */
  canSplit: () => boolean;
  /** Whether the client runs ALLOW_HOST_COMMAND. */
  canAllowHost: () => boolean;
}

/** An open document as a request sees it: its settings and where it lives on its site. */
export interface DocumentForRequest {
  entry: OpenDocument;
  settings: ServerSettings;
  location: string | undefined;
}

/** The document, its settings and where it lives; undefined when it is not ours or the request was cancelled. */
export async function documentForRequest(deps: FeatureDependencies, uri: string, token: CancellationToken): Promise<DocumentForRequest | undefined> {
  const entry = deps.store.get(uri);
  if (entry === undefined) return undefined;
  const settings = await deps.configuration.get(uri);
  if (token.isCancellationRequested || deps.store.get(uri) !== entry) return undefined;
  return { entry, settings, location: deps.contexts.get(entry, settings).location };
}
