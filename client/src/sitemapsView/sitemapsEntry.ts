/** Where a Sitemaps view node is listed in its parent's text, to select it there on a click. Pure, no `vscode`, for node:test. */
import type { SiteTreeNode } from '../../../shared/protocol';

export interface TextSpan {
  start: number;
  end: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The node's entry in `text`: the server's range while the text there still reads as the node's URL (as written, or
 * with XML references decoded); else, the tree being older than the text, the URL's first occurrence.
 */
export function listedEntrySpan(node: Pick<SiteTreeNode, 'url' | 'range'>, text: string, offsetAt: (position: NonNullable<SiteTreeNode['range']>['start']) => number): TextSpan | undefined {
  if (node.url === undefined) return undefined;
  if (node.range !== undefined) {
    const span = { start: offsetAt(node.range.start), end: offsetAt(node.range.end) };
    if (readsAs(text.slice(span.start, span.end), node.url)) return span;
  }
  const start = text.indexOf(node.url);
  return start < 0 ? undefined : { start, end: start + node.url.length };
}

function readsAs(written: string, url: string): boolean {
  if (written === url) return true;
  const decoded = written.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (reference, hex: string | undefined, decimal: string | undefined, name: string | undefined) =>
    hex !== undefined ? String.fromCodePoint(parseInt(hex, 16)) : decimal !== undefined ? String.fromCodePoint(parseInt(decimal, 10)) : ENTITIES[name!.toLowerCase()] ?? reference);
  return decoded === url;
}
