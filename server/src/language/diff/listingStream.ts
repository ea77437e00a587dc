/** One side of a sitemap-diff read as it streams, in memory that grows with its URLs, not its text: the pump's windows
 * (windowPump.ts) go into a Listing and are let go. The caller tells XML from text by content, as for the split. */
import type { Segment } from '../model/segment';
import type { RootInfo } from '../syntax/parser';
import { WindowPump } from '../stream/windowPump';
import { Listing } from './listing';

/** Characters gathered before a window is parsed. */
const WINDOW = 1 << 20;

export type ListingKind = 'urlset' | 'sitemapindex' | 'text';

export interface ListingResult {
  kind: ListingKind;
  /** A urlset's or text sitemap's URLs; an index's child sitemaps. */
  listing: Listing;
}

/** The text is no sitemap: XML with another root, or text without a single URL line. */
export class NotASitemap extends Error {}

export class ListingStream {
  private readonly pump: WindowPump;
  private readonly listing = new Listing();
  private kind: ListingKind | undefined;
  private sawText = false;

  constructor(private readonly xml: boolean, window = WINDOW) {
    this.pump = new WindowPump({ xml, window, backOff: true }, {
      head: (_head, root) => this.takeRoot(root),
      window: (segments) => this.take(segments),
    });
    if (!xml) this.kind = 'text';
  }

  push(text: string): void {
    if (!this.sawText && /\S/.test(text)) this.sawText = true;
    this.pump.push(text);
  }

  /** The side's listing. Throws NotASitemap. */
  end(): ListingResult {
    if (!this.xml) {
      this.take(this.pump.lastLines().segments);
      if (this.sawText && this.listing.size === 0) throw new NotASitemap('no URL line');
    } else {
      if (this.kind === undefined && !this.pump.readHead()) {
        const { parsed } = this.pump.lastXml();
        this.takeRoot(parsed.root);
        this.take(parsed.segments);
      } else {
        this.take(this.pump.lastXml().parsed.segments);
      }
    }
    return { kind: this.kind!, listing: this.listing };
  }

  private takeRoot(root: RootInfo): boolean {
    if (root.kind !== 'urlset' && root.kind !== 'sitemapindex') throw new NotASitemap(`the root is not <urlset> or <sitemapindex>`);
    this.kind = root.kind;
    return true;
  }

  private take(segments: readonly Segment[]): void {
    for (const s of segments) {
      if (!s.isEntry || s.url === undefined) continue;
      const lastmod = s.lastmodEnd > s.lastmodStart ? s.text.slice(s.lastmodStart, s.lastmodEnd).trim() : undefined;
      this.listing.add(s.url, lastmod, s.lastmod);
    }
  }
}
