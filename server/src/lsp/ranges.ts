/** Offsets (the language layer's) to LSP ranges (the protocol's), at the edge: one conversion for every handler. */
import type { Range } from 'vscode-languageserver';
import type { SitemapDocument } from '../language/languageService';

/** The range of [start, end), clamped into the document (a stale or odd offset never throws). */
export function rangeOf(doc: SitemapDocument, start: number, end: number): Range {
  const s = clamp(start, doc.length);
  const e = Math.max(s, clamp(end, doc.length));
  return { start: doc.positionAt(s), end: doc.positionAt(e) };
}

function clamp(offset: number, length: number): number {
  return Number.isFinite(offset) ? Math.min(Math.max(0, Math.floor(offset)), length) : 0;
}
