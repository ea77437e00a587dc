import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrl, type UrlParts } from '../../../../server/src/language/rules/url';
import {
  isInScope,
  normalisePath,
  parseAllowedHosts,
  punycodeEncode,
  scopeDirectory,
  toAsciiHost,
  type SitemapScope,
} from '../../../../server/src/language/rules/scope';

function parts(url: string): UrlParts {
  const p = checkUrl(url, []);
  assert.ok(p, `${url} should parse`);
  return p;
}

function scope(location: string, allowed: string[] = []): SitemapScope {
  return { location: parts(location), allowed: parseAllowedHosts(allowed) };
}

function inScope(s: SitemapScope, urls: string[]): void {
  for (const u of urls) assert.equal(isInScope(parts(u), s), true, `${u} should be in scope of ${s.location?.origin}${s.location?.path}`);
}

function outOfScope(s: SitemapScope, urls: string[]): void {
  for (const u of urls) assert.equal(isInScope(parts(u), s), false, `${u} should be out of scope of ${s.location?.origin}${s.location?.path}`);
}

test('scopeDirectory: the path up to and including its last "/"', () => {
  assert.equal(scopeDirectory(parts('http://example.com/catalog/sitemap.xml')), '/catalog/');
  assert.equal(scopeDirectory(parts('http://example.com/sitemap.xml')), '/');
  assert.equal(scopeDirectory(parts('http://example.com/')), '/');
  assert.equal(scopeDirectory(parts('http://example.com')), '/');
  assert.equal(scopeDirectory(parts('http://example.com/a/b/')), '/a/b/');
  assert.equal(scopeDirectory(parts('http://example.com/a/b/sitemap.php?dir=/x/y/')), '/a/b/');
  assert.equal(scopeDirectory(parts('http://example.com/catalog')), '/');
});

test('protocol example: a sitemap in /catalog/ may list only /catalog/ URLs of the same origin', () => {
  const s = scope('http://example.com/catalog/sitemap.xml');
  inScope(s, [
    'http://example.com/catalog/show?item=23',
    'http://example.com/catalog/',
    'http://example.com/catalog/a/b/c.html',
    'http://example.com/catalog/sitemap.xml',
    'HTTP://EXAMPLE.COM/catalog/x',
    'http://example.com:80/catalog/x',
    'http://user:pw@example.com/catalog/x',
  ]);
  outOfScope(s, [
    'http://example.com/image/show?item=23',
    'https://example.com/catalog/page1.php', // another protocol
    'http://sub.example.com/catalog/page.html', // another host
    'http://www.example.com/catalog/page.html', // www variant
    'http://example.com/catalog', // the directory itself without its slash
    'http://example.com/catalogue/x',
    'http://example.com/Catalog/x', // paths are case-sensitive
    'http://example.com/',
    'http://example.com:8080/catalog/x',
    'http://example.org/catalog/x',
    'http://example.com.evil.org/catalog/x',
  ]);
});

test('protocol example: the port of the sitemap must be in every URL', () => {
  const s = scope('http://www.example.com:100/sitemap.xml');
  inScope(s, ['http://www.example.com:100/', 'http://www.example.com:100/any/path?x=1', 'http://www.example.com:0100/x']);
  outOfScope(s, [
    'http://www.example.com/x',
    'http://www.example.com:80/x',
    'http://www.example.com:101/x',
    'https://www.example.com:100/x',
  ]);
});

test('default ports are normalised on both sides', () => {
  inScope(scope('http://example.com:80/sitemap.xml'), ['http://example.com/x', 'http://example.com:80/x']);
  inScope(scope('https://example.com/sitemap.xml'), ['https://example.com:443/x']);
  inScope(scope('https://example.com:443/sitemap.xml'), ['https://example.com/x']);
  outOfScope(scope('https://example.com/sitemap.xml'), ['https://example.com:80/x', 'http://example.com/x']);
  outOfScope(scope('http://example.com/sitemap.xml'), ['http://example.com:443/x', 'https://example.com/x']);
});

test('https vs http, www vs bare, subdomains', () => {
  const s = scope('https://www.example.com/sitemap.xml');
  inScope(s, ['https://www.example.com/', 'https://WWW.Example.com/page']);
  outOfScope(s, [
    'http://www.example.com/',
    'https://example.com/',
    'https://shop.www.example.com/',
    'https://shop.example.com/',
    'https://www.example.co/',
  ]);
  const bare = scope('https://example.com/sitemap.xml');
  outOfScope(bare, ['https://www.example.com/', 'https://sub.example.com/']);
});

test('protocol example: a sitemap index may only list sitemaps in its own location', () => {
  const s = scope('http://www.example.com/sitemap_index.xml');
  inScope(s, ['http://www.example.com/sitemap1.xml.gz', 'http://www.example.com/sitemaps/s2.xml']);
  outOfScope(s, ['http://www.example.org/sitemap1.xml', 'http://sub.example.com/sitemap1.xml']);
});

test('a sitemap at the root covers the whole origin; a query in its URL does not count', () => {
  inScope(scope('http://example.com/sitemap.xml'), ['http://example.com/', 'http://example.com/a/b?c#d', 'http://example.com']);
  inScope(scope('http://example.com'), ['http://example.com/a/b']);
  inScope(scope('http://example.com/sitemap.php?dir=/catalog/'), ['http://example.com/other/']);
  inScope(scope('http://example.com/a/b/sitemap.php?x'), ['http://example.com/a/b/c']);
  outOfScope(scope('http://example.com/a/b/sitemap.php?x'), ['http://example.com/a/c']);
});

test('percent-encoding and IRI forms of the same directory are the same scope', () => {
  const encoded = scope('http://example.com/k%C3%BCche/sitemap.xml');
  inScope(encoded, [
    'http://example.com/k%C3%BCche/topf.html',
    'http://example.com/küche/topf.html', // ümlaut IRI
    'http://example.com/k%c3%bcche/topf.html', // lower-case hex
  ]);
  outOfScope(encoded, ['http://example.com/kuche/x', 'http://example.com/k%C3%BCchen/x', 'http://example.com/topf.html']);
  const iri = scope('http://example.com/küche/sitemap.xml');
  inScope(iri, ['http://example.com/küche/topf.html', 'http://example.com/k%C3%BCche/topf.html']);
  outOfScope(iri, ['http://example.com/k%C3%BC/x']);
  // escapes of unreserved characters are the characters themselves
  inScope(scope('http://example.com/catalog/sitemap.xml'), ['http://example.com/%63atalog/x', 'http://example.com/catalog/%7Ex']);
  // but an escaped '/' is not a '/'
  outOfScope(scope('http://example.com/catalog/sitemap.xml'), ['http://example.com/catalog%2Fx']);
  // the protocol's own example
  inScope(scope('http://www.example.com/sitemap.xml'), ['http://www.example.com/%C3%BCmlat.php&q=name', 'http://www.example.com/ümlat.php&q=name']);
});

test('dot segments are resolved before comparing', () => {
  const s = scope('http://example.com/catalog/sitemap.xml');
  inScope(s, ['http://example.com/catalog/./x', 'http://example.com/catalog/a/../x', 'http://example.com/other/../catalog/x']);
  outOfScope(s, [
    'http://example.com/catalog/../image/x',
    'http://example.com/catalog/%2e%2e/image/x',
    'http://example.com/catalog/%2E%2E/image/x',
    'http://example.com/catalog/..',
  ]);
  inScope(s, ['http://example.com/catalog/.well-known/x', 'http://example.com/catalog/..x/y']);
  inScope(scope('http://example.com/a/../catalog/sitemap.xml'), ['http://example.com/catalog/x']);
  outOfScope(scope('http://example.com/a/../catalog/sitemap.xml'), ['http://example.com/a/x']);
});

test('IDN hosts match their punycode form', () => {
  const s = scope('http://münchen.de/sitemap.xml');
  inScope(s, ['http://münchen.de/x', 'http://MÜNCHEN.de/x', 'http://xn--mnchen-3ya.de/x']);
  outOfScope(s, ['http://munchen.de/x', 'https://xn--mnchen-3ya.de/x']);
  inScope(scope('http://xn--mnchen-3ya.de/sitemap.xml'), ['http://münchen.de/x']);
  outOfScope(scope('http://xn--mnchen-3ya.de/sitemap.xml'), ['http://münchen.com/x']);
});

test('the location may change between calls', () => {
  const a = scope('http://example.com/a/sitemap.xml');
  const b = scope('http://example.com/b/sitemap.xml');
  const url = parts('http://example.com/a/x');
  assert.equal(isInScope(url, a), true);
  assert.equal(isInScope(url, b), false);
  assert.equal(isInScope(url, a), true);
  const c = scope('http://example.com/k%C3%BCche/sitemap.xml');
  const d = scope('http://example.com/topf/sitemap.xml');
  assert.equal(isInScope(parts('http://example.com/küche/x'), c), true);
  assert.equal(isInScope(parts('http://example.com/küche/x'), d), false);
  assert.equal(isInScope(parts('http://example.com/topf/ü'), d), true);
});

test('no location: nothing to compare with, everything is in scope', () => {
  assert.equal(isInScope(parts('http://example.com/x'), { allowed: parseAllowedHosts([]) }), true);
});

test('parseAllowedHosts: origins, bare hosts, host:port; junk ignored', () => {
  const a = parseAllowedHosts([
    'https://shop.example.com',
    'http://x.com:8080',
    'HTTPS://Pay.Example.com/checkout/',
    'https://secure.example.com:443',
    'blog.example.com',
    '  News.Example.com  ',
    '//cdn.example.com/',
    'api.example.com:8443',
    'legacy.example.com:80',
    'münchen.de',
    '',
    '   ',
    'junk value',
    'ftp://files.example.com',
    '*.example.com',
    'http://',
    'https://bad..host/',
    'user@host.example.com',
    'mailto:a@b.c',
    'http://x.com:99999',
  ]);
  assert.deepEqual([...a.origins].sort(), [
    'http://api.example.com:8443',
    'http://legacy.example.com',
    'http://x.com:8080',
    'https://api.example.com:8443',
    'https://legacy.example.com:80',
    'https://pay.example.com',
    'https://secure.example.com',
    'https://shop.example.com',
  ]);
  assert.deepEqual([...a.hosts].sort(), [
    'blog.example.com',
    'cdn.example.com',
    'münchen.de',
    'news.example.com',
    'xn--mnchen-3ya.de',
  ]);
  assert.deepEqual(parseAllowedHosts([]), { origins: new Set(), hosts: new Set() });
  // tolerate non-string junk from a settings file
  const junk = parseAllowedHosts([42, null, 'ok.example.com'] as unknown as string[]);
  assert.deepEqual([...junk.hosts], ['ok.example.com']);
  assert.equal(parseAllowedHosts(undefined as unknown as string[]).hosts.size, 0);
});

test('cross-submission: allowed hosts are in scope on any path', () => {
  const s = scope('http://www.sitemaphost.com/sitemaps/sitemap-host1.xml', [
    'www.host1.com',
    'https://shop.host2.com',
    'http://x.com:8080',
    'münchen.de',
  ]);
  inScope(s, [
    'http://www.host1.com/',
    'https://www.host1.com/any/path',
    'http://www.host1.com:8081/x', // a bare host matches any scheme and port
    'https://shop.host2.com/x',
    'https://shop.host2.com:443/x',
    'http://x.com:8080/deep/path',
    'http://www.sitemaphost.com/sitemaps/page',
    'https://xn--mnchen-3ya.de/x',
    'http://münchen.de/x',
  ]);
  outOfScope(s, [
    'http://host1.com/',
    'http://sub.www.host1.com/',
    'http://shop.host2.com/x', // an origin entry fixes the scheme
    'https://shop.host2.com:8443/x',
    'http://x.com/',
    'https://x.com:8080/',
    'http://www.sitemaphost.com/other/page',
  ]);
  const punyAllowed = scope('http://a.com/sitemap.xml', ['xn--mnchen-3ya.de', 'https://xn--bcher-kva.example']);
  inScope(punyAllowed, ['http://münchen.de/', 'https://bücher.example/x']);
  outOfScope(punyAllowed, ['http://bücher.example/x']);
});

test('normalisePath', () => {
  assert.equal(normalisePath('/a/b'), '/a/b');
  assert.equal(normalisePath('/k%c3%bcche/'), '/k%C3%BCche/');
  assert.equal(normalisePath('/küche/'), '/k%C3%BCche/');
  assert.equal(normalisePath('/%41%2D%2e%5F%7e%2F'), '/A-._~%2F');
  assert.equal(normalisePath('/😀'), '/%F0%9F%98%80');
  assert.equal(normalisePath('/日'), '/%E6%97%A5');
  assert.equal(normalisePath('/a/./b/../c'), '/a/c');
  assert.equal(normalisePath('/a/b/..'), '/a/');
  assert.equal(normalisePath('/a/.'), '/a/');
  assert.equal(normalisePath('/..'), '/');
  assert.equal(normalisePath('/../../a'), '/a');
  assert.equal(normalisePath('/%zz'), '/%zz');
  assert.equal(normalisePath('/\ud800'), '/%EF%BF%BD');
});

test('punycode (RFC 3492 samples) and toAsciiHost', () => {
  assert.equal(punycodeEncode('münchen'), 'mnchen-3ya');
  assert.equal(punycodeEncode('bücher'), 'bcher-kva');
  assert.equal(punycodeEncode('例え'), 'r8jz45g');
  assert.equal(punycodeEncode('ليهمابتكلموشعربي؟'), 'egbpdaj6bu4bxfgehfvwxn');
  assert.equal(punycodeEncode('他们为什么不说中文'), 'ihqwcrb4cv8a8dqg056pqjye');
  assert.equal(punycodeEncode('3年B組金八先生'), '3B-ww4c5e180e575a65lsy2b');
  assert.equal(toAsciiHost('www.münchen.de'), 'www.xn--mnchen-3ya.de');
  assert.equal(toAsciiHost('example.com'), 'example.com');
});
