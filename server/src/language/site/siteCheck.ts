/**
 * checkSite file by file, for a caller that gets its files one at a time (sitemap-lint, as its workers finish):
 * `add` each file in order, then `finish`. cross-file-duplicate-url runs as the files come, each sitemap against
 * the sitemaps before it; the rules that need every file (missing-sitemap-file, nested-index, stale-index-lastmod,
 * unlisted-sitemap) run in `finish`. The problems are checkSite's, in its order (test/unit/siteCheck.test.ts).
 */
import { checkWholeSite, crossDuplicate, type SiteFile, type SiteProblem, type SiteResolver } from './siteRules';
import type { SiteSummary } from './siteSummary';

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
 * Each URL's first listing among the sitemaps remembered: the map gives a slot, the slot's listing lives in arrays
 * (one object per URL cost more than the lookups, hundreds of thousands of them in a large site).
 */
class FirstListings {
  private readonly slots = new Map<string, number>();
  private readonly paths: string[] = [];
  /** Per slot: the listing's file (an index into `paths`), its range, and the file that last reported it. */
  private readonly fileOf: number[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly reportedIn: number[] = [];

  /** Reports `file`'s URLs listed before it (once per URL), and remembers the others as first listed there. */
  checkAndRemember(file: SiteFile, problems: SiteProblem[]): void {
    const k = this.paths.push(file.path) - 1;
    for (const entry of file.summary.entries) {
      const slot = this.slots.get(entry.url);
      if (slot === undefined) {
        this.slots.set(entry.url, this.fileOf.length);
        this.fileOf.push(k);
        this.starts.push(entry.start);
        this.ends.push(entry.end);
        this.reportedIn.push(-1);
      } else if (this.fileOf[slot] !== k) {
        this.report(slot, file, k, entry.start, entry.end, problems);
      }
    }
  }

  /** checkAndRemember for the last sitemap: nothing comes after it to need its listings. */
  check(file: SiteFile, problems: SiteProblem[]): void {
    if (this.slots.size === 0) return;
    const k = this.paths.length;
    for (const entry of file.summary.entries) {
      const slot = this.slots.get(entry.url);
      if (slot !== undefined) this.report(slot, file, k, entry.start, entry.end, problems);
    }
  }

  /** A second listing in one file is duplicate-url's, not ours: once per URL and file. */
  private report(slot: number, file: SiteFile, k: number, start: number, end: number, problems: SiteProblem[]): void {
    if (this.reportedIn[slot] === k) return;
    this.reportedIn[slot] = k;
    problems.push(crossDuplicate(file.path, start, end, this.paths[this.fileOf[slot]], this.starts[slot], this.ends[slot]));
  }
}
