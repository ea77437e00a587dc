/** Selection ranges: value → element → entry → root → document. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getSelectionRanges, parseDocument, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { withCursor } from '../../support/cursor';
import { NS } from '../../support/fixtures';

function chain(fixture: string, languageId: SitemapLanguageId = 'sitemap'): string[] {
  const { text, offset } = withCursor(fixture);
  const [ranges] = getSelectionRanges(parseDocument(text, languageId), [offset]);
  for (let k = 1; k < ranges.length; k++) assert.ok(ranges[k].start <= ranges[k - 1].start && ranges[k].end >= ranges[k - 1].end, 'each range holds the one before');
  return ranges.map((r) => text.slice(r.start, r.end));
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const ROOT = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>\n</urlset>`;

describe('selection ranges', () => {
  it('from a value out to the document', () => {
    const fixture = HEAD + ROOT.replace('example.com/', 'exam|ple.com/') + '\n';
    assert.deepEqual(chain(fixture), [
      'https://www.example.com/',
      '<loc>https://www.example.com/</loc>',
      '<url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>',
      ROOT,
      HEAD + ROOT + '\n',
    ]);
  });

  it('from a tag name', () => {
    assert.deepEqual(chain(HEAD + ROOT.replace('<lastmod>', '<last|mod>') + '\n').slice(0, 3), [
      'lastmod', '<lastmod>2024-01-01</lastmod>', '<url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>',
    ]);
  });

  it('from between entries, and from a root attribute value', () => {
    assert.deepEqual(chain(HEAD + ROOT.replace('  </url>\n', '  </url>\n|') + '\n'), [ROOT, HEAD + ROOT + '\n']);
    assert.deepEqual(chain(HEAD + ROOT.replace('sitemaps.org', 'site|maps.org') + '\n').slice(0, 3), [NS, `xmlns="${NS}"`, ROOT]);
  });

  it('in a text sitemap: the URL, the line, the document', () => {
    assert.deepEqual(chain('https://www.example.com/a\n  https://www.example.com/|b  \n', 'sitemap-txt'), [
      'https://www.example.com/b', '  https://www.example.com/b  ', 'https://www.example.com/a\n  https://www.example.com/b  \n',
    ]);
  });
});
