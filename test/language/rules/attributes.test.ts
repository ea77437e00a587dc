/**
 * unexpected-attribute: attributes without a namespace on the protocol's elements, reported name to closing quote;
 * its quick fix, text in → text out; and the incremental model agreeing with a full parse as attributes are typed
 * and removed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyEdits, DEFAULT_SETTINGS, getFixAllEdits, getQuickFixes, parseDocument, validate,
} from '../../../server/src/language/languageService';
import { applyOffsetEdits } from '../../support/cursor';
import { expectDiagnostics, NOW, NS, render, sitemapindex, urlset } from '../../support/fixtures';
import { random } from '../../support/generate';

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"';

describe('unexpected-attribute', () => {
  it('on <url>, <loc>, <lastmod>, <changefreq> and <priority>, whatever the quotes', () => {
    expectDiagnostics(urlset(
      `<url ⟦id="e1"⟧>\n  <loc ⟦lang='en'⟧>https://example.com/</loc>\n  <lastmod ⟦x="1"⟧>2024-01-01</lastmod>\n` +
      `  <changefreq\n    ⟦a = "b"⟧>daily</changefreq>\n  <priority ⟦p=""⟧ ⟦q="2"⟧>0.5</priority>\n</url>`,
    ), ['unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute']);
  });

  it('on the root: attributes without a namespace only; declarations, xsi:schemaLocation and a tool\'s own pass', () => {
    expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>', `xmlns="${NS}" ${XSI} xmlns:t="https://tool.example/ns" t:generated="2024" ⟦version="2"⟧`), ['unexpected-attribute']);
    expectDiagnostics(sitemapindex('<sitemap ⟦id="s"⟧><loc ⟦x="1"⟧>https://example.com/s.xml</loc><lastmod ⟦y="2"⟧>2024-01-01</lastmod></sitemap>', `xmlns="${NS}" ⟦id="i"⟧`),
      ['unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute', 'unexpected-attribute']);
  });

  it('not on elements of other namespaces, nor on extension elements (their own rules judge them)', () => {
    const ROOT = `xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:x="https://x.example/ns"`;
    expectDiagnostics(urlset('<url><loc>https://example.com/</loc><image:image><image:loc>https://example.com/a.png</image:loc></image:image><x:note id="1"/></url>', ROOT), []);
  });

  it('the quick fix removes the attribute and the whitespace before it, every other byte kept; not part of Fix All', () => {
    const cases: Array<[string, string]> = [
      ['<url id="e1">\n  <loc>https://example.com/</loc>\n</url>', '<url>\n  <loc>https://example.com/</loc>\n</url>'],
      ['<url>\n  <loc\n     lang=\'en\'>https://example.com/</loc>\n</url>', '<url>\n  <loc>https://example.com/</loc>\n</url>'],
      ['<url>\n  <loc>https://example.com/</loc>\n  <lastmod a="1"\tb="2" >2024-01-01</lastmod>\n</url>', '<url>\n  <loc>https://example.com/</loc>\n  <lastmod\tb="2" >2024-01-01</lastmod>\n</url>'],
    ];
    for (const [before, after] of cases) {
      const text = urlset(before);
      const document = parseDocument(text, 'sitemap');
      const problem = validate(document, DEFAULT_SETTINGS, { now: NOW }).find((d) => d.rule === 'unexpected-attribute')!;
      const fixes = getQuickFixes(document, [{ rule: problem.rule, start: problem.start, end: problem.end }]);
      assert.equal(fixes.length, 1);
      assert.equal(fixes[0].safe, false);
      assert.equal(applyOffsetEdits(text, fixes[0].edits), urlset(after));
      assert.deepEqual(getFixAllEdits(document), []);
    }
  });

  it('a stale problem (the attribute is gone) gets no fix', () => {
    const text = urlset('<url><loc>https://example.com/</loc></url>');
    const at = text.indexOf('<url>') + 4;
    assert.deepEqual(getQuickFixes(parseDocument(text, 'sitemap'), [{ rule: 'unexpected-attribute', start: at, end: at + 7 }]), []);
  });

  it('typed and removed, in the root, an entry and a field: the model agrees with a full parse', () => {
    const text = urlset(Array.from({ length: 20 }, (_, n) => `<url>\n  <loc>https://example.com/${n}</loc>\n  <lastmod>2024-01-01</lastmod>\n</url>`).join('\n'));
    const document = parseDocument(text, 'sitemap');
    const diagnostics = (t: string) => render(validate(parseDocument(t, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }));
    const places = [text.indexOf('<urlset') + 7, text.indexOf('<url>', 200) + 4, text.indexOf('<loc>', 400) + 4, text.indexOf('<lastmod>', 600) + 8];
    for (const at of places.reverse()) {
      for (const piece of [' ', 'i', 'd', '=', '"', 'e', '"']) {
        const offset = at + (document.getText().slice(at).indexOf('>'));
        applyEdits(document, [{ start: offset, end: offset, text: piece }]);
        assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, { now: NOW })), diagnostics(document.getText()));
      }
    }
    assert.equal(validate(document, DEFAULT_SETTINGS, { now: NOW }).filter((d) => d.rule === 'unexpected-attribute').length, 4);
    for (let k = 0; k < 4; k++) {
      const at = document.getText().indexOf(' id="e"');
      applyEdits(document, [{ start: at, end: at + 7, text: '' }]);
      assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, { now: NOW })), diagnostics(document.getText()));
    }
    assert.equal(document.getText(), text);
  });
});

/** Issue 20's shapes: attributes on protocol elements, elements inside values, extensions between entries, empty values. */
const ISSUE_20_BASE = urlset(Array.from({ length: 10 }, (_, n) =>
  `<url${n % 3 === 0 ? ' id="e' + n + '"' : ''}>\n  <loc${n % 4 === 1 ? " lang='en'" : ''}>https://example.com/${n}${n === 5 ? '<image:image/>' : ''}</loc>\n` +
  `  <lastmod>2024-01-0${n % 9 + 1}</lastmod>\n` +
  (n % 2 === 0 ? `  <video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>T</video:title>` +
    `<video:description>${n % 4 === 0 ? ' ' : 'D'}</video:description><video:player_loc>https://example.com/p</video:player_loc>` +
    `<video:live>${['Yes', 'NO', 'yEs'][n % 3]}</video:live><video:publication_date>${['2024', '2024-01-01', '2024-01-01T10:20+01:00'][n % 3]}</video:publication_date></video:video>\n` : '') +
  `</url>` + (n % 5 === 2 ? '\n<image:image/>' : '')).join('\n'),
`xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"`);

const FRAGMENTS = [' id="x"', " lang='en'", '=', '"', '<image:image/>', '</url>', '<url>', '<loc>', '</loc>', '<', '>', ' ', 'xmlns:a="u"', 'a:b="1"', ':', '<video:live>Yes</video:live>'];

describe('issue 20 shapes under random edits', () => {
  it('the incremental model equals a full parse after every edit', () => {
    const rules = new Set(validate(parseDocument(ISSUE_20_BASE, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }).map((d) => d.rule));
    assert.deepEqual([...rules].sort(), ['unexpected-attribute', 'unknown-element', 'video-invalid-value', 'video-missing-required']);
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = random(seed);
      let text = ISSUE_20_BASE;
      const document = parseDocument(text, 'sitemap');
      for (let step = 0; step < 120; step++) {
        const start = Math.floor(rnd() * (text.length + 1));
        const end = Math.min(text.length, start + (rnd() < 0.4 ? 0 : Math.floor(rnd() * 8)));
        const edit = { start, end, text: rnd() < 0.8 ? FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)] : '' };
        text = text.slice(0, start) + edit.text + text.slice(end);
        applyEdits(document, [edit]);
        const where = `seed ${seed}, edit ${step} ${JSON.stringify(edit)}`;
        assert.deepEqual(render(validate(document, DEFAULT_SETTINGS, { now: NOW })), render(validate(parseDocument(text, 'sitemap'), DEFAULT_SETTINGS, { now: NOW })), where);
      }
    }
  });
});
