/**
 * checkSite file by file, for a caller that gets its files one at a time (sitemap-lint, as its workers finish):
 * `add` each file in order, then `finish`. cross-file-duplicate-url runs as the files come, each sitemap against
 * the sitemaps before it; the rules that need every file (missing-sitemap-file, nested-index, stale-index-lastmod,
 * unlisted-sitemap) run in `finish`. The problems are checkSite's, in its order (test/unit/siteCheck.test.ts).
 */
import { checkWholeSite, crossDuplicate, type SiteFile, type SiteProblem, type SiteResolver } from './siteRules';
import { siteUrlsOf, type SiteSummary, type SiteUrls } from './siteSummary';
import { Uint32Blocks } from '../uint32Blocks';

export class SiteCheck {
  private readonly files: SiteFile[] = [];
  private readonly duplicates: SiteProblem[] = [];
  private readonly listings = new FirstListings();
  /** The latest sitemap, checked and remembered only once another comes: the last one is never remembered. */
  private pending: SiteFile | undefined;

  add(file: SiteFile): void {
    this.files.push(file);
    if (!isSitemap(file.summary)) return;
    if (this.pending !== undefined) this.listings.checkAndRemember(this.pending, this.duplicates);
    this.pending = file;
  }

  /** Every problem of the files added, as checkSite(files, resolver) gives them. */
  finish(resolver: SiteResolver): SiteProblem[] {
    if (this.pending !== undefined) this.listings.check(this.pending, this.duplicates);
    this.pending = undefined;
    return checkWholeSite(this.files, resolver, this.duplicates);
  }
}

function isSitemap(summary: SiteSummary): boolean {
  return summary.kind === 'urlset' || summary.kind === 'text';
}

/**
 * Each URL's first listing among the sitemaps remembered, in an open-addressing table keyed by the URLs' hashes
 * (siteUrlsOf: a worker's summary brings them), the URLs themselves compared only where two hashes are equal. A
 * string-keyed Map over the hundreds of thousands of URLs of a large site cost most of sitemap-lint's main thread.
 */
class FirstListings {
  /** Per slot: the hash, then the listing's number + 1 (0: empty). */
  private table = new Int32Array(2 << 12);
  private count = 0;
  /** Per file remembered: its path and its URL columns. */
  private readonly paths: string[] = [];
  private readonly urls: SiteUrls[] = [];
  /** Per listing: its file, its entry in that file, and the file that last reported it + 1 (0: none). */
  private readonly fileOf = new Uint32Blocks();
  private readonly entryOf = new Uint32Blocks();
  private readonly reportedIn = new Uint32Blocks();
  /** Where find stopped: the empty slot that a new listing of the URL looked for goes in. */
  private free = 0;

  /** Reports `file`'s URLs listed before it (once per URL), and remembers the others as first listed there. */
  checkAndRemember(file: SiteFile, problems: SiteProblem[]): void {
    const urls = siteUrlsOf(file.summary);
    const k = this.paths.push(file.path) - 1;
    this.urls.push(urls);
    const { hashes, ranges } = urls;
    for (let e = 0; e < hashes.length; e++) {
      const listing = this.find(hashes[e], urls, e);
      if (listing < 0) this.remember(hashes[e], k, e);
      else if (this.fileOf.get(listing) !== k) this.report(listing, file, k, ranges[2 * e], ranges[2 * e + 1], problems);
    }
  }

  /** checkAndRemember for the last sitemap: nothing comes after it to need its listings. */
  check(file: SiteFile, problems: SiteProblem[]): void {
    if (this.count === 0) return;
    const urls = siteUrlsOf(file.summary);
    const k = this.paths.length;
    const { hashes, ranges } = urls;
    for (let e = 0; e < hashes.length; e++) {
      const listing = this.find(hashes[e], urls, e);
      if (listing >= 0) this.report(listing, file, k, ranges[2 * e], ranges[2 * e + 1], problems);
    }
  }

  /** The listing of entry `e`'s URL, or -1 (then `free` is where it would go). */
  private find(hash: number, urls: SiteUrls, e: number): number {
    const { table } = this;
    const mask = (table.length >> 1) - 1;
    let url: string | undefined;
    for (let j = hash & mask; ; j = (j + 1) & mask) {
      const slot = table[2 * j + 1];
      if (slot === 0) {
        this.free = j;
        return -1;
      }
      if (table[2 * j] !== hash) continue;
      url ??= urls.urlAt(e);
      if (this.urls[this.fileOf.get(slot - 1)].urlAt(this.entryOf.get(slot - 1)) === url) return slot - 1;
    }
  }

  private remember(hash: number, k: number, e: number): void {
    const n = this.count++;
    this.fileOf.set(n, k);
    this.entryOf.set(n, e);
    this.reportedIn.set(n, 0);
    this.table[2 * this.free] = hash;
    this.table[2 * this.free + 1] = n + 1;
    if (this.count * 2 > this.table.length >> 1) this.grow();
  }

  private grow(): void {
    const old = this.table;
    const table = (this.table = new Int32Array(old.length * 2));
    const mask = (table.length >> 1) - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      let j = old[i] & mask;
      while (table[2 * j + 1] !== 0) j = (j + 1) & mask;
      table[2 * j] = old[i];
      table[2 * j + 1] = old[i + 1];
    }
  }

  /** A second listing in one file is duplicate-url's, not ours: once per URL and file. */
  private report(listing: number, file: SiteFile, k: number, start: number, end: number, problems: SiteProblem[]): void {
    if (this.reportedIn.get(listing) === k + 1) return;
    this.reportedIn.set(listing, k + 1);
    const first = this.fileOf.get(listing);
    const e = this.entryOf.get(listing);
    const ranges = this.urls[first].ranges;
    problems.push(crossDuplicate(file.path, start, end, this.paths[first], ranges[2 * e], ranges[2 * e + 1]));
  }
}
