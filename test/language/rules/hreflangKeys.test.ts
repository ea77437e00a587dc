/** hreflang comparison keys on the fast path: an href taken without parsing (PlainUrls) keys as urlKey keys it, on an
 * authority with capitals or a port as on a plain one (the key of the authority is decided once, not per link). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, parseDocument, validate } from '../../../server/src/language/languageService';
import { NOW, NS, render, urlset } from '../../support/fixtures';

const ROOT = `xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml"`;
const link = (language: string, href: string) => `\n    <xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`;
const entry = (loc: string, links: string[]) => `  <url>\n    <loc>${loc}</loc>${links.join('')}\n  </url>`;

for (const authority of ['https://Example.com', 'https://example.com:443', 'HTTPS://example.com']) {
  test(`links written on ${authority} name the pages of https://example.com, as the general path keys them`, () => {
    // The second link of B repeats the authority of the first, so the fast path takes it without parsing it.
    const text = urlset([
      entry('https://example.com/a', [link('en', 'https://example.com/a'), link('de', 'https://example.com/b')]),
      entry('https://example.com/b', [link('fr', `${authority}/x`), link('en', `${authority}/a`), link('de', 'https://example.com/b')]),
    ].join('\n'), ROOT);
    assert.deepEqual(render(validate(parseDocument(text, 'sitemap'), DEFAULT_SETTINGS, { now: NOW })), []);
  });
}
