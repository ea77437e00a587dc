/** Index documents check their entries again: some file they may list became, or stopped being, an index. Both
 * servers' (serverParts.ts, browser/browserSite.ts). */
import type { DiagnosticsPublisher } from './diagnostics';
import type { DocumentStore } from './documentStore';
import type { ValidationContexts } from './validationContext';

export function recheckIndexes({ store, contexts, diagnostics }: { store: DocumentStore; contexts: ValidationContexts; diagnostics: DiagnosticsPublisher }): void {
  for (const entry of store.all()) {
    if (entry.doc.kind === 'urlset' || entry.doc.kind === 'text') continue;
    contexts.bumpGeneration(entry.uri);
    diagnostics.schedule(entry.uri);
  }
}
