/**
 * robots.txt (language `robots-txt`): robots-sitemap-url on `Sitemap:` lines, at exact ranges; every other line, and
 * every sitemap rule, says nothing. Quick fixes, hover, and the agreement with robotsSitemapUrls's reading of the file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, applyEdits, complete, getFixAllEdits, getHover, getQuickFixes, parseDocument, validate,
} from '../../../server/src/language/languageService';
import { robotsSitemapUrls } from '../../../server/src/language/rules/robotsTxtRules';
import { applyOffsetEdits } from '../../support/cursor';
import { diagnose, expectDiagnostics, render, stripMarks, type Options } from '../../support/fixtures';

const ROBOTS: Options = { languageId: 'robots-txt' };
const RULE = 'robots-sitemap-url';
const SPELLING = 'robots-sitemap-spelling';

test('robots-sitemap-url: a relative path, another scheme, a URL without a scheme, on the value', () => {
  expectDiagnostics('Sitemap: ⟦/sitemap.xml⟧\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap: ⟦ftp://example.com/sitemap.xml⟧\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap:⟦www.example.com/sitemap.xml⟧  # the main one\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap: ⟦https:/example.com/sitemap.xml⟧', [RULE], ROBOTS);
});

test('robots-sitemap-url: an invalid URL, as invalid-url finds it, on the whole value', () => {
  expectDiagnostics('Sitemap: ⟦https://exa mple.com/s.xml⟧\n', [RULE], ROBOTS); // a space: two values
  expectDiagnostics('Sitemap: ⟦https://example..com/s.xml⟧\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap: ⟦https://example.com/100%zz.xml⟧\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap: ⟦https://example.com:99999/s.xml⟧\n', [RULE], ROBOTS);
});

test('robots-sitemap-url: two URLs on one line, on both', () => {
  expectDiagnostics('Sitemap: ⟦https://example.com/a.xml https://example.com/b.xml⟧ # two\n', [RULE], ROBOTS);
  expectDiagnostics('Sitemap: ⟦https://example.com/a.xml\thttps://example.com/b.xml⟧', [RULE], ROBOTS);
});

test('robots-sitemap-url: an empty value, on the directive', () => {
  expectDiagnostics('⟦Sitemap⟧:\n', [RULE], ROBOTS);
  expectDiagnostics('  ⟦sitemap⟧ :   # none yet\r\n', [RULE], ROBOTS);
});

test('robots-sitemap-url: a near miss no crawler reads as Sitemap, or a missing colon before a URL, on the directive', () => {
  expectDiagnostics('⟦Sitmap⟧: https://example.com/s.xml\n', [RULE], ROBOTS);
  expectDiagnostics('⟦Stiemap⟧:https://example.com/s.xml\n', [RULE], ROBOTS);
  expectDiagnostics('⟦Site map⟧ : https://example.com/s.xml\n', [RULE], ROBOTS);
  expectDiagnostics('⟦Stie-map⟧: /s.xml\n', [RULE], ROBOTS);
  expectDiagnostics('⟦Sitemap⟧ https://example.com/s.xml\n', [RULE], ROBOTS);
  expectDiagnostics('\uFEFF⟦SITEMAP⟧\thttps://example.com/s.xml # no colon\n', [RULE], ROBOTS);
  expectDiagnostics('⟦Sitemap⟧ ⟦https://example.com/a.xml https://example.com/b.xml⟧\n', [RULE, RULE], ROBOTS);
});

test('robots-sitemap-spelling: a name Google reads as Sitemap, on the directive; its URL checked as a Sitemap line\'s', () => {
  expectDiagnostics('⟦Sitemaps⟧: https://example.com/s.xml\n', [SPELLING], ROBOTS);
  expectDiagnostics('⟦Site-map⟧: https://example.com/s.xml\n', [SPELLING], ROBOTS);
  expectDiagnostics('⟦Site-Maps⟧: https://example.com/s.xml\n', [SPELLING], ROBOTS);
  expectDiagnostics('⟦Sitemapss⟧: https://example.com/s.xml\n', [SPELLING], ROBOTS);
  expectDiagnostics('⟦Sitemapindex⟧: https://example.com/i.xml\n', [SPELLING], ROBOTS);
  expectDiagnostics('⟦Site-maps⟧: ⟦/s.xml⟧\n', [SPELLING, RULE], ROBOTS);
  expectDiagnostics('⟦Sitemaps⟧: ⟦see the docs⟧\n', [SPELLING, RULE], ROBOTS);
  expectDiagnostics('⟦Sitemaps⟧ https://example.com/s.xml\n', [RULE], ROBOTS); // the missing colon's fix writes both
  assert.deepEqual(diagnose('Sitemaps: https://example.com/s.xml\n', ROBOTS).map((d) => d.severity), ['warning']);
});

test('not a Sitemap line: far from "sitemap", no URL after a near miss, two words more, a partial byte-order mark', () => {
  expectDiagnostics('NoSitemap: https://example.com/s.xml\nHost: https://example.com\nSitmap: see the docs\n', [], ROBOTS);
  expectDiagnostics('Site: https://example.com/\nsitemap is here /s.xml\n', [], ROBOTS);
  expectDiagnostics('\uFFFDSitemap: https://example.com/s.xml\n', [], ROBOTS);
});

test('valid Sitemap lines, the other directives, comments and blank lines say nothing', () => {
  const robots = [
    '\uFEFFUser-agent: *', 'Disallow: /private/', 'Allow: /private/public.html', 'Crawl-delay: 10', '',
    '# Sitemap: /commented-out.xml', 'sitemap: https://www.example.com/sitemap.xml', '  SITEMAP :https://www.example.com/news.xml   # the news',
    'Sitemap: https://cdn.example.net/s.xml#part', 'Clean-param: ref /articles/', 'Unknown-directive: whatever', 'Disallow /no-colon', 'just words',
    'Sitemap: https://example.com/m%C3%BCnchen.xml', 'Sitemap: https://xn--mnchen-3ya.example/s.xml.gz',
  ].join('\r\n');
  expectDiagnostics(robots, [], ROBOTS);
  expectDiagnostics('', [], ROBOTS);
});

test('no sitemap rule runs on a robots.txt: a local URL, a fragment, duplicates, limits', () => {
  const text = 'Sitemap: http://localhost/s.xml\nSitemap: https://example.com/s.xml#x\nSitemap: https://example.com/s.xml\nSitemap: https://example.com/s.xml\n';
  expectDiagnostics(text, [], { ...ROBOTS, settings: { limits: { maxEntries: 1, maxBytes: 10, legacyMaxBytes: 5, maxNewsEntries: 1 } }, context: { location: 'https://other.example/robots.txt' } });
  assert.equal(parseDocument(text, 'robots-txt').kind, 'robots');
  assert.equal(parseDocument(text, 'robots-txt').entryCount, 0);
});

test('sitemap.rules and maxProblems apply', () => {
  const text = 'Sitemap: /a.xml\nSitemap: /b.xml\nSitemap: /c.xml\n';
  assert.deepEqual(diagnose(text, { ...ROBOTS, settings: { rules: { [RULE]: 'off' } } }), []);
  const warned = diagnose(text, { ...ROBOTS, settings: { rules: { [RULE]: 'warning' } } });
  assert.deepEqual(warned.map((d) => d.severity), ['warning', 'warning', 'warning']);
  assert.deepEqual(diagnose(text, ROBOTS).map((d) => d.severity), ['error', 'error', 'error']);
  const capped = diagnose(text, { ...ROBOTS, settings: { maxProblems: 2 } });
  assert.deepEqual(render(capped), [`${RULE}@9-15`, 'too-many-problems@25-31']); // the summary takes the last place
});

test('quick fixes: the directive spelt right, the missing colon added; none for a URL', () => {
  const fix = (text: string): string[] => {
    const document = parseDocument(text, 'robots-txt');
    const problems = validate(document, DEFAULT_SETTINGS, {});
    return getQuickFixes(document, problems).map((f) => applyOffsetEdits(text, f.edits));
  };
  assert.deepEqual(fix('Sitemaps: https://example.com/s.xml\n'), ['Sitemap: https://example.com/s.xml\n']);
  assert.deepEqual(fix('User-agent: *\r\n  site-map :https://example.com/s.xml # x\r\n'), ['User-agent: *\r\n  Sitemap :https://example.com/s.xml # x\r\n']);
  assert.deepEqual(fix('sitemap https://example.com/s.xml'), ['sitemap: https://example.com/s.xml']);
  assert.deepEqual(fix('Sitmaps https://example.com/s.xml\n'), ['Sitemap: https://example.com/s.xml\n']);
  assert.deepEqual(fix('Sitemap: /s.xml\nSitemap:\nSitemap: a b\n'), []);
  assert.deepEqual(fix('Sitemap: ftp://example.com/s.xml\nSitemap: sitemap.xml\n'), []);
  // A stale problem (the line changed since) gets nothing.
  assert.deepEqual(getQuickFixes(parseDocument('Sitemap: https://example.com/s.xml\n', 'robots-txt'), [{ rule: RULE, start: 0, end: 7 }]), []);
  assert.deepEqual(getFixAllEdits(parseDocument('Sitemaps: https://example.com/s.xml\n', 'robots-txt')), []);
});

test('quick fixes: a relative URL made absolute where the robots.txt is published; a URL without its scheme gets one', () => {
  const fixes = (text: string, location?: string): Array<[string, boolean]> => {
    const document = parseDocument(text, 'robots-txt');
    const problems = validate(document, DEFAULT_SETTINGS, {});
    return getQuickFixes(document, problems, { location }).map((f) => [applyOffsetEdits(text, f.edits), f.isPreferred]);
  };
  const site = 'https://www.example.com/robots.txt';
  assert.deepEqual(fixes('Sitemap: /sitemap.xml\n', site), [['Sitemap: https://www.example.com/sitemap.xml\n', true]]);
  assert.deepEqual(fixes('User-agent: *\r\nSitemap:  /news/s%C3%BC.xml # n\r\n', 'http://example.com:8080/robots.txt'), [['User-agent: *\r\nSitemap:  http://example.com:8080/news/s%C3%BC.xml # n\r\n', true]]);
  assert.deepEqual(fixes('Sitemap: sitemap.xml', 'https://www.example.com/shop/robots.txt'), [['Sitemap: https://www.example.com/shop/sitemap.xml', true]]);
  assert.deepEqual(fixes('Sitemaps: /s.xml\n', site), [['Sitemap: /s.xml\n', true], ['Sitemaps: https://www.example.com/s.xml\n', true]]);
  assert.deepEqual(fixes('sitemap www.example.com/sitemap.xml\n', 'http://www.example.com/robots.txt'), [
    ['sitemap: www.example.com/sitemap.xml\n', true], ['sitemap http://www.example.com/sitemap.xml\n', true],
  ]);
  assert.deepEqual(fixes('Sitemap: www.example.com/sitemap.xml\n'), [['Sitemap: https://www.example.com/sitemap.xml\n', false]]);
  assert.deepEqual(fixes('Sitemap: //cdn.example.net/s.xml\n', site), [['Sitemap: https://cdn.example.net/s.xml\n', false]]);
  assert.deepEqual(fixes('Sitemap: /a b.xml\nSitemap: ftp://example.com/s.xml\n', site), []);
  assert.deepEqual(fixes('Sitemap: /s.xml\n', 'not a url'), []);
});

test('hover on the Sitemap directive, nothing elsewhere', () => {
  const { text, ranges } = stripMarks('User-agent: *\n  ⟦SiteMap⟧ : https://example.com/s.xml\n');
  const document = parseDocument(text, 'robots-txt');
  for (const offset of [ranges[0][0], ranges[0][0] + 3, ranges[0][1]]) {
    const hover = getHover(document, offset);
    assert.deepEqual(hover && [hover.start, hover.end], ranges[0], `at ${offset}`);
  }
  for (const offset of [0, 5, text.indexOf('https') + 3, text.length]) assert.equal(getHover(document, offset), undefined, `at ${offset}`);
});

test('completion: "Sitemap: " where a line holds only the start of the word, replacing it; nowhere else', () => {
  const at = (fixture: string): string[] => {
    const offset = fixture.indexOf('|');
    const text = fixture.replace('|', '');
    return complete(parseDocument(text, 'robots-txt'), offset).items.map((i) => applyOffsetEdits(text, [{ start: i.start, end: i.end, text: i.insertText }]));
  };
  assert.deepEqual(at('|'), ['Sitemap: ']);
  assert.deepEqual(at('User-agent: *\r\n  si|'), ['User-agent: *\r\n  Sitemap: ']);
  assert.deepEqual(at('\uFEFFSit|\nDisallow: /\n'), ['\uFEFFSitemap: \nDisallow: /\n']);
  assert.deepEqual(at('Si|te\n'), ['Sitemap: \n']);
  for (const fixture of ['Sitemap: |', 'Disa|', 'Sitex|', 'S| foo', 'Disallow: /|', '# Si|']) assert.deepEqual(at(fixture), [], fixture);
});

test('typing a Sitemap line keystroke by keystroke reparses one line and ends where a full parse does', () => {
  const head = 'User-agent: *\nDisallow: /x\n' + Array.from({ length: 50 }, (_, n) => `Allow: /p${n}\n`).join('');
  const document = parseDocument(head, 'robots-txt');
  let text = head;
  const typed = 'Sitemap: /s.xml';
  for (const ch of typed) {
    applyEdits(document, [{ start: text.length, end: text.length, text: ch }]);
    text += ch;
  }
  assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, {})), [`${RULE}@${head.length + 9}-${head.length + 15}`]);
  const at = head.length + 9;
  applyEdits(document, [{ start: at, end: at, text: 'https://example.com' }]);
  assert.deepEqual(validate(document, DEFAULT_SETTINGS, {}), []);
  assert.equal((document as unknown as { reparses: { full: number } }).reparses.full, 0);
});

test('robotsSitemapUrls reads exactly the Sitemap lines robots-sitemap-url accepts, in any spelling crawlers read', () => {
  const lines = [
    'Sitemap: https://example.com/ok.xml', 'sitemap :https://example.com/ok2.xml # c', 'Sitemap: /rel.xml', 'Sitemaps: https://example.com/spelt.xml',
    'Sitemap https://example.com/nocolon.xml', 'Sitemap: https://example.com/a.xml https://example.com/b.xml', 'Sitemap:', 'Sitemap: https://exa mple.com/',
    'Sitemap: https://example..com/s.xml', 'Sitemap: ftp://example.com/s.xml', '# Sitemap: https://example.com/comment.xml', 'Sitmap: https://example.com/typo.xml',
    'sitemap www.example.com/sitemap.xml',
  ];
  const text = lines.join('\n');
  const read = robotsSitemapUrls(text);
  assert.deepEqual(read, ['https://example.com/ok.xml', 'https://example.com/ok2.xml', 'https://example.com/spelt.xml']);
  const flagged = new Set(diagnose(text, ROBOTS).filter((d) => d.rule === RULE).map((d) => text.slice(0, d.start).split('\n').length - 1));
  for (let k = 0; k < lines.length; k++) {
    if (/^site-?maps?\s*:/i.test(lines[k])) assert.equal(flagged.has(k), !read.some((url) => lines[k].includes(url)), lines[k]);
  }
});

test('a line that becomes the first is read again: a partial byte-order mark is skipped there only', () => {
  const text = 'User-agent: *\n\uFFFDSitemap: https://example.com/s.xml\n';
  const document = parseDocument(text, 'robots-txt');
  assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, {})), [`${RULE}@14-22`]);
  applyEdits(document, [{ start: 0, end: 14, text: '' }]);
  assert.deepEqual(validate(document, DEFAULT_SETTINGS, {}), []);
  applyEdits(document, [{ start: 0, end: 0, text: '# robots\n' }]);
  assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, {})), [`${RULE}@9-17`]);
});
