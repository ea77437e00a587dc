/** Convert to XML Sitemap / to Text Sitemap, in the original's line ending. To XML, URL lines are percent-encoded as
 * the `invalid-url` fix would (repaired, not dropped) and a line that is no URL even then is skipped; to text, all but
 * each entry's `<loc>` is counted as dropped. */
import type { SitemapModel } from '../model/model';
import { SITEMAP_NAMESPACE } from '../syntax/parser';
import { SegmentKind } from '../model/segment';
import { namespaceOf, rootStructure, structureOf } from '../features/structure';
import { escapeXml, unescapeXml } from '../syntax/xmlText';
import { percentEncodeUrl } from '../features/percentEncoding';
import { hasSyntaxErrors } from './entries';

/** A line of a text sitemap, by number (1-based) and trimmed text. */
export interface SourceLine {
  line: number;
  text: string;
}

export type ConvertResult =
  | {
    status: 'converted'; text: string; entries: number; dropped: Record<string, number>;
    /** To XML: the lines that are no URL, even percent-encoded. */
    skippedLines?: SourceLine[];
    /** To XML: the URL lines written percent-encoded (as the `invalid-url` quick fix encodes them). */
    encodedLines?: SourceLine[];
  }
  | { status: 'not-convertible' };

export function convertToXml(model: SitemapModel): ConvertResult {
  if (model.languageId !== 'sitemap-txt') return { status: 'not-convertible' };
  const eol = lineEnding(model);
  let body = '';
  let entries = 0;
  const skippedLines: SourceLine[] = [];
  const encodedLines: SourceLine[] = [];
  let line = 0;
  for (const segment of model.segments) {
    if (segment.kind !== SegmentKind.Line) continue;
    line++;
    const text = lineValue(segment.text);
    if (text === '') continue; // blank lines are not content
    const url = segment.url !== undefined ? unescapeXml(segment.url) : text;
    const encoded = percentEncodeUrl(url);
    if (segment.url === undefined && encoded === undefined) {
      skippedLines.push({ line, text });
      continue;
    }
    if (encoded !== undefined && encoded !== url) encodedLines.push({ line, text });
    body += `  <url>${eol}    <loc>${escapeXml(encoded ?? url)}</loc>${eol}  </url>${eol}`;
    entries++;
  }
  const text = `<?xml version="1.0" encoding="UTF-8"?>${eol}<urlset xmlns="${SITEMAP_NAMESPACE}">${eol}${body}</urlset>${eol}`;
  const dropped: Record<string, number> = skippedLines.length > 0 ? { 'non-URL line': skippedLines.length } : {};
  return { status: 'converted', text, entries, dropped, skippedLines, encodedLines };
}

export function convertToText(model: SitemapModel): ConvertResult {
  if (model.kind !== 'urlset' || hasSyntaxErrors(model)) return { status: 'not-convertible' };
  const eol = lineEnding(model);
  const root = rootStructure(model);
  const dropped: Record<string, number> = {};
  const drop = (what: string, n = 1): void => {
    dropped[what] = (dropped[what] ?? 0) + n;
  };
  let text = '';
  let entries = 0;
  for (const segment of model.segments) {
    const structure = structureOf(segment);
    const comments = structure.opaque.filter((start, k) => k % 2 === 0 && segment.text.startsWith('<!--', start)).length;
    if (comments > 0) drop('comment', comments);
    if (segment.kind !== SegmentKind.Element) continue;
    const element = structure.elements[0];
    if (!segment.isEntry || segment.url === undefined) {
      drop(segment.isEntry ? 'entry without a loc' : `<${element?.qname ?? '?'}>`);
      continue;
    }
    text += unescapeXml(segment.url) + eol;
    entries++;
    for (const child of element?.children ?? []) {
      if (child.local === 'loc' && namespaceOf(child, root) === model.root?.sitemapNamespace) continue;
      drop(child.qname);
    }
  }
  return { status: 'converted', text, entries, dropped };
}

/** A line's content without its byte-order mark, line break and surrounding whitespace. */
function lineValue(line: string): string {
  return line.replace(/^\ufeff/, '').replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/** The original's first line break, `\n` when it has none. */
function lineEnding(model: SitemapModel): string {
  for (const segment of model.segments) {
    const match = /\r\n|\n|\r/.exec(segment.text);
    if (match !== null) return match[0];
  }
  return '\n';
}
