/**
 * Where the streams (validationStream.ts, edits/splitStream.ts) cut their text into windows: before an entry start
 * tag that parseXmlRegion confirms as a segment boundary (the region ends back in the root's content, nothing pending).
 */
import { parseXmlRegion, type RootInfo } from '../syntax/parser';
import { isNameChar } from '../syntax/textMetrics';
import type { Segment } from '../model/segment';

/** Cut candidates tried per window before waiting for more text. */
const CUT_TRIES = 4;

/** The entry start tag as the root's prefix writes it (`<url`, `<s:url`): what a cut looks for. */
export function entryTagOf(headText: string, root: RootInfo): string {
  const qname = headText.slice(root.nameStart, root.nameEnd);
  const colon = qname.indexOf(':');
  return `<${colon > 0 ? qname.slice(0, colon + 1) : ''}${root.entryName}`;
}

/** The longest prefix of `buffer`, among its last CUT_TRIES entry start tags, that parses as whole segments. */
export function cutWindow(buffer: string, entryTag: string, root: RootInfo): { cut: number; segments: Segment[] } | undefined {
  let before = buffer.length;
  for (let tries = 0; tries < CUT_TRIES; tries++) {
    const cut = lastEntryStart(buffer, entryTag, before);
    if (cut <= 0) break;
    const segments = parseXmlRegion(buffer.slice(0, cut), root);
    if (segments !== undefined) return { cut, segments };
    before = cut;
  }
  return undefined;
}

/** The last entry start tag before `before`: a candidate segment boundary. */
function lastEntryStart(b: string, entryTag: string, before: number): number {
  let p = b.lastIndexOf(entryTag, before - 1);
  while (p > 0 && p + entryTag.length < b.length && isNameChar(b.charCodeAt(p + entryTag.length))) {
    p = b.lastIndexOf(entryTag, p - 1);
  }
  return p;
}
