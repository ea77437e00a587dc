/** The parts of the web worker's server, and the answers of the site parts it leaves out: no page files (the page
 * rules read built pages and git, which the worker has not). */
import type { Configuration } from '../lsp/documents/configuration';
import type { DiagnosticsPublisher } from '../lsp/documents/diagnostics';
import type { DocumentStore } from '../lsp/documents/documentStore';
import type { MessageQueue } from '../lsp/documents/messageQueue';
import type { ValidationContexts } from '../lsp/documents/validationContext';
import type { BrowserSite } from './browserSite';
import type { BrowserSiteChecks } from './browserSiteChecks';
import type { SiteTree } from '../lsp/site/siteTree';
import type { CheckSiteCommand } from '../lsp/commands/checkSite';
import type { InferredSiteRoots } from '../lsp/site/inferredSiteRoots';

export interface BrowserParts {
  store: DocumentStore;
  configuration: Configuration;
  /** The site roots the files say where no setting does (added to every settings object `configuration` gives). */
  inferred: InferredSiteRoots;
  contexts: ValidationContexts;
  diagnostics: DiagnosticsPublisher;
  queue: MessageQueue;
  /** Where documents live and which listed files are indexes, over the files the client reads. */
  site: BrowserSite;
  /** The cross-file rules, over the folder's site files the client lists and reads. */
  checks: BrowserSiteChecks;
  /** `sitemap/siteTree`, the Sitemaps view's data, over what the checks read. */
  siteTree: SiteTree;
  /** `sitemap/checkSite`, in-process over the files the client lists and reads (browserCheckSite.ts). */
  checkSite: CheckSiteCommand;
  /** What the client said it runs in `initialize`. */
  client: { setLanguage: boolean; split: boolean; allowHost: boolean; workspaceFiles: boolean; siteRootOffer: boolean };
}

export const noPages = {
  pages: { mappingFor: (): undefined => undefined, candidates: async (): Promise<undefined> => undefined },
  pageChecks: { describe: async (): Promise<undefined> => undefined },
};

/** Settings or workspace folders changed: everything about every document is looked up again. */
export function resetAll(parts: BrowserParts): void {
  parts.site.reset();
  parts.checks.reset();
  for (const entry of parts.store.all()) parts.contexts.forget(entry.uri);
  for (const entry of parts.store.all()) void parts.diagnostics.validateNow(entry.uri);
}

/** The site roots a folder's files say changed (or came): they are part of every document's settings. */
export function inferenceChanged(parts: BrowserParts): void {
  parts.configuration.forgetAll();
  resetAll(parts);
}
