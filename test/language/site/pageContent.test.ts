/** A page's content as a change to it counts (server/src/language/site/pageContent.ts): the main content chosen, the
 * template left out, the parts whitespace collapsed and hashed; and the scanner against htmlparser2 on generated pages. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Parser } from 'htmlparser2';
import { changedParts, collapseWhitespace, equalCollapsed, pageContentOf, pageParts } from '../../../server/src/language/site/pageContent';
import { random } from '../../support/generate';

const page = (head: string, body: string): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('pageContentOf', () => {
  it('reads the title, the meta description and the structured data, whitespace collapsed', () => {
    const content = pageContentOf(page(
      '<title>\n  A  page </title><META Name="Description" content=" About\tit "><meta name="description" content="second">'
        + '<script type="application/ld+json">{ "@type":\n "Article" }</script><script>var x = "<p>";</script>',
      '<svg><title>an icon</title></svg><p>Text</p><script type="APPLICATION/LD+JSON">{"b": 1}</script>',
    ));
    assert.deepEqual(content, { title: 'A page', description: 'About it', structuredData: '{ "@type": "Article" } {"b": 1}', text: 'Text', links: '' });
  });

  it('takes <main> when there is one: its text and link targets, without the nav, aside and code in it', () => {
    const content = pageContentOf(page('<title>t</title>', [
      '<header>Site <a href="/">Home</a></header><nav><a href="/a/">A</a></nav>',
      '<main><header><h1>Heading</h1></header><nav class="toc"><a href="#x">x</a></nav>',
      '<p>One <b>bold</b>word, <a href=\'/one/\'>a link</a>.</p><aside>Aside</aside><noscript><p>Enable JS</p></noscript>',
      '<template><p>Hidden</p></template><style>p { color: red }</style><p>Two<!-- a comment --></p><a HREF = /two/ title="a > b">x</a></main>',
      '<footer>© 2025 <a href="/legal/">Legal</a></footer>',
    ].join('')));
    assert.equal(content.text, 'Heading One boldword, a link. Two x');
    assert.equal(content.links, '/one/ /two/');
  });

  it('takes the <article>s when there is no <main>, else the <body> without its header, footer, nav and aside', () => {
    const articles = pageContentOf(page('', '<nav>menu</nav><article><header>Post 1</header>Text 1</article><div>between</div><article>Text 2</article>'));
    assert.equal(articles.text, 'Post 1 Text 1 Text 2');
    const body = pageContentOf(page('<title>t</title>', '<header>Logo</header><nav>Menu</nav><div><p>Body <a href="/x">text</a></p></div><aside>Related</aside><footer>Footer</footer>'));
    assert.deepEqual([body.text, body.links], ['Body text', '/x']);
    // No <body> tag: what follows the head is the body.
    assert.equal(pageContentOf('<title>t</title><p>Only text</p>').text, 'Only text');
  });

  it('reads markup as a browser would where it is not markup: raw text, comments, a lone <, unclosed tags', () => {
    const content = pageContentOf(page('<title>a <b> title</title>', '<main><p>1 < 2</p><textarea><b>shown</b></textarea><script>if (a</b) {}</script><p>end</main>'));
    assert.equal(content.title, 'a <b> title');
    assert.equal(content.text, '1 < 2 <b>shown</b> end');
    assert.equal(pageContentOf('<main>cut <a href="/x').text, 'cut');
  });
});

describe('comparing two versions', () => {
  it('compares whitespace collapsed, as collapseWhitespace would, without making the strings', () => {
    const next = random(7);
    const alphabet = ['a', 'b', ' ', '\n', '\t', '\u00a0', 'é'];
    const text = (): string => Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (let k = 0; k < 20_000; k++) {
      const [a, b] = [text(), text()];
      assert.equal(equalCollapsed(a, b), collapseWhitespace(a) === collapseWhitespace(b), JSON.stringify([a, b]));
    }
  });

  it('finds no change between two versions that differ only in whitespace or their template', () => {
    const one = page('<title>T</title>', '<main><p>Some text</p>\n<p>More</p></main>');
    const reformatted = page('<title> T </title>', '<main>\n  <p>Some\n    text</p>\n  <p>More</p>\n</main>');
    assert.deepEqual(changedParts(pageParts(one), pageParts(reformatted)), []);
    const before = pageParts(page('<title>T</title><meta name="description" content="D">', '<nav>A</nav><main><p>Text <a href="/a">a</a></p></main>'));
    const template = pageParts(page('<title>T</title><meta name="description" content="D"><link rel="stylesheet" href="/v2.css">', '<nav>A, B</nav><main><p>Text <a href="/a">a</a></p></main><footer>2025</footer>'));
    assert.deepEqual(changedParts(before, template), []);
  });

  it('says which parts changed', () => {
    const before = pageParts(page('<title>T</title><meta name="description" content="D">', '<nav>A</nav><main><p>Text <a href="/a">a</a></p></main>'));
    const edited = pageParts(page('<title>T2</title><meta name="description" content="D">', '<nav>A</nav><main><p>Text 2 <a href="/b">a</a></p></main>'));
    assert.deepEqual(changedParts(before, edited), ['title', 'text', 'links']);
  });
});

/** The content's text and links read with htmlparser2, by the rules pageContent.ts states: the oracle for its scanner. */
function oracle(html: string): { text: string; links: string } {
  const HIDDEN = new Set(['nav', 'aside', 'template', 'script', 'style', 'noscript', 'title']);
  const INLINE = new Set(['a', 'b', 'em', 'span', 'code']);
  const regions = { main: { text: '', links: [] as string[], seen: false, open: 0 }, article: { text: '', links: [] as string[], seen: false, open: 0 }, body: { text: '', links: [] as string[], seen: true, open: 1 } };
  let hidden = 0;
  let frame = 0;
  const add = (what: 'text' | 'link', value: string): void => {
    if (hidden > 0) return;
    for (const [name, region] of Object.entries(regions)) {
      if (region.open === 0 || (name === 'body' && frame > 0)) continue;
      if (what === 'text') region.text += value;
      else region.links.push(value);
    }
  };
  const parser = new Parser({
    onopentag(name, attribs) {
      if (!INLINE.has(name)) add('text', ' ');
      if (HIDDEN.has(name)) hidden++;
      if (name === 'header' || name === 'footer') frame++;
      if (name === 'main' || name === 'article') regions[name].open++, (regions[name].seen = true);
      if (name === 'a' && attribs.href !== undefined) add('link', attribs.href.trim());
    },
    onclosetag(name) {
      if (!INLINE.has(name)) add('text', ' ');
      if (HIDDEN.has(name)) hidden--;
      if (name === 'header' || name === 'footer') frame--;
      if (name === 'main' || name === 'article') regions[name].open--;
    },
    ontext(text) {
      add('text', text);
    },
  }, { decodeEntities: false });
  parser.write(html);
  parser.end();
  const region = regions.main.seen ? regions.main : regions.article.seen ? regions.article : regions.body;
  return { text: collapseWhitespace(region.text), links: region.links.join(' ') };
}

/**
 * A random valid page body of the elements the content depends on: text with spaces, `>` and quotes in attributes,
 * scripts and comments holding markup. Valid: phrasing elements (a, b, span, em, p's content) hold phrasing content
 * only and no link holds a link, where browsers and htmlparser2 would each repair the tree their own way.
 */
function generatedBody(next: () => number, depth = 0, phrasing = false, inLink = false): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const parts: string[] = [];
  const count = 1 + Math.floor(next() * 4);
  for (let k = 0; k < count; k++) {
    const kind = next();
    if (kind < 0.35 || depth > 3) parts.push(pick(['word', ' two words ', '\n  indented\t', 'x > y', 'a "quote"', '']));
    else if (kind < 0.5 && !inLink) parts.push(`<a href="${pick(['/a/', ' /b ', '/c?x=1&amp;y=2'])}" title='${pick(['t', 'a > b', ''])}'>${generatedBody(next, depth + 1, true, true)}</a>`);
    else if (kind < 0.55) parts.push(`<script>${pick(['var a = "<main>";', 'x < y'])}</script>`);
    else if (kind < 0.6) parts.push(`<!-- ${pick(['<main>', 'note'])} -->`);
    else {
      const name = phrasing ? pick(['b', 'span', 'em']) : pick(['main', 'article', 'nav', 'header', 'footer', 'aside', 'div', 'p', 'section', 'b', 'span', 'template']);
      const inner = phrasing || ['p', 'b', 'span', 'em'].includes(name);
      parts.push(`<${name}${pick(['', ' class="c"', " data-x='1 > 0'"])}>${generatedBody(next, depth + 1, inner, inLink)}</${name}>`);
    }
  }
  return parts.join('');
}

describe('the scanner against htmlparser2', () => {
  it('reads the same text and links on 2,000 generated pages', () => {
    const next = random(32);
    for (let k = 0; k < 2000; k++) {
      const html = page('<title>t</title>', generatedBody(next));
      const content = pageContentOf(html);
      assert.deepEqual({ text: content.text, links: content.links }, oracle(html), html);
    }
  });
});
