/** Each document's `sitemap` settings, read with `workspace/configuration` (scoped to the document), else taken from
 * `workspace/didChangeConfiguration`; merged defensively over the defaults. */
import type { Connection, DidChangeConfigurationParams } from 'vscode-languageserver';
import { DEFAULT_MAX_SYMBOLS, DEFAULT_SETTINGS, isObject, resolveSettings, type SectionSettings } from '../../language/languageService';
import { describe } from '../guard';
import { stampTiming } from '../timingLog';

export const SECTION = 'sitemap';

/** The language layer's settings plus what only the server needs (the section's reading is shared with the CLI). */
export type ServerSettings = SectionSettings;

export const DEFAULT_SERVER_SETTINGS: ServerSettings = Object.freeze({ ...DEFAULT_SETTINGS, siteRoots: {}, symbols: { maxItems: DEFAULT_MAX_SYMBOLS } });

/**
 * Settings per document URI. The same object is returned until the configuration changes, so validation sees a
 * stable settings object across keystrokes.
 */
export class Configuration {
  private readonly cache = new Map<string, Promise<ServerSettings>>();
  /** Settings pushed with didChangeConfiguration, for clients without `workspace/configuration`. */
  private pushed: ServerSettings = DEFAULT_SERVER_SETTINGS;

  constructor(
    private readonly connection: Connection,
    private readonly canPull: () => boolean,
    /** What the server adds to the settings of a document or folder (the site roots its files say: inferredSiteRoots.ts). */
    private readonly adjust: (uri: string, settings: ServerSettings) => ServerSettings = (_uri, settings) => settings,
  ) {}

  get(uri: string): Promise<ServerSettings> {
    let settings = this.cache.get(uri);
    if (settings === undefined) {
      settings = this.canPull() ? this.fetch(uri).then((read) => this.adjust(uri, read)) : Promise.resolve(this.adjust(uri, this.pushed));
      this.cache.set(uri, settings);
    }
    return settings;
  }

  /** Forgets every cached answer (what `adjust` adds changed). */
  forgetAll(): void {
    this.cache.clear();
  }

  /** Forgets every cached answer; remembers pushed settings when the client cannot be asked. */
  changed(params: DidChangeConfigurationParams | undefined): void {
    this.cache.clear();
    if (!this.canPull()) {
      const settings: unknown = params?.settings;
      this.pushed = resolveSettings(isObject(settings) ? settings[SECTION] : undefined);
    }
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  private async fetch(uri: string): Promise<ServerSettings> {
    try {
      const result: unknown = await this.connection.sendRequest('workspace/configuration', { items: [{ scopeUri: uri, section: SECTION }] });
      stampTiming('settings', { uri });
      return resolveSettings(Array.isArray(result) ? result[0] : undefined);
    } catch (error) {
      this.connection.console.error(`Reading the 'sitemap' settings for ${uri} failed; using the defaults. ${describe(error)}`);
      return DEFAULT_SERVER_SETTINGS;
    }
  }
}
