/**
 * The page rules over the wire: a fixture site (built pages, robots.txt, _redirects, a git history with fixed dates)
 * whose sitemap is opened gets every page rule at its exact range, with the quick fixes' data; an edit shifts them; a
 * page changed on disk, and a commit moving HEAD, change the verdicts; an untrusted workspace gets no lastmod rule and
 * one note, then all of them once trust is granted; the `<loc>` hover tells what the page says.
 * Rule ids, ranges and data, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol';
import { formatRange, LspClient, rangeOf } from '../lspClient';
import type { GitRepository } from '../../support/gitRepository';
import { BASE, fixtureSite, gitEnv, NS, page, PAGES, SETTINGS, SITEMAP } from '../../support/pageSite';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';
import { CHECK_SITE_REQUEST, TRUST_GRANTED_NOTIFICATION } from '../../../shared/protocol';

const PAGE_RULES = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
const at = (text: string, needle: string, occurrence = 0): string => formatRange(rangeOf(text, needle, occurrence));
const pageProblems = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.filter((d) => PAGE_RULES.includes(String(d.code))).map((d) => `${d.code} ${formatRange(d.range)}`).sort();
const has = (rule: string) => (d: Diagnostic[]): boolean => d.some((x) => x.code === rule);

/** Every page problem of SITEMAP-like `text`, at its range (the loc's URL, the lastmod's value, the root's name). */
function expected(text: string, rules: { lastmod?: boolean; missing?: string } = {}): string[] {
  const loc = (rest: string): string => at(text, `${BASE}${rest}</loc>`, 0).replace(/-(\d+):(\d+)$/, (_, l, c) => `-${l}:${Number(c) - '</loc>'.length}`);
  const list = [
    `blocked-by-robots ${loc('blocked/')}`,
    `noindex-page ${loc('noindex')}`,
    `canonical-elsewhere ${loc('canon')}`,
    `page-redirect ${loc('old')}`,
    `page-redirect ${loc('moved')}`,
    `page-not-found ${loc('a')}`,
    `page-not-found ${loc(rules.missing ?? 'missing')}`,
    `unlisted-page ${at(text, 'urlset', 0)}`,
  ];
  if (rules.lastmod !== false) {
    list.push(`lastmod-stale ${at(text, '2024-01-01', 1)}`, `lastmod-inflated ${at(text, '2024-06-01')}`);
  }
  return list.sort();
}

describe('the page rules over stdio', () => {
  const temp = tempFolders('sitemap-pages-');
  let repo: GitRepository;
  let client: LspClient;
  let uri: string;

  before(async () => {
    repo = fixtureSite(temp());
    uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    client = await startOnSite(repo);
  });

  after(async () => {
    await client?.stop();
  });

  it('reports every page rule at its range, with the quick fixes\' data, after the document\'s own problems', async () => {
    const own = client.nextDiagnostics(uri);
    const pages = client.nextDiagnostics(uri, has('lastmod-inflated'));
    client.open(uri, 'sitemap', SITEMAP);
    assert.deepEqual(pageProblems((await own).diagnostics), [], 'the document\'s own problems come first, alone');
    const diagnostics = (await pages).diagnostics;
    assert.deepEqual(pageProblems(diagnostics), expected(SITEMAP));
    const data = (rule: string): unknown => diagnostics.find((d) => d.code === rule && d.data !== undefined)?.data;
    assert.deepEqual(data('page-not-found'), { url: `${BASE}a/` });
    assert.deepEqual(data('lastmod-stale'), { lastmod: '2024-03-01' });
    assert.deepEqual(data('lastmod-inflated'), { lastmod: '2024-01-01' });
    const blocked = diagnostics.find((d) => d.code === 'blocked-by-robots')!;
    assert.deepEqual(blocked.relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]),
      [[pathToFileURL(path.join(repo.dir, 'public', 'robots.txt')).href, formatRange(rangeOf(PAGES['public/robots.txt'], 'Disallow: /blocked/'))]]);
    assert.equal(client.shownMessages.length, 0, 'no note: git read the history');
  });

  it('keeps them in step with an edit: those after it move, one it touches is dropped until the next pass', async () => {
    const edited = SITEMAP.replace(`<urlset xmlns="${NS}">\n`, `<urlset xmlns="${NS}">\n  <!-- a new line -->\n`).replace(`${BASE}missing<`, `${BASE}missin<`);
    const touched = `page-not-found ${at(edited, `${BASE}missin`)}`;
    const held = client.nextDiagnostics(uri, (d) => pageProblems(d).join() === expected(edited, { missing: 'missin' }).filter((p) => p !== touched).join());
    const again = client.nextDiagnostics(uri, (d) => pageProblems(d).join() === expected(edited, { missing: 'missin' }).join());
    const missing = rangeOf(SITEMAP, 'g</loc>', 0, 1);
    const insertAt = rangeOf(SITEMAP, '  <url>').start;
    client.change(uri, { range: missing, text: '' }, { range: { start: insertAt, end: insertAt }, text: '  <!-- a new line -->\n' });
    await held;
    await again;
    const restored = client.nextDiagnostics(uri, (d) => pageProblems(d).join() === expected(SITEMAP).join());
    client.change(uri, { text: SITEMAP });
    await restored;
  });

  it('follows a page changed on disk (didChangeWatchedFiles)', async () => {
    const file = path.join(repo.dir, 'public', 'noindex.html');
    const gone = client.nextDiagnostics(uri, (d) => !has('noindex-page')(d) && has('blocked-by-robots')(d));
    repo.write({ 'public/noindex.html': page('Shown now') });
    client.filesChanged([{ uri: pathToFileURL(file).href, type: FileChangeType.Changed }]);
    assert.deepEqual(pageProblems((await gone).diagnostics), expected(SITEMAP).filter((p) => !p.startsWith('noindex-page')));
  });

  it('follows a commit that moves HEAD: the lastmod verdicts are judged again', async () => {
    // The verdicts once git has read the new history (a read begun before the commit, the page then uncommitted, may
    // publish first: the page rules no longer wait for git's history, issue 33).
    const want = expected(SITEMAP).filter((p) => !p.startsWith('noindex-page') && !p.startsWith('lastmod-inflated'));
    const judged = client.nextDiagnostics(uri, (d) => JSON.stringify(pageProblems(d)) === JSON.stringify(want));
    repo.commit('Inflated changes', '2024-06-01T08:00:00Z', { 'public/inflated.html': page('Inflated, rewritten') });
    const diagnostics = (await judged).diagnostics;
    assert.deepEqual(pageProblems(diagnostics), want);
  });

  it('answers the <loc> hover with what the page says (in the first or the second hover: a late answer is kept)', async () => {
    const hover = async (): Promise<string> => (await client.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri }, position: rangeOf(SITEMAP, `${BASE}canon`).start,
    }))?.contents.value ?? '';
    let value = await hover();
    if (!value.includes('canon.html')) value = await hover();
    assert.ok(value.includes('canon.html'), value);
    assert.ok(value.includes('Copy'), value);
    assert.ok(value.includes(BASE), value);
  });
});

describe('the page rules in an untrusted workspace', () => {
  const temp = tempFolders('sitemap-pages-untrusted-');

  it('runs no git: no lastmod rule and one note, then every rule once trust is granted', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const client = await startOnSite(repo, { initializationOptions: { workspaceTrusted: false } });
    try {
      const pages = client.nextDiagnostics(uri, has('unlisted-page'));
      client.open(uri, 'sitemap', SITEMAP);
      assert.deepEqual(pageProblems((await pages).diagnostics), expected(SITEMAP, { lastmod: false }));
      assert.equal(client.shownMessages.length, 1, JSON.stringify(client.shownMessages));
      assert.equal(client.shownMessages[0].type, 3, 'an information message');
      const trusted = client.nextDiagnostics(uri, has('lastmod-stale'));
      void client.connection.sendNotification(TRUST_GRANTED_NOTIFICATION);
      assert.deepEqual(pageProblems((await trusted).diagnostics), expected(SITEMAP));
      assert.equal(client.shownMessages.length, 1, 'the note is said once');
    } finally {
      await client.stop();
    }
  });
});

describe('the page rules in the server\'s own thread (no site worker)', () => {
  const temp = tempFolders('sitemap-pages-one-thread-');

  it('reports the same problems and answers the hover', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const client = await startOnSite(repo, { env: { SITEMAP_LINT_WORKERS: '0' } });
    try {
      const pages = client.nextDiagnostics(uri, has('lastmod-inflated'));
      client.open(uri, 'sitemap', SITEMAP);
      assert.deepEqual(pageProblems((await pages).diagnostics), expected(SITEMAP));
      const hover = await client.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
        textDocument: { uri }, position: rangeOf(SITEMAP, `${BASE}canon`).start,
      });
      assert.ok(hover?.contents.value.includes('canon.html'), hover?.contents.value);
    } finally {
      await client.stop();
    }
  });
});

describe('blocked-by-robots on a site root with a robots.txt and no built pages (issue 32)', () => {
  const temp = tempFolders('sitemap-pages-robots-only-');
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${BASE}</loc></url>\n  <url><loc>${BASE}private/a</loc></url>\n</urlset>\n`;
  const files = { 'public/robots.txt': 'User-agent: *\nDisallow: /private/\n', 'public/sitemap.xml': text };
  const expectedHere = [`blocked-by-robots ${at(text, `${BASE}private/a`)}`];

  it('reports it for an open sitemap, and Check Site for a closed one; nothing else', async () => {
    const dir = temp(files);
    const uri = pathToFileURL(path.join(dir, 'public', 'sitemap.xml')).href;
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }], settings: SETTINGS, env: gitEnv(dir) });
    try {
      const checked = client.nextDiagnostics(uri, has('blocked-by-robots'));
      await client.connection.sendRequest(CHECK_SITE_REQUEST, {});
      assert.deepEqual(pageProblems((await checked).diagnostics), expectedHere);
      const published = client.nextDiagnostics(uri, has('blocked-by-robots'));
      client.open(uri, 'sitemap', text);
      assert.deepEqual(pageProblems((await published).diagnostics), expectedHere);
      assert.equal(client.shownMessages.length, 0, 'no note: no pages, no git');
    } finally {
      await client.stop();
    }
  });
});

describe('Check Site with the page rules', () => {
  const temp = tempFolders('sitemap-pages-check-site-');

  for (const trusted of [true, false]) {
    it(`reports them for a closed sitemap, the lastmod rules only in a trusted workspace (${trusted ? 'trusted' : 'untrusted'})`, async () => {
      const repo = fixtureSite(temp());
      const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
      const client = await startOnSite(repo, { initializationOptions: { workspaceTrusted: trusted } });
      try {
        const published = client.nextDiagnostics(uri, has('unlisted-page'));
        await client.connection.sendRequest(CHECK_SITE_REQUEST, {});
        assert.deepEqual(pageProblems((await published).diagnostics), expected(SITEMAP, { lastmod: trusted }));
      } finally {
        await client.stop();
      }
    });
  }
});
