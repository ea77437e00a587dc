/**
 * Hover on elements, lastmod, loc, priority and changefreq values. Asserts ranges and stable facts (the rule link,
 * the UTC value, the location), not wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getHover, parseDocument, type HoverInfo, type HoverOptions, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { withCursor } from '../../support/cursor';
import { NOW, NS } from '../../support/fixtures';
import { CHANGEFREQ_MEANINGS, ROOT_NAMESPACES, SITEMAP_ELEMENTS } from '../../../server/src/language/features/vocabulary';
import { EXTENSION_ELEMENTS } from '../../../server/src/language/rules/extensionVocabulary';
import { markdownSummary } from '../../../server/src/language/features/extensionAuthoring';

const RULES = 'https://github.com/sitemap-studio/sitemap-studio/blob/main/docs/rules.md';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';

function hoverAt(fixture: string, options: HoverOptions = { now: NOW }, languageId: SitemapLanguageId = 'sitemap'): (HoverInfo & { hovered: string }) | undefined {
  const { text, offset } = withCursor(fixture);
  const hover = getHover(parseDocument(text, languageId), offset, options);
  return hover === undefined ? undefined : { ...hover, hovered: text.slice(hover.start, hover.end) };
}

const urlset = (body: string, attributes = ''): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"${attributes}>\n${body}</urlset>\n`;
const entry = (inner: string): string => urlset(`  <url>\n    <loc>https://www.example.com/</loc>\n${inner}  </url>\n`);

/** `<name>`s outside code spans: VS Code's markdown renderer takes them for HTML and drops them. */
function rawTags(markdown: string): string[] {
  return markdown.replace(/(`+)[\s\S]*?\1/g, '').match(/<\/?[A-Za-z][^>]*>/g) ?? [];
}

describe('hover on elements', () => {
  it('explains each sitemap element with a link to its rule in docs/rules.md', () => {
    const cases: Array<[string, string, string]> = [
      [urlset('  <u|rl>\n    <loc>https://www.example.com/</loc>\n  </url>\n'), 'url', 'missing-loc'],
      [entry('    <la|stmod>2024-01-01</lastmod>\n'), 'lastmod', 'invalid-lastmod'],
      [entry('    <changefreq>daily</chan|gefreq>\n'), 'changefreq', 'invalid-changefreq'],
      [entry('    <pri|ority>0.5</priority>\n'), 'priority', 'invalid-priority'],
      [urlset('  <url>\n    <l|oc>https://www.example.com/</loc>\n  </url>\n'), 'loc', 'invalid-url'],
      [`<?xml version="1.0"?>\n<url|set xmlns="${NS}">\n</urlset>\n`, 'urlset', 'too-many-entries'],
      [`<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n</url|set>\n`, 'urlset', 'too-many-entries'],
      [`<sitemapindex xmlns="${NS}">\n  <site|map>\n    <loc>https://www.example.com/a.xml</loc>\n  </sitemap>\n</sitemapindex>\n`, 'sitemap', 'missing-loc'],
    ];
    for (const [fixture, name, rule] of cases) {
      const hover = hoverAt(fixture);
      assert.ok(hover, fixture);
      assert.equal(hover.hovered, name, fixture);
      assert.ok(hover.contents.includes(`${RULES}#${rule}`), `${name}: ${hover.contents}`);
    }
  });

  it('explains extension elements it knows, and stays silent on others', () => {
    const known = hoverAt(entry('    <image:im|age><image:loc>https://www.example.com/a.png</image:loc></image:image>\n').replace('<urlset', `<urlset xmlns:image="${IMAGE}"`));
    assert.equal(known?.hovered, 'image:image');
    assert.equal(hoverAt(entry('    <my:th|ing xmlns:my="urn:x">x</my:thing>\n')), undefined);
  });

  it('writes element names as code, so that the markdown renderer does not drop them as HTML', () => {
    const ns = (prefix: string, uri: string) => ` xmlns:${prefix}="${uri}"`;
    const extensions = ns('image', IMAGE) + ns('video', 'http://www.google.com/schemas/sitemap-video/1.1')
      + ns('news', 'http://www.google.com/schemas/sitemap-news/0.9') + ns('xhtml', 'http://www.w3.org/1999/xhtml');
    const text = `<?xml version="1.0"?>\n<urlset xmlns="${NS}"${extensions}>\n  <url>\n    <loc>https://www.example.com/</loc>\n`
      + '    <lastmod>2025-01-01</lastmod>\n    <changefreq>daily</changefreq>\n    <priority>0.5</priority>\n'
      + '    <image:image/>\n    <video:video/>\n    <news:news/>\n    <xhtml:link/>\n  </url>\n</urlset>\n';
    const names = ['urlset', 'url', 'loc', 'lastmod', 'changefreq', 'priority', 'image:image', 'video:video', 'news:news', 'xhtml:link'];
    for (const name of names) {
      const hover = hoverAt(text.replace(new RegExp(`<${name}(?=[ />])`), `<${name}|`));
      assert.equal(hover?.hovered, name);
      assert.ok(hover.contents.includes(`\`<${name}>\``), hover.contents);
      assert.deepEqual(rawTags(hover.contents), [], hover.contents);
    }
    const index = hoverAt(`<sitemapindex xmlns="${NS}">\n  <site|map><loc>https://www.example.com/a.xml</loc></sitemap>\n</sitemapindex>\n`);
    assert.deepEqual(rawTags(index!.contents), []);
  });

  it('writes element names as code in the completion documentation too', () => {
    const texts = [
      ...Object.values(SITEMAP_ELEMENTS).map((d) => d.summary), ...EXTENSION_ELEMENTS.map((x) => markdownSummary(x.summary)),
      ...ROOT_NAMESPACES.map((n) => n.what), ...CHANGEFREQ_MEANINGS.map(([, meaning]) => meaning),
    ];
    for (const text of texts) assert.deepEqual(rawTags(text), [], text);
  });

  it('has nothing to say between elements', () => {
    assert.equal(hoverAt(urlset('  <url>\n  |  <loc>https://www.example.com/</loc>\n  </url>\n')), undefined);
  });
});

describe('hover on values', () => {
  it('lastmod: the value in UTC and relative to now', () => {
    const hover = hoverAt(entry('    <lastmod>2025-06-12T14:00:00+02:00|</lastmod>\n'));
    assert.equal(hover?.hovered, '2025-06-12T14:00:00+02:00');
    assert.ok(hover.contents.includes('2025-06-12T12:00:00Z'), hover.contents);
    assert.match(hover.contents, /\b3 days ago\b/);
  });

  it('lastmod: a date, and a future one', () => {
    const date = hoverAt(entry('    <lastmod>|2025-05-15</lastmod>\n'));
    assert.ok(date?.contents.includes('2025-05-15'));
    const future = hoverAt(entry('    <lastmod>2025-06-18T12:00:00Z|</lastmod>\n'));
    assert.match(future!.contents, /\bin 3 days\b/);
  });

  it('lastmod: an invalid value links to its rule', () => {
    assert.ok(hoverAt(entry('    <lastmod>2025-6-1|</lastmod>\n'))?.contents.includes(`${RULES}#invalid-lastmod`));
  });

  it('loc: the sitemap location, and whether the URL is in scope', () => {
    const location = 'https://www.example.com/shop/sitemap.xml';
    const inside = hoverAt(urlset('  <url>\n    <loc>https://www.example.com/shop/a?x=1&amp;y=2|</loc>\n  </url>\n'), { now: NOW, location });
    assert.equal(inside?.hovered, 'https://www.example.com/shop/a?x=1&amp;y=2');
    assert.ok(inside.contents.includes('https://www.example.com/shop/a?x=1&y=2'), 'decoded URL');
    assert.ok(inside.contents.includes(location));
    assert.ok(!inside.contents.includes('#out-of-scope'));
    const outside = hoverAt(urlset('  <url>\n    <loc>https://www.example.com/blog/|</loc>\n  </url>\n'), { now: NOW, location });
    assert.ok(outside?.contents.includes(location));
    assert.ok(outside !== undefined);
    assert.ok(outside.contents.includes(`${RULES}#out-of-scope`));
    const allowed = hoverAt(urlset('  <url>\n    <loc>https://cdn.example.net/|</loc>\n  </url>\n'), { now: NOW, location, allowedHosts: ['cdn.example.net'] });
    assert.ok(!allowed?.contents.includes('#out-of-scope'));
  });

  it('loc: without a location, compares with the origin most URLs share, as mixed-hosts does', () => {
    const hover = hoverAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n  <url>\n    <loc>http://www.example.com/|</loc>\n  </url>\n'));
    assert.ok(hover?.contents.includes(`${RULES}#mixed-hosts`), 'a tie: the first origin is the reference');
    const entries = (hovered: number) => ['https://www.example.com/', 'https://example.com/a', 'https://example.com/b']
      .map((url, n) => `  <url>\n    <loc>${url}${n === hovered ? '|' : ''}</loc>\n  </url>\n`).join('');
    const outlier = hoverAt(urlset(entries(0)));
    assert.ok(outlier !== undefined && outlier.contents.includes(`${RULES}#mixed-hosts`), 'the one www URL is the outlier');
    assert.ok(outlier.contents.includes('`https://example.com`'));
    const majority = hoverAt(urlset(entries(2)));
    assert.ok(majority !== undefined && !majority.contents.includes('#mixed-hosts'), 'a URL on the shared origin');
  });

  it('loc in an index: the workspace file it maps to', () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://www.example.com/a.xml|</loc>\n  </sitemap>\n</sitemapindex>\n`;
    const hover = hoverAt(text, { now: NOW, resolveFile: (url) => (url.endsWith('/a.xml') ? '/site/public/a.xml' : undefined) });
    assert.ok(hover?.contents.includes('/site/public/a.xml'));
  });

  it('priority and changefreq: the value, and a link to the rule when it is invalid', () => {
    const priority = hoverAt(entry('    <priority>0.8|</priority>\n'));
    assert.equal(priority?.hovered, '0.8');
    assert.ok(!priority.contents.includes(RULES));
    const changefreq = hoverAt(entry('    <changefreq>|weekly</changefreq>\n'));
    assert.equal(changefreq?.hovered, 'weekly');
    assert.ok(changefreq.contents.includes('weekly'));
    assert.ok(hoverAt(entry('    <priority>1.5|</priority>\n'))?.contents.includes(`${RULES}#invalid-priority`));
    assert.ok(hoverAt(entry('    <changefreq>Daily|</changefreq>\n'))?.contents.includes(`${RULES}#invalid-changefreq`));
  });

  it('a namespace declaration of the root', () => {
    const hover = hoverAt(`<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-ima|ge/1.1">\n</urlset>\n`);
    assert.equal(hover?.hovered, IMAGE);
  });

  it('a text sitemap line', () => {
    const hover = hoverAt('https://www.example.com/a|\n', { now: NOW, location: 'https://www.example.com/sitemap.txt' }, 'sitemap-txt');
    assert.equal(hover?.hovered, 'https://www.example.com/a');
    assert.ok(hover.contents.includes('https://www.example.com/sitemap.txt'));
  });
});

describe('hover on the extensions (issue 12)', () => {
  const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
  const NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const all = ` xmlns:image="${IMAGE}" xmlns:v="${VIDEO}" xmlns:news="${NEWS}" xmlns:xhtml="${XHTML}"`;
  const inUrl = (inner: string): string => entry(inner).replace('<urlset', `<urlset${all}`);
  const link = (rule: string): string => `${RULES}#${rule}`;

  it('an element: its summary, limits and namespace, in any prefix, with a link to the rule that checks it', () => {
    const description = hoverAt(inUrl('    <v:video><v:descr|iption>x</v:description></v:video>\n'));
    assert.equal(description?.hovered, 'v:description');
    for (const fact of [VIDEO, '2,048', link('video-invalid-value')]) assert.ok(description.contents.includes(fact), `${fact} in ${description.contents}`);
    const image = hoverAt(inUrl('    <image:ima|ge><image:loc>https://www.example.com/a.png</image:loc></image:image>\n'));
    for (const fact of [IMAGE, '1,000', link('image-missing-loc')]) assert.ok(image?.contents.includes(fact), `${fact} in ${image?.contents}`);
    assert.deepEqual(rawTags(image!.contents), []);
    const caption = hoverAt(inUrl('    <image:image><image:loc>https://www.example.com/a.png</image:loc><image:cap|tion>c</image:caption></image:image>\n'));
    assert.equal(caption?.hovered, 'image:caption');
    assert.ok(caption.contents.includes(link('image-deprecated')), caption.contents);
    const language = hoverAt(inUrl('    <news:news><news:publication><news:lan|guage>en</news:language></news:publication></news:news>\n'));
    assert.ok(language?.contents.includes(link('news-invalid-language')), language?.contents);
  });

  it('an hreflang value: the language, script and region it names; an invalid one links to hreflang-invalid', () => {
    const valid = hoverAt(inUrl('    <xhtml:link rel="alternate" hreflang="en-|GB" href="https://www.example.com/"/>\n'));
    assert.equal(valid?.hovered, 'en-GB');
    assert.ok(valid.contents.includes('English') && valid.contents.includes('United Kingdom'), valid.contents);
    const script = hoverAt(inUrl('    <xhtml:link rel="alternate" hreflang="zh-Hant-|TW" href="https://www.example.com/"/>\n'));
    assert.ok(script?.contents.includes('Taiwan') && script.contents.includes('Hant'), script?.contents);
    const invalid = hoverAt(inUrl('    <xhtml:link rel="alternate" hreflang="en-U|K" href="https://www.example.com/"/>\n'));
    assert.ok(invalid?.contents.includes(link('hreflang-invalid')), invalid?.contents);
    assert.equal(hoverAt(inUrl('    <xhtml:link rel="alter|nate" hreflang="en" href="https://www.example.com/"/>\n')), undefined);
  });

  it('a news:language value, and the countries of a restriction, by name', () => {
    const german = hoverAt(inUrl('    <news:news><news:publication><news:language> d|e </news:language></news:publication></news:news>\n'));
    assert.equal(german?.hovered, 'de');
    assert.ok(german.contents.includes('German'), german.contents);
    const chinese = hoverAt(inUrl('    <news:news><news:publication><news:language>zh-t|w</news:language></news:publication></news:news>\n'));
    assert.ok(chinese?.contents.includes('Chinese'), chinese?.contents);
    const countries = hoverAt(inUrl('    <v:video><v:restriction relationship="allow">US c|a</v:restriction></v:video>\n'));
    assert.equal(countries?.hovered, 'US ca');
    assert.ok(countries.contents.includes('United States') && countries.contents.includes('Canada'), countries.contents);
  });
});
