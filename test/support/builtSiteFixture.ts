/** An in-memory BuiltSite for the page rules' tests: built files as text, git facts as dates, as node/builtSite/builtSiteReader.ts
 * would give them from disk (pages read lazily, once). */
import type { BuiltRedirects, BuiltSite, HistoryNote, PageSource } from '../../server/src/language/site/builtSite';
import { readPageFacts, type PageFacts } from '../../server/src/language/site/pageFacts';
import { urlsOfFile, type SiteRoot } from '../../server/src/language/site/pageResolution';
import { parseRobotsRules } from '../../server/src/language/site/robotsMatcher';
import { parseRedirectsFile } from '../../server/src/language/site/redirectsFile';
import { parseVercelJson, vercelImplicitRedirect } from '../../server/src/language/site/vercelJson';
import type { SourceHistory } from '../../server/src/language/site/lastmodJudgement';

export const SITE_URL = 'https://www.example.com/';
export const SITE_ROOT: SiteRoot = { folder: 'public', url: SITE_URL };

export interface BuiltSiteSpec {
  root?: SiteRoot;
  /** Path relative to the root's folder → content. `robots.txt`, `_redirects` and `vercel.json` are read as the host's. */
  files: Record<string, string>;
  /**
   * Path relative to the root's folder → its source's history: an ISO date (one commit that changed its content, author
   * = committer), the dates of its last content change and of a template commit after it, or the facts.
   */
  history?: Record<string, string | ContentAndTemplate | SourceHistory>;
  historyNotes?: HistoryNote[];
  now?: number;
}

export function builtSite(spec: BuiltSiteSpec): BuiltSite {
  const root = spec.root ?? SITE_ROOT;
  const folder = root.folder === '' ? '' : `${root.folder}/`;
  const files = new Set(Object.keys(spec.files));
  const facts = new Map<string, PageFacts | undefined>();
  const robotsText = spec.files['robots.txt'];
  const redirects: BuiltRedirects[] = [];
  if (spec.files._redirects !== undefined) redirects.push({ file: '_redirects', host: 'netlify', rules: parseRedirectsFile(spec.files._redirects).rules });
  if (spec.files['vercel.json'] !== undefined) {
    const config = parseVercelJson(spec.files['vercel.json']);
    redirects.push({ file: 'vercel.json', host: 'vercel', rules: config.rules, implicit: (url: string) => vercelImplicitRedirect(config, url) });
  }
  return {
    root, files, redirects,
    hasPages: [...files].some((file) => /\.html?$/i.test(file)),
    robots: robotsText === undefined ? undefined : { file: `${folder}robots.txt`, rules: parseRobotsRules(robotsText) },
    page(file) {
      if (!facts.has(file)) {
        const text = spec.files[file];
        facts.set(file, text === undefined || !/\.html?$/i.test(file) ? undefined : readPageFacts(text, urlsOfFile(file, root)[0]!));
      }
      return facts.get(file);
    },
    source: (_url, file) => sourceOf(spec.history?.[file], `${folder}${file}`),
    historyNotes: spec.historyNotes ?? [],
    now: spec.now ?? Date.UTC(2025, 5, 15, 12),
  };
}

/** A page's last content change, and a commit that changed only its template after it (ISO dates). */
export interface ContentAndTemplate {
  content: string;
  template?: string;
}

function sourceOf(history: string | ContentAndTemplate | SourceHistory | undefined, path: string): PageSource | undefined {
  if (history === undefined) return undefined;
  if (typeof history !== 'string' && !('content' in history)) return { path, history };
  const dates = typeof history === 'string' ? { content: history } : history;
  const time = Date.parse(dates.content);
  const last = dates.template === undefined ? time : Date.parse(dates.template);
  const contentCommit = { hash: 'abc1234', subject: 'Edit the page', time, changed: ['text' as const] };
  const commit = last === time ? contentCommit : { hash: 'def5678', subject: 'Theme: a new sidebar', time: last };
  return { path, history: { newest: { time: last, authorTime: last }, significant: { time, authorTime: time }, uncommitted: false }, commit, contentCommit };
}

/** A page whose head holds `head`. */
export function page(head = '', title = 'A page'): string {
  return `<!doctype html>\n<html><head><title>${title}</title>${head}</head><body><p>Hello</p></body></html>\n`;
}
