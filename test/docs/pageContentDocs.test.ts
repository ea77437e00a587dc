/** docs/rules.md's example of what counts as a change to a page: the page, then its content as the lastmod rules
 * compare it, must be what pageContentOf (server/src/language/site/pageContent.ts) reads. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pageContentOf, type PageContent } from '../../server/src/language/site/pageContent';

const DOCS = path.resolve(__dirname, '../../../docs/rules.md');
const NAMES: Readonly<Record<string, keyof PageContent>> = { title: 'title', description: 'description', 'structured data': 'structuredData', text: 'text', links: 'links' };

/** The fenced blocks after the marker: the page, then its content. */
function example(markdown: string): { html: string; content: string } {
  const after = markdown.slice(markdown.indexOf('<!-- page-content-example -->'));
  const blocks = [...after.matchAll(/```(\w+)\n([\s\S]*?)```/g)];
  assert.ok(blocks.length >= 2 && blocks[0][1] === 'html' && blocks[1][1] === 'text', 'docs/rules.md: the marker is followed by an html block and a text block');
  return { html: blocks[0][2], content: blocks[1][2] };
}

test('docs/rules.md: the page content example is what the lastmod rules read', () => {
  const { html, content } = example(fs.readFileSync(DOCS, 'utf8'));
  const documented: Partial<PageContent> = {};
  for (const line of content.trim().split('\n')) {
    const colon = line.indexOf(': ');
    const key = NAMES[line.slice(0, colon)];
    assert.ok(key !== undefined, `docs/rules.md: unknown part in "${line}"`);
    documented[key] = line.slice(colon + 2);
  }
  assert.deepEqual(documented, pageContentOf(html));
});
