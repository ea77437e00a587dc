/** `--live-cache FILE`: each listed URL's verdict kept with the validators of its answer (ETag, Last-Modified) and the
 * date it was checked, so that a rerun asks conditionally (If-None-Match, If-Modified-Since) and a 304 reuses the
 * verdict: checking 50,000 URLs daily costs what changed. Only a URL that answered directly (no redirect) with a
 * validator is kept: a 304 then means the very answer the verdict was judged from. robots.txt is asked every run
 * and comes first (a URL it now disallows is never asked). The file is read whole at the start (a corrupt or foreign
 * one is one note and ignored) and written at the end, atomically: a temporary file in the same folder renamed over
 * it, so that a crash or Ctrl+C mid-write never leaves half a file. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LIVE_RULE_IDS, type LiveRecord, type LiveVerdict } from '../../language/languageService';

/** What the file says it is: another tool's JSON, or a future version, is not read as ours. */
const FORMAT = 'sitemap-studio live cache';
const VERSION = 1;

export interface CachedVerdict {
  /** The URL asked (the listed one, or its path on --live-origin): a cache of another origin is not reused. */
  asked: string;
  /** ISO 8601: when the answer was last judged or revalidated. */
  checked: string;
  etag?: string;
  lastModified?: string;
  /** null: the URL was fine. */
  verdict: LiveVerdict | null;
}

interface CacheFile {
  format: string;
  version: number;
  entries: Record<string, CachedVerdict>;
}

export class LiveCache {
  /** This run's entries, written at the end; the URLs it did not check keep their old entry. */
  private readonly fresh = new Map<string, CachedVerdict>();

  private constructor(readonly file: string, private readonly old: ReadonlyMap<string, CachedVerdict>) {}

  /** The cache in `file`: empty when there is none; a file that is not one is told to `onNote` and ignored. */
  static open(file: string, onNote: (text: string) => void): LiveCache {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') onNote(`${file}: the live cache could not be read (${(e as Error).message}); every URL is asked anew.`);
      return new LiveCache(file, new Map());
    }
    const entries = parsedEntries(text);
    if (entries === undefined) onNote(`${file} is not a live cache of this version (corrupt, or another tool's); it is ignored and replaced at the end.`);
    return new LiveCache(file, entries ?? new Map());
  }

  /** The conditional request headers for `listed` asked at `asked`, when a verdict is kept for it. */
  conditional(listed: string, asked: string): Record<string, string> | undefined {
    const kept = this.old.get(listed);
    if (kept === undefined || kept.asked !== asked) return undefined;
    const headers: Record<string, string> = {};
    if (kept.etag !== undefined) headers['if-none-match'] = kept.etag;
    if (kept.lastModified !== undefined) headers['if-modified-since'] = kept.lastModified;
    return Object.keys(headers).length > 0 ? headers : undefined;
  }

  /** A 304 for `listed`: its kept verdict, dated today (undefined: nothing kept, judge the answer). */
  revalidated(listed: string, now: Date): { verdict: LiveVerdict | undefined } | undefined {
    const kept = this.old.get(listed);
    if (kept === undefined) return undefined;
    this.fresh.set(listed, { ...kept, checked: now.toISOString() });
    return { verdict: kept.verdict ?? undefined };
  }

  /** Keeps `record`'s verdict when its answer came directly, with a validator; forgets the URL's old entry else. */
  judged(record: LiveRecord, asked: string, verdict: LiveVerdict | undefined, now: Date): void {
    const only = record.hops.length === 1 && record.stop.kind === 'answered' ? record.hops[0]! : undefined;
    const etag = only?.headers.etag;
    const lastModified = only?.headers['last-modified'];
    if (only === undefined || (etag === undefined && lastModified === undefined)) {
      this.fresh.set(record.listedUrl, { asked: '', checked: now.toISOString(), verdict: null });
      return;
    }
    this.fresh.set(record.listedUrl, { asked, checked: now.toISOString(), ...(etag !== undefined ? { etag } : {}), ...(lastModified !== undefined ? { lastModified } : {}), verdict: verdict ?? null });
  }

  /** Writes the entries of `urls` (this run's: the URLs no sitemap lists any more are dropped), atomically. */
  save(urls: Iterable<string>): void {
    const entries: Record<string, CachedVerdict> = {};
    for (const url of urls) {
      const entry = this.fresh.get(url) ?? this.old.get(url);
      // An entry without validators (asked: '') only marks the old one as stale.
      if (entry !== undefined && entry.asked !== '') entries[url] = entry;
    }
    const body: CacheFile = { format: FORMAT, version: VERSION, entries };
    const temporary = path.join(path.dirname(path.resolve(this.file)), `.${path.basename(this.file)}.${process.pid}.tmp`);
    try {
      fs.writeFileSync(temporary, `${JSON.stringify(body)}\n`);
      fs.renameSync(temporary, this.file);
    } catch (e) {
      fs.rmSync(temporary, { force: true });
      throw e;
    }
  }
}

/** The entries of a cache file's text, or undefined when it is not one. */
function parsedEntries(text: string): Map<string, CachedVerdict> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const file = parsed as Partial<CacheFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== FORMAT || file.version !== VERSION) return undefined;
  if (typeof file.entries !== 'object' || file.entries === null) return undefined;
  const entries = new Map<string, CachedVerdict>();
  for (const [url, entry] of Object.entries(file.entries)) {
    if (isCachedVerdict(entry)) entries.set(url, entry);
  }
  return entries;
}

function isCachedVerdict(entry: unknown): entry is CachedVerdict {
  const e = entry as Partial<CachedVerdict> | null;
  if (typeof e !== 'object' || e === null || typeof e.asked !== 'string' || typeof e.checked !== 'string') return false;
  if (!isHeaderValue(e.etag) || !isHeaderValue(e.lastModified)) return false;
  const v = e.verdict as Partial<LiveVerdict> | null | undefined;
  if (v === null) return true;
  return typeof v === 'object' && v !== undefined && (LIVE_RULE_IDS as readonly unknown[]).includes(v.rule) && typeof v.message === 'string' && typeof v.url === 'string';
}

/** Absent, or a value that may be sent as a header (no control character would end it early). */
function isHeaderValue(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && !/[\0-\x1f\x7f]/.test(value));
}
