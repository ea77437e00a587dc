/**
 * Generators (fast-check arbitraries) of the documents users feed us — XML sitemaps, sitemap indexes, text sitemaps and
 * robots.txt files — from small grammars of each, with the mutations that have bitten real tools (issue 35): path
 * segments over 255 bytes, paths over 4,096, percent-encoded `..` and `/`, NUL and control characters, lone UTF-16
 * halves, Windows device names, truncations. Texts only, no file system: the command-line fuzzer (cliFuzz.ts) writes
 * them to disk, and the language server's fuzzer can open and edit them as they are.
 *
 * Sizes are bounded (a few dozen entries, a few kB) so that a case runs in well under a second; the large inputs have
 * their own tests (test/robustness/).
 */
import fc from 'fast-check';

export const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const ORIGIN = 'https://www.example.com';

/** Path segments no file system takes as a name, or that mean something else once decoded. */
const HOSTILE_SEGMENTS: readonly string[] = [
  'a'.repeat(256), 'é'.repeat(130), `${'b'.repeat(300)}.xml`, '%2e%2e', '%2E%2E%2F%2e%2e%2Foutside.xml', '..%2f..%2foutside.xml',
  '%2e%2e%5coutside.xml', 'a%2fb.xml', '%00.xml', 'a%00b', 'CON', 'NUL.xml', 'aux.xml', 'COM1', 'lpt9.txt', '.', '..',
  '\u0000', '\u0001\u001f', '\ud800', '\udfff.xml', 'a\u202eb', '\ufeff', ' ', 'a b.xml', '%', '%zz', '%ff%fe.xml',
  'sitemap.xml.gz', 'robots.txt', 'index.html', '~user', '?q=1', '#frag',
];

const plainSegment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/);

/** One path segment: mostly plain, sometimes hostile, sometimes random text. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: plainSegment },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 400 }).map((n) => 'x'.repeat(n)) },
);

/** A path below the origin: a few segments, now and then one over 4,096 bytes in all or 200 levels deep. */
export const urlPath: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.array(pathSegment, { minLength: 0, maxLength: 4 }).map((segments) => segments.join('/')) },
  { weight: 1, arbitrary: fc.integer({ min: 17, max: 24 }).map((n) => Array.from({ length: n }, () => 'y'.repeat(250)).join('/')) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 420 }).map((n) => 'd/'.repeat(n) + 'deep.xml') },
);

/** A `<loc>` as written: mostly on the example origin, sometimes elsewhere or not a URL at all. */
export const locText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: urlPath.map((p) => `${ORIGIN}/${p}`) },
  {
    weight: 2, arbitrary: fc.constantFrom(
      'http://www.example.com/', 'https://other.example.org/a.xml', '/relative.xml', 'relative.xml', 'file:///etc/passwd',
      'ftp://www.example.com/a', 'https://', 'https://www.example.com:99999/', 'https://[::1]/a', 'https://xn--nxasmq6b.com/',
      'javascript:alert(1)', '', ' ', `${ORIGIN}/a?x=1&amp;y=2`, `${ORIGIN}/a?x=1&y=2`, `${ORIGIN}/${'q'.repeat(2100)}`,
    ),
  },
);

/** What may stand in a `<lastmod>`: W3C datetimes, near misses and junk. */
export const lastmodText: fc.Arbitrary<string> = fc.oneof(
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2024-02-30', '2024-13-01', '0000-00-00', '9999-12-31T23:59:59+14:00', '2024-01-01T25:00:00Z', 'yesterday', '', '2024-01-01T00:00:00'),
);

/** XML-escaped where the grammar wants it escaped; a test of the raw characters is the mutations'. */
export function escapeXml(text: string): string {
  return text.replace(/&(?!amp;|lt;|gt;|quot;|apos;|#)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const urlEntry = fc.record({
  loc: locText,
  lastmod: fc.option(lastmodText, { nil: undefined }),
  changefreq: fc.option(fc.constantFrom('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', 'often', ''), { nil: undefined }),
  priority: fc.option(fc.constantFrom('0.0', '0.5', '1.0', '1', '1.5', '-0.1', 'high', '.5'), { nil: undefined }),
}).map(({ loc, lastmod, changefreq, priority }) => '  <url>'
  + `<loc>${escapeXml(loc)}</loc>`
  + (lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`)
  + (changefreq === undefined ? '' : `<changefreq>${changefreq}</changefreq>`)
  + (priority === undefined ? '' : `<priority>${priority}</priority>`)
  + '</url>\n');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>` of up to 12 entries. */
export const urlsetText: fc.Arbitrary<string> = fc.array(urlEntry, { maxLength: 12 })
  .map((entries) => `${XML_DECLARATION}<urlset xmlns="${NS}">\n${entries.join('')}</urlset>\n`);

/** A `<sitemapindex>` listing `children` (URLs, as the file tree names its files) and a few generated `<loc>`s. */
export function indexText(children: readonly string[]): fc.Arbitrary<string> {
  const child = children.length === 0 ? locText : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...children) }, { weight: 1, arbitrary: locText });
  return fc.array(fc.tuple(child, fc.option(lastmodText, { nil: undefined })), { maxLength: 8 })
    .map((entries) => `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n`
      + entries.map(([loc, lastmod]) => `  <sitemap><loc>${escapeXml(loc)}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</sitemap>\n`).join('')
      + '</sitemapindex>\n');
}

/** A text sitemap: one URL a line, with blank lines, comments and junk among them. */
export const textSitemapText: fc.Arbitrary<string> = fc.array(fc.oneof(
  { weight: 6, arbitrary: locText },
  { weight: 1, arbitrary: fc.constantFrom('', '# comment', '   ', '<url>', '\t') },
), { maxLength: 15 }).map((lines) => lines.join('\n') + '\n');

/** A robots.txt whose Sitemap: lines name `sitemaps` (URLs) or generated locations, among groups of rules. */
export function robotsText(sitemaps: readonly string[]): fc.Arbitrary<string> {
  const sitemap = sitemaps.length === 0 ? locText : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...sitemaps) }, { weight: 1, arbitrary: locText });
  const line = fc.oneof(
    { weight: 2, arbitrary: sitemap.map((url) => `Sitemap: ${url}`) },
    { weight: 2, arbitrary: fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'user-agent:googlebot-news', 'User-agent:') },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('Disallow', 'Allow', 'disallow', 'Crawl-delay', 'Noindex', 'Host'), urlPath).map(([k, p]) => `${k}: /${p}`) },
    { weight: 1, arbitrary: fc.constantFrom('Disallow:', 'Allow: /*$', 'Disallow: /*?*', '# comment', '', 'garbage without colon', 'Sitemap:') },
  );
  return fc.array(line, { maxLength: 14 }).map((lines) => lines.join('\n') + '\n');
}

/** Raw characters and runs that parsers and terminals trip on, inserted by {@link mutatedText}. */
const INSERTIONS: readonly string[] = [
  '\u0000', '\u0007', '\u001b[31m', '\r', '\r\n', '\u2028', '\ud800', '\udc00', '\ufffe', '\ufeff', '&', '&bogus;', '&#0;',
  '&#x110000;', '<', ']]>', '<![CDATA[', '<!--', '<!DOCTYPE x [<!ENTITY a "aaaa">]>', '<?xml version="1.0"?>', '"', "'",
  '</urlset>', '<url>', '<loc>', '</loc>', '<sitemapindex>', `xmlns="${NS}"`, ' '.repeat(3000), 'é'.repeat(300),
];

export type TextMutation = { at: number; insert: string } | { at: number; cut: number } | { truncateAt: number };

/** Small edits of a text: an insertion of {@link INSERTIONS}, a cut, or the text truncated. Positions are fractions. */
export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), insert: fc.oneof(fc.constantFrom(...INSERTIONS), fc.string({ unit: 'binary', maxLength: 6 })) }),
  fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ truncateAt: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** `text` with `mutations` applied in order. */
export function mutatedText(text: string, mutations: readonly TextMutation[]): string {
  let result = text;
  for (const m of mutations) {
    if ('truncateAt' in m) result = result.slice(0, Math.floor(m.truncateAt * result.length));
    else if ('insert' in m) {
      const at = Math.floor(m.at * result.length);
      result = result.slice(0, at) + m.insert + result.slice(at);
    } else {
      const at = Math.floor(m.at * result.length);
      result = result.slice(0, at) + result.slice(at + m.cut);
    }
  }
  return result;
}

/** A generated text, mutated two times in three at most three times. */
export function withMutations(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: fc.array(textMutation, { minLength: 1, maxLength: 3 }) }))
    .map(([t, mutations]) => mutatedText(t, mutations));
}

export type DocumentKind = 'urlset' | 'index' | 'text' | 'robots';

/** Any one document, for a tool or an editor that takes a text alone (an index's children then generated). */
export const documentText: fc.Arbitrary<{ kind: DocumentKind; text: string }> = fc.oneof(
  withMutations(urlsetText).map((text) => ({ kind: 'urlset' as const, text })),
  withMutations(indexText([])).map((text) => ({ kind: 'index' as const, text })),
  withMutations(textSitemapText).map((text) => ({ kind: 'text' as const, text })),
  withMutations(robotsText([])).map((text) => ({ kind: 'robots' as const, text })),
);
