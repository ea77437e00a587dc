/** The live check's header parsers: X-Robots-Tag (Google's documented examples), Link's rel=canonical (RFC 8288),
 * Retry-After (RFC 9110), and the Content-Type against the body. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerRobotsFor, parseRobotsHeader } from '../../../server/src/language/live/robotsHeader';
import { canonicalLinks, parseLinkHeader } from '../../../server/src/language/live/linkHeader';
import { parseRetryAfter, retryWait } from '../../../server/src/language/live/retryAfter';
import { contentTypeProblem, mediaTypeOf, sniffBody } from '../../../server/src/language/live/contentType';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

test('X-Robots-Tag: Google\'s documented examples, several headers, scoped crawlers, case', () => {
  const cases: Array<[string | string[], string, boolean, boolean]> = [
    // [header value(s), crawler, noindex, nofollow]
    ['noindex', 'Googlebot', true, false],
    ['noindex, nofollow', 'Googlebot', true, true],
    ['none', 'Googlebot', true, true],
    ['NONE', 'Googlebot', true, true],
    ['NoIndex', 'googlebot', true, false],
    [['noarchive', 'unavailable_after: 25 Jun 2010 15:00:00 PST'], 'Googlebot', false, false],
    [['googlebot: nofollow', 'otherbot: noindex, nofollow'], 'Googlebot', false, true],
    ['googlebot: nofollow, otherbot: noindex, nofollow', 'Googlebot', false, true], // the same, joined by the client
    ['googlebot: nofollow, otherbot: noindex, nofollow', 'otherbot', true, true],
    ['otherbot: noindex', 'Googlebot', false, false],
    ['GoogleBot: NOINDEX', 'Googlebot', true, false],
    ['googlebot-news: noindex', 'Googlebot', false, false],
    ['max-snippet: 20, noindex', 'Googlebot', true, false], // a directive with a value is no crawler's name
    ['max-image-preview:large, googlebot: noindex', 'Googlebot', true, false],
    ['noindex, otherbot: nofollow', 'Googlebot', true, false], // before any name: every crawler
    [['otherbot: nofollow', 'noindex'], 'Googlebot', true, false], // each header starts again for every crawler
    ['all', 'Googlebot', false, false],
    ['', 'Googlebot', false, false],
    [' , ,', 'Googlebot', false, false],
  ];
  for (const [value, crawler, noindex, nofollow] of cases) {
    const said = headerRobotsFor(value, crawler);
    assert.deepEqual([said.noindex, said.nofollow], [noindex, nofollow], `${JSON.stringify(value)} for ${crawler}`);
  }
  assert.deepEqual(parseRobotsHeader(undefined), []);
  assert.deepEqual(parseRobotsHeader('googlebot: noindex, nofollow').map((p) => [p.crawler, p.directives]), [['googlebot', ['noindex', 'nofollow']]]);
  assert.deepEqual(parseRobotsHeader('unavailable_after: 25 Jun 2010 15:00:00 PST').map((p) => [p.crawler, p.directives]), [['robots', ['unavailable_after:25 jun 2010 15:00:00 pst']]]);
});

test('Link: rel=canonical among several links, quoted and unquoted rel, relative targets, anchors', () => {
  const base = 'https://example.com/docs/a.pdf';
  const cases: Array<[string, string[]]> = [
    ['<https://example.com/docs/a>; rel="canonical"', ['https://example.com/docs/a']],
    ['<https://example.com/docs/a>; rel=canonical', ['https://example.com/docs/a']],
    ['<b>; REL="Canonical"', ['https://example.com/docs/b']],
    ['</c>; rel="alternate canonical"', ['https://example.com/c']],
    ['<https://example.com/x>; rel="preload"; as=style, <https://example.com/y>; rel="canonical"', ['https://example.com/y']],
    ['<https://a.example/;a,b>; rel="canonical"', ['https://a.example/;a,b']], // commas inside <> are the target's
    ['<https://example.com/q>; title="a, \\"quoted\\"; rel=canonical"; rel="next"', []], // rel inside a quoted title is no rel
    ['<https://example.com/r>; rel="next"; rel="canonical"', []], // only the first rel counts
    ['<https://example.com/s>; rel="canonical"; anchor="https://example.com/other"', []], // about another resource
    ['<https://example.com/t>; rel="canonical"; anchor="#"', []],
    ['<https://example.com/u>; rel="canonical"; anchor="a.pdf"', ['https://example.com/u']], // about this resource
    ['garbage', []],
    ['<unterminated; rel=canonical', []],
    ['', []],
  ];
  for (const [value, expected] of cases) {
    assert.deepEqual(canonicalLinks(value, base).map((l) => l.href), expected, value);
  }
  assert.deepEqual(parseLinkHeader('<a>; rel="x y", <b>', base).map((l) => l.rels), [['x', 'y'], []]);
  assert.equal(parseLinkHeader('<http://[bad>; rel=canonical', base)[0]!.href, undefined);
});

test('Retry-After: delta-seconds, the three HTTP-date forms, past dates, garbage; the wait bounded', () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);
  const cases: Array<[string | undefined, number | undefined]> = [
    ['120', 120_000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
    ['Thursday, 01-Jan-26 00:01:00 GMT', 60_000],
    ['Thu Jan  1 00:00:05 2026', 5_000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['-5', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['Thu, 01 Jan 2026 00:00:30 PST', undefined],
    [undefined, undefined],
  ];
  for (const [value, expected] of cases) assert.equal(parseRetryAfter(value, now), expected, String(value));
  const options = { defaultMs: 100, maxMs: 1_000 };
  assert.equal(retryWait('120', now, 1, options), 1_000, 'bounded');
  assert.equal(retryWait('0', now, 3, options), 0);
  assert.deepEqual([1, 2, 3, 4, 5].map((retry) => retryWait(undefined, now, retry, options)), [100, 200, 400, 800, 1_000], 'backoff without the header');
});

test('Content-Type against the body: missing, malformed, HTML as text/plain, a PDF as text/html; a PDF is a page', () => {
  const html = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes('  <!DOCTYPE html><html><head>')]);
  const pdf = bytes('%PDF-1.7\n');
  const cases: Array<[string | undefined, Uint8Array, string | undefined]> = [
    ['text/html; charset=utf-8', html, undefined],
    ['TEXT/HTML', bytes('<html>'), undefined],
    ['application/xhtml+xml', bytes('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">'), undefined],
    ['text/html', bytes('just text'), undefined],
    ['application/pdf', pdf, undefined],
    ['text/plain', bytes('hello'), undefined],
    ['image/png', bytes('\x89PNG\r\n'), undefined],
    [undefined, html, 'missing'],
    [undefined, pdf, 'missing'],
    [undefined, new Uint8Array(0), undefined],
    ['', html, 'missing'],
    ['html', html, 'malformed'],
    ['text/plain; charset=utf-8', html, 'html-as-other'],
    ['application/octet-stream', bytes('<!-- c --><html>'), 'html-as-other'],
    ['text/html', pdf, 'other-as-html'],
    ['text/html', bytes('\xff\xd8\xff\xe0'), 'other-as-html'],
  ];
  for (const [type, body, expected] of cases) assert.equal(contentTypeProblem(type, body)?.kind, expected, `${type} ${JSON.stringify(String.fromCharCode(...body.slice(0, 12)))}`);
  assert.equal(mediaTypeOf(' Text/HTML ; charset=UTF-8'), 'text/html');
  assert.equal(sniffBody(bytes('<p>x')), 'html');
  assert.equal(sniffBody(bytes('<pre>')), 'unknown');
});
