/** Offsets (the language layer's) to LSP ranges (the protocol's), at the edge: one conversion for every handler. */
import type { Range } from 'vscode-languageserver';
import { positionsAt, type SitemapDocument } from '../../language/languageService';

/** The range of [start, end), clamped into the document (a stale or odd offset never throws). */
export function rangeOf(doc: SitemapDocument, start: number, end: number): Range {
  const s = clamp(start, doc.length);
  const e = Math.max(s, clamp(end, doc.length));
  return { start: doc.positionAt(s), end: doc.positionAt(e) };
}

/**
 * The ranges of many spans at once, as rangeOf gives them: before the document's line index is built (a fresh open's
 * first diagnostics), one walk over its segments instead of building the index.
 */
export function rangesOf(doc: SitemapDocument, spans: readonly { start: number; end: number }[]): Range[] {
  const offsets: number[] = [];
  for (const { start, end } of spans) {
    const s = clamp(start, doc.length);
    offsets.push(s, Math.max(s, clamp(end, doc.length)));
  }
  const positions = positionsAt(doc, offsets);
  return spans.map((_, k) => ({ start: positions[2 * k], end: positions[2 * k + 1] }));
}

function clamp(offset: number, length: number): number {
  return Number.isFinite(offset) ? Math.min(Math.max(0, Math.floor(offset)), length) : 0;
}
