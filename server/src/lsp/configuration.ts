/**
 * The `sitemap` settings of each document, read with `workspace/configuration` (scoped to the document) or, for
 * clients without that capability, taken from `workspace/didChangeConfiguration`. Whatever the client sends is
 * merged defensively over the defaults: junk values are ignored, never trusted.
 */
import type { Connection, DidChangeConfigurationParams } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, type SitemapSettings } from '../language/settings';
import { describe } from './guard';
import { isRuleId, type RuleId, type SeverityOrOff } from '../language/rules/catalogue';

export const SECTION = 'sitemap';

/** The language layer's settings plus what only the server needs. */
export interface ServerSettings extends SitemapSettings {
  /** Workspace-relative folder → site root URL (`sitemap.siteRoots`). */
  siteRoots: Readonly<Record<string, string>>;
  /** `sitemap.symbols.maxItems`: entries shown in the outline. */
  symbols: { maxItems: number };
}

export const DEFAULT_MAX_SYMBOLS = 5000;

export const DEFAULT_SERVER_SETTINGS: ServerSettings = Object.freeze({ ...DEFAULT_SETTINGS, siteRoots: {}, symbols: { maxItems: DEFAULT_MAX_SYMBOLS } });

const SEVERITY_ALIASES: Record<string, SeverityOrOff> = {
  error: 'error', warning: 'warning', warn: 'warning', information: 'information', info: 'information',
  hint: 'hint', off: 'off', none: 'off', ignore: 'off', false: 'off',
};

/** Merges a raw `sitemap` section (any JSON, possibly junk) over the defaults. */
export function resolveSettings(raw: unknown): ServerSettings {
  const section = isObject(raw) ? raw : {};
  const rules: Partial<Record<RuleId, SeverityOrOff>> = {};
  if (isObject(section.rules)) {
    for (const [id, value] of Object.entries(section.rules)) {
      const severity = SEVERITY_ALIASES[String(value).trim().toLowerCase()];
      if (isRuleId(id) && severity !== undefined) rules[id] = severity;
    }
  }
  const limits = isObject(section.limits) ? section.limits : {};
  const symbols = isObject(section.symbols) ? section.symbols : {};
  const siteRoots: Record<string, string> = {};
  if (isObject(section.siteRoots)) {
    for (const [folder, url] of Object.entries(section.siteRoots)) {
      if (typeof url === 'string' && url.trim() !== '') siteRoots[folder] = url.trim();
    }
  }
  return {
    rules,
    maxProblems: count(section.maxProblems, DEFAULT_SETTINGS.maxProblems, 1),
    limits: {
      maxEntries: count(limits.maxEntries, DEFAULT_SETTINGS.limits.maxEntries, 1),
      maxBytes: count(limits.maxBytes, DEFAULT_SETTINGS.limits.maxBytes, 1),
      legacyMaxBytes: count(limits.legacyMaxBytes, DEFAULT_SETTINGS.limits.legacyMaxBytes, 1),
    },
    allowedHosts: Array.isArray(section.allowedHosts)
      ? section.allowedHosts.filter((h): h is string => typeof h === 'string' && h.trim() !== '')
      : typeof section.allowedHosts === 'string' && section.allowedHosts.trim() !== '' ? [section.allowedHosts] : [],
    siteRoots,
    symbols: { maxItems: count(symbols.maxItems, DEFAULT_MAX_SYMBOLS, 1) },
  };
}

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
  ) {}

  get(uri: string): Promise<ServerSettings> {
    if (!this.canPull()) return Promise.resolve(this.pushed);
    let settings = this.cache.get(uri);
    if (settings === undefined) {
      settings = this.fetch(uri);
      this.cache.set(uri, settings);
    }
    return settings;
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
      return resolveSettings(Array.isArray(result) ? result[0] : undefined);
    } catch (error) {
      this.connection.console.error(`Reading the 'sitemap' settings for ${uri} failed; using the defaults. ${describe(error)}`);
      return DEFAULT_SERVER_SETTINGS;
    }
  }
}

function count(value: unknown, fallback: number, min: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
