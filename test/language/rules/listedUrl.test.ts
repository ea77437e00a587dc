/**
 * What a listed URL points at: url-fragment (a `#fragment`, which search engines drop) and local-url (a host they
 * cannot reach), in `<loc>` of sitemaps and indexes and in text-sitemap lines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectDiagnostics, sitemapindex, urlset } from '../../support/fixtures';

function loc(value: string): string {
  return urlset(`<url><loc>${value}</loc></url>`);
}

// ------------------------------------------------------------------------------------------------ url-fragment

test('url-fragment: the fragment, from its "#" to the end of the URL', () => {
  expectDiagnostics(loc('https://example.com/guide⟦#install⟧'), ['url-fragment']);
  expectDiagnostics(loc('https://example.com/?q=1⟦#⟧'), ['url-fragment']);
  expectDiagnostics(loc('https://example.com⟦#top⟧'), ['url-fragment']);
  expectDiagnostics(loc('\n  https://example.com/a⟦#b⟧  \n'), ['url-fragment']);
});

test('url-fragment: the range is in the source, escapes included', () => {
  expectDiagnostics(loc('https://example.com/?a=1&amp;b=2⟦#x&amp;y⟧'), ['url-fragment']);
  expectDiagnostics(loc('<![CDATA[https://example.com/a]]>⟦&#35;b⟧'), ['url-fragment']);
});

test('url-fragment: in a sitemap index and in a text sitemap', () => {
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/sitemap.xml⟦#1⟧</loc></sitemap>'), ['url-fragment']);
  expectDiagnostics('https://example.com/\nhttps://example.com/a⟦#b⟧\n', ['url-fragment'], { languageId: 'sitemap-txt' });
});

test('url-fragment: an escaped "#" is no fragment; a second "#" is also invalid-url', () => {
  expectDiagnostics(loc('https://example.com/a%23b'), []);
  expectDiagnostics(loc('https://example.com/a⟦#b⟦#⟧c⟧'), ['url-fragment', 'invalid-url']);
});

// ------------------------------------------------------------------------------------------------ local-url

const LOCAL_HOSTS = [
  'localhost', 'LocalHost', 'app.localhost', 'my-site.local', 'shop.test',
  '127.0.0.1', '127.12.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.20', '169.254.10.1', '0.0.0.0',
  '[::1]', '[::]', '[fc00::1]', '[fd12:3456:789a::1]', '[fe80::1]', '[febf::abcd]', '[::ffff:127.0.0.1]', '[::ffff:c0a8:101]',
];

const PUBLIC_HOSTS = [
  'example.com', 'localhost.example.com', 'local.example.com', 'test.example.com', 'example.testing', 'mylocal', 'example.locals',
  '8.8.8.8', '11.0.0.1', '126.255.255.255', '128.0.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '169.255.0.1', '0.0.0.1',
  '[2001:db8::1]', '[fec0::1]', '[fb00::1]', '[::2]', '[::ffff:8.8.8.8]',
];

test('local-url: localhost, loopback, private and link-local addresses, .local, .test and .localhost; range: the host', () => {
  for (const host of LOCAL_HOSTS) expectDiagnostics(loc(`http://⟦${host}⟧/page`), ['local-url']);
});

test('local-url: public hosts, and names that only look local, are fine', () => {
  for (const host of PUBLIC_HOSTS) expectDiagnostics(loc(`https://${host}/page`), []);
});

test('local-url: the range leaves out user info and port', () => {
  expectDiagnostics(loc('http://user:pw@⟦localhost⟧:8080/a'), ['local-url']);
  expectDiagnostics(loc('http://⟦[::1]⟧:3000/a'), ['local-url']);
  expectDiagnostics(loc('http://⟦192.168.0.10⟧?q=1'), ['local-url']);
});

test('local-url: in a sitemap index and in a text sitemap; every entry of a leaked development build', () => {
  expectDiagnostics(sitemapindex('<sitemap><loc>http://⟦localhost⟧:4000/sitemap-1.xml</loc></sitemap>'), ['local-url']);
  expectDiagnostics('http://⟦localhost⟧:4000/\nhttp://⟦localhost⟧:4000/about\n', ['local-url', 'local-url'], { languageId: 'sitemap-txt' });
});

test('local-url: silent when the sitemap itself is published on a local host (a development site under test)', () => {
  const dev = { context: { location: 'http://localhost:4000/sitemap.xml' } };
  expectDiagnostics(urlset('<url><loc>http://localhost:4000/</loc></url>\n<url><loc>http://localhost:4000/about</loc></url>'), [], dev);
  // Other hosts are still out of scope there.
  expectDiagnostics(urlset('<url><loc>⟦http://127.0.0.1:4000/⟧</loc></url>'), ['out-of-scope'], dev);
  // A public location: a local URL is both out of scope and local.
  expectDiagnostics(loc('⟦http://⟦localhost⟧:4000/⟧'), ['out-of-scope', 'local-url'], { context: { location: 'https://www.example.com/sitemap.xml' } });
});

test('local-url and url-fragment are warnings by default, and can be turned off', () => {
  const text = loc('http://localhost/a#b');
  assert.deepEqual(diagnose(text).map((d) => [d.rule, d.severity]), [['local-url', 'warning'], ['url-fragment', 'warning']]);
  assert.deepEqual(diagnose(text, { settings: { rules: { 'local-url': 'off', 'url-fragment': 'off' } } }), []);
});
