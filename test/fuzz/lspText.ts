/**
 * The fuzzer's own copy of each open document's text (lspRun.ts), kept as an editor keeps it: positions resolved and
 * clamped as the protocol's reference implementation (vscode-languageserver-textdocument) and the server clamp them —
 * a line past the last is the end of the text, a character past its line's end is the next line's start — so that the
 * server's text can be compared with it.
 */
import type { Range, TextEdit } from 'vscode-languageserver-protocol';
import type { Position } from './lspCase';

/** The offsets where each line starts (after `\n`, `\r\n`, or a `\r` alone). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** The largest line or character number the protocol allows (a `uinteger`). */
const MAX_UINTEGER = 2 ** 31 - 1;

/** A generated position ({@link Position}: fractions of the lines and of the line's length) in `text`. */
export function positionIn(text: string, [line, character]: Position): { line: number; character: number } {
  if (line >= 10) return { line: MAX_UINTEGER, character: MAX_UINTEGER };
  const starts = lineStarts(text);
  const l = Math.floor(line * starts.length);
  const length = l < starts.length ? (l + 1 < starts.length ? starts[l + 1] : text.length) - starts[l] : 0;
  return { line: l, character: Math.floor(character * (length + 1)) };
}

export function rangeIn(text: string, from: Position, to: Position): Range {
  return { start: positionIn(text, from), end: positionIn(text, to) };
}

/** The offset of an LSP position, clamped as the server clamps it (segmentList.ts's offsetAt). */
export function offsetAt(text: string, position: { line: number; character: number }): number {
  const starts = lineStarts(text);
  const line = Math.floor(position.line);
  if (line < 0 || Number.isNaN(line)) return 0;
  if (line >= starts.length) return text.length;
  const next = line + 1 < starts.length ? starts[line + 1] : text.length;
  return Math.max(starts[line], Math.min(starts[line] + Math.max(0, Math.floor(position.character) || 0), next));
}

/** `text` with one ranged change applied, as the server applies a `didChange` (an end before the start is the start). */
export function applyChange(text: string, range: Range, insert: string): string {
  const start = offsetAt(text, range.start);
  const end = Math.max(start, offsetAt(text, range.end));
  return text.slice(0, start) + insert + text.slice(end);
}

/** `text` with a workspace edit's text edits applied, as an editor applies them: all against the text before them. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const spans = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const span of spans) result = result.slice(0, span.start) + span.text + result.slice(Math.max(span.start, span.end));
  return result;
}
