/** The page rules' quick fixes, text in → text out: the value the problem carries (`data`, filled by the page rules)
 * written in the entry's `<lastmod>` or `<loc>`; nothing offered when the text no longer shows the problem. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getQuickFixes, parseDocument, type ProblemData, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { applyOffsetEdits } from '../../support/cursor';
import { stripMarks, NS } from '../../support/fixtures';

/** The texts the fixes offered for the problem on the ⟦marked⟧ range produce. */
function fixed(fixture: string, rule: string, data: ProblemData | undefined, languageId: SitemapLanguageId = 'sitemap'): string[] {
  const { text, ranges } = stripMarks(fixture);
  const [start, end] = ranges[0];
  return getQuickFixes(parseDocument(text, languageId), [{ rule, start, end, data }]).map((fix) => {
    assert.equal(fix.safe, false);
    return applyOffsetEdits(text, fix.edits);
  });
}

const set = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="${NS}">\r\n${body}</urlset>\r\n`;
const entry = (loc: string, lastmod: string): string => `\t<url>\r\n\t\t<loc>${loc}</loc>\r\n\t\t<lastmod>${lastmod}</lastmod>\r\n\t</url>\r\n`;

describe('Set lastmod from git history (lastmod-stale, lastmod-inflated)', () => {
  it('replaces exactly the entry\'s lastmod value with the one the problem carries', () => {
    for (const rule of ['lastmod-stale', 'lastmod-inflated']) {
      assert.deepEqual(fixed(set(entry('https://e.com/a', '⟦2020-01-01⟧') + entry('https://e.com/b', '2020-01-01')), rule, { lastmod: '2024-03-02' }),
        [set(entry('https://e.com/a', '2024-03-02') + entry('https://e.com/b', '2020-01-01'))]);
    }
    assert.deepEqual(fixed(set(`  <url><loc>https://e.com/a</loc><lastmod> ⟦2025-06-15T12:00:00+02:00⟧ </lastmod></url>\n`), 'lastmod-inflated', { lastmod: '2024-03-02T10:20:30+01:00' }),
      [set(`  <url><loc>https://e.com/a</loc><lastmod> 2024-03-02T10:20:30+01:00 </lastmod></url>\n`)]);
  });

  it('offers nothing without a value, with an invalid one, once applied, or when the range is no longer the value', () => {
    const text = set(entry('https://e.com/a', '⟦2020-01-01⟧'));
    assert.deepEqual(fixed(text, 'lastmod-stale', undefined), []);
    assert.deepEqual(fixed(text, 'lastmod-stale', { url: 'https://e.com/a/' }), []);
    assert.deepEqual(fixed(text, 'lastmod-stale', { lastmod: 'yesterday' }), []);
    assert.deepEqual(fixed(text, 'lastmod-stale', { lastmod: '2024-01-01</lastmod><x>' }), []);
    assert.deepEqual(fixed(text, 'lastmod-stale', { lastmod: '2020-01-01' }), []);
    assert.deepEqual(fixed(set(entry('https://e.com/a', '2020-⟦01-01⟧')), 'lastmod-stale', { lastmod: '2024-03-02' }), []);
    assert.deepEqual(fixed(set(entry('⟦https://e.com/a⟧', '2020-01-01')), 'lastmod-stale', { lastmod: '2024-03-02' }), []);
  });
});

describe('Change to the served URL (page-not-found, trailing slash)', () => {
  it('writes the URL that a built file serves, escaped in XML, as is in a text sitemap', () => {
    assert.deepEqual(fixed(set(entry('⟦https://e.com/a?x=1&amp;y=2⟧', '2020-01-01')), 'page-not-found', { url: 'https://e.com/a/?x=1&y=2' }),
      [set(entry('https://e.com/a/?x=1&amp;y=2', '2020-01-01'))]);
    assert.deepEqual(fixed(set(entry('⟦https://e.com/docs/⟧', '2020-01-01')), 'page-not-found', { url: 'https://e.com/docs' }),
      [set(entry('https://e.com/docs', '2020-01-01'))]);
    assert.deepEqual(fixed('https://e.com/\n⟦https://e.com/a?x=1&y=2⟧\n', 'page-not-found', { url: 'https://e.com/a/?x=1&y=2' }, 'sitemap-txt'),
      ['https://e.com/\nhttps://e.com/a/?x=1&y=2\n']);
  });

  it('offers nothing for a plain 404, another page, once applied, or when the range is no longer the value', () => {
    const text = set(entry('⟦https://e.com/a⟧', '2020-01-01'));
    assert.deepEqual(fixed(text, 'page-not-found', undefined), []);
    assert.deepEqual(fixed(text, 'page-not-found', { url: 'https://e.com/b/' }), []);
    assert.deepEqual(fixed(text, 'page-not-found', { url: 'https://e.com/a' }), []);
    assert.deepEqual(fixed(set(entry('https://e.com/⟦a⟧', '2020-01-01')), 'page-not-found', { url: 'https://e.com/a/' }), []);
    assert.deepEqual(fixed(set(entry('https://e.com/a', '⟦2020-01-01⟧')), 'page-not-found', { url: 'https://e.com/a/' }), []);
  });
});
