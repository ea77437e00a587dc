/** The page rules over summaries and in-memory built sites: every rule at its exact range, its related locations, the
 * traps of issue 22 (alias pages, error pages, stubs, slash mismatches, canonicals, time), notes, agents, severities. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, applyEdits, checkPageRules, getQuickFixes, parseDocument, summarizeForSite, validatePageRules,
  type BuiltSite, type PageRulesFile, type SiteProblem,
} from '../../../server/src/language/languageService';
import { builtSite, page, SITE_URL, type BuiltSiteSpec } from '../../support/builtSiteFixture';

const U = SITE_URL;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A urlset of these entries: a URL, or a URL and its lastmod. */
function sitemap(...entries: Array<string | [string, string]>): string {
  const body = entries.map((e) => (typeof e === 'string' ? `  <url><loc>${e}</loc></url>\n` : `  <url><loc>${e[0]}</loc><lastmod>${e[1]}</lastmod></url>\n`));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body.join('')}</urlset>\n`;
}

/** `location` null: unknown. */
function fileOf(text: string, path = 'public/sitemap.xml', location: string | null = `${U}sitemap.xml`, languageId: 'sitemap' | 'sitemap-txt' = 'sitemap'): PageRulesFile {
  return { path, summary: summarizeForSite(parseDocument(text, languageId)), inSite: true, location: location ?? undefined };
}

function check(files: PageRulesFile | PageRulesFile[], sites: BuiltSite | BuiltSite[], userAgent = 'Googlebot') {
  return checkPageRules([files].flat(), [sites].flat(), { userAgent });
}

/** `rule start-end` for each problem, in order. */
function render(problems: readonly SiteProblem[]): string[] {
  return problems.map((p) => `${p.rule} ${p.start}-${p.end}`);
}

/** The problems on entries (unlisted-page aside: tests of it are below). */
function onEntries(problems: readonly SiteProblem[]): SiteProblem[] {
  return problems.filter((p) => p.rule !== 'unlisted-page');
}

/** The `<loc>` value range of `url` in `text` (its first listing). */
function locAt(text: string, url: string): string {
  const start = text.indexOf(`<loc>${url}</loc>`) + 5;
  assert.ok(start >= 5, url);
  return `${start}-${start + url.length}`;
}

function lastmodAt(text: string, url: string): string {
  const from = text.indexOf(`<loc>${url}</loc>`);
  const start = text.indexOf('<lastmod>', from) + 9;
  return `${start}-${text.indexOf('</lastmod>', start)}`;
}

function rangeIn(text: string, part: string): { start: number; end: number } {
  const start = text.indexOf(part);
  assert.ok(start >= 0, part);
  return { start, end: start + part.length };
}

function site(files: BuiltSiteSpec['files'], extra: Omit<BuiltSiteSpec, 'files'> = {}): BuiltSite {
  return builtSite({ files, ...extra });
}

test('page-not-found on the <loc> value; a 404 gets nothing else', () => {
  const text = sitemap(`${U}`, [`${U}missing`, '2020-01-01']);
  const built = site({ 'index.html': page() }, { history: { 'missing.html': '2025-01-01' } });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`page-not-found ${locAt(text, `${U}missing`)}`]);
  assert.equal(problems[0]!.path, 'public/sitemap.xml');
});

test('robots.txt comes first: a disallowed URL gets blocked-by-robots and nothing else, whatever a fetch would show', () => {
  const robots = 'User-agent: *\nDisallow: /x\n';
  const blocked = ['x-missing', 'x-slash', 'x-moved', 'x-refresh/', 'x-noindex/', 'x-canon/', 'x-stale/'].map((p) => `${U}${p}`);
  const text = sitemap(...blocked.map((url): [string, string] => [url, '2020-01-01']));
  const built = site({
    'robots.txt': robots, '_redirects': '/x-moved /new/ 301!\n', 'index.html': page(), 'new/index.html': page(),
    'x-slash/index.html': page(), 'x-moved.html': page(),
    'x-refresh/index.html': page(`<meta http-equiv="refresh" content="0; url=${U}new/">`),
    'x-noindex/index.html': page('<meta name="robots" content="noindex">'),
    'x-canon/index.html': page(`<link rel="canonical" href="${U}new/">`),
    'x-stale/index.html': page(),
  }, { history: Object.fromEntries(['x-slash/index.html', 'x-moved.html', 'x-refresh/index.html', 'x-noindex/index.html', 'x-canon/index.html', 'x-stale/index.html'].map((f) => [f, '2025-01-01'])) });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(onEntries(problems)), blocked.map((url) => `blocked-by-robots ${locAt(text, url)}`));
  // Not blocked, the same entries get what a fetch shows.
  const open = check(fileOf(text), site({ '_redirects': '/x-moved /new/ 301!\n', 'index.html': page(), 'x-slash/index.html': page(), 'x-moved.html': page() }));
  assert.deepEqual(onEntries(open.problems).map((p) => p.rule).slice(0, 3), ['page-not-found', 'page-not-found', 'page-redirect']);
});

test('a root with a robots.txt and no built pages gets blocked-by-robots, and no other page rule (no page-not-found flood)', () => {
  const text = sitemap(`${U}`, [`${U}private/a`, '2020-01-01'], `${U}public/b`);
  const robots = 'User-agent: *\nDisallow: /private/\n';
  const { problems, notes } = check(fileOf(text), site({ 'robots.txt': robots, 'sitemap.xml': text }, { history: { 'private/a.html': '2025-01-01' } }));
  assert.deepEqual(render(problems), [`blocked-by-robots ${locAt(text, `${U}private/a`)}`]);
  assert.deepEqual(problems[0]!.related?.map((r) => r.path), ['public/robots.txt']);
  assert.deepEqual(notes, []);
  // Neither pages nor robots.txt: nothing at all.
  assert.deepEqual(check(fileOf(text), site({ 'sitemap.xml': text })).problems, []);
});

test('a trailing-slash mismatch either way is page-not-found, related to the file that serves the other form', () => {
  const text = sitemap(`${U}`, `${U}a`, `${U}b/`);
  const built = site({ 'index.html': page(), 'a/index.html': page(), 'b.html': page() });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`page-not-found ${locAt(text, `${U}a`)}`, `page-not-found ${locAt(text, `${U}b/`)}`]);
  assert.deepEqual(problems.map((p) => p.related?.map((r) => r.path)), [['public/a/index.html'], ['public/b.html']]);
  assert.ok(problems[0]!.message.includes(`${U}a/`), 'names the URL that is served');
});

test('page-redirect from a _redirects rule (related: its line), before the file lookup; Netlify\'s shadowing kept', () => {
  const redirects = '# moved\n/old /new 301\n/kept /elsewhere 301\n/forced /new 301!\n';
  const text = sitemap(`${U}old`, `${U}kept`, `${U}forced`, `${U}new`);
  const built = site({ '_redirects': redirects, 'new.html': page(), 'kept.html': page(), 'forced.html': page() });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`page-redirect ${locAt(text, `${U}old`)}`, `page-redirect ${locAt(text, `${U}forced`)}`]);
  assert.deepEqual(problems[0]!.related?.map((r) => [r.path, r.start, r.end]), [['public/_redirects', ...Object.values(rangeIn(redirects, '/old /new 301'))]]);
  assert.deepEqual(problems[1]!.related?.map((r) => [r.path, r.start, r.end]), [['public/_redirects', ...Object.values(rangeIn(redirects, '/forced /new 301!'))]]);
});

test('page-redirect from vercel.json\'s trailingSlash (Vercel\'s own redirect), not a slash mismatch', () => {
  const text = sitemap(`${U}a`, `${U}b/`);
  const built = site({ 'vercel.json': '{ "trailingSlash": true }', 'a/index.html': page(), 'b/index.html': page() });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`page-redirect ${locAt(text, `${U}a`)}`]);
  assert.deepEqual(problems[0]!.related?.map((r) => [r.path, r.start, r.end]), [['public/vercel.json', 0, 0]]);
});

test('page-redirect from a meta refresh and from an alias page (related: the meta), which are not unlisted pages', () => {
  const refresh = '<meta http-equiv="refresh" content="0; url=/new/">';
  const alias = `<meta http-equiv="refresh" content="0; url=${U}new/"><meta name="robots" content="noindex"><link rel="canonical" href="${U}new/">`;
  const text = sitemap(`${U}moved/`, `${U}alias/`, `${U}new/`);
  const built = site({ 'moved/index.html': page(refresh), 'alias/index.html': page(alias), 'new/index.html': page(), 'other/index.html': page(alias) });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`page-redirect ${locAt(text, `${U}moved/`)}`, `page-redirect ${locAt(text, `${U}alias/`)}`]);
  const movedPage = page(refresh);
  assert.deepEqual(problems[0]!.related?.map((r) => [r.path, r.start, r.end]), [['public/moved/index.html', ...Object.values(rangeIn(movedPage, refresh))]]);
  assert.ok(problems.every((p) => p.rule !== 'noindex-page' && p.rule !== 'canonical-elsewhere'));
});

test('blocked-by-robots, related to the robots.txt line; a blocked page is not judged for noindex (said in the message)', () => {
  const robots = 'User-agent: *\nAllow: /private/open\nDisallow: /private\n';
  const noindex = '<meta name="robots" content="noindex">';
  const text = sitemap(`${U}private/a`, `${U}private/open`, `${U}private/hidden`);
  const built = site({ 'robots.txt': robots, 'private/a.html': page(), 'private/open.html': page(), 'private/hidden.html': page(noindex) });
  const { problems } = check(fileOf(text), built);
  assert.deepEqual(render(problems), [`blocked-by-robots ${locAt(text, `${U}private/a`)}`, `blocked-by-robots ${locAt(text, `${U}private/hidden`)}`]);
  const line = rangeIn(robots, 'Disallow: /private');
  assert.deepEqual(problems[0]!.related?.map((r) => [r.path, r.start, r.end]), [['public/robots.txt', line.start, line.end]]);
  const meta = rangeIn(page(noindex), noindex);
  assert.deepEqual(problems[1]!.related?.map((r) => [r.path, r.start, r.end]), [['public/robots.txt', line.start, line.end], ['public/private/hidden.html', meta.start, meta.end]]);
});

test('noindex-page for robots and googlebot metas in any casing and `none`, related to the meta', () => {
  const metas = ['<meta name="robots" content="noindex, follow">', '<META NAME="GoogleBot" CONTENT="NoIndex">', '<meta name="robots" content="none">', '<meta name="robots" content="nofollow">'];
  const urls = ['a', 'b', 'c', 'd'].map((p) => `${U}${p}`);
  const text = sitemap(...urls);
  const files = Object.fromEntries(['a', 'b', 'c', 'd'].map((p, k) => [`${p}.html`, page(metas[k])]));
  const { problems } = check(fileOf(text), site(files));
  assert.deepEqual(render(problems), urls.slice(0, 3).map((u) => `noindex-page ${locAt(text, u)}`));
  const range = rangeIn(page(metas[1]), metas[1]!);
  assert.deepEqual(problems[1]!.related?.map((r) => [r.path, r.start, r.end]), [['public/b.html', range.start, range.end]]);
});

test('canonical-elsewhere: another page, a trailing slash, index.html, http against https, www, a form no file serves; itself is fine', () => {
  const canonical = (href: string) => `<link rel="canonical" href="${href}">`;
  const pages: Record<string, [string, string]> = {
    other: [`${U}other`, canonical(`${U}elsewhere`)],
    slash: [`${U}slash`, canonical(`${U}slash/`)],
    idx: [`${U}idx/`, canonical(`${U}idx/index.html`)],
    scheme: [`${U}scheme`, canonical('http://www.example.com/scheme')],
    www: [`${U}www`, canonical('https://example.com/www')],
    self: [`${U}self`, canonical('/self')],
    unserved: [`${U}unserved`, canonical(`${U}unserved/`)],
  };
  const text = sitemap(...Object.values(pages).map(([url]) => url));
  const files = Object.fromEntries(Object.entries(pages).map(([name, [, head]]) => [name === 'idx' ? 'idx/index.html' : `${name}.html`, page(head)]));
  files['elsewhere.html'] = page();
  files['slash/index.html'] = page(canonical(`${U}slash/`)); // the canonical's form is served: list it
  const listings = fileOf(sitemap(`${U}elsewhere`, `${U}slash/`), 'public/b.xml', `${U}b.xml`);
  const { problems } = check([fileOf(text), listings], site(files));
  assert.deepEqual(render(problems), ['other', 'slash', 'idx', 'scheme', 'www', 'unserved'].map((name) => `canonical-elsewhere ${locAt(text, pages[name]![0])}`));
  const messages = problems.map((p) => p.message);
  assert.equal(new Set(messages.map((m) => m.replace(/https?:\/\/\S+/g, ''))).size, 6, 'each kind of difference has its own message');
  const tag = rangeIn(page(pages.slash![1]), pages.slash![1]);
  assert.deepEqual(problems[1]!.related?.map((r) => [r.path, r.start, r.end]), [['public/slash.html', tag.start, tag.end]]);
});

test('canonical-elsewhere: a canonical the sitemap cannot list (another scheme, host or folder) is the page\'s to fix: no URL to list, no quick fix; allowed hosts may be listed', () => {
  const canonical = (href: string) => `<link rel="canonical" href="${href}">`;
  const pages: Record<string, [string, string]> = {
    other: [`${U}blog/other`, canonical(`${U}blog/elsewhere`)],
    scheme: [`${U}blog/scheme`, canonical('http://www.example.com/blog/scheme')],
    www: [`${U}blog/www`, canonical('https://example.com/blog/www')],
    folder: [`${U}blog/folder`, canonical(`${U}folder`)],
  };
  const text = sitemap(...Object.values(pages).map(([url]) => url));
  const files = Object.fromEntries(Object.entries(pages).map(([name, [, head]]) => [`blog/${name}.html`, page(head)]));
  Object.assign(files, { 'blog/elsewhere.html': page(), 'folder.html': page() });
  const listings = fileOf(sitemap(`${U}blog/elsewhere`, `${U}folder`), 'public/all.xml', `${U}all.xml`);
  const blog = fileOf(text, 'public/blog/sitemap.xml', `${U}blog/sitemap.xml`);
  const doc = parseDocument(text, 'sitemap');
  const verdicts = (allowedHosts: string[]) => validatePageRules([blog, listings], [site(files)], { ...DEFAULT_SETTINGS, allowedHosts }).diagnostics
    .filter((d) => d.path === 'public/blog/sitemap.xml')
    .map((d) => {
      const fixes = getQuickFixes(doc, [{ rule: d.rule, start: d.start, end: d.end, data: d.data }]);
      return [d.rule, d.data?.url, fixes.map((f) => f.edits.map((e) => [e.start, e.end, e.text]))];
    });
  const replaced = (name: string, url: string) => [[[doc.getText().indexOf(pages[name]![0]), doc.getText().indexOf(pages[name]![0]) + pages[name]![0].length, url]]];
  assert.deepEqual(verdicts([]), [
    ['canonical-elsewhere', `${U}blog/elsewhere`, replaced('other', `${U}blog/elsewhere`)],
    ['canonical-elsewhere', undefined, []],
    ['canonical-elsewhere', undefined, []],
    ['canonical-elsewhere', undefined, []],
  ]);
  assert.deepEqual(verdicts(['example.com']).map(([, url]) => url), [`${U}blog/elsewhere`, undefined, 'https://example.com/blog/www', undefined], 'an allowed host may be listed');
});

test('canonical-elsewhere: two canonicals that disagree, related to both, even when one is the page itself', () => {
  const head = `<link rel="canonical" href="${U}two"><link rel="canonical" href="${U}three">`;
  const text = sitemap(`${U}two`);
  const problems = onEntries(check(fileOf(text), site({ 'two.html': page(head), 'three.html': page() })).problems);
  assert.deepEqual(render(problems), [`canonical-elsewhere ${locAt(text, `${U}two`)}`]);
  const html = page(head);
  assert.deepEqual(problems[0]!.related?.map((r) => [r.start, r.end]), [
    Object.values(rangeIn(html, `<link rel="canonical" href="${U}two">`)), Object.values(rangeIn(html, `<link rel="canonical" href="${U}three">`)),
  ]);
});

test('one verdict per entry: a redirect is not judged for noindex or canonical, noindex before canonical', () => {
  const both = `<meta name="robots" content="noindex"><link rel="canonical" href="${U}x">`;
  const text = sitemap(`${U}both`);
  const problems = onEntries(check(fileOf(text), site({ 'both.html': page(both), 'x.html': page() })).problems);
  assert.deepEqual(render(problems), [`noindex-page ${locAt(text, `${U}both`)}`]);
});

test('a tag after an early end of the head is named as ignored where it explains a verdict', () => {
  const head = `<link rel="canonical" href="${U}x"></head><body><p>x</p><meta name="robots" content="index">`;
  const html = `<!doctype html><html><head><title>t</title><link rel="canonical" href="${U}x"><p>early</p><link rel="canonical" href="${U}y"></head></html>`;
  const text = sitemap(`${U}early`);
  const problems = onEntries(check(fileOf(text), site({ 'early.html': html, 'x.html': page(), 'y.html': page(head) })).problems);
  assert.deepEqual(render(problems), [`canonical-elsewhere ${locAt(text, `${U}early`)}`]);
  const ignored = rangeIn(html, `<link rel="canonical" href="${U}y">`);
  assert.deepEqual(problems[0]!.related?.map((r) => [r.start, r.end]).at(-1), [ignored.start, ignored.end]);
});

test('lastmod-stale and lastmod-inflated on the <lastmod> value, related to the source; within 48 h or a date\'s day is fine', () => {
  const history = { 'stale.html': '2025-05-01T10:00:00Z', 'inflated.html': '2025-01-01T10:00:00Z', 'near.html': '2025-03-02T20:00:00Z', 'day.html': '2025-04-10T23:30:00Z', 'nolastmod.html': '2025-05-01T00:00:00Z' };
  const text = sitemap([`${U}stale`, '2025-03-01'], [`${U}inflated`, '2025-06-14T08:00:00Z'], [`${U}near`, '2025-03-01T10:00:00+00:00'], [`${U}day`, '2025-04-10'], `${U}nolastmod`, [`${U}unknown`, '2020-01-01']);
  const files = Object.fromEntries(['stale', 'inflated', 'near', 'day', 'nolastmod', 'unknown'].map((p) => [`${p}.html`, page()]));
  const { problems } = check(fileOf(text), site(files, { history }));
  assert.deepEqual(render(problems), [`lastmod-stale ${lastmodAt(text, `${U}stale`)}`, `lastmod-inflated ${lastmodAt(text, `${U}inflated`)}`]);
  assert.deepEqual(problems.map((p) => p.related?.map((r) => [r.path, r.start, r.end])), [[['public/stale.html', 0, 0]], [['public/inflated.html', 0, 0]]]);
});

test('the problems carry their quick fix\'s value: applied, the lastmod and the served URL leave nothing to report', () => {
  const history = { 'stale.html': '2025-05-01T10:00:00Z', 'inflated.html': '2025-01-01T10:00:00Z', 'a/index.html': '2025-01-01T10:00:00Z' };
  const before = sitemap([`${U}stale`, '2025-03-01'], [`${U}inflated`, '2025-06-14T08:00:00Z'], [`${U}a`, '2025-01-01']);
  const built = site({ 'stale.html': page(), 'inflated.html': page(), 'a/index.html': page() }, { history });
  const problems = check(fileOf(before), built).problems;
  assert.deepEqual(problems.map((p) => p.rule), ['lastmod-stale', 'lastmod-inflated', 'page-not-found']);
  assert.deepEqual(problems.map((p) => p.data), [{ lastmod: '2025-05-01' }, { lastmod: '2025-01-01T10:00:00Z' }, { url: `${U}a/` }]);
  const doc = parseDocument(before, 'sitemap');
  const edits = problems.flatMap((p) => getQuickFixes(doc, [{ rule: p.rule, start: p.start, end: p.end, data: p.data }])[0]!.edits);
  applyEdits(doc, edits.sort((x, y) => y.start - x.start));
  assert.deepEqual(check(fileOf(doc.getText()), built).problems, []);
});

test('uncommitted changes count as now: a lastmod before them is stale', () => {
  const text = sitemap([`${U}a`, '2025-01-01']);
  const history = { 'a.html': { newest: { time: Date.UTC(2024, 11, 31), authorTime: Date.UTC(2024, 11, 31), mass: false }, uncommitted: true as const } };
  const { problems } = check(fileOf(text), site({ 'a.html': page() }, { history }));
  assert.deepEqual(render(problems), [`lastmod-stale ${lastmodAt(text, `${U}a`)}`]);
});

test('unlisted-page: one per indexable page, on the first sitemap\'s root element name, related to the page', () => {
  const text = sitemap(`${U}`, `${U}listed.html`);
  const second = sitemap(`${U}other/`);
  const files: BuiltSiteSpec['files'] = {
    'index.html': page(), 'listed.html': page(), 'other/index.html': page(), 'unlisted.html': page(), 'deep/page/index.html': page(),
    '404.html': page(), 'google1234567890abcdef.html': 'google-site-verification: google1234567890abcdef.html', 'stub.html': 'google-site-verification: google00.html',
    '_layouts/base.html': page(), 'tmpl.html': page('', '{{ .Title }}'), 'noindex.html': page('<meta name="robots" content="noindex">'),
    'canon.html': page(`<link rel="canonical" href="${U}listed.html">`), 'blocked/x.html': page(), 'redirected/index.html': page(),
    'alias/index.html': page(`<meta http-equiv="refresh" content="0; url=${U}"><meta name="robots" content="noindex"><link rel="canonical" href="${U}">`),
    'style.css': 'body{}', 'robots.txt': 'User-agent: *\nDisallow: /blocked/\n', '_redirects': '/redirected/ /listed.html 301!\n',
    'self/index.html': page(`<link rel="canonical" href="${U}self/index.html">`),
  };
  const sitemaps = [fileOf(second, 'public/z-second.xml', `${U}z-second.xml`), fileOf(text)];
  const { problems } = check(sitemaps, site(files));
  const anchor = sitemaps[1]!.summary;
  assert.deepEqual(problems.map((p) => [p.rule, p.path, p.start, p.end, p.related?.map((r) => [r.path, r.start, r.end])]), [
    ['unlisted-page', 'public/sitemap.xml', anchor.anchorStart, anchor.anchorEnd, [['public/unlisted.html', 0, 0]]],
    ['unlisted-page', 'public/sitemap.xml', anchor.anchorStart, anchor.anchorEnd, [['public/deep/page/index.html', 0, 0]]],
    ['unlisted-page', 'public/sitemap.xml', anchor.anchorStart, anchor.anchorEnd, [['public/self/index.html', 0, 0]]],
  ]);
  assert.equal(text.slice(anchor.anchorStart, anchor.anchorEnd), 'urlset');
  assert.ok(problems[1]!.message.includes(`${U}deep/page/`), 'names the preferred URL');
  assert.ok(problems[2]!.message.includes(`${U}self/index.html`), 'names the page\'s own canonical');
});

test('unlisted-page compares files, not URL strings: /a lists a.html, /b/ lists b/index.html', () => {
  const text = sitemap(`${U}a`, `${U}b/`, `${U}c%20d`);
  const { problems } = check(fileOf(text), site({ 'a.html': page(), 'b/index.html': page(), 'c d.html': page() }));
  assert.deepEqual(render(problems), []);
});

test('unlisted-page needs a sitemap of that root with a known location among the files', () => {
  const built = site({ 'a.html': page(), 'b.html': page() });
  assert.deepEqual(check(fileOf(sitemap(`${U}a`), 'public/sitemap.xml', null), built).problems, []);
  assert.deepEqual(check([], built).problems, []);
  assert.deepEqual(render(check(fileOf(sitemap(`${U}a`)), built).problems).map((p) => p.split(' ')[0]), ['unlisted-page']);
});

test('a sitemap whose location is unknown gets nothing, though its entries still list pages', () => {
  const unknown = fileOf(sitemap(`${U}missing`, `${U}b`), 'elsewhere/s.xml', null);
  const known = fileOf(sitemap(`${U}a`));
  const { problems, notes } = check([unknown, known], site({ 'a.html': page(), 'b.html': page() }, { historyNotes: [{ kind: 'shallow' }] }));
  assert.deepEqual(problems, []);
  assert.deepEqual(notes.map((n) => n.kind), ['shallow']);
  assert.deepEqual(check(unknown, site({ 'a.html': page() }, { historyNotes: [{ kind: 'shallow' }] })), { problems: [], notes: [] });
});

test('a text sitemap is checked as a urlset is', () => {
  const text = `${U}missing\n${U}a\n`;
  const { problems } = check(fileOf(text, 'public/urls.txt', `${U}urls.txt`, 'sitemap-txt'), site({ 'a.html': page() }));
  assert.deepEqual(render(problems), [`page-not-found 0-${`${U}missing`.length}`]);
});

test('notes: each of a site\'s history notes once per root, however many entries; none for a root without .html', () => {
  const entries = Array.from({ length: 20 }, (_, k) => `${U}p${k}`);
  const files = Object.fromEntries(entries.map((_, k) => [`p${k}.html`, page()]));
  const mass = { kind: 'undated-content' as const, pages: 20, example: 'p0.html' };
  const built = site(files, { historyNotes: [mass, { kind: 'shallow' }] });
  const sources = builtSite({ root: { folder: 'src', url: 'https://docs.example.com/' }, files: { 'a.md': '# A', 'robots.txt': 'User-agent: *\nDisallow: /\n' }, historyNotes: [{ kind: 'no-git' }] });
  const docs = fileOf(sitemap('https://docs.example.com/a', 'https://docs.example.com/missing'), 'src/sitemap.xml', 'https://docs.example.com/sitemap.xml');
  const result = check([fileOf(sitemap(...entries)), fileOf(sitemap(...entries), 'public/b.xml', `${U}b.xml`), docs], [built, sources]);
  // The root without pages is judged by its robots.txt alone (issue 32), and says no note of git's.
  assert.deepEqual(result.problems.map((p) => `${p.path} ${p.rule}`), ['src/sitemap.xml blocked-by-robots', 'src/sitemap.xml blocked-by-robots']);
  assert.deepEqual(result.notes, [{ ...mass, root: built.root }, { kind: 'shallow', root: built.root }]);
});

test('the user agent: its own robots.txt group, else *; a meta for that crawler only', () => {
  const robots = 'User-agent: Bingbot\nDisallow: /bing-only\n\nUser-agent: *\nDisallow: /everyone\n';
  const text = sitemap(`${U}bing-only`, `${U}everyone`, `${U}meta`);
  const built = () => site({ 'robots.txt': robots, 'bing-only.html': page(), 'everyone.html': page(), 'meta.html': page('<meta name="bingbot" content="noindex">') });
  assert.deepEqual(render(check(fileOf(text), built(), 'Googlebot').problems), [`blocked-by-robots ${locAt(text, `${U}everyone`)}`]);
  assert.deepEqual(render(check(fileOf(text), built(), 'Bingbot').problems), [`blocked-by-robots ${locAt(text, `${U}bing-only`)}`, `noindex-page ${locAt(text, `${U}meta`)}`]);
});

test('validatePageRules: the user\'s severities and agent, rules set to off dropped', () => {
  const text = sitemap(`${U}missing`, `${U}private`);
  const built = site({ 'private.html': page(), 'robots.txt': 'User-agent: Bingbot\nDisallow: /private\n', 'extra.html': page() });
  const defaults = validatePageRules([fileOf(text)], [built], DEFAULT_SETTINGS);
  assert.deepEqual(defaults.diagnostics.map((d) => `${d.rule} ${d.severity}`), ['page-not-found error', 'unlisted-page information']);
  const settings = { ...DEFAULT_SETTINGS, rules: { 'page-not-found': 'off' as const, 'unlisted-page': 'hint' as const }, robots: { userAgent: 'Bingbot' } };
  assert.deepEqual(validatePageRules([fileOf(text)], [built], settings).diagnostics.map((d) => `${d.rule} ${d.severity}`), ['blocked-by-robots error', 'unlisted-page hint']);
});

test('validatePageRules: git\'s notes only while a lastmod rule is on; nothing at all with every page rule off', () => {
  const built = site({ 'a.html': page() }, { historyNotes: [{ kind: 'shallow' }] });
  const files = [fileOf(sitemap(`${U}a`, `${U}missing`))];
  assert.deepEqual(validatePageRules(files, [built], DEFAULT_SETTINGS).notes.map((n) => n.kind), ['shallow']);
  const noLastmod = { ...DEFAULT_SETTINGS, rules: { 'lastmod-stale': 'off' as const, 'lastmod-inflated': 'off' as const } };
  const result = validatePageRules(files, [built], noLastmod);
  assert.deepEqual([result.diagnostics.map((d) => d.rule), result.notes], [['page-not-found'], []]);
  const rules = Object.fromEntries(['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'].map((id) => [id, 'off' as const]));
  assert.deepEqual(validatePageRules(files, [built], { ...DEFAULT_SETTINGS, rules }), { diagnostics: [], notes: [] });
});

test('a root whose folder holds no .html gets no page rule even for URLs under it; a deeper root claims its URLs', () => {
  const outer = site({ 'a.html': page() });
  const inner = builtSite({ root: { folder: 'docs-src', url: `${U}docs/` }, files: { 'x.md': '' } });
  const text = sitemap(`${U}a`, `${U}docs/missing`);
  assert.deepEqual(check(fileOf(text), [outer, inner]).problems, []);
});

test('bad input never throws: garbage pages, odd URLs, an empty sitemap', () => {
  const text = sitemap(`${U}bin`, `${U}%zz`, `${U}..%2F..%2Fetc`, 'not a url', `${U}?q=1`);
  const built = site({ 'bin.html': '\0\0\0\u0001garbage', 'index.html': '<<<<>>>>', 'weird.html': '<html><head><link rel=canonical href="http://[::1">' });
  assert.doesNotThrow(() => check([fileOf(text), fileOf(''), fileOf('junk', 'public/j.txt', `${U}j.txt`, 'sitemap-txt')], built));
});
