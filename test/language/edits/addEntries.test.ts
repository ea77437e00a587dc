/** Add Unlisted Pages: text in → exact text out, the new entries in the file's own layout (indentation, line endings,
 * children, prefix, date form), already listed pages skipped, and the files it must not touch refused. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addEntries, parseDocument, type AddEntriesResult, type NewEntry, type SitemapLanguageId, type SourceHistory } from '../../../server/src/language/languageService';
import { applyOffsetEdits } from '../../support/cursor';
import { NS } from '../../support/fixtures';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

function committed(iso: string): SourceHistory {
  const change = { time: Date.parse(iso), authorTime: Date.parse(iso) };
  return { newest: change, significant: change, uncommitted: false };
}

const X: NewEntry = { url: 'https://e.com/x', history: committed('2024-03-02T10:20:30Z') };
const Y: NewEntry = { url: 'https://e.com/y' };
const MASS: NewEntry = { url: 'https://e.com/m', history: { newest: { time: NOW, authorTime: NOW }, uncommitted: false } };

function add(text: string, pages: readonly NewEntry[], languageId: SitemapLanguageId = 'sitemap', maxEntries?: number): { text: string; result: AddEntriesResult } {
  const result = addEntries(parseDocument(text, languageId), pages, { now: NOW, timeZoneOffset: () => 120, maxEntries });
  if (result.status !== 'added') return { text, result };
  assert.equal(result.edits.length, 1);
  return { text: applyOffsetEdits(text, result.edits), result };
}
const added = (text: string, pages: readonly NewEntry[], languageId?: SitemapLanguageId): string => {
  const out = add(text, pages, languageId);
  assert.equal(out.result.status, 'added', JSON.stringify(out.result));
  return out.text;
};

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

describe('addEntries in an XML sitemap', () => {
  it('copies the last entry\'s layout and lastmod form (2 spaces, LF), inserting only', () => {
    const before = `${DECLARATION}\n<urlset xmlns="${NS}">\n  <url>\n    <loc>https://e.com/a</loc>\n    <lastmod>2020-01-01</lastmod>\n    <priority>0.5</priority>\n  </url>\n</urlset>\n`;
    const out = add(before, [X, Y, MASS]);
    assert.equal(out.text, before.replace('</url>\n</urlset>', '</url>\n'
      + '  <url>\n    <loc>https://e.com/x</loc>\n    <lastmod>2024-03-02</lastmod>\n  </url>\n'
      + '  <url>\n    <loc>https://e.com/y</loc>\n  </url>\n'
      + '  <url>\n    <loc>https://e.com/m</loc>\n  </url>\n</urlset>'));
    assert.deepEqual({ ...out.result, edits: undefined }, { status: 'added', edits: undefined, added: 3, dated: 1, skipped: 0 });
    if (out.result.status === 'added') assert.equal(out.result.edits[0].start, out.result.edits[0].end);
  });

  it('keeps tabs and CRLF, blank lines between entries, and adds no lastmod to a file whose entries carry none', () => {
    const entry = (path: string): string => `\t<url>\r\n\t\t<loc>https://e.com/${path}</loc>\r\n\t</url>\r\n`;
    const before = `${DECLARATION}\r\n<urlset xmlns="${NS}">\r\n${entry('a')}\r\n${entry('b')}</urlset>\r\n`;
    assert.equal(added(before, [X, Y]), `${DECLARATION}\r\n<urlset xmlns="${NS}">\r\n${entry('a')}\r\n${entry('b')}\r\n${entry('x')}\r\n${entry('y')}</urlset>\r\n`);
  });

  it('keeps a one-line file on one line, with the entry\'s own date form', () => {
    const before = `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc><lastmod>2020-01-01T00:00:00Z</lastmod></url></urlset>`;
    assert.equal(added(before, [X, Y]), `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc><lastmod>2020-01-01T00:00:00Z</lastmod></url>`
      + '<url><loc>https://e.com/x</loc><lastmod>2024-03-02T10:20:30Z</lastmod></url><url><loc>https://e.com/y</loc></url></urlset>');
  });

  it('appends after a comment that ends the root, and keeps the root\'s prefix', () => {
    const before = `<s:urlset xmlns:s="${NS}">\n  <s:url><s:loc>https://e.com/a</s:loc></s:url>\n  <!-- generated -->\n</s:urlset>\n`;
    assert.equal(added(before, [Y]), before.replace('-->\n', '-->\n  <s:url><s:loc>https://e.com/y</s:loc></s:url>\n'));
  });

  it('fills an empty root: self-closed, or opened and closed on one line', () => {
    const pretty = (root: string): string => `${DECLARATION}\n<urlset xmlns="${NS}">\n`
      + '  <url>\n    <loc>https://e.com/x</loc>\n    <lastmod>2024-03-02T12:20:30+02:00</lastmod>\n  </url>\n'
      + `  <url>\n    <loc>https://e.com/y</loc>\n  </url>\n</urlset>${root}`;
    assert.equal(added(`${DECLARATION}\n<urlset xmlns="${NS}"/>\n`, [X, Y]), pretty('\n'));
    assert.equal(added(`${DECLARATION}\n<urlset xmlns="${NS}"></urlset>`, [X, Y]), pretty(''));
    assert.equal(added(`${DECLARATION}\n<urlset xmlns="${NS}">\n</urlset>\n`, [X, Y]), pretty('\n'));
    assert.equal(added(`<urlset xmlns="${NS}" />`, [Y]), `<urlset xmlns="${NS}" ><url><loc>https://e.com/y</loc></url></urlset>`);
    assert.equal(added(`<sm:urlset xmlns:sm="${NS}"></sm:urlset>`, [Y]), `<sm:urlset xmlns:sm="${NS}"><sm:url><sm:loc>https://e.com/y</sm:loc></sm:url></sm:urlset>`);
  });

  it('escapes what XML requires in a URL, and recognises a listed URL however it was escaped', () => {
    const before = `<urlset xmlns="${NS}">\n  <url><loc>https://e.com/?a=1&#38;b=2</loc></url>\n</urlset>\n`;
    const out = add(before, [{ url: 'https://e.com/?a=1&b=2' }, { url: `https://e.com/?q=<"it's">` }]);
    assert.equal(out.text, before.replace('</url>\n', '</url>\n  <url><loc>https://e.com/?q=&lt;&quot;it&apos;s&quot;&gt;</loc></url>\n'));
    assert.equal(out.result.status === 'added' && out.result.skipped, 1);
  });

  it('changes nothing the second time, skips a page given twice and a URL with whitespace', () => {
    const before = `<urlset xmlns="${NS}">\n  <url><loc>https://e.com/a</loc></url>\n</urlset>\n`;
    const once = added(before, [X, Y, X, { url: 'https://e.com/a b' }]);
    assert.equal(once, before.replace('</url>\n', '</url>\n  <url><loc>https://e.com/x</loc></url>\n  <url><loc>https://e.com/y</loc></url>\n'));
    assert.deepEqual(add(once, [X, Y]).result, { status: 'nothing-to-add', skipped: 2 });
  });

  it('refuses a file with syntax errors, an index, a robots.txt', () => {
    assert.deepEqual(add(`<urlset xmlns="${NS}">\n  <url><loc>https://e.com/a</lo></url>\n</urlset>\n`, [Y]).result, { status: 'not-editable', reason: 'syntax-error' });
    assert.deepEqual(add(`<urlset xmlns="${NS}">\n  <url><loc>https://e.com/a</loc></url>\n`, [Y]).result, { status: 'not-editable', reason: 'syntax-error' });
    assert.deepEqual(add(`<sitemapindex xmlns="${NS}"><sitemap><loc>https://e.com/1.xml</loc></sitemap></sitemapindex>`, [Y]).result, { status: 'not-editable', reason: 'index' });
    assert.deepEqual(add('User-agent: *\nDisallow:\n', [Y], 'robots-txt').result, { status: 'not-editable', reason: 'not-a-sitemap' });
  });

  it('refuses to pass 50,000 entries and says how many fit', () => {
    const entries = Array.from({ length: 49_999 }, (_, n) => `<url><loc>https://e.com/${n}</loc></url>\n`).join('');
    const before = `<urlset xmlns="${NS}">\n${entries}</urlset>\n`;
    assert.deepEqual(add(before, [X, Y]).result, { status: 'too-many', entries: 49_999, adding: 2, room: 1 });
    assert.equal(added(before, [Y]), before.replace('</urlset>', '<url><loc>https://e.com/y</loc></url>\n</urlset>'));
    assert.deepEqual(add(before, [Y], 'sitemap', 10).result, { status: 'too-many', entries: 49_999, adding: 1, room: 0 });
  });
});

describe('addEntries in a text sitemap', () => {
  it('appends URL lines after the last one, with the file\'s line break, never escaped, never dated', () => {
    assert.equal(added('https://e.com/a\nhttps://e.com/b\n', [X, { url: 'https://e.com/?a=1&b=2' }], 'sitemap-txt'), 'https://e.com/a\nhttps://e.com/b\nhttps://e.com/x\nhttps://e.com/?a=1&b=2\n');
    assert.equal(added('https://e.com/a\r\nhttps://e.com/b', [X, Y], 'sitemap-txt'), 'https://e.com/a\r\nhttps://e.com/b\r\nhttps://e.com/x\r\nhttps://e.com/y');
    assert.equal(added('https://e.com/a\n\n\n', [Y], 'sitemap-txt'), 'https://e.com/a\nhttps://e.com/y\n\n\n');
    assert.equal(added('', [X, Y], 'sitemap-txt'), 'https://e.com/x\nhttps://e.com/y\n');
    assert.equal(added('\uFEFF', [Y], 'sitemap-txt'), '\uFEFFhttps://e.com/y\n');
  });

  it('skips listed URLs, and refuses to pass the limit', () => {
    assert.deepEqual(add('https://e.com/x\n', [X], 'sitemap-txt').result, { status: 'nothing-to-add', skipped: 1 });
    assert.deepEqual(add('https://e.com/a\nhttps://e.com/b\n', [X, Y], 'sitemap-txt', 3).result, { status: 'too-many', entries: 2, adding: 2, room: 1 });
  });
});
