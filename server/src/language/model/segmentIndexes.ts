/** The indexes over the entries that the document-wide rules read (URLs, origins, alternates, news, bounds), kept
 * up to date as segments enter and leave the list. */
import { AlternateIndex } from './alternateIndex';
import { OriginCounts } from './originCounts';
import type { Segment } from './segment';
import { SegmentList } from './segmentList';
import { UrlIndex } from './urlIndex';

export class IndexedSegmentList extends SegmentList {
  /** Entry segments by URL, for duplicate-url. */
  readonly urls = new UrlIndex();
  /** Entry URLs per origin, for mixed-hosts. */
  readonly origins = new OriginCounts();
  /** hreflang alternates across entries, for hreflang-not-reciprocal. */
  readonly alternates = new AlternateIndex();
  /** Entries carrying `<news:news>`, for news-too-many-urls. */
  readonly news = new Set<Segment>();
  /**
   * No news article is older than this (epoch ms; lowered as segments are indexed, raised only by a full parse):
   * lets validation see at once that no article is too old.
   */
  newsBound = Infinity;
  /** Segments holding local or contextual problems. */
  readonly problemSegments = new Set<Segment>();
  /** Segments whose contextual problems are not computed yet. */
  readonly contextPending = new Set<Segment>();
  /**
   * Segments whose parse depends on the text after them, on whether an end tag or a "-->" follows them
   * (Segment.absentAfter, presentAfter): rare, each with a problem.
   */
  readonly dependOnTextAfter = new Set<Segment>();
  /**
   * No entry's lastmod is later than this (epoch ms): raised as segments are indexed, never lowered until the next
   * full parse, so an upper bound. Lets validation see at once that no lastmod lies in the future.
   */
  lastmodBound = -Infinity;

  /** Empties every index, before a full parse. */
  protected clearIndexes(): void {
    this.urls.clear();
    this.origins.clear();
    this.problemSegments.clear();
    this.contextPending.clear();
    this.dependOnTextAfter.clear();
    this.lastmodBound = -Infinity;
    this.alternates.clear();
    this.news.clear();
    this.newsBound = Infinity;
  }

  /**
   * `fresh`: a segment of an edit, whose contextual problems are not known yet (after a full parse, all are).
   * `deferUrlIndex`: see ParseOptions; the URL index waits until something asks for it.
   */
  protected index(segment: Segment, fresh: boolean, deferUrlIndex = false): void {
    if (segment.problems.length > 0) this.problemSegments.add(segment);
    if (segment.absentAfter !== undefined || segment.presentAfter !== undefined) this.dependOnTextAfter.add(segment);
    if (fresh && segment.isEntry) this.contextPending.add(segment);
    if (segment.lastmod > this.lastmodBound) this.lastmodBound = segment.lastmod;
    if (segment.extensions !== undefined || fresh) this.indexExtensions(segment, fresh);
    if (segment.url !== undefined) {
      if (deferUrlIndex) this.urls.addLater(segment);
      else this.urls.add(segment);
      this.origins.add(segment.url);
    }
  }

  private indexExtensions(segment: Segment, fresh: boolean): void {
    this.alternates.add(segment, fresh);
    const news = segment.extensions?.news;
    if (news === undefined) return;
    this.news.add(segment);
    if (news.time < this.newsBound) this.newsBound = news.time;
  }

  protected unindex(segment: Segment): void {
    this.alternates.remove(segment);
    this.news.delete(segment);
    this.problemSegments.delete(segment);
    this.dependOnTextAfter.delete(segment);
    this.contextPending.delete(segment);
    if (segment.url !== undefined) {
      this.urls.remove(segment);
      this.origins.remove(segment.url);
    }
  }
}
