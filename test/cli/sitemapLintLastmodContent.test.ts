/**
 * lastmod by content in `sitemap-lint` (dist/sitemap-lint.js), on built sites committed to real git repositories with
 * fixed dates: a template commit is no news (no lastmod-stale), a change to the main text, title, structured data or a
 * link is (lastmod-stale naming that commit), a whitespace change is not, and a lastmod after every change to the file is
 * inflated whatever that change was (the MkDocs case: a site-wide commit).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { GIT_TEST_ENV, gitRepository, type GitRepository } from '../support/gitRepository';
import { loc, ROOT, urlset } from '../support/siteFixture';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const folder = tempFolders('sitemap-lint-lastmod-content-');

interface Parts {
  title?: string;
  description?: string;
  data?: string;
  text?: string;
  link?: string;
  /** Whitespace written into the main text (a reformatted build). */
  spaces?: string;
  /** The template: a sidebar, a footer. */
  sidebar?: string;
  footer?: string;
}

/** A built page as a generator writes it: a head, a sidebar, the main content, a footer. */
function page(parts: Parts = {}): string {
  const space = parts.spaces ?? ' ';
  return `<!doctype html><html><head><title>${parts.title ?? 'A page'}</title><meta name="description" content="${parts.description ?? 'About it'}">`
    + `<script type="application/ld+json">${parts.data ?? '{"@type":"Article","headline":"A page"}'}</script>`
    + `<link rel="stylesheet" href="/css/site.css?v=${parts.sidebar ?? '1'}"></head><body>`
    + `<header><a href="/">Home</a></header><aside><ul><li><a href="/a/">A</a></li>${parts.sidebar ?? ''}</ul></aside>`
    + `<main><h1>A page</h1>${space}<p>${parts.text ?? 'What it says.'}${space}<a href="${parts.link ?? '/related/'}">Related</a></p></main>`
    + `<footer>${parts.footer ?? '© 2024'}</footer></body></html>\n`;
}

const PAGES = 25;
const pagePath = (n: number): string => `public/p${n}/index.html`;
/** Every page as `parts(n)` writes it. */
const allPages = (parts: (n: number) => Parts): Record<string, string> => Object.fromEntries(Array.from({ length: PAGES }, (_, n) => [pagePath(n), page(parts(n))]));
/** The sitemap: page n with `lastmods[n]`, else 2024-01-02. */
const sitemap = (lastmods: Record<number, string> = {}): string => urlset(...Array.from({ length: PAGES }, (_, n) => `${loc(`p${n}/`)}<lastmod>${lastmods[n] ?? '2024-01-02'}</lastmod>`));

/** git may not look above the temporary folders. */
const env = (dir: string): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) });

interface Problem {
  rule: string;
  /** `line:column-line:column` of the problem. */
  range: string;
  /** The related information's messages. */
  related: string[];
}

function lint(repo: GitRepository): Problem[] {
  const r = spawnSync(process.execPath, [BIN, '--format', 'sarif', `--site-root=public=${ROOT}`, 'public/sitemap.xml'], { cwd: repo.dir, encoding: 'utf8', env: env(repo.dir) });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const sarif = JSON.parse(r.stdout) as { runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }>; relatedLocations?: Array<{ message: { text: string } }> }> }> };
  return sarif.runs[0].results.filter((p) => p.ruleId.startsWith('lastmod-')).map((p) => {
    const region = p.locations[0].physicalLocation.region;
    return { rule: p.ruleId, range: `${region.startLine}:${region.startColumn}-${region.endLine}:${region.endColumn}`, related: (p.relatedLocations ?? []).map((l) => l.message.text) };
  });
}

/** The `<lastmod>` value of page n's entry (line n + 3), 10 characters. */
function lastmodRange(n: number): string {
  const column = 1 + '<url><loc>'.length + `${ROOT}p${n}/`.length + '</loc><lastmod>'.length;
  return `${n + 3}:${column}-${n + 3}:${column + 10}`;
}

/** The site as built on 2024-01-01 (its sitemap beside it), with `lastmods`. */
function builtSite(lastmods: Record<number, string> = {}): GitRepository {
  const repo = gitRepository(folder());
  repo.commit('first build', '2024-01-01T12:00:00Z', { ...allPages(() => ({})), 'public/sitemap.xml': sitemap(lastmods) });
  return repo;
}

describe('sitemap-lint: lastmod by content', () => {
  it('reports no lastmod-stale for a sidebar edit that rewrote 15 of 25 pages after their lastmod', () => {
    const repo = builtSite();
    repo.commit('sidebar: add a link', '2024-03-01T12:00:00Z', allPages((n) => (n < 15 ? { sidebar: '<li><a href="/b/">B</a></li>' } : {})));
    repo.commit('footer: 2024 → 2025', '2024-04-01T12:00:00Z', allPages((n) => (n < 15 ? { sidebar: '<li><a href="/b/">B</a></li>', footer: '© 2025' } : {})));
    assert.deepEqual(lint(repo), []);
  });

  it('reports lastmod-stale for a main-text edit after the lastmod, naming that commit, not the template commit after it', () => {
    const repo = builtSite();
    const edit = repo.commit('rewrite p3', '2024-03-01T12:00:00Z', { [pagePath(3)]: page({ text: 'What it says now.' }) });
    const sidebar = repo.commit('sidebar: add a link', '2024-04-01T12:00:00Z', allPages((n) => ({ sidebar: '<li><a href="/b/">B</a></li>', ...(n === 3 ? { text: 'What it says now.' } : {}) })));
    const problems = lint(repo);
    assert.deepEqual(problems.map((p) => `${p.rule} ${p.range}`), [`lastmod-stale ${lastmodRange(3)}`]);
    const related = problems[0].related.join('\n');
    assert.ok(related.includes(edit.slice(0, 7)), related);
    assert.ok(related.includes(sidebar.slice(0, 7)), related);
  });

  it('reports no lastmod-stale for pages first committed after their lastmod (a built folder committed late), only for one edited since', () => {
    const repo = gitRepository(folder());
    const lastmods = Object.fromEntries(Array.from({ length: PAGES }, (_, n) => [n, '2023-06-01']));
    repo.commit('commit the built site at last', '2024-01-01T12:00:00Z', { ...allPages(() => ({})), 'public/sitemap.xml': sitemap(lastmods) });
    repo.commit('rewrite p3', '2024-03-01T12:00:00Z', { [pagePath(3)]: page({ text: 'What it says now.' }) });
    assert.deepEqual(lint(repo).map((p) => `${p.rule} ${p.range}`), [`lastmod-stale ${lastmodRange(3)}`]);
  });

  it('reports lastmod-inflated for a lastmod four days after the page\'s last change, though that change was a site-wide commit', () => {
    const repo = builtSite({ 7: '2024-03-05' });
    repo.commit('theme: new footer', '2024-03-01T12:00:00Z', allPages(() => ({ footer: '© 2024 · Theme 2' })));
    const problems = lint(repo);
    assert.deepEqual(problems.map((p) => `${p.rule} ${p.range}`), [`lastmod-inflated ${lastmodRange(7)}`]);
  });

  it('counts a change to the title, the structured data or a link target as a change, and one of whitespace alone as none', () => {
    const repo = builtSite();
    repo.commit('edits', '2024-03-01T12:00:00Z', {
      [pagePath(1)]: page({ title: 'A better title' }),
      [pagePath(2)]: page({ data: '{"@type":"Article","headline":"A page","dateModified":"2024-03-01"}' }),
      [pagePath(3)]: page({ link: '/related-2/' }),
      [pagePath(4)]: page({ spaces: '\n      ' }),
      [pagePath(5)]: page({ description: 'About it, better' }),
    });
    assert.deepEqual(lint(repo).map((p) => `${p.rule} ${p.range}`), [1, 2, 3, 5].map((n) => `lastmod-stale ${lastmodRange(n)}`));
  });

  it('reads a page\'s history only as far as its lastmod needs, with the verdicts and related information of the whole', () => {
    // p1's lastmod is its last content change, p3's and p5's are before theirs (p5's behind a commit dated before its
    // parent), p7's after every change; p9 is listed twice, once before its last content change.
    const lastmods = { 1: '2024-03-02', 3: '2024-01-02', 5: '2024-01-02', 7: '2024-07-01', 9: '2024-01-02' };
    const twice = `${loc('p9/index.html')}<lastmod>2024-04-02</lastmod>`;
    const repo = gitRepository(folder());
    repo.commit('first build', '2024-01-01T12:00:00Z', { ...allPages(() => ({})), 'public/sitemap.xml': sitemap(lastmods).replace('</urlset>', `<url>${twice}</url>\n</urlset>`) });
    const text = (n: number): Parts => (n === 1 || n === 7 ? { text: 'Edited in March.' } : n === 3 || n === 5 || n === 9 ? { text: 'Edited in April.' } : {});
    const march = repo.commit('edit p1 and p7', '2024-03-01T12:00:00Z', { [pagePath(1)]: page(text(1)), [pagePath(7)]: page(text(7)) });
    const april = repo.commit('edit p3, p5 and p9', '2024-04-01T12:00:00Z', { [pagePath(3)]: page(text(3)), [pagePath(5)]: page(text(5)), [pagePath(9)]: page(text(9)) });
    const behind = repo.commit('p5: sidebar, a clock behind', '2024-01-01T13:00:00Z', { [pagePath(5)]: page({ ...text(5), sidebar: '<li>B</li>' }) });
    const template = repo.commit('footer for all', '2024-05-01T12:00:00Z', allPages((n) => ({ ...text(n), ...(n === 5 ? { sidebar: '<li>B</li>' } : {}), footer: '© 2024 · 2' })));
    const problems = lint(repo);
    assert.deepEqual(problems.map((p) => `${p.rule} ${p.range}`), [
      `lastmod-stale ${lastmodRange(3)}`, `lastmod-stale ${lastmodRange(5)}`, `lastmod-inflated ${lastmodRange(7)}`, `lastmod-stale ${lastmodRange(9)}`,
    ]);
    const names = (k: number): string[] => [march, april, behind, template].filter((c) => problems[k].related.join('\n').includes(c.slice(0, 7)));
    assert.deepEqual(names(0), [april, template]);
    assert.deepEqual(names(1), [april, template]);
    assert.deepEqual(names(2), [march, template]);
    assert.deepEqual(names(3), [april, template]);
  });

  it('judges an uncommitted template change as no news, and an uncommitted main-text change as news', () => {
    const repo = builtSite();
    repo.write({ [pagePath(1)]: page({ footer: '© 2026' }), [pagePath(2)]: page({ text: 'Rewritten, not committed yet.' }) });
    assert.deepEqual(lint(repo).map((p) => `${p.rule} ${p.range}`), [`lastmod-stale ${lastmodRange(2)}`]);
  });
});
