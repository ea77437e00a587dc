/** What a page that could not be read as one means for the page rules, in one sentence (sitemap-lint's stderr notes;
 * the editor's information messages): said once per root and reason, naming the first such file and how many. */
import type { PageReadNote, SiteRoot } from '../../language/languageService';

export function pageReadNoteText(note: PageReadNote, root: SiteRoot): string {
  const file = root.folder === '' ? note.file : `${root.folder.replace(/\/+$/, '')}/${note.file}`;
  const more = note.count > 1 ? ` (and ${note.count - 1} more)` : '';
  switch (note.reason) {
    case 'not-a-file':
      return `${file}${more} is not a regular file (a FIFO, a socket or a device): it cannot be read as a page, so what it says is not judged.`;
    case 'not-text':
      return `${file}${more} is not text (binary, or UTF-16 read as UTF-8): it cannot be read as a page, so what it says is not judged and it is no unlisted page.`;
    case 'too-large':
      return `${file}${more} is larger than the 15 MB of an HTML file Google reads: only its start is indexed (its head, read here, is judged).`;
    case 'head-unfinished':
      return `the head of ${file}${more} does not end within its first 256 KiB: judged by what was read (tags after that are not seen).`;
  }
}
