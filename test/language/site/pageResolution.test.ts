/** Which built file serves a URL, as static hosts resolve it, a trailing-slash mismatch named as such (issue 22), and
 * the reverse: the URLs of a built file, and which built files are pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtFileKind, resolvePage, siteRootOf, siteRootsOf, urlsOfFile, type SiteRoot } from '../../../server/src/language/site/pageResolution';
import { random } from '../../support/generate';

const ROOT: SiteRoot = { folder: 'public', url: 'https://example.com/' };
const FILES = new Set(['index.html', 'a/index.html', 'b.html', 'c', 'docs/x y.html', 'docs/é.html', 'docs/100%.html', 'both.html', 'both/index.html', '404.html']);

test('exact file, path/index.html, path.html; query and fragment ignored; percent-encoding decoded', () => {
  const cases: Array<[string, string]> = [
    ['https://example.com/', 'index.html'],
    ['https://example.com', 'index.html'],
    ['https://example.com/index.html', 'index.html'],
    ['https://example.com/a/', 'a/index.html'],
    ['https://example.com/a/?utm=1#top', 'a/index.html'],
    ['https://example.com/b', 'b.html'],
    ['https://example.com/b.html', 'b.html'],
    ['https://example.com/c', 'c'],
    ['https://example.com/docs/x%20y', 'docs/x y.html'],
    ['https://example.com/docs/%C3%A9', 'docs/é.html'],
    ['https://example.com/docs/é', 'docs/é.html'],
    ['https://example.com/docs/100%25.html', 'docs/100%.html'],
    ['https://EXAMPLE.com:443/./a/../b', 'b.html'],
    ['https://example.com/both', 'both.html'],
    ['https://example.com/both/', 'both/index.html'],
  ];
  for (const [url, file] of cases) assert.deepEqual(resolvePage(url, ROOT, FILES), { file }, url);
});

test('a trailing-slash mismatch is named, with the URL that is served', () => {
  assert.deepEqual(resolvePage('https://example.com/a', ROOT, FILES), { slashMismatch: 'a/index.html', expectedUrl: 'https://example.com/a/' });
  assert.deepEqual(resolvePage('https://example.com/a?p=2#x', ROOT, FILES), { slashMismatch: 'a/index.html', expectedUrl: 'https://example.com/a/?p=2' });
  assert.deepEqual(resolvePage('https://example.com/b/', ROOT, FILES), { slashMismatch: 'b.html', expectedUrl: 'https://example.com/b' });
});

test('not found: no file, a path that cannot name a file, an empty segment', () => {
  for (const url of ['https://example.com/nothing', 'https://example.com/nothing/', 'https://example.com/a%2Findex.html',
    'https://example.com/docs/%E9', 'https://example.com/a//index.html', 'https://example.com/A/']) {
    assert.deepEqual(resolvePage(url, ROOT, FILES), { notFound: true }, url);
  }
});

test('URLs outside the root are not judged: another host, scheme or port, a path above the root, not a URL', () => {
  const blog: SiteRoot = { folder: 'out', url: 'https://example.com/blog' };
  assert.deepEqual(resolvePage('https://example.com/blog/b', blog, FILES), { file: 'b.html' });
  assert.deepEqual(resolvePage('https://example.com/blog', blog, FILES), undefined);
  for (const url of ['https://www.example.com/b', 'http://example.com/b', 'https://example.com:8443/b', 'https://example.com/blogs/b', 'not a url']) {
    assert.equal(resolvePage(url, blog, FILES), undefined, url);
  }
  assert.equal(resolvePage('https://example.com/b', { folder: '', url: 'ftp://example.com/' }, FILES), undefined);
});

test('the built files may be a function, asked only for the candidates in order', () => {
  const asked: string[] = [];
  const resolution = resolvePage('https://example.com/guide', ROOT, (path) => (asked.push(path), path === 'guide/index.html'));
  assert.deepEqual(resolution, { slashMismatch: 'guide/index.html', expectedUrl: 'https://example.com/guide/' });
  assert.deepEqual(asked, ['guide', 'guide.html', 'guide/index.html']);
});

test('siteRootOf picks the deepest root whose URL prefixes the URL', () => {
  const roots: SiteRoot[] = [{ folder: 'site', url: 'https://example.com/' }, { folder: 'docs/out', url: 'https://example.com/docs/' }, { folder: 'x', url: 'nope' }];
  assert.equal(siteRootOf('https://example.com/docs/a/', roots)?.folder, 'docs/out');
  assert.equal(siteRootOf('https://example.com/docs', roots)?.folder, 'site');
  assert.equal(siteRootOf('https://other.example/docs/', roots), undefined);
  assert.deepEqual(siteRootsOf({ public: 'https://example.com/', 'docs/out': 'https://example.com/docs', bad: 'example.com', n: 3 }),
    [{ folder: 'public', url: 'https://example.com/' }, { folder: 'docs/out', url: 'https://example.com/docs' }]);
});

test('urlsOfFile: the preferred URL first, and every URL it gives is served by that very file', () => {
  assert.deepEqual(urlsOfFile('index.html', ROOT), ['https://example.com/', 'https://example.com/index.html']);
  assert.deepEqual(urlsOfFile('a/index.html', ROOT), ['https://example.com/a/', 'https://example.com/a/index.html']);
  assert.deepEqual(urlsOfFile('b.html', ROOT), ['https://example.com/b.html', 'https://example.com/b']);
  assert.deepEqual(urlsOfFile('docs/x y.html', ROOT), ['https://example.com/docs/x%20y.html', 'https://example.com/docs/x%20y']);
  assert.deepEqual(urlsOfFile('docs/100%.html', ROOT), ['https://example.com/docs/100%25.html', 'https://example.com/docs/100%25']);
  assert.deepEqual(urlsOfFile('c', { folder: '', url: 'https://example.com/sub' }), ['https://example.com/sub/c']);
  for (const file of FILES) {
    for (const url of urlsOfFile(file, ROOT)) {
      const served = resolvePage(url, ROOT, FILES);
      assert.deepEqual(served, { file }, `${file} ← ${url}`);
    }
  }
});

test('which built files are pages: not 404 or fallback pages, verification files, templates, hidden or non-HTML files', () => {
  const kinds: Array<[string, string]> = [
    ['index.html', 'page'], ['docs/guide/index.html', 'page'], ['about.htm', 'page'], ['google-analytics.html', 'page'],
    ['404.html', 'error-page'], ['fr/404.html', 'error-page'], ['404/index.html', 'error-page'], ['200.html', 'error-page'], ['500.html', 'error-page'], ['offline.html', 'error-page'],
    ['google1234567890abcdef.html', 'verification'], ['yandex_0123456789abcdef.html', 'verification'], ['pinterest-1a2b3.html', 'verification'],
    ['_layouts/default.html', 'template'], ['_template.html', 'template'], ['post.tmpl.html', 'template'], ['page.template.html', 'template'],
    ['.well-known/security.html', 'hidden'], ['BingSiteAuth.xml', 'not-html'], ['feed.xml', 'not-html'], ['style.css', 'not-html'],
  ];
  for (const [file, kind] of kinds) assert.equal(builtFileKind(file), kind, file);
});

test('random URLs: nothing throws, and a file found is one of the built files', () => {
  const parts = ['a', 'b.html', 'index.html', '', '%', '%2F', '%C3%A9', 'é', '..', '.', '%2e%2e', '?', '#', ' ', '\\', 'docs', 'x y.html', '//'];
  const next = random(9);
  for (let round = 0; round < 2000; round++) {
    const path = Array.from({ length: Math.floor(next() * 5) }, () => parts[Math.floor(next() * parts.length)]).join('/');
    const resolution = resolvePage(`https://example.com/${path}`, ROOT, FILES);
    if (resolution !== undefined && 'file' in resolution) assert.ok(FILES.has(resolution.file), path);
    if (resolution !== undefined && 'slashMismatch' in resolution) assert.ok(FILES.has(resolution.slashMismatch), path);
  }
});
