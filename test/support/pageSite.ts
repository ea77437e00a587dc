/** A fixture site for the page rules in the editor: built pages (one per rule), robots.txt, _redirects and a sitemap
 * in `public/`, committed in a git repository with fixed dates (the server's and the editor's tests share it). */
import * as path from 'node:path';
import { GIT_TEST_ENV, gitRepository, type GitRepository } from './gitRepository';

export const BASE = 'https://www.example.com/';
export const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function page(title: string, head = ''): string {
  return `<!doctype html>\n<html><head><title>${title}</title>${head}</head><body><p>${title}</p></body></html>\n`;
}

/** The fixture's sitemap: one entry per rule, and two whose lastmod git judges. */
export const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
  <url><loc>${BASE}</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>${BASE}blocked/</loc></url>
  <url><loc>${BASE}noindex</loc></url>
  <url><loc>${BASE}canon</loc></url>
  <url><loc>${BASE}old</loc></url>
  <url><loc>${BASE}moved</loc></url>
  <url><loc>${BASE}a</loc></url>
  <url><loc>${BASE}missing</loc></url>
  <url><loc>${BASE}stale</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>${BASE}inflated</loc><lastmod>2024-06-01</lastmod></url>
</urlset>
`;

export const PAGES: Record<string, string> = {
  'public/index.html': page('Home', `<link rel="canonical" href="${BASE}">`),
  'public/blocked/index.html': page('Blocked'),
  'public/noindex.html': page('Hidden', '<meta name="robots" content="noindex">'),
  'public/canon.html': page('Copy', `<link rel="canonical" href="${BASE}">`),
  'public/old.html': page('Old', `<meta http-equiv="refresh" content="0; url=${BASE}">`),
  'public/a/index.html': page('A'),
  'public/stale.html': page('Stale'),
  'public/inflated.html': page('Inflated'),
  'public/unlisted.html': page('Unlisted'),
  'public/robots.txt': 'User-agent: *\nDisallow: /blocked/\n',
  'public/_redirects': '/moved / 301\n',
  'public/sitemap.xml': SITEMAP,
};

/** A repository with the fixture site: everything on 2024-01-01, stale.html changed again on 2024-03-01. */
export function fixtureSite(dir: string): GitRepository {
  const repo = gitRepository(dir);
  repo.commit('The site', '2024-01-01T12:00:00Z', PAGES);
  repo.commit('Stale changes', '2024-03-01T12:00:00Z', { 'public/stale.html': page('Stale, rewritten') });
  return repo;
}

export const SETTINGS = { siteRoots: { public: BASE } };
/** git may not look above the temporary folders. */
export const gitEnv = (dir: string): Record<string, string> => ({ GIT_CEILING_DIRECTORIES: path.dirname(dir), GIT_CONFIG_GLOBAL: GIT_TEST_ENV.GIT_CONFIG_GLOBAL!, GIT_CONFIG_NOSYSTEM: '1' });

