/** One file of a sitemap-diff read as it streams, in memory that grows with its URLs, not its text: the pump's windows
 * (windowPump.ts) go to a sink and are let go. The caller tells XML from text by content, as for the split. */
import type { Segment } from '../model/segment';
import type { RootInfo } from '../syntax/parser';
import { WindowPump } from '../stream/windowPump';
import { addEntry, Listing, type UrlSink } from './listing';

/** Characters gathered before a window is parsed. */
const WINDOW = 1 << 20;

export type ListingKind = 'urlset' | 'sitemapindex' | 'text';

export interface ListingResult {
  kind: ListingKind;
  /** An index's child sitemaps; empty for a urlset or a text sitemap, whose URLs went to the sink. */
  children: Listing;
}

/** The text is no sitemap: XML with another root, or text without a single URL line. */
export class NotASitemap extends Error {}

export class ListingStream {
  private readonly pump: WindowPump;
  private readonly children = new Listing();
  private kind: ListingKind | undefined;
  private sawText = false;
  private entries = 0;

  /** `pages`: where a urlset's or a text sitemap's URLs go. */
  constructor(private readonly xml: boolean, private readonly pages: UrlSink, window = WINDOW) {
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

  /** The file's kind, and an index's children. Throws NotASitemap. */
  end(): ListingResult {
    if (!this.xml) {
      this.take(this.pump.lastLines().segments);
      if (this.sawText && this.entries === 0) throw new NotASitemap('no URL line');
    } else {
      if (this.kind === undefined && !this.pump.readHead()) {
        const { parsed } = this.pump.lastXml();
        this.takeRoot(parsed.root);
        this.take(parsed.segments);
      } else {
        this.take(this.pump.lastXml().parsed.segments);
      }
    }
    return { kind: this.kind!, children: this.children };
  }

  private takeRoot(root: RootInfo): boolean {
    if (root.kind !== 'urlset' && root.kind !== 'sitemapindex') throw new NotASitemap(`the root is not <urlset> or <sitemapindex>`);
    this.kind = root.kind;
    return true;
  }

  private take(segments: readonly Segment[]): void {
    const sink = this.kind === 'sitemapindex' ? this.children : this.pages;
    for (const s of segments) if (addEntry(sink, s)) this.entries++;
  }
}
