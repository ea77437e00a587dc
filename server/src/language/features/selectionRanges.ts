/** Smart selection: value → element → … → entry → root → document, from the one segment under each cursor. */
import type { RangeData } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { SegmentKind } from '../model/segment';
import { contentContains, elementAt, locate, rootStructure, structureOf, trimmedContent } from './structure';

/** For each offset, the ranges around it from the innermost to the outermost, each containing the one before. */
export function getSelectionRanges(model: SitemapModel, offsets: readonly number[]): RangeData[][] {
  return offsets.map((offset) => selectionAt(model, offset));
}

function selectionAt(model: SitemapModel, offset: number): RangeData[] {
  const chain: RangeData[] = [];
  const push = (start: number, end: number): void => {
    const last = chain[chain.length - 1];
    if (end <= start && last !== undefined) return;
    if (last === undefined || (start <= last.start && end >= last.end && (start < last.start || end > last.end))) chain.push({ start, end });
  };
  const at = locate(model, offset, false);
  const r = at.offset;
  const text = at.segment.text;
  if (at.segment.kind === SegmentKind.Line) {
    if (at.segment.url !== undefined && r >= at.segment.urlStart && r <= at.segment.urlEnd) push(at.base + at.segment.urlStart, at.base + at.segment.urlEnd);
    let e = text.length;
    while (e > 0 && (text[e - 1] === '\n' || text[e - 1] === '\r')) e--;
    push(at.base, at.base + e);
  } else {
    const structure = structureOf(at.segment);
    const root = rootStructure(model);
    let element = elementAt(structure.elements, r);
    if (element === undefined && r > 0) {
      element = elementAt(structure.elements, r - 1);
      if (element !== undefined && element.end !== r) element = undefined;
    }
    if (element !== undefined) {
      if (element.children.length === 0 && contentContains(element, r)) {
        const [s, e] = trimmedContent(text, element);
        if (r >= s && r <= e && e > s) push(at.base + s, at.base + e);
      }
      const attribute = element.attributes.find((a) => r >= a.nameStart && r <= (a.valueStart >= 0 ? a.valueEnd + 1 : a.nameEnd));
      if (attribute !== undefined) {
        if (attribute.valueStart >= 0 && r >= attribute.valueStart && r <= attribute.valueEnd) push(at.base + attribute.valueStart, at.base + attribute.valueEnd);
        push(at.base + attribute.nameStart, at.base + (attribute.valueStart >= 0 ? attribute.valueEnd + 1 : attribute.nameEnd));
      } else if (r >= element.nameStart && r <= element.nameEnd) {
        push(at.base + element.nameStart, at.base + element.nameEnd);
      }
      for (let e: typeof element | undefined = element; e !== undefined; e = e.parent) {
        if (e === root.element && at.segment.kind === SegmentKind.Head) break;
        push(at.base + e.start, at.base + e.end);
      }
    }
    if (root.element !== undefined && offset >= root.element.start) {
      const end = root.endTagEnd >= 0 ? root.endTagEnd : model.length;
      if (offset <= end) push(root.element.start, end);
    }
  }
  push(0, model.length);
  return chain;
}
