/** How much of a built page is read, in a module of its own: the web worker's server reads pages with these sizes before
 * the page rules' script (which holds pageFacts.ts) has loaded. */

/** At most this much of a page is read; a head is rarely over a few kilobytes. */
export const MAX_PAGE_CHARS = 256 * 1024;
/** What a reader reads of a page first: most heads end within it (docs/performance.md); readPageHead says when not. */
export const PAGE_HEAD_CHUNK = 16 * 1024;
