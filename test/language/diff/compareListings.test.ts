/** sitemap-diff's comparison in process: URL keys as urlKey makes them (escaping, host case, default port), lastmods
 * as instants where both parse, document order, first entry kept; the stream in small windows ≡ one window. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareListings, Listing, listingOfDocument, ListingStream, NotASitemap, parseDocument } from '../../../server/src/language/languageService';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(entries: ReadonlyArray<[string, string?]>): string {
  const body = entries.map(([loc, lastmod]) => `<url><loc>${loc}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body.join('\n')}\n</urlset>\n`;
}

/** The listing of `text` (an index's children, else its URLs), pushed in pieces of `piece` characters through windows of `window`. */
function listing(text: string, xml = true, window?: number, piece = text.length): { kind: string; listing: Listing } {
  const pages = new Listing();
  const stream = new ListingStream(xml, pages, window);
  for (let at = 0; at < text.length; at += piece) stream.push(text.slice(at, at + piece));
  const { kind, children } = stream.end();
  return { kind, listing: kind === 'sitemapindex' ? children : pages };
}

describe('compareListings', () => {
  it('keys URLs as urlKey does: https://Example.com/a is https://example.com/a, however escaped, default port dropped', () => {
    const before = listing(urlset([['https://Example.com/a'], ['https://example.com:443/b?x=1&amp;y=2'], ['https://example.com/c']]));
    const after = listing(urlset([['https://example.com/a'], ['https://EXAMPLE.com/b?x=1&#38;y=2'], ['https://example.com/C']]));
    const diff = compareListings(before.listing, after.listing);
    assert.deepEqual(diff.added, ['https://example.com/C']);
    assert.deepEqual(diff.removed, ['https://example.com/c']);
    assert.deepEqual(diff.lastmodChanged, []);
  });

  it('compares lastmods as instants; one added or dropped is a change; an invalid one counts as none (the parser keeps valid ones only)', () => {
    const before = listing(urlset([['https://e.com/1', '2024-01-01'], ['https://e.com/2', '2024-01-01'], ['https://e.com/3', 'soon'], ['https://e.com/4', '2024-05-05'], ['https://e.com/5'], ['https://e.com/6', 'soon']]));
    const after = listing(urlset([['https://e.com/1', '2024-01-01T00:00:00Z'], ['https://e.com/2', '2024-01-01T01:00:00+02:00'], ['https://e.com/3', 'later'], ['https://e.com/4'], ['https://e.com/5', '2024-06-06'], ['https://e.com/6', '2024-07-07']]));
    assert.deepEqual(compareListings(before.listing, after.listing).lastmodChanged, [
      { url: 'https://e.com/2', from: '2024-01-01', to: '2024-01-01T01:00:00+02:00' },
      { url: 'https://e.com/4', from: '2024-05-05', to: null },
      { url: 'https://e.com/5', from: null, to: '2024-06-06' },
      { url: 'https://e.com/6', from: null, to: '2024-07-07' },
    ]);
  });

  it('lists added and changed in the new side\'s order, removed in the old side\'s, each URL once (its first entry), and counts distinct URLs', () => {
    const before = listing(urlset([['https://e.com/z'], ['https://e.com/m', '2024-01-01'], ['https://e.com/a'], ['https://e.com/z']]));
    const after = listing(urlset([['https://e.com/y'], ['https://e.com/m', '2024-01-02'], ['https://e.com/b'], ['https://e.com/m', '2024-01-01']]));
    assert.deepEqual(compareListings(before.listing, after.listing), {
      added: ['https://e.com/y', 'https://e.com/b'],
      removed: ['https://e.com/z', 'https://e.com/a'],
      lastmodChanged: [{ url: 'https://e.com/m', from: '2024-01-01', to: '2024-01-02' }],
      counts: { old: 3, new: 3, added: 2, removed: 2, lastmodChanged: 1 },
    });
  });

  it('compares a text sitemap with an XML one', () => {
    const before = listing('https://e.com/a?x&y\nhttps://e.com/b\n', false);
    const after = listing(urlset([['https://e.com/a?x&amp;y']]));
    assert.equal(before.kind, 'text');
    assert.deepEqual(compareListings(before.listing, after.listing).removed, ['https://e.com/b']);
  });
});

describe('ListingStream', () => {
  it('reads the same listing in small windows and small pieces as in one', () => {
    const entries: Array<[string, string?]> = [];
    for (let n = 0; n < 300; n++) entries.push([`https://e.com/${n}?a=1&amp;b=${n}`, n % 3 === 0 ? undefined : `2024-0${(n % 9) + 1}-01`]);
    const text = urlset(entries).replace(/<url>/g, (m, at: number) => (at % 7 === 0 ? `<!-- c -->\n  ${m}` : m));
    const whole = listing(text);
    for (const [window, piece] of [[64, 7], [200, 50], [1000, 333]]) {
      const streamed = listing(text, true, window, piece);
      assert.deepEqual([...streamed.listing.urls], [...whole.listing.urls], `window ${window}, piece ${piece}`);
    }
    assert.equal(whole.listing.size, 300);
    // An open document (the editor's Compare with Last Commit) gives the same listing.
    assert.deepEqual([...listingOfDocument(parseDocument(text, 'sitemap')).urls], [...whole.listing.urls]);
  });

  it('tells an index by its root and gives its children\'s URLs unescaped', () => {
    const index = `<?xml version="1.0"?><sitemapindex xmlns="${NS}"><sitemap><loc>https://e.com/a.xml?x=1&amp;y=2</loc></sitemap></sitemapindex>`;
    const result = listing(index, true, 16, 5);
    assert.equal(result.kind, 'sitemapindex');
    assert.deepEqual([...result.listing.locations()], ['https://e.com/a.xml?x=1&y=2']);
  });

  it('refuses what is no sitemap: another root, no root, text without a URL line', () => {
    assert.throws(() => listing('<html><body>hello</body></html>'), NotASitemap);
    assert.throws(() => listing('<?xml version="1.0"?>'), NotASitemap);
    assert.throws(() => listing('# a title\nhello\n', false), NotASitemap);
    assert.equal(listing(urlset([])).listing.size, 0);
  });
});
