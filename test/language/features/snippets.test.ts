/**
 * The snippets the language server serves (server/src/language/features/snippets.ts): each one, expanded with its
 * defaults — and again with a real URL typed at every URL placeholder, and with every option of every choice —
 * validates with zero problems. Fragments are wrapped into the smallest document they belong in. Where each is
 * offered is completion's business (test/language/features/completion.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, parseDocument, validate, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { SNIPPETS, type SitemapSnippet } from '../../../server/src/language/features/snippets';
import { expandSnippet, type ExpandOptions } from '../../support/snippetExpander';
import { NOW, NS, render } from '../../support/fixtures';

const ROOT = path.resolve(__dirname, '../../../..');

const EXTENSIONS: Record<string, string> = {
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
  news: 'http://www.google.com/schemas/sitemap-news/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
};

/** The day of the fixed clock NOW (2025-06-15T12:00:00Z), as VS Code's date variables would give it. */
const VARIABLES: ExpandOptions['variables'] = {
  CURRENT_YEAR: '2025', CURRENT_YEAR_SHORT: '25', CURRENT_MONTH: '06', CURRENT_DATE: '15',
  CURRENT_HOUR: '12', CURRENT_MINUTE: '00', CURRENT_SECOND: '00', CURRENT_TIMEZONE_OFFSET: '+00:00',
};
const TODAY = '2025-06-15';

const snippets: Record<string, SitemapSnippet> = Object.fromEntries(SNIPPETS.map((s) => [s.name, s]));
const prefixesOf = (s: SitemapSnippet): string[] => [s.prefix];
const byPrefix = (prefix: string): SitemapSnippet => {
  const found = SNIPPETS.find((s) => s.prefix === prefix);
  assert.ok(found, `no snippet with the prefix ${prefix}`);
  return found;
};

const isUrlPlaceholder = (defaultText: string): boolean => /^https?:\/\//.test(defaultText);

/** A real URL per tabstop (distinct, so two entries never make a duplicate), escaped as a user would type it. */
const realUrl = (index: number): string => `https://www.sitemaps.org/protocol.html?part=${index}&amp;lang=en`;

/** The document a snippet's expansion is checked in: itself if it is a whole file, else wrapped into one. */
function documentFor(expanded: string): string {
  if (expanded.startsWith('<?xml')) return expanded;
  const declarations = Object.entries(EXTENSIONS).map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  const first = /^<([\w:]+)/.exec(expanded)?.[1];
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n`;
  if (first === 'url') return `${head}<urlset xmlns="${NS}"${declarations}>\n${expanded}\n</urlset>\n`;
  if (first === 'sitemap') return `${head}<sitemapindex xmlns="${NS}">\n${expanded}\n</sitemapindex>\n`;
  // Everything else goes inside an entry of a urlset (the extension elements).
  // Its <loc> is the page the hreflang block's self link names by default.
  return `${head}<urlset xmlns="${NS}"${declarations}>\n<url>\n<loc>https://www.example.com/</loc>\n${expanded}\n</url>\n</urlset>\n`;
}

function problems(text: string, languageId: SitemapLanguageId = 'sitemap'): string[] {
  return render(validate(parseDocument(text, languageId), DEFAULT_SETTINGS, { now: NOW }));
}

/** Every option of every choice tabstop, each as the `value` hook that picks it (the others keep their defaults). */
function choiceVariants(body: string | readonly string[]): Array<{ label: string; value: ExpandOptions['value'] }> {
  const choices = new Map<number, string[]>();
  const source = typeof body === 'string' ? body : body.join('\n');
  for (const m of source.matchAll(/\$\{(\d+)\|((?:[^|\\]|\\.)*)\|\}/g)) {
    choices.set(Number(m[1]), m[2].split(/(?<!\\),/).map((option) => option.replace(/\\(.)/g, '$1')));
  }
  return [...choices].flatMap(([index, options]) => options.map((option) => ({
    label: `$${index} = ${option}`,
    value: (i: number) => (i === index ? option : undefined),
  })));
}

describe('snippets', () => {
  it('are served by the language server only: the extension contributes no static snippets (VS Code would offer them everywhere)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: Record<string, unknown> };
    assert.equal(manifest.contributes.snippets, undefined);
    assert.deepEqual(fs.readdirSync(path.join(ROOT, 'syntaxes')).filter((f) => f.includes('snippets')), []);
  });

  it('each have a prefix, a body and a description, and unique prefixes', () => {
    const seen = new Set<string>();
    for (const [name, snippet] of Object.entries(snippets)) {
      assert.ok(prefixesOf(snippet).length > 0 && prefixesOf(snippet).every((p) => p.length > 0), name);
      assert.ok(snippet.body.length > 0, name);
      assert.ok(typeof snippet.description === 'string' && snippet.description.length > 0, name);
      for (const prefix of prefixesOf(snippet)) {
        assert.ok(!seen.has(prefix), `prefix ${prefix} used twice`);
        seen.add(prefix);
      }
    }
  });

  it('cover the files, entries and extension blocks of the issue', () => {
    const expand = (prefix: string): string => expandSnippet(byPrefix(prefix).body, { variables: VARIABLES });
    assert.match(expand('urlset'), /^<\?xml[^>]*\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    assert.match(expand('sitemapindex'), /^<\?xml[^>]*\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    for (const [prefix, xsd] of [['urlset-xsd', 'sitemap.xsd'], ['sitemapindex-xsd', 'siteindex.xsd']]) {
      const text = expand(prefix);
      assert.ok(text.includes('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'), prefix);
      assert.ok(text.includes(`xsi:schemaLocation="${NS} ${NS}/${xsd}"`), prefix);
    }
    assert.deepEqual(elementNames(expand('url')), ['url', 'loc', 'lastmod']);
    assert.deepEqual(elementNames(expand('url-full')), ['url', 'loc', 'lastmod', 'changefreq', 'priority']);
    assert.deepEqual(elementNames(expand('sitemap')), ['sitemap', 'loc', 'lastmod']);
    assert.deepEqual(elementNames(expand('image')), ['image:image', 'image:loc']);
    assert.deepEqual(elementNames(expand('video')),
      ['video:video', 'video:thumbnail_loc', 'video:title', 'video:description', 'video:content_loc']);
    assert.deepEqual(elementNames(expand('news')),
      ['news:news', 'news:publication', 'news:name', 'news:language', 'news:publication_date', 'news:title']);
    // The page itself (the entry's <loc>, filled in by the server) and one alternate.
    assert.match(expand('hreflang'), /^<xhtml:link rel="alternate" hreflang="[^"]+" href="https:[^"]+"\/>\n<xhtml:link rel="alternate" hreflang="[^"]+" href="https:[^"]+"\/>$/);
    // The complete files of each extension declare its namespace and use its block.
    for (const [prefix, extension] of [['urlset-image', 'image'], ['urlset-video', 'video'], ['urlset-news', 'news'], ['urlset-hreflang', 'xhtml']]) {
      const text = expand(prefix);
      assert.ok(text.includes(`xmlns:${extension}="${EXTENSIONS[extension]}"`), prefix);
      assert.ok(text.includes(`<${extension}:`), prefix);
    }
  });

  it('insert today as the lastmod and the news publication date', () => {
    for (const [name, snippet] of Object.entries(snippets)) {
      const text = expandSnippet(snippet.body, { variables: VARIABLES });
      for (const m of text.matchAll(/<(lastmod|news:publication_date)>([^<]*)</g)) assert.equal(m[2], TODAY, `${name}: ${m[1]}`);
    }
  });

  for (const [name, snippet] of Object.entries(snippets)) {
    describe(name, () => {
      it('validates with its defaults', () => {
        const text = documentFor(expandSnippet(snippet.body, { variables: VARIABLES }));
        assert.deepEqual(problems(text), [], text);
      });

      it('validates with a real URL at each URL placeholder, and every <loc> is such a placeholder', () => {
        const typed: string[] = [];
        const expanded = expandSnippet(snippet.body, {
          variables: VARIABLES,
          value: (index, defaultText) => {
            if (!isUrlPlaceholder(defaultText)) return undefined;
            typed.push(realUrl(index));
            return realUrl(index);
          },
        });
        const text = documentFor(expanded);
        assert.deepEqual(problems(text), [], text);
        for (const m of expanded.matchAll(/<loc>([^<]*)<\/loc>/g)) assert.ok(typed.includes(m[1]), `<loc>${m[1]}</loc> is not a placeholder`);
      });

      for (const variant of choiceVariants(snippet.body)) {
        it(`validates with the choice ${variant.label}`, () => {
          const text = documentFor(expandSnippet(snippet.body, { variables: VARIABLES, value: variant.value }));
          assert.deepEqual(problems(text), [], text);
        });
      }
    });
  }
});

describe('snippet expander', () => {
  const expand = (body: string, value?: ExpandOptions['value']) => expandSnippet(body, { variables: VARIABLES, value });

  it('takes defaults, first choices, mirrors and variables; drops $0', () => {
    assert.equal(expand('<a>${1:x}</a>$0'), '<a>x</a>');
    assert.equal(expand('${1|b,c|} $1 ${2} $2'), 'b b  ');
    assert.equal(expand('$1 ${1:late}'), 'late late');
    assert.equal(expand('${1:$CURRENT_YEAR-${CURRENT_MONTH}-$CURRENT_DATE}'), TODAY);
    assert.equal(expand('${1:a ${2:nested} b} $2'), 'a nested b nested');
    assert.equal(expand('${UNSET_VARIABLE:fallback}'), 'fallback');
  });

  it('honours escapes', () => {
    assert.equal(expand('\\$1 \\} \\\\ ${1:a\\}b}'), '$1 } \\ a}b');
    assert.equal(expand('${1|a\\,b,c|}'), 'a,b');
    assert.equal(expand('cost: $ 5'), 'cost: $ 5');
  });

  it('lets a test type at a tabstop', () => {
    assert.equal(expand('<loc>${1:https://x.example/}</loc> ${2:k} $1', (i) => (i === 1 ? 'U' : undefined)), '<loc>U</loc> k U');
  });

  it('rejects what it does not understand', () => {
    assert.throws(() => expand('$UNKNOWN_VARIABLE'));
    assert.throws(() => expand('${1/a/b/}'));
    assert.throws(() => expand('${1:unterminated'));
  });
});

/** Start-tag names in document order. */
function elementNames(xml: string): string[] {
  return [...xml.matchAll(/<([A-Za-z][\w:.-]*)[\s>/]/g)].map((m) => m[1]);
}
