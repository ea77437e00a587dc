/**
 * Merge Index into One Sitemap, text in → exact text out: the children cut as Split writes them (prolog and root
 * start tag, entry units with their leading trivia, the closing) join back into the original byte for byte; text
 * children become `<url><loc>` entries; refusals carry their kind, the child, the offset and the counts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  indexEntries, mergeIndex, parseDocument, splitIntoIndex, type MergeOutcome, type SitemapLanguageId, type SplitPlan,
} from '../../../server/src/language/languageService';
import { NS } from '../../support/fixtures';

const LIMITS = { maxEntries: 50_000, maxBytes: 52_428_800 };
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';

function index(...locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

function merge(children: Array<string | [string, SitemapLanguageId]>, limits = LIMITS): MergeOutcome {
  const docs = children.map((c, k) => {
    const [text, language] = typeof c === 'string' ? [c, 'sitemap' as const] : c;
    return { loc: `https://www.example.com/sitemap-${k + 1}.xml`, document: parseDocument(text, language) };
  });
  return mergeIndex(parseDocument(index(...docs.map((d) => d.loc)), 'sitemap'), docs, limits);
}

function merged(children: Array<string | [string, SitemapLanguageId]>, limits = LIMITS): string {
  const outcome = merge(children, limits);
  assert.equal(outcome.refused, undefined, JSON.stringify(outcome.refused));
  return outcome.merged!.text;
}

const url = (path: string, extra = ''): string => `<url><loc>https://www.example.com/${path}</loc>${extra}</url>`;

describe('mergeIndex: XML children', () => {
  const opening = `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n<urlset xmlns="${NS}"\n        xmlns:image="${IMAGE}">`;
  const closing = '\n  <!-- generated -->\n</urlset>\n';
  const units = [
    `\n  <!-- catalogue -->\n  ${url('a', `<image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>`)}`,
    `\n  ${url('b?x=1&amp;y=2')}`,
    `\n\n  <!-- küche -->\n  <url>\n    <loc>https://www.example.com/k%C3%BCche</loc>\n    <lastmod>2025-01-02</lastmod>\n  </url>`,
    `\n  <url><loc>https://www.example.com/d</loc><![CDATA[]]></url>`,
    `\n  ${url('e')}`,
  ];
  const original = opening + units.join('') + closing;

  it('joins children cut as Split cuts them back into the original, byte for byte', () => {
    const children = [opening + units.slice(0, 2).join('') + closing, opening + units.slice(2, 4).join('') + closing, opening + units[4] + closing];
    const outcome = merge(children);
    assert.equal(outcome.merged?.text, original);
    assert.equal(outcome.merged?.entries, 5);
    assert.equal(outcome.merged?.bytes, Buffer.byteLength(original));
    assert.deepEqual(outcome.merged?.addedNamespaces, []);
  });

  it('counts the entries whose URL the merged sitemap already lists (across children and within one, decoded)', () => {
    const outcome = merge([opening + units.slice(0, 2).join('') + closing, opening + `\n  ${url('a')}\n  ${url('b?x=1&#38;y=2')}\n  ${url('f')}\n  ${url('f')}` + closing]);
    assert.equal(outcome.merged?.duplicateUrls, 3);
    assert.equal(merge([original]).merged?.duplicateUrls, 0);
  });

  it('takes the closing from the last child (Split gives the others a bare end tag)', () => {
    const bare = '\n</urlset>\n';
    assert.equal(merged([opening + units[0] + bare, opening + units.slice(1).join('') + closing]), original);
  });

  it('keeps CRLF line endings and a BOM of the first child', () => {
    const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
    const children = ['\uFEFF' + crlf(opening + units[0] + closing), '\uFEFF' + crlf(opening + units.slice(1).join('') + closing)];
    assert.equal(merged(children), '\uFEFF' + crlf(original));
  });

  it('declares on the root the namespaces later children bind there, so their extension elements stay bound', () => {
    const plain = `<urlset xmlns="${NS}">\n  ${url('a')}\n</urlset>\n`;
    const withImages = `<urlset xmlns="${NS}" xmlns:image="${IMAGE}">\n  ${url('b', '<image:image><image:loc>https://www.example.com/b.png</image:loc></image:image>')}\n</urlset>\n`;
    const outcome = merge([plain, withImages]);
    assert.equal(outcome.merged?.text,
      `<urlset xmlns="${NS}" xmlns:image="${IMAGE}">\n  ${url('a')}\n  ${url('b', '<image:image><image:loc>https://www.example.com/b.png</image:loc></image:image>')}\n</urlset>\n`);
    assert.deepEqual(outcome.merged?.addedNamespaces, [`xmlns:image="${IMAGE}"`]);
  });

  it('binds a prefixed child root\'s prefix, so its prefixed entries stay sitemap entries', () => {
    const plain = `<urlset xmlns="${NS}">\n  ${url('a')}\n</urlset>`;
    const prefixed = `<sm:urlset xmlns:sm="${NS}">\n  <sm:url><sm:loc>https://www.example.com/b</sm:loc></sm:url>\n</sm:urlset>`;
    const text = merged([plain, prefixed]);
    assert.equal(text, `<urlset xmlns="${NS}" xmlns:sm="${NS}">\n  ${url('a')}\n  <sm:url><sm:loc>https://www.example.com/b</sm:loc></sm:url>\n</urlset>`);
    assert.equal(parseDocument(text, 'sitemap').entryCount, 2);
  });

  it('refuses a prefix bound to another namespace in a later child', () => {
    const a = `<urlset xmlns="${NS}" xmlns:x="urn:one">\n  ${url('a')}\n</urlset>`;
    const b = `<urlset xmlns="${NS}" xmlns:x="urn:two">\n  ${url('b')}\n</urlset>`;
    assert.deepEqual(pick(merge([a, b])), { kind: 'namespace-conflict', child: 1, offset: b.indexOf('urn:two') });
  });

  it('skips children without entries (their trivia only repeats the closing) and takes the skeleton from the first with one', () => {
    const empty = `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n  <!-- nothing yet -->\n</urlset>\n`;
    const a = `<urlset xmlns="${NS}">\n  ${url('a')}\n</urlset>\n`;
    assert.equal(merged([empty, a, empty]), a);
  });
});

describe('mergeIndex: text children', () => {
  it('turns text children into <url><loc> entries of a fresh urlset, escaped, in their line endings', () => {
    const outcome = merge([['https://www.example.com/a?x=1&y=2\r\n\r\nhttps://www.example.com/b\r\n', 'sitemap-txt'], ['https://www.example.com/c', 'sitemap-txt']]);
    assert.equal(outcome.merged?.text, `<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="${NS}">`
      + '\r\n  <url><loc>https://www.example.com/a?x=1&amp;y=2</loc></url>\r\n  <url><loc>https://www.example.com/b</loc></url>'
      + '\r\n  <url><loc>https://www.example.com/c</loc></url>\r\n</urlset>\r\n');
    assert.equal(outcome.merged?.entries, 3);
    assert.equal(outcome.merged?.droppedLines, 0);
  });

  it('puts text entries between XML entries in index order, indented like them, and counts lines that are not URLs', () => {
    const xml = `<urlset xmlns="${NS}">\n\t${url('a')}\n</urlset>\n`;
    const outcome = merge([xml, ['URLs:\nhttps://www.example.com/b\n', 'sitemap-txt'], `<urlset xmlns="${NS}">\n\t${url('c')}\n</urlset>\n`]);
    assert.equal(outcome.merged?.text, `<urlset xmlns="${NS}">\n\t${url('a')}\n\t<url><loc>https://www.example.com/b</loc></url>\n\t${url('c')}\n</urlset>\n`);
    assert.equal(outcome.merged?.droppedLines, 1);
    assert.equal(outcome.merged?.entries, 3);
  });
});

/** The refusal's kind and the numbers that locate it. */
function pick(outcome: MergeOutcome): Record<string, unknown> {
  assert.ok(outcome.refused !== undefined, 'expected a refusal');
  const { message: _message, ...rest } = outcome.refused;
  return rest;
}

describe('mergeIndex: refusals', () => {
  const a = `<urlset xmlns="${NS}">\n  ${url('a')}\n  ${url('b')}\n</urlset>\n`;
  const b = `<urlset xmlns="${NS}">\n  ${url('c')}\n</urlset>\n`;

  it('refuses a merged sitemap past maxEntries, with the count and the limit (and merges at the limit)', () => {
    assert.deepEqual(pick(merge([a, b], { maxEntries: 2, maxBytes: LIMITS.maxBytes })), { kind: 'too-many-entries', count: 3, limit: 2 });
    assert.equal(merge([a, b], { maxEntries: 3, maxBytes: LIMITS.maxBytes }).merged?.entries, 3);
  });

  it('refuses a merged sitemap past maxBytes (UTF-8), with its size and the limit (and merges at the limit)', () => {
    const c = `<urlset xmlns="${NS}">\n  ${url('küche')}\n</urlset>\n`;
    const bytes = Buffer.byteLength(merged([a, c]));
    assert.deepEqual(pick(merge([a, c], { maxEntries: 10, maxBytes: bytes - 1 })), { kind: 'too-large', count: bytes, limit: bytes - 1 });
    assert.equal(merge([a, c], { maxEntries: 10, maxBytes: bytes }).merged?.bytes, bytes);
  });

  it('refuses a child that is an index, or not a sitemap', () => {
    assert.deepEqual(pick(merge([a, index('https://www.example.com/x.xml')])), { kind: 'child-is-index', child: 1 });
    assert.deepEqual(pick(merge([a, '<rss version="2.0"><channel/></rss>'])), { kind: 'child-not-a-sitemap', child: 1 });
  });

  it('refuses an ill-formed child at its first xml-syntax problem (other problems do not block)', () => {
    const broken = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/a & b</loc></url>\n  <url><loc>x</loc>\n  <url/>\n</urlset>\n`;
    assert.deepEqual(pick(merge([a, broken])), { kind: 'ill-formed', child: 1, offset: broken.indexOf('url><loc>x') });
    const unescaped = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/a&b</loc></url>\n</urlset>\n`;
    assert.equal(merged([a, unescaped]), `<urlset xmlns="${NS}">\n  ${url('a')}\n  ${url('b')}\n  <url><loc>https://www.example.com/a&b</loc></url>\n</urlset>\n`);
  });

  it('refuses a document that is not an index', () => {
    const child = { loc: 'https://www.example.com/a.xml', document: parseDocument(a, 'sitemap') };
    assert.equal(mergeIndex(parseDocument(a, 'sitemap'), [child], LIMITS).refused?.kind, 'not-an-index');
    assert.equal(mergeIndex(parseDocument(`<sitemapindex xmlns="${NS}"/>`, 'sitemap'), [], LIMITS).refused?.kind, 'empty-index');
  });
});

describe('indexEntries', () => {
  it('lists the index\'s locs decoded, with their ranges, and entries without a loc', () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap><loc>https://www.example.com/a.xml?x=1&amp;y=2</loc></sitemap>\n  <sitemap><lastmod>2025-01-01</lastmod></sitemap>\n</sitemapindex>`;
    const found = indexEntries(parseDocument(text, 'sitemap'));
    const locStart = text.indexOf('https://');
    assert.deepEqual(found[0], { url: 'https://www.example.com/a.xml?x=1&y=2', start: locStart, end: text.indexOf('</loc>') });
    assert.equal(found[1].url, undefined);
    assert.equal(text.slice(found[1].start, found[1].end), '<sitemap>');
    assert.equal(found.length, 2);
  });
});

describe('Split → Merge round trip', () => {
  const IMG = (p: string): string => `<image:image><image:loc>https://www.example.com/${p}.png</image:loc></image:image>`;

  /** Splits `original`, then merges the children's texts through an index listing them. */
  function roundTrip(original: string, language: SitemapLanguageId, limits: { maxEntries: number; maxBytes: number }): { plan: SplitPlan; text: string } {
    const split = splitIntoIndex(parseDocument(original, language), { ...limits, baseUrl: 'https://www.example.com/', childName: (n) => `sitemap-${n}.xml` });
    assert.equal(split.refused, undefined, JSON.stringify(split.refused));
    const plan = split.plan!;
    const children = plan.children.map((c) => ({ loc: c.loc, document: parseDocument(c.text, language) }));
    const outcome = mergeIndex(parseDocument(plan.index, 'sitemap'), children, LIMITS);
    assert.equal(outcome.refused, undefined, JSON.stringify(outcome.refused));
    assert.deepEqual(indexEntries(parseDocument(plan.index, 'sitemap')).map((e) => e.url), plan.children.map((c) => c.loc));
    return { plan, text: outcome.merged!.text };
  }

  const realistic = (eol: string): string => [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>',
    '<!-- generated by hand -->',
    `<urlset xmlns="${NS}" xmlns:image="${IMAGE}"`,
    '        xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    '  <!-- home -->',
    `  <url><loc>https://www.example.com/</loc><lastmod>2025-01-02</lastmod>${IMG('home')}</url>`,
    '  <url>',
    '    <loc>https://www.example.com/k%C3%BCche?x=1&amp;y=2</loc>',
    '    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/k%C3%BCche"/>',
    '  </url>',
    '',
    '  <!-- shop: 3 entries -->',
    ...['tee', 'mug', 'caf\u00e9'].map((p) => `  <url><loc>https://www.example.com/shop/${p}</loc><priority>0.5</priority></url>`),
    '  <url><loc>https://www.example.com/last</loc></url>',
    '  <!-- end -->',
    '</urlset>',
    '',
  ].join(eol);

  for (const [name, eol] of [['LF', '\n'], ['CRLF', '\r\n']]) {
    it(`gives the original back byte for byte (${name}, cut by count)`, () => {
      const original = realistic(eol);
      const { plan, text } = roundTrip(original, 'sitemap', { maxEntries: 2, maxBytes: LIMITS.maxBytes });
      assert.equal(plan.children.length, 3);
      assert.equal(text, original);
    });
  }

  it('gives the original back byte for byte when cut by size', () => {
    const original = realistic('\n');
    const { plan, text } = roundTrip(original, 'sitemap', { maxEntries: 1000, maxBytes: 520 });
    assert.ok(plan.children.length >= 3, `${plan.children.length} children`);
    assert.equal(text, original);
  });

  it('gives a prefixed root back byte for byte', () => {
    const original = `<sm:urlset xmlns:sm="${NS}">\n${['a', 'b', 'c'].map((p) => `  <sm:url><sm:loc>https://www.example.com/${p}</sm:loc></sm:url>\n`).join('')}</sm:urlset>`;
    const { plan, text } = roundTrip(original, 'sitemap', { maxEntries: 1, maxBytes: LIMITS.maxBytes });
    assert.equal(plan.children.length, 3);
    assert.equal(text, original);
  });

  it('gives a text sitemap\'s URLs back as an XML sitemap, in order (the index it replaces is XML)', () => {
    const original = 'https://www.example.com/a?x=1&y=2\r\nhttps://www.example.com/b\r\n\r\nhttps://www.example.com/c\r\n';
    const { plan, text } = roundTrip(original, 'sitemap-txt', { maxEntries: 1, maxBytes: LIMITS.maxBytes });
    assert.equal(plan.children.length, 3);
    assert.equal(text, `<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="${NS}">\r\n`
      + '  <url><loc>https://www.example.com/a?x=1&amp;y=2</loc></url>\r\n  <url><loc>https://www.example.com/b</loc></url>\r\n'
      + '  <url><loc>https://www.example.com/c</loc></url>\r\n</urlset>\r\n');
  });
});
