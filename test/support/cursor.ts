/** Cursor markers and edit application for the feature tests. */
import assert from 'node:assert/strict';

/** Strips the one `|` marking the cursor; returns the text and the cursor's offset. */
export function withCursor(fixture: string): { text: string; offset: number } {
  const offset = fixture.indexOf('|');
  assert.ok(offset >= 0 && fixture.indexOf('|', offset + 1) < 0, 'the fixture needs exactly one | cursor');
  return { text: fixture.slice(0, offset) + fixture.slice(offset + 1), offset };
}

/** Applies non-overlapping edits (offsets against `text`), asserting that they do not overlap. */
export function applyOffsetEdits(text: string, edits: ReadonlyArray<{ start: number; end: number; text: string }>): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let k = 1; k < sorted.length; k++) assert.ok(sorted[k].start >= sorted[k - 1].end, `edits overlap: ${JSON.stringify(sorted)}`);
  let out = text;
  for (let k = sorted.length - 1; k >= 0; k--) out = out.slice(0, sorted[k].start) + sorted[k].text + out.slice(sorted[k].end);
  return out;
}

/** Strips `|` cursors and `[` … `]` selections; returns the text and their ranges (a cursor is an empty range). */
export function withSelections(fixture: string): { text: string; ranges: Array<{ start: number; end: number }> } {
  const ranges: Array<{ start: number; end: number }> = [];
  let text = '';
  let open = -1;
  for (const c of fixture) {
    if (c === '|') ranges.push({ start: text.length, end: text.length });
    else if (c === '[') open = text.length;
    else if (c === ']') ranges.push({ start: open, end: text.length });
    else text += c;
  }
  return { text, ranges };
}
