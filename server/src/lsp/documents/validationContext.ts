/** One ValidationContext per open document, the same object across keystrokes, because the language layer re-checks
 * every entry's contextual rules when it changes; a new one only when the settings, the document's location or the
 * answers about nested indexes may have changed. */
import type { ValidationContext } from '../../language/sitemapLanguageTypes';
import type { ServerSettings } from './configuration';
import type { OpenDocument } from './documentStore';
import type { NestedIndexResolver } from '../site/nestedIndex';
import type { SiteLocator } from '../site/siteLocation';

interface ContextState {
  settings: ServerSettings;
  location: string | undefined;
  generation: number;
  context: ValidationContext;
  /** Recompute the location on the next request. */
  staleLocation: boolean;
  /** Hand out a new generation on the next request. */
  staleGeneration: boolean;
}

export class ValidationContexts {
  private readonly states = new Map<string, ContextState>();
  private nextGeneration = 1;

  constructor(
    private readonly locator: Pick<SiteLocator, 'locate'>,
    private readonly nested: Pick<NestedIndexResolver, 'lookupFor'>,
    /** A document read from its URL (`sitemap-url:`) lives where its text came from; undefined for any other. */
    private readonly remoteLocation: (uri: string) => string | undefined = () => undefined,
  ) {}

  get(entry: OpenDocument, settings: ServerSettings): ValidationContext {
    const state = this.states.get(entry.uri);
    if (state !== undefined && state.settings === settings && !state.staleLocation && !state.staleGeneration) return state.context;
    const location = this.remoteLocation(entry.uri) ?? this.locator.locate(entry.fsPath, settings);
    if (state !== undefined && state.settings === settings && state.location === location && !state.staleGeneration) {
      state.staleLocation = false;
      return state.context;
    }
    const generation = this.nextGeneration++;
    const context: ValidationContext = { location, generation, isSitemapIndex: this.nested.lookupFor(entry, settings, location) };
    this.states.set(entry.uri, { settings, location, generation, context, staleLocation: false, staleGeneration: false });
    return context;
  }

  /** Locations may have changed (a robots.txt, the workspace folders). */
  invalidateLocations(): void {
    for (const state of this.states.values()) state.staleLocation = true;
  }

  /** The nested-index answers for this document may have changed. */
  bumpGeneration(uri: string): void {
    const state = this.states.get(uri);
    if (state !== undefined) state.staleGeneration = true;
  }

  forget(uri: string): void {
    this.states.delete(uri);
  }
}
