/** checkSiteRules fed one file at a time (sitemap-lint, as its workers finish): `add` each file in order, then
 * `finish`, which runs the rules that need every file. Same problems in the same order as checkSiteRules. */
import { checkSiteRulesGiven, crossDuplicate, type SiteFile, type SiteProblem, type SiteResolver } from './siteRules';
import { siteUrlsOf, type SiteSummary, type SiteUrls } from './siteSummary';

export class SiteRulesFileByFile {
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

  /** Every problem of the files added, as checkSiteRules(files, resolver) gives them. */
  finish(resolver: SiteResolver): SiteProblem[] {
    if (this.pending !== undefined) this.listings.check(this.pending, this.duplicates);
    this.pending = undefined;
    return checkSiteRulesGiven(this.files, resolver, this.duplicates);
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
  /**
   * Per slot, SLOT numbers: the URL's hash, its first listing's file + 1 (0: an empty slot), its entry in that file,
   * and the file that last reported it + 1 (0: none). All in the slot the probe reads, so that a lookup touches one
   * place in a table of several megabytes.
   */
  private table = new Int32Array(SLOT << 12);
  private count = 0;
  /** Per file remembered: its path and its URL columns. */
  private readonly paths: string[] = [];
  private readonly urls: SiteUrls[] = [];
  /** Where find stopped: the empty slot that a new listing of the URL looked for goes in. */
  private free = 0;

  /** Reports `file`'s URLs listed before it (once per URL), and remembers the others as first listed there. */
  checkAndRemember(file: SiteFile, problems: SiteProblem[]): void {
    const urls = siteUrlsOf(file.summary);
    const k = this.paths.push(file.path) - 1;
    this.urls.push(urls);
    const { hashes } = urls;
    for (let e = 0; e < hashes.length; e++) {
      const at = this.find(hashes[e], urls, e);
      if (at < 0) this.remember(hashes[e], k, e);
      else if (this.table[at + 1] !== k + 1) this.report(at, file, k, urls, e, problems);
    }
  }

  /** checkAndRemember for the last sitemap: nothing comes after it to need its listings. */
  check(file: SiteFile, problems: SiteProblem[]): void {
    if (this.count === 0) return;
    const urls = siteUrlsOf(file.summary);
    const k = this.paths.length;
    const { hashes } = urls;
    for (let e = 0; e < hashes.length; e++) {
      const at = this.find(hashes[e], urls, e);
      if (at >= 0) this.report(at, file, k, urls, e, problems);
    }
  }

  /** Where in `table` the listing of entry `e`'s URL is, or -1 (then `free` is where it would go). */
  private find(hash: number, urls: SiteUrls, e: number): number {
    const { table } = this;
    const mask = table.length / SLOT - 1;
    let url: string | undefined;
    for (let j = hash & mask; ; j = (j + 1) & mask) {
      const at = j * SLOT;
      const file = table[at + 1];
      if (file === 0) {
        this.free = at;
        return -1;
      }
      if (table[at] !== hash) continue;
      url ??= urls.urlAt(e);
      if (this.urls[file - 1].urlAt(table[at + 2]) === url) return at;
    }
  }

  private remember(hash: number, k: number, e: number): void {
    const at = this.free;
    this.table[at] = hash;
    this.table[at + 1] = k + 1;
    this.table[at + 2] = e;
    if (++this.count * 2 > this.table.length / SLOT) this.grow();
  }

  private grow(): void {
    const old = this.table;
    const table = (this.table = new Int32Array(old.length * 2));
    const mask = table.length / SLOT - 1;
    for (let i = 0; i < old.length; i += SLOT) {
      if (old[i + 1] === 0) continue;
      let j = old[i] & mask;
      while (table[j * SLOT + 1] !== 0) j = (j + 1) & mask;
      for (let n = 0; n < SLOT; n++) table[j * SLOT + n] = old[i + n];
    }
  }

  /** A second listing in one file is duplicate-url's, not ours: once per URL and file. */
  private report(at: number, file: SiteFile, k: number, urls: SiteUrls, e: number, problems: SiteProblem[]): void {
    const { table } = this;
    if (table[at + 3] === k + 1) return;
    table[at + 3] = k + 1;
    const first = table[at + 1] - 1;
    const ranges = this.urls[first].ranges;
    const f = table[at + 2];
    const url = urls.keysOnly === true ? undefined : urls.urlAt(e);
    problems.push(crossDuplicate(file.path, urls.ranges[2 * e], urls.ranges[2 * e + 1], this.paths[first], ranges[2 * f], ranges[2 * f + 1], url));
  }
}

/** Numbers per slot of FirstListings' table. */
const SLOT = 4;
