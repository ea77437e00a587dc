/** Merge Index into One Sitemap's messages that depend on counts: the children it cannot read, and what it merged. */
import type { MergeIndexChild, MergeIndexResult } from '../../../shared/protocol';

/** How many missing children a message names before it counts the rest. */
const NAMED_CHILDREN = 3;

/** `1 of 4 children has no readable local file: …` with the reason of each of the first few. */
export function missingChildrenText(children: readonly MergeIndexChild[]): string {
  const missing = children.filter((c) => c.problem !== undefined);
  const shown = missing.slice(0, NAMED_CHILDREN).map((c) => `${c.loc || '(an entry without <loc>)'} (${describeProblem(c.problem!)})`);
  const rest = missing.length - shown.length;
  return `${missing.length} of ${count(children.length, 'child', 'children')} ${missing.length === 1 ? 'has' : 'have'} no readable local file: `
    + `${shown.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}.`;
}

/** What merging without the missing children loses. */
export function partialMergeText(children: readonly MergeIndexChild[]): string {
  const missing = children.filter((c) => c.problem !== undefined).length;
  const readable = children.length - missing;
  return `Merging the other ${count(readable, 'child', 'children')} leaves out every entry of ${missing === 1 ? 'that child' : `those ${missing}`}; `
    + 'the index lists them no more.';
}

export function mergeSummary(name: string, result: MergeIndexResult): string {
  const merged = result.merged!;
  const used = result.children.filter((c) => c.problem === undefined);
  const left = result.children.length - used.length;
  let text = `Merged ${count(merged.entries, 'entry', 'entries')} from ${count(used.length, 'child', 'children')} into ${name}; the child files are unchanged.`;
  if (left > 0) text += ` Left out ${count(left, 'child', 'children')} without a readable file.`;
  if (merged.duplicateUrls > 0) {
    text += ` ${count(merged.duplicateUrls, 'entry lists a URL', 'entries list a URL')} already listed (Sitemap: Remove Duplicate URLs).`;
  }
  if (merged.addedNamespaces.length > 0) text += ` Declared on the root: ${merged.addedNamespaces.join(' ')}.`;
  if (merged.droppedLines > 0) text += ` ${count(merged.droppedLines, 'line', 'lines')} of text sitemaps that were not URLs left out.`;
  return text;
}

function describeProblem(problem: NonNullable<MergeIndexChild['problem']>): string {
  return problem === 'unmapped' ? 'no local file for this URL: set sitemap.siteRoots' : problem === 'not-found' ? 'no such file' : 'unreadable';
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
