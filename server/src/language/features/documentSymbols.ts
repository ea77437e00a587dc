/** The outline: the root and one symbol per entry, named by its URL, read from the entry index (the n-th in O(log n)),
 * so a capped outline costs the same whatever the file's size; past a cap a last symbol counts what was left out. */
import type { DocumentSymbolData, SymbolKindName, SymbolOptions } from '../sitemapLanguageTypes';
import { formatCount, formatLimitMegabytes } from '../../../../shared/byteSize';
import type { SitemapModel } from '../model/model';
import { SegmentKind } from '../model/segment';
import { unescapeXml } from '../syntax/xmlText';
import { entryExtent, rootStructure } from './structure';
import { DEFAULT_MAX_SYMBOLS } from '../settingsSection';

export function findDocumentSymbols(model: SitemapModel, options: SymbolOptions = {}): DocumentSymbolData[] {
  const max = Math.max(0, Math.floor(options.maxItems ?? DEFAULT_MAX_SYMBOLS));
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const overhead = options.entryOverheadBytes ?? 0;
  const count = model.entryCount;
  const isText = model.languageId === 'sitemap-txt';
  const entryKind: SymbolKindName = isText ? 'line' : model.kind === 'sitemapindex' ? 'sitemap' : 'url';
  const entries: DocumentSymbolData[] = [];
  let bytes = 0;
  for (let n = 0; n < Math.min(count, max); n++) {
    const symbol = entrySymbol(model, n, entryKind);
    bytes += overhead + jsonBytes(symbol.name) + (symbol.detail === undefined ? 0 : jsonBytes(symbol.detail));
    if (bytes > maxBytes) break;
    entries.push(symbol);
  }
  const shown = entries.length;
  if (shown < count) {
    const first = extentOf(model, shown);
    const last = extentOf(model, count - 1);
    const rest = count - shown;
    const cap = shown < max ? `the outline is kept under ${formatLimitMegabytes(maxBytes)} MB` : `sitemap.symbols.maxItems is ${formatCount(max)}`;
    entries.push({
      name: `… ${formatCount(rest)} more ${rest === 1 ? 'entry' : 'entries'} not shown (${cap})`,
      kind: 'more', start: first.start, end: last.end, selectionStart: first.start, selectionEnd: first.start,
    });
  }
  if (isText) return entries;
  const root = rootStructure(model);
  const element = root.element;
  if (element === undefined || (model.kind !== 'urlset' && model.kind !== 'sitemapindex')) return entries;
  const end = root.endTagEnd >= 0 ? root.endTagEnd : model.length;
  const noun = model.kind === 'urlset' ? 'URL' : 'sitemap';
  let detail = `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
  if (shown < count) detail += ` (the first ${formatCount(shown)} shown)`;
  return [{
    name: element.qname, detail, kind: 'root', start: element.start, end, selectionStart: element.nameStart, selectionEnd: element.nameEnd, children: entries,
  }];
}

/** The UTF-8 length of `text` as a JSON string, or more (escapes and surrogates counted at their longest). */
function jsonBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) bytes += 6;
    else if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

function extentOf(model: SitemapModel, n: number): { start: number; end: number } {
  const index = model.entrySegment(n);
  const base = model.segmentStart(index);
  const extent = entryExtent(model.segments[index]);
  return { start: base + extent.start, end: base + extent.end };
}

function entrySymbol(model: SitemapModel, n: number, kind: SymbolKindName): DocumentSymbolData {
  const index = model.entrySegment(n);
  const segment = model.segments[index];
  const base = model.segmentStart(index);
  const extent = entryExtent(segment);
  const hasUrl = segment.url !== undefined;
  const symbol: DocumentSymbolData = {
    name: hasUrl ? unescapeXml(segment.url!) : `<${segment.text.slice(segment.tagStart + 1, segment.tagEnd - 1).trim()}> without <loc>`,
    kind,
    start: base + extent.start,
    end: base + extent.end,
    selectionStart: base + (hasUrl ? segment.urlStart : segment.tagStart),
    selectionEnd: base + (hasUrl ? segment.urlEnd : segment.tagEnd),
  };
  if (segment.kind !== SegmentKind.Line && segment.lastmodEnd > segment.lastmodStart) {
    symbol.detail = segment.text.slice(segment.lastmodStart, segment.lastmodEnd);
  }
  return symbol;
}
