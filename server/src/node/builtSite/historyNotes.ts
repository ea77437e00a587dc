/** What git's state means for the lastmod rules, in one sentence each (sitemap-lint's stderr notes; the editor's
 * information messages): said once, never per entry. A note that does not name its folder reads the same for every root. */
import type { HistoryNote, SiteRoot } from '../../language/languageService';

const NOT_JUDGED = 'no <lastmod> is judged against the pages\' history';

export function historyNoteText(note: HistoryNote, root: SiteRoot): string {
  switch (note.kind) {
    case 'untrusted':
      return `the workspace is not trusted, so git is not run: ${NOT_JUDGED}.`;
    case 'no-git':
      return `git is not available${note.detail === undefined ? '' : ` (${note.detail})`}: ${NOT_JUDGED}.`;
    case 'not-a-repository':
      return `${folderOf(root)} is not in a git repository: ${NOT_JUDGED}.`;
    case 'shallow':
      return `the repository is a shallow clone (CI's default checkout) with no history to date pages by: ${NOT_JUDGED}; fetch the whole history (actions/checkout: fetch-depth: 0) to judge it.`;
    case 'failed':
      return `git could not read the history${note.detail === undefined ? '' : ` (${note.detail})`}: ${NOT_JUDGED}.`;
    case 'mass-commit':
      return `commit ${note.commit.slice(0, 7)}${note.subject === '' ? '' : ` "${note.subject}"`} (${new Date(note.time).toISOString().slice(0, 10)}) rewrote ${note.pages} pages of ${folderOf(root)}: `
        + 'the built files\' history dates builds, not content, so pages changed only by such commits are not judged; '
        + 'set sitemap.pageSources (pageSources in the config file) to date them by their sources.';
  }
}

function folderOf(root: SiteRoot): string {
  return root.folder === '' ? 'the folder' : root.folder;
}
