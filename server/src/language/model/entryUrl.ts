/** The URL a problem is about: that of the entry (`<url>`, `<sitemap>`, a text sitemap's line) whose element holds the
 * problem's range. sitemap-lint reports it beside each problem (a minified sitemap's problems differ by column alone). */
import { SegmentKind, type Segment } from './segment';
import { unescapeXml } from '../syntax/xmlText';

/** The entry's URL, decoded, when `start`–`end` (relative to the segment) lies within its element; else undefined. */
export function entryUrlOf(segment: Segment, start: number, end: number): string | undefined {
  if (!segment.isEntry || segment.url === undefined || start < 0) return undefined;
  // An element segment also holds what follows the element up to the next one (whitespace, a comment).
  const entryEnd = segment.kind === SegmentKind.Element ? segment.elementEnd : segment.text.length;
  return end <= entryEnd && start <= entryEnd ? unescapeXml(segment.url) : undefined;
}

/**
 * The URLs of the problems at `ranges` (start and end of each, absolute offsets) in `segments`, the whole document in
 * order: one walk, as positionsAt makes before the model's prefix sums exist (a linter asks once per file).
 */
export function entryUrlsAt(segments: readonly Segment[], ranges: readonly number[]): Array<string | undefined> {
  const count = ranges.length / 2;
  const order = Array.from({ length: count }, (_, k) => k).sort((a, b) => ranges[2 * a] - ranges[2 * b]);
  const urls = new Array<string | undefined>(count).fill(undefined);
  let s = 0;
  let offset = 0;
  for (const k of order) {
    const start = ranges[2 * k];
    // The segment holding `start`: the last one whose start is at or before it.
    while (s < segments.length - 1 && offset + segments[s].text.length <= start) offset += segments[s++].text.length;
    if (s < segments.length) urls[k] = entryUrlOf(segments[s], start - offset, ranges[2 * k + 1] - offset);
  }
  return urls;
}
