/** Where the linted sitemaps list each URL, for --live to place a URL's verdict on every `<loc>` that lists it. Held
 * through the whole live check, so in columns: about 30 bytes a URL instead of an object and an array per entry
 * (some 250 bytes; 25 MB of the run's heap at 100,000 URLs). */
import type { SiteSummary } from '../../language/languageService';

export interface ListedPlace {
  path: string;
  start: number;
  end: number;
}

export class ListedPlaces {
  private readonly paths: string[] = [];
  /** Each URL's first place (an index into the columns). */
  private readonly first = new Map<string, number>();
  /** Per place: its file (index in `paths`), start, end, and the same URL's next place (-1: none). */
  private readonly file: Int32Array;
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  private readonly next: Int32Array;
  /** The last place of each URL listed more than once, so that places stay in the order listed. */
  private readonly last = new Map<string, number>();
  private count = 0;

  /** The pages `files` list (urlsets and text sitemaps; an index lists sitemaps, not pages). */
  constructor(files: Iterable<{ path: string; summary: SiteSummary }>) {
    const listing = [...files].filter(({ summary }) => summary.kind === 'urlset' || summary.kind === 'text');
    const size = listing.reduce((sum, { summary }) => sum + summary.entries.length, 0);
    this.file = new Int32Array(size);
    this.starts = new Float64Array(size);
    this.ends = new Float64Array(size);
    this.next = new Int32Array(size).fill(-1);
    for (const { path, summary } of listing) {
      this.paths.push(path);
      for (const entry of summary.entries) this.add(entry.url, this.paths.length - 1, entry.start, entry.end);
    }
  }

  /** The URLs, each once, in the order first listed. */
  urls(): IterableIterator<string> {
    return this.first.keys();
  }

  /** Every place that lists `url`, in the order listed. */
  *placesOf(url: string): Generator<ListedPlace> {
    for (let k = this.first.get(url) ?? -1; k !== -1; k = this.next[k]!) {
      yield { path: this.paths[this.file[k]!]!, start: this.starts[k]!, end: this.ends[k]! };
    }
  }

  private add(url: string, file: number, start: number, end: number): void {
    const k = this.count++;
    this.file[k] = file;
    this.starts[k] = start;
    this.ends[k] = end;
    const first = this.first.get(url);
    if (first === undefined) {
      this.first.set(url, k);
      return;
    }
    this.next[this.last.get(url) ?? first] = k;
    this.last.set(url, k);
  }
}
