/**
 * The extension fixtures (test/fixtures/extensions/, issue 12): per-rule files with ⟦marked⟧ ranges and their expected
 * rule ids in test/fixtures/extensions/expected.json, plus cases generated here that would be too large to commit
 * (1,002 images, 1,001 news articles, a 2,049-character description, 33 tags, duration bounds). The same cases run in
 * process, over the wire and through sitemap-lint. Their clock is the tests' NOW (2025-06-15T12:00:00Z).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stripMarks } from './fixtures';

/** Tests compile to out/test/…: the fixtures are read from the repository, not from out/. */
export const EXTENSION_FIXTURES = path.resolve(__dirname, '../../../test/fixtures/extensions');

export interface ExtensionCase {
  /** The fixture's file name, or a generated case's name (a valid file name too). */
  name: string;
  /** The text with ⟦ ⟧ around each expected range. */
  fixture: string;
  /** The expected rule ids, one per mark, in document order. */
  rules: string[];
  /** Where the file is also checked as published (same expected problems): scope rules must stay silent. */
  location?: string;
}

interface ManifestEntry {
  rules: string[];
  location?: string;
}

/** The rule whose verdict depends on the clock: the wire and the CLI have no injectable clock, so they turn it off. */
export const CLOCK_RULE = 'news-too-old';

export function extensionCases(): ExtensionCase[] {
  return [...fileCases(), ...generatedCases()];
}

export function fileCases(): ExtensionCase[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION_FIXTURES, 'expected.json'), 'utf8')) as Record<string, ManifestEntry>;
  const files = fs.readdirSync(EXTENSION_FIXTURES).filter((name) => name.endsWith('.xml')).sort();
  const unlisted = files.filter((name) => manifest[name] === undefined);
  if (unlisted.length > 0) throw new Error(`expected.json lists no expectation for ${unlisted.join(', ')}`);
  return Object.entries(manifest).map(([name, entry]) => ({
    name,
    fixture: fs.readFileSync(path.join(EXTENSION_FIXTURES, name), 'utf8'),
    rules: entry.rules,
    location: entry.location,
  }));
}

/** A case's stripped text and expectations, `rule@start-end` style, leaving out the rules in `without`. */
export function expectedOf(c: ExtensionCase, without: readonly string[] = []): { text: string; expected: Array<{ rule: string; start: number; end: number }> } {
  const { text, ranges } = stripMarks(c.fixture);
  if (ranges.length !== c.rules.length) throw new Error(`${c.name}: ${ranges.length} marks but ${c.rules.length} expected rules`);
  const expected = ranges.map(([start, end], k) => ({ rule: c.rules[k], start, end })).filter((e) => !without.includes(e.rule));
  return { text, expected };
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const IMAGE_NS = 'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const VIDEO_NS = 'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
const NEWS_NS = 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';

function urlset(namespace: string, body: string): string {
  return `${DECLARATION}<urlset ${SITEMAP_NS}\n        ${namespace}>\n${body}</urlset>\n`;
}

function generatedCases(): ExtensionCase[] {
  return [
    imagesInOneUrl(1002), imagesInOneUrl(1000),
    newsArticles(1001, 1001), newsArticles(1001, 1000),
    videoWith('description-2049', `<video:description>⟦${'d'.repeat(2049)}⟧</video:description>`),
    videoWith('description-2048-decoded', `<video:description>\n  ${'a&amp;'.repeat(1024)}\n</video:description>`),
    videoWith('tags-33', `${'<video:tag>grill</video:tag>'.repeat(32)}<⟦video:tag⟧>grill</video:tag>`),
    videoWith('tags-32', '<video:tag>grill</video:tag>'.repeat(32)),
    videoWith('duration-0', '<video:duration>⟦0⟧</video:duration>'),
    videoWith('duration-28801', '<video:duration>⟦28801⟧</video:duration>'),
    videoWith('duration-1', '<video:duration>1</video:duration>'),
    videoWith('duration-28800', '<video:duration>28800</video:duration>'),
    clockFreeNewsCase(),
  ];
}

/** One url with `count` images: the 1,001st `image:image` is too-many-images, once (not again on the 1,002nd). */
function imagesInOneUrl(count: number): ExtensionCase {
  const images = Array.from({ length: count }, (_, k) =>
    `    <${k === 1000 ? '⟦image:image⟧' : 'image:image'}><image:loc>https://cdn.example.net/i${k}.jpg</image:loc></image:image>\n`);
  return {
    name: `generated-images-${count}.xml`,
    fixture: urlset(IMAGE_NS, `  <url>\n    <loc>https://www.example.com/</loc>\n${images.join('')}  </url>\n`),
    rules: count > 1000 ? ['too-many-images'] : [],
  };
}

/** `urls` urls, the first `withNews` of them with a recent article: the 1,001st `news:news` is news-too-many-urls. */
function newsArticles(urls: number, withNews: number): ExtensionCase {
  const entries = Array.from({ length: urls }, (_, k) => {
    const name = k === 1000 ? '⟦news:news⟧' : 'news:news';
    const news = k < withNews
      ? `<${name}><news:publication><news:name>The Example Times</news:name><news:language>en</news:language></news:publication>` +
        `<news:publication_date>2025-06-15T08:00:00Z</news:publication_date><news:title>Article ${k}</news:title></news:news>`
      : '';
    return `  <url><loc>https://www.example.com/a${k}</loc>${news}</url>\n`;
  });
  return {
    name: `generated-news-${withNews}-of-${urls}.xml`,
    fixture: urlset(NEWS_NS, entries.join('')),
    rules: withNews > 1000 ? ['news-too-many-urls'] : [],
  };
}

/**
 * news-too-old with any clock after 2017 (for the wire and the CLI, which use the real one): an article of April 2017
 * is too old, one dated 2999 is not (there is no rule for future news).
 */
export function clockFreeNewsCase(): ExtensionCase {
  const article = (date: string) => '<news:news><news:publication><news:name>The Example Times</news:name><news:language>en</news:language>' +
    `</news:publication><news:publication_date>${date}</news:publication_date><news:title>Title</news:title></news:news>`;
  return {
    name: 'generated-news-old-and-future.xml',
    fixture: urlset(NEWS_NS, `  <url><loc>https://www.example.com/old</loc>${article('⟦2017-04-25T10:00:36+00:00⟧')}</url>
` +
      `  <url><loc>https://www.example.com/future</loc>${article('2999-01-01')}</url>
`),
    rules: [CLOCK_RULE],
  };
}

/** A complete video plus `extra` (its marks give video-invalid-value). */
function videoWith(name: string, extra: string): ExtensionCase {
  const video = '    <video:video>\n' +
    '      <video:thumbnail_loc>https://www.example.com/thumbs/1.jpg</video:thumbnail_loc>\n' +
    '      <video:title>Grilling</video:title>\n' +
    (extra.startsWith('<video:description>') ? '' : '      <video:description>Alkis grills.</video:description>\n') +
    '      <video:content_loc>https://cdn.example.net/1.mp4</video:content_loc>\n' +
    `      ${extra}\n    </video:video>\n`;
  return {
    name: `generated-video-${name}.xml`,
    fixture: urlset(VIDEO_NS, `  <url>\n    <loc>https://www.example.com/videos/1.html</loc>\n${video}  </url>\n`),
    rules: Array.from(extra.matchAll(/⟦/g), () => 'video-invalid-value'),
  };
}
