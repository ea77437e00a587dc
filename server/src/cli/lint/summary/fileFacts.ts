/** What every partition reads of a file (JSON in its section): where it is, its kind and anchor, an index's or a
 * robots.txt's entries, a sitemap's newest `<lastmod>` (stale-index-lastmod). Places are resolved to lines and columns. */
import * as path from 'node:path';
import type { SiteEntry, SiteFileKind } from '../../../language/languageService';
import { positionIn } from '../../../../../shared/lineTable';
import type { LintedFile } from '../lintSite';
import type { SiteFacts } from '../lintContract';

/** 0-based line, column, end line, end column. */
export type Place = [number, number, number, number];

/** An entry: URL, place, lastmod (null: none or not a date), lastmod as written, its place (null without one). */
export type EntryFacts = [string, Place, number | null, string, Place | null];

export interface FileFacts {
  /** Its place in the whole input list. */
  order: number;
  name: string;
  /** Relative to the current directory, '/'-separated. */
  path: string;
  location: string | null;
  kind: SiteFileKind;
  anchor: Place;
  /** A sitemap's entry with the newest lastmod (the first of them), else null. */
  newest: EntryFacts | null;
  /** An index's or robots.txt's entries (a sitemap's are its URL records and page facts). */
  entries: EntryFacts[];
}

export function isSitemapKind(kind: SiteFileKind): boolean {
  return kind === 'urlset' || kind === 'text';
}

export function factsOf(order: number, { result, site }: LintedFile, cwd: string): FileFacts {
  const { summary } = site;
  const sitemap = isSitemapKind(summary.kind);
  return {
    order, name: result.file, path: path.relative(cwd, site.file).split(path.sep).join('/'), location: site.location ?? null,
    kind: summary.kind, anchor: placeOf(site, summary.anchorStart, summary.anchorEnd),
    newest: sitemap ? newestOf(site) : null, entries: sitemap ? [] : summary.entries.map((e) => entryFacts(site, e)),
  };
}

/** The line and column of `start` and `end` as sitemap-lint reports them (lintSite.ts's spanIn). */
export function placeOf(site: SiteFacts, start: number, end: number): Place {
  const s = positionIn(site.lines, site.length, start);
  const e = positionIn(site.lines, site.length, Math.max(start, end));
  return [s.line, s.character, e.line, e.character];
}

export function entryFacts(site: SiteFacts, e: SiteEntry): EntryFacts {
  const lastmod = e.lastmodEnd > e.lastmodStart ? placeOf(site, e.lastmodStart, e.lastmodEnd) : null;
  return [e.url, placeOf(site, e.start, e.end), Number.isNaN(e.lastmod) ? null : e.lastmod, e.lastmodText, lastmod];
}

function newestOf(site: SiteFacts): EntryFacts | null {
  let newest: SiteEntry | undefined;
  for (const e of site.summary.entries) if (!Number.isNaN(e.lastmod) && (newest === undefined || e.lastmod > newest.lastmod)) newest = e;
  return newest === undefined ? null : entryFacts(site, newest);
}

/** The facts as read back, or undefined when they are not (a damaged file). */
export function checkedFacts(value: unknown): FileFacts | undefined {
  const v = value as Partial<FileFacts> | null;
  if (v === null || typeof v !== 'object' || typeof v.order !== 'number' || typeof v.name !== 'string' || typeof v.path !== 'string'
    || !KINDS.includes(v.kind as SiteFileKind) || !isPlace(v.anchor) || !Array.isArray(v.entries) || !v.entries.every(isEntry)
    || (v.newest !== null && !isEntry(v.newest))) return undefined;
  return v as FileFacts;
}

const KINDS: readonly SiteFileKind[] = ['urlset', 'sitemapindex', 'text', 'robots', 'unknown'];

export function isEntry(e: unknown): e is EntryFacts {
  return Array.isArray(e) && e.length === 5 && typeof e[0] === 'string' && isPlace(e[1]) && (e[2] === null || typeof e[2] === 'number')
    && typeof e[3] === 'string' && (e[4] === null || isPlace(e[4]));
}

function isPlace(p: unknown): p is Place {
  return Array.isArray(p) && p.length === 4 && p.every((n) => Number.isInteger(n) && n >= 0);
}
