/** Entries by URL across many sitemaps (workspace symbols): a document's decoded URLs in one string and two typed
 * arrays that outlive its model, searched case-insensitively for a substring. */
import type { Position, SitemapDocument } from '../sitemapLanguageTypes';
import { SitemapModel } from './model';
import { Ch } from '../syntax/textMetrics';
import { unescapeXml } from '../syntax/xmlText';
import { lastStartAtOrBefore } from '../../../../shared/sortedSearch';

/** Joins the URLs: XML cannot hold U+0000, not even as a character reference, so no URL contains it. */
const SEPARATOR = '\u0000';

export interface UrlSearchIndex {
  /** The decoded URLs joined by U+0000 (a fresh string: it keeps no slice of the document's text alive). */
  readonly text: string;
  /** Where URL `i` starts in `text`; `starts[count]` is `text.length + 1`. */
  readonly starts: Int32Array;
  /** Per URL: line and character of the start, then of the end, of its `<loc>` value (or text-sitemap line). */
  readonly ranges: Int32Array;
  readonly count: number;
}

export interface UrlMatch {
  url: string;
  start: Position;
  end: Position;
}

/** Indexes the entries of `document` that have a URL, in document order. */
export function indexEntryUrls(document: SitemapDocument): UrlSearchIndex {
  if (!(document instanceof SitemapModel)) throw new TypeError('Not a document created by parseDocument.');
  const urls: string[] = [];
  const positions: number[] = [];
  // One pass over the segments, tracking lines: cheaper than a positionAt per URL (O(log n) and a line scan each).
  let offset = 0;
  let line = 0;
  let lineStart = 0;
  for (const segment of document.segments) {
    const text = segment.text;
    if (segment.isEntry && segment.url !== undefined) {
      urls.push(unescapeXml(segment.url));
      let l = line;
      let ls = lineStart;
      let p = 0;
      for (const target of [segment.urlStart, segment.urlEnd]) {
        for (; p < target; p++) {
          const c = text.charCodeAt(p);
          // A CR right before an LF belongs to that LF (as in the model's positionAt).
          if (c === Ch.LineFeed || (c === Ch.CarriageReturn && text.charCodeAt(p + 1) !== Ch.LineFeed)) {
            l++;
            ls = offset + p + 1;
          }
        }
        positions.push(l, offset + target - ls);
      }
    }
    if (segment.lineBreaks > 0) {
      line += segment.lineBreaks;
      lineStart = offset + Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;
    }
    offset += text.length;
  }
  const count = urls.length;
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    at += urls[i].length + 1;
  }
  starts[count] = at;
  return { text: urls.join(SEPARATOR), starts, ranges: Int32Array.from(positions), count };
}

/**
 * Calls `onMatch` for each URL containing `query` (case-insensitively; an empty query matches every URL), in
 * document order, until it returns `false`.
 */
export function searchUrls(index: UrlSearchIndex, query: string, onMatch: (match: UrlMatch) => boolean): void {
  const needle = query.replaceAll(SEPARATOR, '');
  if (needle === '') {
    for (let i = 0; i < index.count; i++) if (!onMatch(matchAt(index, i))) return;
    return;
  }
  const pattern = new RegExp(needle.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'), 'giu');
  let found: RegExpExecArray | null;
  while ((found = pattern.exec(index.text)) !== null) {
    const i = urlAt(index, found.index);
    if (!onMatch(matchAt(index, i))) return;
    // One match per URL: go on with the next one.
    pattern.lastIndex = index.starts[i + 1];
  }
}

function matchAt(index: UrlSearchIndex, i: number): UrlMatch {
  const r = index.ranges;
  return {
    url: index.text.slice(index.starts[i], index.starts[i + 1] - 1),
    start: { line: r[4 * i], character: r[4 * i + 1] },
    end: { line: r[4 * i + 2], character: r[4 * i + 3] },
  };
}

/** The URL holding offset `at` of `index.text`. */
function urlAt(index: UrlSearchIndex, at: number): number {
  return lastStartAtOrBefore(index.starts, index.count, at);
}
