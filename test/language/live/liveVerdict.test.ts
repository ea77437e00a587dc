/** The verdict of one listed URL from its recorded answers (language/live/liveVerdict.ts): one per URL, in Google's
 * order, with the page rules' ids where the meaning is theirs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeLive } from '../../../server/src/language/live/liveVerdict';
import type { LiveHop, LiveRecord, LiveStop } from '../../../server/src/language/live/liveRecord';

const URL_ = 'https://www.example.com/a';

function page(headers: Record<string, string>, body = '', hops: LiveHop[] = [], stop: LiveStop = { kind: 'answered' }): LiveRecord {
  const last: LiveHop = { url: hops.length > 0 ? hops[hops.length - 1]!.location! : URL_, status: 200, headers, retries: 0 };
  const bytes = Uint8Array.from(body, (c) => c.charCodeAt(0));
  return { listedUrl: URL_, hops: [...hops, last], stop, body: bytes, bodyText: body, truncated: false };
}

function status(code: number, headers: Record<string, string> = {}, retries = 0): LiveRecord {
  return { listedUrl: URL_, hops: [{ url: URL_, status: code, headers, retries }], stop: { kind: 'answered' }, body: new Uint8Array(0), bodyText: '', truncated: false };
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const head = (inner: string) => `<!doctype html><html><head>${inner}</head><body></body></html>`;

test('one verdict per URL, in Google\'s order', () => {
  const blocked: LiveRecord = { listedUrl: URL_, hops: [], stop: { kind: 'blocked', url: URL_, robots: { robotsUrl: 'https://www.example.com/robots.txt', line: { number: 2, text: 'Disallow: /a' } } }, body: new Uint8Array(0), bodyText: '', truncated: false };
  const redirectTo404: LiveRecord = {
    ...status(404), hops: [{ url: URL_, status: 301, headers: { location: '/b' }, location: 'https://www.example.com/b', retries: 0 }, { url: 'https://www.example.com/b', status: 404, headers: {}, retries: 0 }],
  };
  const cases: Array<[string, LiveRecord, string | undefined]> = [
    ['blocked', blocked, 'blocked-by-robots'],
    ['robots.txt unreadable', { ...blocked, stop: { kind: 'blocked', url: URL_, robots: { robotsUrl: 'https://www.example.com/robots.txt', unreadable: 'it answers 503' } } }, 'blocked-by-robots'],
    ['a redirect to a 404 is a redirect first', redirectTo404, 'page-redirect'],
    ['404', status(404), 'page-not-found'],
    ['410', status(410), 'page-not-found'],
    ['400: every 4xx but 429 is "not found" to Google', status(400), 'page-not-found'],
    ['401', status(401), 'page-forbidden'],
    ['403', status(403), 'page-forbidden'],
    ['500', status(500), 'page-unreachable'],
    ['503 after retries', status(503, {}, 3), 'page-unreachable'],
    ['429 after retries', status(429, {}, 3), 'page-unreachable'],
    ['a 3xx without Location', status(302), 'page-unreachable'],
    ['no answer', { ...status(200), hops: [], stop: { kind: 'failed', url: URL_, failure: 'timeout', message: 'no answer within 30 s', retries: 3 } }, 'page-unreachable'],
    ['a fine page', page(HTML, head('<title>A</title><link rel="canonical" href="/a">')), undefined],
    ['meta refresh before noindex', page(HTML, head('<meta http-equiv="refresh" content="0; url=/b"><meta name="robots" content="noindex">')), 'page-redirect'],
    ['noindex before canonical', page(HTML, head('<meta name="robots" content="noindex"><link rel="canonical" href="/b">')), 'noindex-page'],
    ['googlebot meta', page(HTML, head('<meta name="googlebot" content="noindex">')), 'noindex-page'],
    ['otherbot meta', page(HTML, head('<meta name="otherbot" content="noindex">')), undefined],
    ['X-Robots-Tag on a PDF', page({ 'content-type': 'application/pdf', 'x-robots-tag': 'noindex' }, '%PDF-1.4'), 'noindex-page'],
    ['X-Robots-Tag for otherbot', page({ ...HTML, 'x-robots-tag': 'otherbot: noindex' }, head('')), undefined],
    ['Link canonical on a PDF', page({ 'content-type': 'application/pdf', link: '<https://www.example.com/b>; rel="canonical"' }, '%PDF-1.4'), 'canonical-elsewhere'],
    ['Link canonical to itself', page({ 'content-type': 'application/pdf', link: '</a>; rel=canonical' }, '%PDF-1.4'), undefined],
    ['Link and head canonicals that disagree', page({ ...HTML, link: '</a>; rel=canonical' }, head('<link rel="canonical" href="/b">')), 'canonical-elsewhere'],
    ['canonical before the Content-Type', page({ 'content-type': 'text/html', link: '</b>; rel=canonical' }, '%PDF-1.4'), 'canonical-elsewhere'],
    ['HTML as text/plain: its meta robots unread', page({ 'content-type': 'text/plain' }, head('<meta name="robots" content="noindex">')), 'page-content-type'],
    ['no Content-Type: an HTML body is read as HTML', page({}, head('<meta name="robots" content="noindex">')), 'noindex-page'],
    ['no Content-Type', page({}, head('<title>A</title>')), 'page-content-type'],
    ['a PDF as text/html', page(HTML, '%PDF-1.4'), 'page-content-type'],
    ['a PDF is a page', page({ 'content-type': 'application/pdf' }, '%PDF-1.4'), undefined],
  ];
  for (const [name, record, expected] of cases) assert.equal(judgeLive(record, { userAgent: 'Googlebot' })?.rule, expected, name);
});

test('page-redirect: the chain, its end, and the URL to list instead', () => {
  const hop = (from: string, to: string, code = 301): LiveHop => ({ url: `https://www.example.com${from}`, status: code, headers: { location: to }, location: `https://www.example.com${to}`, retries: 0 });
  const toPage = page(HTML, head(''), [hop('/a', '/b'), hop('/b', '/c', 302)]);
  const verdict = judgeLive(toPage, { userAgent: 'Googlebot' })!;
  assert.equal(verdict.rule, 'page-redirect');
  assert.deepEqual(verdict.chain, [{ url: URL_, status: 301 }, { url: 'https://www.example.com/b', status: 302 }, { url: 'https://www.example.com/c', status: 200 }]);
  assert.equal(verdict.listInstead, 'https://www.example.com/c');
  for (const stop of [{ kind: 'loop', url: URL_ }, { kind: 'too-many-redirects', max: 10 }, { kind: 'left-origins', url: 'https://elsewhere.example/' }] as LiveStop[]) {
    const record: LiveRecord = { listedUrl: URL_, hops: [hop('/a', '/b'), hop('/b', '/a')], stop, body: new Uint8Array(0), bodyText: '', truncated: false };
    const judged = judgeLive(record, { userAgent: 'Googlebot' })!;
    assert.equal(judged.rule, 'page-redirect', stop.kind);
    assert.equal(judged.listInstead, undefined, stop.kind);
  }
});

test('--live-origin: canonicals and refreshes on the preview\'s origin are read as the listed origin\'s', () => {
  const preview = 'https://preview.example.net';
  const toListed = (url: string) => (url.startsWith(preview) ? 'https://www.example.com' + url.slice(preview.length) : url);
  const record = (inner: string): LiveRecord => ({ ...page(HTML, head(inner)), hops: [{ url: `${preview}/a`, status: 200, headers: HTML, retries: 0 }] });
  const judge = (inner: string) => judgeLive(record(inner), { userAgent: 'Googlebot', toListed });
  assert.equal(judge('<link rel="canonical" href="/a">'), undefined);
  assert.equal(judge('<link rel="canonical" href="https://www.example.com/a">'), undefined);
  assert.equal(judge('<link rel="canonical" href="/b">')?.listInstead, 'https://www.example.com/b');
  assert.equal(judgeLive(record('<link rel="canonical" href="/a">'), { userAgent: 'Googlebot' })?.rule, 'canonical-elsewhere', 'without the mapping the preview\'s canonical is elsewhere');
});
