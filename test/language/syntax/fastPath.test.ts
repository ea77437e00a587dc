/**
 * The fast path for plain entries (fastEntry.ts) must never change a result: the general parser is the oracle.
 * Documents made of benchmark-shaped entries, mutated at random, are parsed both ways and compared segment by segment.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseXmlDocument, setFastPath } from '../../../server/src/language/syntax/parser';
import { scanFastEntry } from '../../../server/src/language/syntax/fastEntry';
import { extensionPrefixes } from '../../../server/src/language/syntax/fastExtensions';
import { benchEntry, benchExtensionSitemap, random } from '../../support/generate';
import { extensionCases } from '../../support/extensionFixtures';
import { stripMarks } from '../../support/fixtures';
import { mutationCorpus } from '../../support/mutations';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const FRAGMENTS = ['<', '>', '&', '&amp;', '&lt;', '&quot;', "'", '"', ' ', '\n', '</url>', '<url>', '</loc>', '<lastmod>', 'x', '\uFFFD', '\t', '<!-- c -->', 'Daily', '1.5', ':', '%', '#',
  // Values next to what the fast path accepts whole (changefreq, priority) or by a shortcut (a URL on a known host).
  '0', '.', '-', '+', '00', '1.0', '.5', 'ly', 'NEVER', '%4', '%C3%BC', '%2E', '@', ':8080', ':', '/', '?', '..', 'localhost', '127.0.0.1', 'é', '-1', 'T', '+14:00', '-02', '30'];

function documents(): string[] {
  const docs: string[] = [];
  for (let seed = 1; seed <= 300; seed++) {
    const rnd = random(seed);
    const entries = Array.from({ length: 6 }, (_, n) => benchEntry(seed * 10 + n));
    if (seed % 5 === 0) entries.push('  <url><loc>https://www.example.com/a?x=&apos;1&apos;&amp;y=&gt;</loc></url>\n');
    if (seed % 7 === 0) entries.push('  <url>\n    <loc> https://www.example.com/spaced </loc>\n  </url>\n');
    let text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries.join('')}</urlset>\n`;
    const mutations = Math.floor(rnd() * 4);
    for (let m = 0; m < mutations; m++) {
      const at = Math.floor(rnd() * text.length);
      const cut = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 3);
      const insert = rnd() < 0.8 ? FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)] : '';
      text = text.slice(0, at) + insert + text.slice(at + cut);
    }
    docs.push(text);
    docs.push(text.replace('<urlset', '<sitemapindex').replace('</urlset>', '</sitemapindex>').replace(/<(\/?)url>/g, '<$1sitemap>').replace(/<(changefreq|priority)>[^<]*<\/\1>\s*/g, ''));
  }
  return docs;
}

function shape(text: string) {
  return parseXmlDocument(text).segments.map((s) => ({ ...s }));
}

test('parsing with and without the fast path gives identical segments', () => {
  let compared = 0;
  for (const text of documents()) {
    setFastPath(false);
    const general = shape(text);
    setFastPath(true);
    const fast = shape(text);
    assert.deepEqual(fast, general, text);
    compared++;
  }
  assert.ok(compared >= 600);
});

/** Values at the edges of what the fast path accepts whole (changefreq, priority) or checks itself (loc, lastmod). */
const VALUES: Record<string, string[]> = {
  changefreq: ['daily', 'never', 'Daily', 'NEVER', 'day', '', ' daily', 'daily ', 'always&amp;'],
  priority: ['0', '1', '0.', '1.', '.5', '0.5', '0.55555', '1.0', '1.000', '1.5', '1.01', '2', '00.5', '01', '+0.5', '-0', '-0.0', '-0.1', '.', '0,5', '', ' 0.5', '1e0'],
  lastmod: ['2024-03-01', '2024', '2024-03', '2024-03-01T10:00Z', '2024-03-01T10:00:00.5+14:00', '2024-02-30', '2024-13-01', '0000-01-01', '2024-03-01T24:00Z', '2024-03-01T10:00', '2024-03-01t10:00z', '2024-03-01T10:00+15:00', ' 2024-03-01', '9999-12-31',
    // The fields' ranges, which plainLastmodAt checks in place after the expression checked the shape.
    '2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2024-04-31', '2024-04-30', '2024-00-10', '2024-03-00', '2024-12-31', '0001-01-01', '2024-00',
    '2024-03-01T23:59:59Z', '2024-03-01T00:00:60Z', '2024-03-01T00:60Z', '2024-03-01T10:00:00.123456789-03:30', '2024-03-01T10:00:00.Z', '2024-03-01T10:00:00.07Z',
    '2024-03-01T10:00-14:00', '2024-03-01T10:00+14:01', '2024-03-01T10:00+13:60', '2024-03-01T10:00+13:59', '2024-03-01T10:00+00:00', '2024-03-01T10:00:00',
    '2024-03-01T10Z', '2024-3-01', '2024-03-01T10:00:00+0200', '2024-03-01Z', '20240', '2024-03-01T10:00:00.5', '1970-01-01T00:00Z'],
  loc: ['https://www.example.com/a', 'https://www.example.com:8080/a', 'https://www.example.com/a#f', 'https://localhost/a', 'https://www.example.com/a%2', 'https://www.example.com/a&apos;b&amp;c', 'https://www.example.com/a&lt;b', 'example.com/a', 'https://www.example.com/é'],
};

test('each edge value parses the same with and without the fast path, after a clean entry and alone', () => {
  for (const [name, values] of Object.entries(VALUES)) {
    for (const value of values) {
      const entry = (v: string) => name === 'loc' ? `<url><loc>${v}</loc><priority>0.5</priority></url>\n` : `<url><loc>https://www.example.com/x</loc><${name}>${v}</${name}></url>\n`;
      for (const entries of [[entry(value)], [benchEntry(1), entry(value)]]) {
        const text = `<urlset xmlns="${NS}">\n${entries.join('')}</urlset>\n`;
        setFastPath(false);
        const general = shape(text);
        setFastPath(true);
        assert.deepEqual(shape(text), general, text);
      }
    }
  }
});

const XHTML = 'http://www.w3.org/1999/xhtml';
const link = (language: string, href: string, prefix = 'xhtml', close = '/>') => `<${prefix}:link rel="alternate" hreflang="${language}" href="${href}"${close}`;
const page = (n: number, language: string) => `https://www.example.com/${language}/p${n}`;
/** An entry of the multilingual shape (issue 20): its page in English, its alternates in English, German and French. */
const linkedEntry = (n: number, links = ['en', 'de', 'fr'].map((l) => link(l, page(n, l))).join('\n    ')) =>
  `  <url>\n    <loc>${page(n, 'en')}</loc>\n    <lastmod>2024-03-01</lastmod>\n    ${links}\n  </url>\n`;
const linkedSitemap = (entries: string[], rootAttributes = `xmlns:xhtml="${XHTML}"`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" ${rootAttributes}>\n${entries.join('')}</urlset>\n`;
const LINK_FRAGMENTS = ['xhtml:', 'link', ' rel="alternate"', ' hreflang="de"', 'hreflang', 'href', '="', '/>', ' />', 'x-default', 'EN', '-', 'en', 'de', '&amp;', '&apos;', '&lt;', "'", '"', ' ', '\n', '<', '>', '</url>', '<url>', 'p1', '/', '?', '%', 'xmlns:xhtml="x"'];

test('entries with hreflang links parse the same with and without the fast path, mutated at random', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const rnd = random(seed);
    let text = linkedSitemap(Array.from({ length: 5 }, (_, n) => linkedEntry(seed * 10 + n)));
    const mutations = 1 + Math.floor(rnd() * 3);
    for (let m = 0; m < mutations; m++) {
      const at = Math.floor(rnd() * text.length);
      const cut = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 3);
      const insert = rnd() < 0.8 ? LINK_FRAGMENTS[Math.floor(rnd() * LINK_FRAGMENTS.length)] : '';
      text = text.slice(0, at) + insert + text.slice(at + cut);
    }
    setFastPath(false);
    const general = shape(text);
    setFastPath(true);
    assert.deepEqual(shape(text), general, text);
  }
});

/** Links at the edges of what the fast path takes: each after a clean entry, under the roots that bind the prefix. */
const LINKS: string[] = [
  linkedEntry(1),
  linkedEntry(1, link('en', page(1, 'en'), 'xhtml', ' />')),
  linkedEntry(1, link('en', page(1, 'en'), 'xhtml', '\n    />')),
  linkedEntry(1, `${link('en', page(1, 'en'))}${link('de', page(1, 'de'))}`),
  linkedEntry(1, link('EN-gb', page(1, 'en'))),
  linkedEntry(1, `${link('x-default', page(1, 'en'))}${link('en', page(1, 'en'))}`),
  linkedEntry(1, `${link('en', page(1, 'en'))}${link('de-Latn-AT', page(1, 'de'))}`),
  linkedEntry(1, link('zz', page(1, 'en'))),
  linkedEntry(1, link('en-', page(1, 'en'))),
  linkedEntry(1, link('', page(1, 'en'))),
  linkedEntry(1, link('de', page(1, 'de'))),
  linkedEntry(1, `${link('en', page(1, 'en'))}${link('de', page(1, 'de'))}${link('de', page(1, 'fr'))}`),
  linkedEntry(1, `${link('en', page(1, 'en'))}${link('en', page(1, 'en'))}`),
  linkedEntry(1, link('en', 'HTTPS://WWW.EXAMPLE.COM:443/en/p1')),
  linkedEntry(1, link('en', '/en/p1')),
  linkedEntry(1, link('en', 'https://www.example.com/en/p1?a=1&amp;b=2')),
  `  <url><loc>https://www.example.com/en/p1?a=1&amp;b=2</loc>${link('en', 'https://www.example.com/en/p1?a=1&amp;b=2')}</url>\n`,
  `  <url><loc>https://www.example.com/en/p1?a=&apos;</loc>${link('en', 'https://www.example.com/en/p1?a=&apos;')}</url>\n`,
  linkedEntry(1, link('en', 'https://www.example.com/en/p 1')),
  linkedEntry(1, link('en', 'https://www.example.com/en/p1%zz')),
  linkedEntry(1, link('en', 'https://exa mple.com/en/p1')),
  linkedEntry(1, link('en', page(1, 'en'), 'xh')),
  linkedEntry(1, link('en', page(1, 'en'), 'a.b')),
  linkedEntry(1, `<xhtml:link hreflang="en" rel="alternate" href="${page(1, 'en')}"/>`),
  linkedEntry(1, `<xhtml:link rel='alternate' hreflang='en' href='${page(1, 'en')}'/>`),
  linkedEntry(1, `<xhtml:link rel="alternate" hreflang="en" href="${page(1, 'en')}"></xhtml:link>`),
  linkedEntry(1, `<xhtml:link  rel="alternate" hreflang="en" href="${page(1, 'en')}"/>`),
  `  <url>\n    <loc>${page(1, 'en')}</loc>\n    ${link('en', page(1, 'en'))}\n    <lastmod>2024-03-01</lastmod>\n  </url>\n`,
  `  <url><loc>${page(1, 'en')}</loc><changefreq>daily</changefreq><priority>0.5</priority>${link('en', page(1, 'en'))}</url>\n`,
];
const LINK_ROOTS = [`xmlns:xhtml="${XHTML}"`, `xmlns:xhtml="${XHTML}" xmlns:xh="${XHTML}" xmlns:a.b="${XHTML}"`, 'xmlns:xhtml="https://www.w3.org/1999/xhtml"', '', `xmlns:xh="${XHTML}"`];

test('each edge link parses the same with and without the fast path', () => {
  for (const root of LINK_ROOTS) {
    for (const entry of LINKS) {
      const text = linkedSitemap([linkedEntry(0), entry], root);
      setFastPath(false);
      const general = shape(text);
      setFastPath(true);
      assert.deepEqual(shape(text), general, text);
    }
  }
});

test('the fast path takes the entries of the multilingual shape, and declines one it does not check', () => {
  const text = linkedSitemap([linkedEntry(0), linkedEntry(1, link('en', page(1, 'en'), 'xhtml', ' />')), linkedEntry(2, link('de', page(2, 'de')))]);
  const starts = [...text.matchAll(/<url>/g)].map((m) => m.index);
  const taken = starts.map((start) => scanFastEntry(text, start, 'urlset', extensionPrefixes({ xhtml: 'xhtml' }))?.extensions?.alternates?.map((a) => a.language));
  // The third lists no link to its own page (hreflang-missing-self): the general path reports it.
  assert.deepEqual(taken, [['en', 'de', 'fr'], ['en'], undefined]);
  assert.equal(scanFastEntry(text, starts[0], 'urlset'), undefined, 'without the prefix, links are not taken');
});

// ---------------------------------------------------------------- image, video and news blocks (issue 21)

const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
const ALL_EXTENSIONS = `xmlns:image="${IMAGE_NS}" xmlns:video="${VIDEO_NS}" xmlns:news="${NEWS_NS}" xmlns:xhtml="${XHTML}"`;

const image = (loc: string, children = '') => `<image:image>\n      <image:loc>${loc}</image:loc>${children}\n    </image:image>`;
const VIDEO_CORE = '<video:thumbnail_loc>https://cdn.example.net/t/1.jpg</video:thumbnail_loc>\n      <video:title>Grilling steaks</video:title>\n' +
  '      <video:description>How to grill steaks &amp; chops, in "ten" minutes.</video:description>';
const video = (children = '<video:content_loc>https://cdn.example.net/v/1.mp4</video:content_loc><video:duration>600</video:duration>', core = VIDEO_CORE) =>
  `<video:video>\n      ${core}\n      ${children}\n    </video:video>`;
const article = (date = '2024-03-01T08:00:00Z', children = '', language = 'en') => '<news:news>\n      <news:publication><news:name>The Example Times</news:name>' +
  `<news:language>${language}</news:language></news:publication>\n      <news:publication_date>${date}</news:publication_date>\n      <news:title>Article</news:title>${children}\n    </news:news>`;

/** An entry of a common extension shape, picked by `n`: images, a video, an article, links, or several. */
function extensionEntry(n: number): string {
  const loc = page(n, 'en');
  const img = image(`https://cdn.example.net/img/${n}.jpg`);
  const blocks = [[img], [img, image(`https://cdn.example.net/img/${n}b.jpg?w=1&amp;h=2`)], [video()], [article()],
    [img, ...['en', 'de', 'fr'].map((l) => link(l, page(n, l)))], [video('<video:player_loc>https://www.example.com/player?v=1</video:player_loc><video:tag>grill</video:tag><video:tag>steak</video:tag><video:family_friendly>yes</video:family_friendly>'), img],
    [article('2024-03-01', '<news:keywords>grill, steak</news:keywords>'), img]][n % 7];
  return `  <url>\n    <loc>${loc}</loc>\n    <lastmod>2024-03-01</lastmod>\n    ${blocks.join('\n    ')}\n  </url>\n`;
}

const EXTENSION_FRAGMENTS = ['image:', 'video:', 'news:', 'loc', 'title', 'caption', 'duration', '<video:tag>x</video:tag>', '<image:image>', '</image:image>', '<news:news>',
  '</video:video>', '<video:content_loc>https://www.example.com/en/p1</video:content_loc>', '0', '28801', '2024-13-01', 'T10:00', 'yEs', 'zz', ' ', '\n', '&amp;', '&lt;', '&#38;', "'", '"', '>', '<', '/', '_', 'x'];

test('entries with image, video and news blocks parse the same with and without the fast path, mutated at random', () => {
  for (let seed = 1; seed <= 500; seed++) {
    const rnd = random(seed);
    let text = linkedSitemap(Array.from({ length: 7 }, (_, n) => extensionEntry(seed * 7 + n)), ALL_EXTENSIONS);
    const mutations = Math.floor(rnd() * 4);
    for (let m = 0; m < mutations; m++) {
      const at = Math.floor(rnd() * text.length);
      const cut = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 3);
      const insert = rnd() < 0.8 ? EXTENSION_FRAGMENTS[Math.floor(rnd() * EXTENSION_FRAGMENTS.length)] : '';
      text = text.slice(0, at) + insert + text.slice(at + cut);
    }
    setFastPath(false);
    const general = shape(text);
    setFastPath(true);
    assert.deepEqual(shape(text), general, text);
  }
});

/** Extension blocks at the edges of what the fast path takes, and just past them. */
const BLOCKS: string[] = [
  image('https://cdn.example.net/a.jpg'), image(' https://cdn.example.net/a.jpg\n'), image(''), image('   '), image('cdn.example.net/a.jpg'), image('https://cdn.example.net/a b.jpg'),
  image('https://cdn.example.net/a.jpg?x=&quot;1&quot;'), image('https://cdn.example.net/a.jpg?x="1"'), image('https://cdn.example.net/a.jpg?x=&#49;'), image("https://cdn.example.net/a'.jpg"),
  image('https://cdn.example.net/a.jpg', '<image:caption>A caption</image:caption>'), image('https://cdn.example.net/a.jpg', '<image:title>T</image:title>'),
  image('https://cdn.example.net/a.jpg', '<image:loc>https://cdn.example.net/b.jpg</image:loc>'), '<image:image></image:image>', '<image:image/>',
  '<image:image><image:loc>https://cdn.example.net/a.jpg</image:loc></image:image>', '<image:image ><image:loc>https://cdn.example.net/a.jpg</image:loc></image:image>',
  '<image:image><image:loc>https://cdn.example.net/a.jpg</image:loc ></image:image>', '<image:image><!-- c --><image:loc>https://cdn.example.net/a.jpg</image:loc></image:image>',
  '<image:image><image:loc><![CDATA[https://cdn.example.net/a.jpg]]></image:loc></image:image>', '<image:photo><image:loc>https://cdn.example.net/a.jpg</image:loc></image:photo>',
  video(), video(''), video('<video:content_loc>https://www.example.com/en/p1</video:content_loc>'), video('<video:content_loc>HTTPS://WWW.EXAMPLE.COM/en/p1</video:content_loc>'),
  video('<video:player_loc>https://www.example.com/en/p1</video:player_loc>'), video('<video:content_loc> https://cdn.example.net/v.mp4 </video:content_loc>'),
  ...['0', '1', '28800', '28801', ' 60 ', '1.5', '-1', ''].map((d) => video(`<video:player_loc>https://p.example.net/</video:player_loc><video:duration>${d}</video:duration>`)),
  ...['0.0', '5', '5.0', '5.1', '.5', '4.', ''].map((r) => video(`<video:player_loc>https://p.example.net/</video:player_loc><video:rating>${r}</video:rating>`)),
  ...['yes', 'No', 'NO', 'yEs', 'y', ''].map((v) => video(`<video:player_loc>https://p.example.net/</video:player_loc><video:family_friendly>${v}</video:family_friendly><video:live>no</video:live>`)),
  ...['2024-03-01', '2024-03-01T10:00:00+01:00', '2024-03-01T10:00+01:00', '2024-03', '2024-02-30', '2024-03-01T10:00:00Z'].map((d) => video(`<video:player_loc>https://p.example.net/</video:player_loc><video:publication_date>${d}</video:publication_date><video:expiration_date>${d}</video:expiration_date>`)),
  video(`<video:player_loc>https://p.example.net/</video:player_loc>${'<video:tag>t</video:tag>'.repeat(32)}`), video(`<video:player_loc>https://p.example.net/</video:player_loc>${'<video:tag>t</video:tag>'.repeat(33)}`),
  video('<video:player_loc>https://p.example.net/</video:player_loc><video:view_count>12</video:view_count><video:requires_subscription>no</video:requires_subscription><video:uploader>Alkis</video:uploader><video:category>Food</video:category>'),
  video('<video:player_loc>https://p.example.net/</video:player_loc><video:restriction relationship="allow">IE GB</video:restriction>'), video('<video:player_loc>https://p.example.net/</video:player_loc><video:restriction>IE GB</video:restriction>'),
  video('<video:player_loc>https://p.example.net/</video:player_loc><video:title>Twice</video:title>'), video('<video:player_loc>https://p.example.net/</video:player_loc><video:tag></video:tag><video:uploader> </video:uploader>'),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', '<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title>'),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', `<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title><video:description>${'d'.repeat(2049)}</video:description>`),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', `<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title><video:description>${'d'.repeat(2048)}</video:description>`),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', '<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title></video:title><video:description>D</video:description>'),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', "<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>Let's \"grill\"</video:title><video:description>A &lt;b&gt; tag &gt; 1</video:description>"),
  video('<video:player_loc>https://p.example.net/</video:player_loc>', '<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>Grill 🔥</video:title><video:description>D</video:description>'),
  article(), article('2024-03-01'), article(' 2024-03-01T08:00Z '), article('2024-03'), article('2024-02-30'), article('2024-03-01&#84;'), article('2024-03-01T08:00:00.5+01:00'),
  article('2024-03-01', '', 'de'), article('2024-03-01', '', 'zh-cn'), article('2024-03-01', '', 'ZH-TW'), article('2024-03-01', '', 'fra'), article('2024-03-01', '', 'xx'), article('2024-03-01', '', ''),
  article('2024-03-01', '<news:keywords>a, b</news:keywords><news:genres>Blog</news:genres><news:stock_tickers>NASDAQ:A</news:stock_tickers><news:access>Subscription</news:access>'),
  article('2024-03-01', '<news:keywords></news:keywords>'), article('2024-03-01', '<news:title>Twice</news:title>'),
  '<news:news><news:publication><news:name>N</news:name></news:publication><news:publication_date>2024-03-01</news:publication_date><news:title>T</news:title></news:news>',
  '<news:news><news:publication_date>2024-03-01</news:publication_date><news:title>T</news:title></news:news>',
  `${article()}\n    ${article()}`, `${image('https://cdn.example.net/a.jpg')}\n    ${video()}\n    ${article()}\n    ${link('en', page(1, 'en'))}`,
  `${link('en', page(1, 'en'))}\n    ${image('https://cdn.example.net/a.jpg')}\n    ${link('de', page(1, 'de'))}`, `${image('https://cdn.example.net/a.jpg')}\n    ${link('de', page(1, 'de'))}`,
  `${image('https://cdn.example.net/a.jpg')}\n    <changefreq>daily</changefreq>`, `${image('https://cdn.example.net/a.jpg')}\n    <other>x</other>`, `${image('https://cdn.example.net/a.jpg')} text`,
];
/** Roots binding all the extensions, some of them, others' prefixes, or near-miss namespaces. */
const EXTENSION_ROOTS = [ALL_EXTENSIONS, `xmlns:image="${IMAGE_NS}"`, `xmlns:img="${IMAGE_NS}" xmlns:video="${VIDEO_NS}" xmlns:news="${NEWS_NS}"`,
  `xmlns:image="${IMAGE_NS}/" xmlns:video="${VIDEO_NS}" xmlns:news="https://www.google.com/schemas/sitemap-news/0.9"`, `${ALL_EXTENSIONS} xmlns:i="${IMAGE_NS}"`];

test('each edge extension block parses the same with and without the fast path, after a clean entry', () => {
  for (const root of EXTENSION_ROOTS) {
    for (const block of BLOCKS) {
      const entry = `  <url>\n    <loc>${page(1, 'en')}</loc>\n    ${block}\n  </url>\n`;
      const text = linkedSitemap([extensionEntry(4), entry, extensionEntry(5)], root);
      setFastPath(false);
      const general = shape(text);
      setFastPath(true);
      assert.deepEqual(shape(text), general, text);
    }
  }
});

test('the extension fixtures parse the same with and without the fast path', () => {
  for (const c of extensionCases()) {
    const text = stripMarks(c.fixture).text;
    setFastPath(false);
    const general = shape(text);
    setFastPath(true);
    assert.deepEqual(shape(text), general, c.name);
  }
});

test('the fast path takes entries with image, video and news blocks in the common shapes', () => {
  const text = linkedSitemap(Array.from({ length: 7 }, (_, n) => extensionEntry(n)), ALL_EXTENSIONS);
  const prefixes = extensionPrefixes({ image: 'image', video: 'video', news: 'news', xhtml: 'xhtml' });
  const taken = [...text.matchAll(/<url>/g)].map((m) => {
    const extensions = scanFastEntry(text, m.index, 'urlset', prefixes)?.extensions;
    return extensions && { images: extensions.images, news: extensions.news !== undefined, alternates: extensions.alternates?.length ?? 0 };
  });
  assert.deepEqual(taken, [
    { images: 1, news: false, alternates: 0 }, { images: 2, news: false, alternates: 0 }, { images: 0, news: false, alternates: 0 },
    { images: 0, news: true, alternates: 0 }, { images: 1, news: false, alternates: 3 }, { images: 1, news: false, alternates: 0 },
    { images: 1, news: true, alternates: 0 },
  ]);
  const benchEntries = benchExtensionSitemap(3);
  const imageAndLinks = [...benchEntries.matchAll(/<url>/g)].map((m) => scanFastEntry(benchEntries, m.index, 'urlset', prefixes)?.extensions?.alternates?.length);
  assert.deepEqual(imageAndLinks, [3, 3, 3], 'the benchmark shape: an image and three alternates');
});

test('the well-formedness mutation corpus, and the same mutations of the common extension shapes, parse the same with and without the fast path', () => {
  const shapes = { name: 'extension shapes', text: linkedSitemap(Array.from({ length: 7 }, (_, n) => extensionEntry(n)), ALL_EXTENSIONS) };
  for (const mutant of [...mutationCorpus(7, 1500), ...mutationCorpus(8, 1500, [shapes])]) {
    setFastPath(false);
    const general = shape(mutant.text);
    setFastPath(true);
    assert.deepEqual(shape(mutant.text), general, `${mutant.base}: ${mutant.steps.join('; ')}`);
  }
});
