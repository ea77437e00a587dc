/**
 * Rules on where a sitemap lives: out-of-scope (the location is known), mixed-hosts (it is not), nested-index.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, applyEdits, parseDocument, validate } from '../../../server/src/language/languageService';
import { NOW, diagnose, expectDiagnostics, render, sitemapindex, urlset } from '../../support/fixtures';

function urls(...locs: string[]): string {
  return urlset(locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n'));
}

function sitemaps(...locs: string[]): string {
  return sitemapindex(locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('\n'));
}

const CATALOG = { context: { location: 'http://example.com/catalog/sitemap.xml' } };

// ------------------------------------------------------------------------------------------------ out-of-scope

test('out-of-scope: a path outside the sitemap directory is reported on the URL', () => {
  expectDiagnostics(urls('http://example.com/catalog/show?item=23', '⟦http://example.com/image/show?item=23⟧'), ['out-of-scope'], CATALOG);
  expectDiagnostics(urls('⟦http://example.com/catalog⟧'), ['out-of-scope'], CATALOG);
  expectDiagnostics(urls('⟦http://example.com/catalogue/x⟧'), ['out-of-scope'], CATALOG);
});

test('out-of-scope: another protocol, subdomain or www variant', () => {
  expectDiagnostics(urls('⟦https://example.com/catalog/page1.php⟧'), ['out-of-scope'], CATALOG);
  expectDiagnostics(urls('⟦http://sub.example.com/catalog/page.html⟧'), ['out-of-scope'], CATALOG);
  expectDiagnostics(urls('⟦http://www.example.com/catalog/page.html⟧'), ['out-of-scope'], CATALOG);
});

test('out-of-scope: the port of the location must be in every URL', () => {
  const at100 = { context: { location: 'http://www.example.com:100/sitemap.xml' } };
  expectDiagnostics(urls('http://www.example.com:100/a', '⟦http://www.example.com/a⟧', '⟦http://www.example.com:8080/a⟧'), ['out-of-scope', 'out-of-scope'], at100);
  // The default port is the same as none.
  expectDiagnostics(urls('http://www.example.com:80/a', 'http://www.example.com/b'), [], { context: { location: 'http://www.example.com/sitemap.xml' } });
});

test('out-of-scope: URLs under the location are fine (host case, dot segments and escapes normalised)', () => {
  expectDiagnostics(
    urls('http://example.com/catalog/show?item=23', 'http://example.com/catalog/', 'http://EXAMPLE.com/catalog/a/b.html', 'http://example.com/catalog/%7Euser/'),
    [],
    CATALOG,
  );
  expectDiagnostics(urls('https://www.example.com/', 'https://www.example.com/any/path'), [], { context: { location: 'https://www.example.com/sitemap.xml' } });
});

test('out-of-scope: hosts in sitemap.allowedHosts are not out of scope (cross-submission)', () => {
  const options = { context: { location: 'https://www.example.com/sitemap.xml' }, settings: { allowedHosts: ['https://shop.example.com', 'blog.example.com'] } };
  expectDiagnostics(
    urls('https://www.example.com/a', 'https://shop.example.com/any/path', 'http://blog.example.com/x', '⟦http://shop.example.com/a⟧', '⟦https://other.example.com/a⟧'),
    ['out-of-scope', 'out-of-scope'],
    options,
  );
});

test('out-of-scope: in an index, each child sitemap must be in the index location', () => {
  const options = { context: { location: 'http://www.example.com/sitemap_index.xml' } };
  expectDiagnostics(
    sitemaps('http://www.example.com/sitemap-1.xml', '⟦http://www.example.org/sitemap-2.xml⟧', '⟦http://sub.example.com/sitemap-3.xml⟧', 'http://www.example.com/deeper/sitemap-4.xml'),
    ['out-of-scope', 'out-of-scope'],
    options,
  );
  expectDiagnostics(
    sitemaps('http://www.example.com/sitemaps/a.xml', '⟦http://www.example.com/other/b.xml⟧'),
    ['out-of-scope'],
    { context: { location: 'http://www.example.com/sitemaps/index.xml' } },
  );
});

test('out-of-scope: replaces mixed-hosts when the location is known; invalid URLs are not judged', () => {
  expectDiagnostics(urls('https://www.example.com/a', '⟦https://example.com/b⟧', '⟦nope⟧'), ['out-of-scope', 'invalid-url'], { context: { location: 'https://www.example.com/sitemap.xml' } });
});

// ------------------------------------------------------------------------------------------------ mixed-hosts

test('mixed-hosts: without a location, a URL whose protocol, host or port differs from the one most URLs share', () => {
  expectDiagnostics(
    urls('https://example.com/a', '⟦https://www.example.com/b⟧', '⟦http://example.com/c⟧', '⟦https://example.com:8443/d⟧', 'https://example.com/e'),
    ['mixed-hosts', 'mixed-hosts', 'mixed-hosts'],
  );
  expectDiagnostics(sitemaps('https://example.com/s1.xml', '⟦https://cdn.example.net/s2.xml⟧'), ['mixed-hosts']);
});

test('mixed-hosts: invalid URLs do not count', () => {
  expectDiagnostics(urls('⟦nope⟧', 'https://example.com/a', '⟦https://www.example.com/b⟧'), ['invalid-url', 'mixed-hosts']);
});

test('mixed-hosts: one origin (any paths, host case, default port) is fine', () => {
  expectDiagnostics(urls('https://example.com/', 'https://example.com/a/b?c', 'https://EXAMPLE.COM/d', 'https://example.com:443/e'), []);
});

test('mixed-hosts: the origin most URLs share is the reference, so one outlier first is the one problem', () => {
  const bare = Array.from({ length: 68 }, (_, k) => `https://example.com/page-${k}`);
  expectDiagnostics(urls('⟦https://www.example.com/⟧', ...bare), ['mixed-hosts']);
  expectDiagnostics(urls(...bare.slice(0, 30), '⟦https://www.example.com/⟧', ...bare.slice(30)), ['mixed-hosts']);
  // Host case and default ports count as the same origin.
  expectDiagnostics(urls('⟦https://www.example.com/⟧', 'https://EXAMPLE.com/a', 'https://example.com:443/b'), ['mixed-hosts']);
});

test('mixed-hosts: on a tie, the origin that appears first', () => {
  expectDiagnostics(urls('https://a.example.com/1', '⟦https://b.example.com/1⟧'), ['mixed-hosts']);
  expectDiagnostics(urls('https://b.example.com/1', '⟦https://a.example.com/1⟧'), ['mixed-hosts']);
  expectDiagnostics(urls('⟦nope⟧', 'https://a.example.com/1', '⟦https://b.example.com/1⟧', '⟦https://b.example.com/2⟧', 'https://a.example.com/2'), ['invalid-url', 'mixed-hosts', 'mixed-hosts']);
});

test('mixed-hosts: the message names the reference origin and how many URLs use it', () => {
  const bare = Array.from({ length: 68 }, (_, k) => `https://example.com/page-${k}`);
  const [problem] = diagnose(urls('https://www.example.com/', ...bare));
  assert.ok(problem.message.includes('https://example.com'), problem.message);
  assert.match(problem.message, /\b68\b/);
});

test('mixed-hosts: edits that change which origin most URLs share move the problems, as a fresh parse does', () => {
  const text = urls('https://www.example.com/', 'https://example.com/a', 'https://example.com/b');
  const document = parseDocument(text, 'sitemap');
  const check = (): void => {
    const fresh = diagnose(document.getText());
    assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, { now: NOW })), render(fresh));
  };
  check();
  assert.deepEqual(diagnose(text).map((d) => d.rule), ['mixed-hosts']);
  // Both bare URLs become www. ones, one keystroke each: the lone www. URL turns from outlier into reference.
  for (const path of ['/a<', '/b<']) {
    const at = document.getText().indexOf('https://example.com' + path) + 'https://'.length;
    applyEdits(document, [{ start: at, end: at, text: 'www.' }]);
    check();
  }
  assert.deepEqual(validate(document, DEFAULT_SETTINGS, { now: NOW }), []);
  // And typing inside the reference's URLs keeps it.
  const at = document.getText().indexOf('/a<') + 2;
  applyEdits(document, [{ start: at, end: at, text: 'x' }]);
  check();
});

test('mixed-hosts: sitemap.allowedHosts applies too', () => {
  expectDiagnostics(urls('https://example.com/a', 'https://shop.example.com/b', '⟦https://other.example.com/c⟧'), ['mixed-hosts'], { settings: { allowedHosts: ['shop.example.com'] } });
});

// ------------------------------------------------------------------------------------------------ nested-index

test('nested-index: an index entry that is itself an index is reported on its URL', () => {
  const isSitemapIndex = (url: string): boolean | undefined => (url.endsWith('index.xml') ? true : url.endsWith('.xml') ? false : undefined);
  expectDiagnostics(
    sitemaps('https://example.com/sitemap-1.xml', '⟦https://example.com/other-index.xml⟧', 'https://example.com/feed.rss'),
    ['nested-index'],
    { context: { isSitemapIndex } },
  );
});

test('nested-index: the lookup gets the decoded URL', () => {
  const seen: string[] = [];
  const isSitemapIndex = (url: string): boolean => {
    seen.push(url);
    return url === 'https://example.com/index.xml?a=1&b=2';
  };
  expectDiagnostics(sitemaps('⟦https://example.com/index.xml?a=1&amp;b=2⟧'), ['nested-index'], { context: { isSitemapIndex } });
  if (!seen.includes('https://example.com/index.xml?a=1&b=2')) throw new Error(`lookup saw ${JSON.stringify(seen)}`);
});

test('nested-index: child sitemaps, unknown files and urlsets are fine', () => {
  expectDiagnostics(sitemaps('https://example.com/sitemap-1.xml', 'https://example.com/unknown.xml'), [], {
    context: { isSitemapIndex: (url) => (url.endsWith('sitemap-1.xml') ? false : undefined) },
  });
  // Only an index can nest one: a <urlset> listing an index URL is a page like any other.
  expectDiagnostics(urls('https://example.com/index.xml'), [], { context: { isSitemapIndex: () => true } });
  // Without a lookup, nothing is known.
  expectDiagnostics(sitemaps('https://example.com/index.xml'), []);
});
