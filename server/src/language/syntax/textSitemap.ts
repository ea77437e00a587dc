/** Text sitemaps: one absolute URL per line. Each line is a segment, so an edit reparses only the lines it touches. */
import type { LocalProblem } from '../rules/catalogue';
import { checkListedUrl } from '../rules/listedUrl';
import type { ValueProblem } from '../rules/valueProblem';
import { Ch, isWhitespace } from './textMetrics';
import { Segment, SegmentKind } from '../model/segment';
import { escapeXml } from './xmlText';

/** A line meant as a URL (then checked as one), rather than a header, footer or comment such as `URLs:`. */
const LOOKS_LIKE_A_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^www\.|\//i;

/** Splits `text` into line segments (each with its line break). */
export function parseTextLines(text: string): Segment[] {
  return splitLines(text, parseLine);
}

/**
 * Splits `text` into one segment per line (with its line break), each made by `parseLine` from the line's text, the
 * length of its content (without the break) and its count of line breaks (0 or 1). Text sitemaps and robots.txt.
 */
export function splitLines(text: string, parseLine: (lineText: string, contentLength: number, lineBreaks: number) => Segment): Segment[] {
  const segments: Segment[] = [];
  const end = text.length;
  let start = 0;
  while (start < end) {
    let p = start;
    let c = 0;
    while (p < end) {
      c = text.charCodeAt(p);
      if (c === Ch.LineFeed || c === Ch.CarriageReturn) break;
      p++;
    }
    const contentEnd = p;
    if (p < end) p += c === Ch.CarriageReturn && text.charCodeAt(p + 1) === Ch.LineFeed ? 2 : 1;
    segments.push(parseLine(text.slice(start, p), contentEnd - start, p > contentEnd ? 1 : 0));
    start = p;
  }
  return segments;
}

function parseLine(lineText: string, contentLength: number, lineBreaks: number): Segment {
  const segment = new Segment(SegmentKind.Line, lineText);
  segment.lineBreaks = lineBreaks;
  let first = 0;
  // A byte-order mark may open a UTF-8 file.
  if (lineText.charCodeAt(0) === Ch.Bom) first = 1;
  let last = contentLength;
  while (first < last && isWhitespace(lineText.charCodeAt(first))) first++;
  while (last > first && isWhitespace(lineText.charCodeAt(last - 1))) last--;
  if (first === last) return segment; // blank lines are tolerated and not counted
  const problems: LocalProblem[] = [];
  for (let p = first; p < last; p++) {
    const c = lineText.charCodeAt(p);
    if (c === Ch.Replacement) problems.push({ rule: 'encoding', start: p, end: p + 1, message: 'U+FFFD, the replacement character: the file was probably not valid UTF-8 when it was read.' });
  }
  const value = lineText.slice(first, last);
  let inner = 0;
  while (inner < value.length && !isWhitespace(value.charCodeAt(inner))) inner++;
  if (inner < value.length) {
    problems.push({ rule: 'text-sitemap-line', start: first, end: last, message: 'A text sitemap line holds one URL and nothing else.' });
  } else if (!LOOKS_LIKE_A_URL.test(value) || value.charCodeAt(0) === Ch.LessThan) {
    problems.push({ rule: 'text-sitemap-line', start: first, end: last, message: 'This line is not a URL: a text sitemap has no headers, comments or markup.' });
  } else {
    const found: ValueProblem[] = [];
    checkListedUrl(value, found);
    for (const p of found) problems.push({ rule: p.rule, start: first + p.start, end: first + p.end, message: p.message });
    segment.isEntry = true;
    segment.tagStart = first;
    segment.tagEnd = last;
    segment.url = escapeXml(value);
    segment.urlStart = first;
    segment.urlEnd = last;
  }
  if (problems.length > 0) segment.problems = problems;
  return segment;
}
