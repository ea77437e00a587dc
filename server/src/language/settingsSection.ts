/** The `sitemap` settings section as users write it, merged over the defaults defensively: junk values are ignored,
 * never trusted. Shared by the server and the command line. */
import { DEFAULT_SETTINGS, type SitemapSettings } from './settings';
import { isRuleId, type RuleId, type SeverityOrOff } from './rules/catalogue';
import { pageSourceMapping } from './site/pageSources';

/** The language layer's settings plus the site roots and the outline's cap. */
export interface SectionSettings extends SitemapSettings {
  /** Folder (relative to the workspace folder, or to wherever the caller says) → site root URL (`sitemap.siteRoots`). */
  siteRoots: Readonly<Record<string, string>>;
  /** `sitemap.symbols.maxItems`: entries shown in the outline. */
  symbols: { maxItems: number };
}

/** `sitemap.symbols.maxItems` when unset. */
export const DEFAULT_MAX_SYMBOLS = 5000;

const SEVERITY_ALIASES: Record<string, SeverityOrOff> = {
  error: 'error', warning: 'warning', warn: 'warning', information: 'information', info: 'information',
  hint: 'hint', off: 'off', none: 'off', ignore: 'off', false: 'off',
};

/** A severity as written in settings (`warn`, `info`, `none`… accepted), or `undefined`. */
export function parseSeverity(value: unknown): SeverityOrOff | undefined {
  return SEVERITY_ALIASES[String(value).trim().toLowerCase()];
}

/** Merges a raw `sitemap` section (any JSON, possibly junk) over the defaults. */
export function resolveSettings(raw: unknown): SectionSettings {
  const section = isObject(raw) ? raw : {};
  const rules: Partial<Record<RuleId, SeverityOrOff>> = {};
  if (isObject(section.rules)) {
    for (const [id, value] of Object.entries(section.rules)) {
      const severity = parseSeverity(value);
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
      maxNewsEntries: count(limits.maxNewsEntries, DEFAULT_SETTINGS.limits.maxNewsEntries, 1),
    },
    allowedHosts: Array.isArray(section.allowedHosts)
      ? section.allowedHosts.filter((h): h is string => typeof h === 'string' && h.trim() !== '')
      : typeof section.allowedHosts === 'string' && section.allowedHosts.trim() !== '' ? [section.allowedHosts] : [],
    robots: { userAgent: userAgentOf(section.robots) },
    pageSources: pageSourcesOf(section.pageSources),
    siteRoots,
    symbols: { maxItems: count(symbols.maxItems, DEFAULT_MAX_SYMBOLS, 1) },
  };
}

/** A crawler's product token (`Googlebot`, `Bingbot`, `Googlebot-Image`): letters, `-` and `_`, as robots.txt names it. */
function userAgentOf(robots: unknown): string {
  const agent = isObject(robots) && typeof robots.userAgent === 'string' ? robots.userAgent.trim() : '';
  return /^[A-Za-z_-]+$/.test(agent) ? agent : DEFAULT_SETTINGS.robots.userAgent;
}

/** The folders whose value maps (a preset's name, or an object with patterns or a preset); others are dropped. */
function pageSourcesOf(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isObject(raw)) return out;
  for (const [folder, value] of Object.entries(raw)) if (pageSourceMapping(value, folder) !== undefined) out[folder] = value;
  return out;
}

function count(value: unknown, fallback: number, min: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
