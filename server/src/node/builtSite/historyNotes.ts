/** What git's state means for the lastmod rules, in one sentence each (sitemap-lint's stderr notes; the editor's
 * information messages): said once, never per entry. A note that does not name its folder reads the same for every root. */
import type { HistoryNote, SiteRoot } from '../../language/languageService';
import { withCause } from '../../../../shared/causes';

const NOT_JUDGED = 'no <lastmod> is judged against the pages\' history';

export function historyNoteText(note: HistoryNote, root: SiteRoot): string {
  switch (note.kind) {
    case 'untrusted':
      return `the workspace is not trusted, so git is not run: ${NOT_JUDGED}.`;
    case 'no-git':
      return `${withCause('git is not available', note.detail)}: ${NOT_JUDGED}.`;
    case 'not-a-repository':
      return `${folderOf(root)} is not in a git repository: ${NOT_JUDGED}.`;
    case 'shallow':
      return `the repository is a shallow clone (CI's default checkout) with no history to date pages by: ${NOT_JUDGED}; fetch the whole history (actions/checkout: fetch-depth: 0) to judge it.`;
    case 'failed':
      return `${withCause('git could not read the history', note.detail)}: ${NOT_JUDGED}.`;
    case 'undated-content':
      return `${note.pages === 1 ? `${note.example} of ${folderOf(root)}` : `${note.pages} pages of ${folderOf(root)} (${note.example} first)`} changed in git, but none of `
        + `the newest commits that changed ${note.pages === 1 ? 'it' : 'them'} changed the content, or a version was too large to read: lastmod-stale does not judge ${note.pages === 1 ? 'it' : 'them'}.`;
    case 'unmapped-sources':
      return unmappedText(note, folderOf(root));
  }
}

function folderOf(root: SiteRoot): string {
  return root.folder === '' ? 'the folder' : root.folder;
}

/** The warning on a `sitemap.pageSources` mapping that maps nothing (the editor's note says the same). */
export function unmappedText(note: { page?: string; example?: string }, folder: string): string {
  const tried = note.example ? ` (for ${note.page} it tried ${note.example})` : '';
  return `sitemap.pageSources maps ${folder} to sources, but no page of it to a file git tracks${tried}: check the mapping's root (relative to the workspace folder) and patterns; its pages are dated by their built files meanwhile.`;
}
