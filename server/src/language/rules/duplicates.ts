/** duplicate-url: the same `<loc>` twice in one file, related to its first occurrence. Offsets are absolute. */
import type { Problem } from './catalogue';
import type { SitemapModel } from '../model/model';

export function checkDuplicates(model: SitemapModel, problems: Problem[]): void {
  for (const group of model.urls.duplicateGroups()) {
    const ordered = group.sort((a, b) => a.index - b.index);
    const first = ordered[0];
    const firstStart = model.segmentStart(first.index);
    const related = firstOccurrence(firstStart + first.urlStart, firstStart + first.urlEnd);
    for (let k = 1; k < ordered.length; k++) {
      const segment = ordered[k];
      const start = model.segmentStart(segment.index);
      problems.push({
        rule: 'duplicate-url', start: start + segment.urlStart, end: start + segment.urlEnd,
        message: duplicateMessage(ordered.length), related,
      });
    }
  }
}

export function duplicateMessage(times: number): string {
  return `This URL is already listed (${times} times in all).`;
}

export function firstOccurrence(start: number, end: number): Problem['related'] {
  return [{ start, end, message: 'First occurrence.' }];
}
