/**
 * Value rules: invalid-url, url-too-long, invalid-lastmod, future-lastmod, invalid-changefreq, invalid-priority.
 * Ranges are in the document: after surrounding whitespace is trimmed, on the offending part of the value.
 */
import { test } from 'node:test';
import { expectDiagnostics, sitemapindex, urlset } from '../../support/fixtures';

function loc(value: string): string {
  return urlset(`<url><loc>${value}</loc></url>`);
}

function field(name: string, value: string): string {
  return urlset(`<url><loc>https://example.com/</loc><${name}>${value}</${name}></url>`);
}

// ------------------------------------------------------------------------------------------------ invalid-url

test('invalid-url: a relative URL or one without a scheme is reported on the whole value', () => {
  expectDiagnostics(loc('⟦/catalog/page.html⟧'), ['invalid-url']);
  expectDiagnostics(loc('⟦page.html⟧'), ['invalid-url']);
  expectDiagnostics(loc('⟦example.com/page⟧'), ['invalid-url']);
  expectDiagnostics(loc('⟦//example.com/page⟧'), ['invalid-url']);
});

test('invalid-url: a scheme other than http/https is reported on the scheme', () => {
  expectDiagnostics(loc('⟦ftp⟧://example.com/file'), ['invalid-url']);
  expectDiagnostics(loc('⟦mailto⟧:someone@example.com'), ['invalid-url']);
  expectDiagnostics(loc('⟦file⟧:///home/me/page.html'), ['invalid-url']);
});

test('invalid-url: illegal characters are reported one by one', () => {
  expectDiagnostics(loc('https://example.com/my⟦ ⟧page'), ['invalid-url']);
  expectDiagnostics(loc('https://example.com/a⟦{⟧b⟦}⟧'), ['invalid-url', 'invalid-url']);
  expectDiagnostics(loc('https://example.com/a⟦\\⟧b'), ['invalid-url']);
  expectDiagnostics(loc('https://example.com/a⟦|⟧b'), ['invalid-url']);
});

test('invalid-url: a bad percent-escape is reported on the escape', () => {
  expectDiagnostics(loc('https://example.com/100⟦%zz⟧'), ['invalid-url']);
  expectDiagnostics(loc('https://example.com/100⟦%⟧'), ['invalid-url']);
});

test('invalid-url: a bad host or port is reported on the host or the port', () => {
  expectDiagnostics(loc('https://exa⟦ ⟧mple.com/'), ['invalid-url']);
  expectDiagnostics(loc('https://⟦example..com⟧/'), ['invalid-url']);
  expectDiagnostics(loc('https://⟦-example.com⟧/'), ['invalid-url']);
  expectDiagnostics(loc('https://example.com:⟦99999⟧/'), ['invalid-url']);
  expectDiagnostics(loc('https://example.com:⟦8o⟧/'), ['invalid-url']);
  expectDiagnostics(loc('⟦https://⟧/no-host'), ['invalid-url']);
});

test('invalid-url: absolute http/https URLs, IRIs and escapes are fine', () => {
  for (const url of [
    'http://example.com',
    'https://example.com/',
    'https://www.example.com:8443/a/b.html?x=1&amp;y=2#top',
    'https://example.com/%C3%BCmlat.php?q=name',
    'https://example.com/ümlat.php',
    'https://münchen.example/straße',
    'https://例え.jp/ページ',
    'https://192.168.0.1/',
    'https://[2001:db8::1]/',
    'HTTPS://EXAMPLE.COM/',
    'https://sub_domain.example.com/',
    '\n   https://example.com/indented   \n',
  ]) {
    // Valid: what they point at (a fragment, a private address) is for url-fragment and local-url.
    expectDiagnostics(loc(url), [], { ignore: ['url-fragment', 'local-url'] });
  }
});

test('invalid-url: in a sitemap index too', () => {
  expectDiagnostics(sitemapindex('<sitemap><loc>⟦sitemap-1.xml⟧</loc></sitemap>'), ['invalid-url']);
});

// ------------------------------------------------------------------------------------------------ url-too-long

test('url-too-long: 2,048 characters or more, reported on the whole URL', () => {
  const prefix = 'https://example.com/';
  expectDiagnostics(loc(`⟦${prefix}${'a'.repeat(2048 - prefix.length)}⟧`), ['url-too-long']);
  expectDiagnostics(loc(`⟦${prefix}${'a'.repeat(5000)}⟧`), ['url-too-long']);
  expectDiagnostics(sitemapindex(`<sitemap><loc>⟦${prefix}${'a'.repeat(2048)}⟧</loc></sitemap>`), ['url-too-long']);
});

test('url-too-long: 2,047 characters are fine', () => {
  const prefix = 'https://example.com/';
  expectDiagnostics(loc(`${prefix}${'a'.repeat(2047 - prefix.length)}`), []);
});

test('url-too-long: the decoded value counts (&amp; is one character), in code points', () => {
  const prefix = 'https://example.com/?a=1&amp;b=';
  const decoded = 'https://example.com/?a=1&b=';
  expectDiagnostics(loc(`${prefix}${'x'.repeat(2047 - decoded.length)}`), []);
  expectDiagnostics(loc(`⟦${prefix}${'x'.repeat(2048 - decoded.length)}⟧`), ['url-too-long']);
  // 1,014 emoji are 2,028 UTF-16 code units but 1,014 characters: 1,034 in all.
  expectDiagnostics(loc(`https://example.com/${'\u{1F600}'.repeat(1014)}`), []);
});

// ------------------------------------------------------------------------------------------------ invalid-lastmod

test('invalid-lastmod: not a W3C Datetime shape — the whole value', () => {
  for (const bad of ['06/05/2024', '2024-5-6', '2024/05/06', '2024-05-06 10:00Z', 'yesterday', '2024-05-06T10Z', '2024-05-06t10:00z', '24-05-06', '1714989600']) {
    expectDiagnostics(field('lastmod', `⟦${bad}⟧`), ['invalid-lastmod']);
  }
});

test('invalid-lastmod: a time without a time zone — the whole value', () => {
  expectDiagnostics(field('lastmod', '⟦2024-05-06T10:00:00⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '⟦2024-05-06T10:00⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '⟦2024-05-06T10:00:00.5⟧'), ['invalid-lastmod']);
});

test('invalid-lastmod: an impossible date or time — just the impossible field', () => {
  expectDiagnostics(field('lastmod', '2023-02-⟦30⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2023-02-⟦29⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2024-⟦13⟧-01'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2024-04-⟦31⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2024-05-06T⟦25⟧:00Z'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2024-05-06T10:⟦60⟧Z'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '2024-05-06T10:00⟦+15:00⟧'), ['invalid-lastmod']);
  expectDiagnostics(field('lastmod', '⟦0000⟧'), ['invalid-lastmod']);
});

test('invalid-lastmod: an empty value is reported as an empty range where the value belongs', () => {
  expectDiagnostics(field('lastmod', '⟦⟧'), ['invalid-lastmod']);
});

test('invalid-lastmod: the six W3C Datetime forms are fine, with surrounding whitespace too', () => {
  for (const good of ['2024', '2024-05', '2024-05-06', '2024-05-06T10:00Z', '2024-05-06T10:00:00+02:00', '2024-05-06T10:00:00.123-05:30', '2024-02-29', ' 2024-05-06 ']) {
    expectDiagnostics(field('lastmod', good), []);
  }
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc><lastmod>2024-05-06T10:00:00Z</lastmod></sitemap>'), []);
});

// ------------------------------------------------------------------------------------------------ future-lastmod

// The fixed clock NOW is 2025-06-15T12:00:00Z; one day of skew is allowed, so the limit is 2025-06-16T12:00:00Z.

test('future-lastmod: a date later than now plus a day is reported on the whole value', () => {
  expectDiagnostics(field('lastmod', '⟦2025-06-16T12:00:01Z⟧'), ['future-lastmod']);
  expectDiagnostics(field('lastmod', '⟦2025-06-17⟧'), ['future-lastmod']);
  expectDiagnostics(field('lastmod', '⟦2026⟧'), ['future-lastmod']);
  expectDiagnostics(field('lastmod', '⟦2025-06-16T13:00:01+01:00⟧'), ['future-lastmod']);
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc><lastmod>⟦2030-01-01⟧</lastmod></sitemap>'), ['future-lastmod']);
});

test('future-lastmod: up to a day of clock skew is allowed; the past is fine', () => {
  expectDiagnostics(field('lastmod', '2025-06-16T12:00:00Z'), []);
  expectDiagnostics(field('lastmod', '2025-06-16T14:00:00+02:00'), []);
  expectDiagnostics(field('lastmod', '2025-06-16'), []);
  expectDiagnostics(field('lastmod', '2025-06'), []);
  expectDiagnostics(field('lastmod', '2025-06-15T12:00:00Z'), []);
  expectDiagnostics(field('lastmod', '1999-12-31'), []);
});

test('future-lastmod: depends on the clock given in the context', () => {
  expectDiagnostics(field('lastmod', '2030-01-01'), [], { context: { now: Date.UTC(2030, 0, 1) } });
  expectDiagnostics(field('lastmod', '⟦2030-01-03⟧'), ['future-lastmod'], { context: { now: Date.UTC(2030, 0, 1) } });
});

test('future-lastmod: an impossible future date is invalid-lastmod only', () => {
  expectDiagnostics(field('lastmod', '2099-02-⟦30⟧'), ['invalid-lastmod']);
});

// ------------------------------------------------------------------------------------------------ invalid-changefreq

test('invalid-changefreq: anything but the seven lower-case values is reported on the value', () => {
  expectDiagnostics(field('changefreq', '⟦Daily⟧'), ['invalid-changefreq']);
  expectDiagnostics(field('changefreq', '⟦DAILY⟧'), ['invalid-changefreq']);
  expectDiagnostics(field('changefreq', '⟦sometimes⟧'), ['invalid-changefreq']);
  expectDiagnostics(field('changefreq', '⟦every day⟧'), ['invalid-changefreq']);
  expectDiagnostics(field('changefreq', ' ⟦biweekly⟧ '), ['invalid-changefreq']);
  expectDiagnostics(field('changefreq', '⟦⟧'), ['invalid-changefreq']);
});

test('invalid-changefreq: the seven values are fine', () => {
  for (const value of ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', ' weekly ']) {
    expectDiagnostics(field('changefreq', value), []);
  }
});

// ------------------------------------------------------------------------------------------------ invalid-priority

test('invalid-priority: out of range, not a number, or a decimal comma — reported on the value', () => {
  for (const bad of ['1.5', '-0.1', 'high', '0,8', '2', '1.01', '50%', '0.5.1', '1e-1']) {
    expectDiagnostics(field('priority', `⟦${bad}⟧`), ['invalid-priority']);
  }
  expectDiagnostics(field('priority', '⟦⟧'), ['invalid-priority']);
  expectDiagnostics(field('priority', '\n  ⟦1.5⟧\n'), ['invalid-priority']);
});

test('invalid-priority: a decimal from 0.0 to 1.0 is fine', () => {
  for (const good of ['0', '0.0', '0.5', '.5', '1', '1.0', '1.000', '0.25', '+0.3', '-0.0', ' 0.8 ']) {
    expectDiagnostics(field('priority', good), []);
  }
});
