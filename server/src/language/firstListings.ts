/**
 * The first listing of each distinct URL in a streamed document, for duplicate-url: its URL and its range, two
 * numbers in a typed array rather than an object per entry (offsets below 2^32, as the line table's). A lone sitemap
 * keeps no site summary, so this is all the stream holds per entry.
 */
import { FirstUrls } from './firstUrls';

export class FirstListings {
  private readonly urls: string[] = [];
  /** start, end of each first listing. */
  private ranges = new Uint32Array(1 << 12);
  private readonly index = new FirstUrls((n) => this.urls[n]);

  /**
   * The number of the first listing of `url`, or undefined after recording this one, at [start, end). `url` is kept:
   * it must not be a view of a window (copyString), and is shared with the site summary's entry when there is one.
   */
  firstOf(url: string, start: number, end: number): number | undefined {
    const n = this.urls.length;
    const first = this.index.firstOf(n, url);
    if (first !== undefined) return first;
    this.urls.push(url);
    if (2 * n + 2 > this.ranges.length) {
      const grown = new Uint32Array(this.ranges.length * 2);
      grown.set(this.ranges);
      this.ranges = grown;
    }
    this.ranges[2 * n] = start;
    this.ranges[2 * n + 1] = end;
    return undefined;
  }

  startOf(first: number): number {
    return this.ranges[2 * first];
  }

  endOf(first: number): number {
    return this.ranges[2 * first + 1];
  }
}
