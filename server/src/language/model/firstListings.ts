/** The first listing of each distinct URL in a streamed document (duplicate-url): URL and range in typed arrays, not an
 * object per entry. A lone sitemap's URLs are packed (packedUrls.ts); with a site summary, they are its strings. */
import { FirstUrls } from './firstUrls';
import { PackedUrls } from './packedUrls';
import { Uint32Blocks } from './uint32Blocks';

export class FirstListings {
  private readonly urls: { push(url: string): void; get(n: number): string };
  private count = 0;
  /** start, end of each first listing. */
  private readonly ranges = new Uint32Blocks();
  private readonly index = new FirstUrls((n) => this.urls.get(n));

  /** `shared`: URLs are given as strings of their own (copyString) and kept as they are, else packed. */
  constructor(shared: boolean) {
    if (!shared) {
      this.urls = new PackedUrls();
      return;
    }
    const strings: string[] = [];
    this.urls = { push: (url) => strings.push(url), get: (n) => strings[n] };
  }

  /** The number of the first listing of `url`, or undefined after recording this one, at [start, end). */
  firstOf(url: string, start: number, end: number): number | undefined {
    const n = this.count;
    const first = this.index.firstOf(n, url);
    if (first !== undefined) return first;
    this.count++;
    this.urls.push(url);
    this.ranges.set(2 * n, start);
    this.ranges.set(2 * n + 1, end);
    return undefined;
  }

  startOf(first: number): number {
    return this.ranges.get(2 * first);
  }

  endOf(first: number): number {
    return this.ranges.get(2 * first + 1);
  }
}
