/** Compare with Last Commit's words: the counts in one line, and the lists' document (sitemap-diff's markdown). */
import type { CompareResult } from '../../../../shared/protocol';

/** `sitemap.xml against HEAD: 3 → 4 URLs, 2 added, 1 removed, 1 lastmod changed.` */
export function compareSummary(name: string, oldName: string, result: CompareResult): string {
  const { counts } = result.diff!;
  const numbers = `${counts.added} added, ${counts.removed} removed, ${counts.lastmodChanged} lastmod changed`;
  if (result.oldMissing === true) return `${name} is not in ${revisionOf(oldName)} (a new file): all ${count(counts.new)} URLs are added.`;
  if (counts.added + counts.removed + counts.lastmodChanged === 0) return `${name} lists the same ${count(counts.new)} URLs as ${oldName}, with the same lastmods.`;
  return `${name} against ${oldName}: ${count(counts.old)} → ${count(counts.new)} URLs, ${numbers}.`;
}

/** The lists' document: the two sides named, then `sitemap-diff --format markdown --all`'s text. */
export function compareDocumentText(name: string, oldName: string, result: CompareResult): string {
  return `Old: \`${oldName}\` · New: \`${name}\` as in the editor (unsaved edits included)\n\n${result.markdown ?? ''}`;
}

function revisionOf(oldName: string): string {
  const colon = oldName.indexOf(':');
  return colon > 0 ? oldName.slice(0, colon) : oldName;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
