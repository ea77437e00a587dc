/**
 * The TextMate grammars (syntaxes/), tokenized by the engine VS Code uses, with VS Code's own XML grammar under the
 * sitemap one: which scopes a piece of text gets. Speed is not asserted here; `npm run bench` measures it.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IGrammar } from 'vscode-textmate';
import { loadGrammar, tokenize, type Token } from '../support/textmate';
import { benchSitemap, benchSitemapOneLine } from '../support/generate';
import { NS } from '../support/fixtures';

const LINK = 'markup.underline.link.sitemap';
/** What the grammar adds to the local name of a sitemaps.org element, next to XML's entity.name.tag.localname.xml. */
const ELEMENT = 'support.type.property-name.sitemap';
const LOCALNAME = 'entity.name.tag.localname.xml';
const ENTITY = 'constant.character.entity.xml';
const BARE_AMPERSAND = 'invalid.illegal.bad-ampersand.xml';
const TXT_LINK = 'markup.underline.link.sitemap-txt';
const TXT_INVALID = 'invalid.illegal.sitemap-txt';

const ELEMENTS = ['urlset', 'url', 'loc', 'lastmod', 'changefreq', 'priority', 'sitemapindex', 'sitemap'];
const EXTENSION_PREFIXES = ['image', 'video', 'news', 'xhtml', 'mobile'];

interface Tokenized {
  text: string;
  tokens: Token[];
}

/** The tokens overlapping the `occurrence`-th `needle` in the text. */
function covering(doc: Tokenized, needle: string, occurrence = 0): Token[] {
  let start = -1;
  for (let n = 0; n <= occurrence; n++) {
    start = doc.text.indexOf(needle, start + 1);
    assert.notEqual(start, -1, `${JSON.stringify(needle)} #${occurrence} is not in the text`);
  }
  const end = start + needle.length;
  return doc.tokens.filter((t) => t.offset < end && t.offset + t.text.length > start);
}

/** Token text → scopes (without the grammar's root scope, which every token has) over `needle`. */
function scopesAt(doc: Tokenized, needle: string, occurrence = 0): Array<[string, string[]]> {
  return covering(doc, needle, occurrence).map((t) => [t.text, t.scopes.slice(1)]);
}

function assertEvery(doc: Tokenized, needle: string, scope: string, occurrence = 0): void {
  for (const [text, scopes] of scopesAt(doc, needle, occurrence)) {
    assert.ok(scopes.includes(scope), `${JSON.stringify(text)} in ${JSON.stringify(needle)} lacks ${scope}: ${scopes.join(' ')}`);
  }
}

function assertNone(doc: Tokenized, needle: string, scope: string, occurrence = 0): void {
  for (const [text, scopes] of scopesAt(doc, needle, occurrence)) {
    assert.ok(!scopes.includes(scope), `${JSON.stringify(text)} in ${JSON.stringify(needle)} has ${scope}`);
  }
}

/** The stretches of text whose tokens carry `scope`, adjacent tokens merged (an entity splits a link into tokens). */
function runsWith(doc: Tokenized, scope: string): string[] {
  const runs: Array<[number, number]> = [];
  for (const t of doc.tokens) {
    if (!t.scopes.includes(scope)) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === t.offset) last[1] += t.text.length;
    else runs.push([t.offset, t.offset + t.text.length]);
  }
  return runs.map(([start, end]) => doc.text.slice(start, end));
}

describe('sitemap grammar (text.xml.sitemap over VS Code’s text.xml)', () => {
  let grammar: IGrammar;
  const tokenized = (text: string): Tokenized => ({ text, tokens: tokenize(grammar, text) });
  before(async () => {
    grammar = await loadGrammar('text.xml.sitemap');
  });

  it('underlines the text of a loc as a link; &amp; keeps the entity scopes, a bare & XML’s invalid scope', () => {
    const doc = tokenized(`<urlset xmlns="${NS}"><url><loc>https://www.example.com/?a=1&amp;b=2&c=3</loc></url></urlset>`);
    assert.deepEqual(scopesAt(doc, 'https://www.example.com/?a=1&amp;b=2&c=3'), [
      ['https://www.example.com/?a=1', [LINK]],
      ['&', [LINK, ENTITY, 'punctuation.definition.constant.xml']],
      ['amp', [LINK, ENTITY]],
      [';', [LINK, ENTITY, 'punctuation.definition.constant.xml']],
      ['b=2', [LINK]],
      ['&', [LINK, BARE_AMPERSAND]],
      ['c=3', [LINK]],
    ]);
    // The tags around it are tags, not link.
    assertNone(doc, '<loc>', LINK);
    assertNone(doc, '</loc>', LINK);
  });

  it('a loc over several lines: each run of non-space text is a link, the whitespace around it is not', () => {
    const doc = tokenized('<url>\n  <loc >\n    https://www.example.com/a\n  </loc>\n</url>\n');
    assert.deepEqual(runsWith(doc, LINK), ['https://www.example.com/a']);
    assert.deepEqual(scopesAt(doc, '    https://'), [['    ', []], ['https://www.example.com/a', [LINK]]]);
  });

  it('gives every protocol element its scope, in start, end and empty tags', () => {
    for (const name of ELEMENTS) {
      const doc = tokenized(`<${name}>x</${name}><${name}/>`);
      for (let occurrence = 0; occurrence < 3; occurrence++) {
        assert.deepEqual(scopesAt(doc, name, occurrence), [[name, ['meta.tag.xml', LOCALNAME, ELEMENT]]], `${name} #${occurrence}`);
      }
      assert.deepEqual(scopesAt(doc, '<'), [['<', ['meta.tag.xml', 'punctuation.definition.tag.xml']]]);
      assert.deepEqual(scopesAt(doc, '</'), [['</', ['meta.tag.xml', 'punctuation.definition.tag.xml']]]);
      assert.deepEqual(scopesAt(doc, '/>'), [['/>', ['meta.tag.xml', 'punctuation.definition.tag.xml']]]);
    }
  });

  it('and with a prefix: <sm:urlset xmlns:sm=…>, <sm:loc>', () => {
    const doc = tokenized(`<sm:urlset xmlns:sm="${NS}">\n<sm:url><sm:loc>https://www.example.com/</sm:loc></sm:url>\n</sm:urlset>\n`);
    assert.deepEqual(scopesAt(doc, 'sm:urlset'), [
      ['sm', ['meta.tag.xml', 'entity.name.tag.namespace.xml']],
      [':', ['meta.tag.xml', 'entity.name.tag.xml', 'punctuation.separator.namespace.xml']],
      ['urlset', ['meta.tag.xml', LOCALNAME, ELEMENT]],
    ]);
    // Only the local names carry the element scope (the prefix and the colon do not, or the runs would include them).
    assert.deepEqual(runsWith(doc, ELEMENT), ['urlset', 'url', 'loc', 'loc', 'url', 'urlset']);
    assertEvery(doc, 'xmlns:sm', 'meta.tag.xml');
    assertNone(doc, 'xmlns:sm', ELEMENT);
    assert.deepEqual(runsWith(doc, LINK), ['https://www.example.com/']);
  });

  it('leaves extension elements to XML (no sitemap scope), but the text of their loc is a link', () => {
    for (const prefix of EXTENSION_PREFIXES) {
      const doc = tokenized(`<url><loc>https://www.example.com/</loc><${prefix}:image><${prefix}:loc>https://www.example.com/i.png?a=1&amp;b=2</${prefix}:loc></${prefix}:image></url>`);
      for (const needle of [`<${prefix}:loc>`, `</${prefix}:loc>`, `<${prefix}:image>`]) {
        assertNone(doc, needle, ELEMENT);
        assertEvery(doc, needle, 'meta.tag.xml');
        assertNone(doc, needle, LINK);
      }
      assert.deepEqual(scopesAt(doc, `<${prefix}:loc>`), [
        ['<', ['meta.tag.xml', 'punctuation.definition.tag.xml']],
        [prefix, ['meta.tag.xml', 'entity.name.tag.namespace.xml']],
        [':', ['meta.tag.xml', 'entity.name.tag.xml', 'punctuation.separator.namespace.xml']],
        ['loc', ['meta.tag.xml', LOCALNAME]],
        ['>', ['meta.tag.xml', 'punctuation.definition.tag.xml']],
      ]);
      assert.deepEqual(runsWith(doc, LINK), ['https://www.example.com/', 'https://www.example.com/i.png?a=1&amp;b=2'], prefix);
      assertEvery(doc, '&amp;', ENTITY);
    }
  });

  it('any other prefix counts as the sitemap namespace (a grammar cannot resolve xmlns)', () => {
    const doc = tokenized('<foo:loc>https://www.example.com/</foo:loc>');
    assert.deepEqual(runsWith(doc, ELEMENT), ['loc', 'loc']);
    assert.deepEqual(runsWith(doc, LINK), ['https://www.example.com/']);
  });

  it('near misses are plain XML: <locale>, <urlsets>, and the text of other elements is no link', () => {
    const doc = tokenized('<locale>https://www.example.com/</locale><urlsets/><lastmod>2024-01-01</lastmod><image:caption>https://x.example/</image:caption>');
    assertNone(doc, 'locale', ELEMENT);
    assertEvery(doc, 'locale', LOCALNAME);
    assertNone(doc, 'urlsets', ELEMENT);
    assert.deepEqual(runsWith(doc, LINK), []);
  });

  it('the XML declaration, comments, attributes and CDATA keep XML’s scopes', () => {
    const doc = tokenized([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- generated by a plugin -->',
      `<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`,
      '<!--',
      '<url><loc>https://www.example.com/commented-out</loc></url>',
      '-->',
      '<url><loc><![CDATA[https://www.example.com/?a=1&b=2]]></loc></url>',
      '</urlset>',
      '',
    ].join('\n'));
    assert.deepEqual(scopesAt(doc, '<?xml'), [
      ['<?', ['meta.tag.preprocessor.xml', 'punctuation.definition.tag.xml']],
      ['xml', ['meta.tag.preprocessor.xml', 'entity.name.tag.xml']],
    ]);
    assertEvery(doc, 'version', 'entity.other.attribute-name.xml');
    assertEvery(doc, 'UTF-8', 'string.quoted.double.xml');
    assert.deepEqual(scopesAt(doc, '<!-- generated by a plugin -->'), [
      ['<!--', ['comment.block.xml', 'punctuation.definition.comment.xml']],
      [' generated by a plugin ', ['comment.block.xml']],
      ['-->', ['comment.block.xml', 'punctuation.definition.comment.xml']],
    ]);
    // An entry commented out over several lines stays comment: no element scope, no link.
    const commented = '<url><loc>https://www.example.com/commented-out</loc></url>';
    assertEvery(doc, commented, 'comment.block.xml');
    assertNone(doc, commented, ELEMENT);
    assert.deepEqual(scopesAt(doc, 'xmlns='), [
      ['xmlns', ['meta.tag.xml', 'entity.other.attribute-name.localname.xml']],
      ['=', ['meta.tag.xml']],
    ]);
    assert.deepEqual(scopesAt(doc, 'xmlns:image'), [
      ['xmlns', ['meta.tag.xml', 'entity.other.attribute-name.namespace.xml']],
      [':', ['meta.tag.xml', 'entity.other.attribute-name.xml', 'punctuation.separator.namespace.xml']],
      ['image', ['meta.tag.xml', 'entity.other.attribute-name.localname.xml']],
    ]);
    // A namespace URI is an attribute value, not a link.
    assert.deepEqual(scopesAt(doc, NS), [[NS, ['meta.tag.xml', 'string.quoted.double.xml']]]);
    // CDATA inside a loc is XML's CDATA (its & is not an error there), not a link.
    assert.deepEqual(scopesAt(doc, '<![CDATA[https://www.example.com/?a=1&b=2]]>'), [
      ['<![CDATA[', ['string.unquoted.cdata.xml', 'punctuation.definition.string.begin.xml']],
      ['https://www.example.com/?a=1&b=2', ['string.unquoted.cdata.xml']],
      [']]>', ['string.unquoted.cdata.xml', 'punctuation.definition.string.end.xml']],
    ]);
    assert.deepEqual(runsWith(doc, LINK), []);
  });

  it('a one-line sitemap: every loc is a link, every element has its scope', () => {
    const doc = tokenized(`<urlset xmlns="${NS}"><url><loc>https://www.example.com/a</loc></url><url><loc>https://www.example.com/b</loc></url></urlset>`);
    assert.deepEqual(runsWith(doc, LINK), ['https://www.example.com/a', 'https://www.example.com/b']);
    assert.deepEqual(runsWith(doc, ELEMENT), ['urlset', 'url', 'loc', 'loc', 'url', 'url', 'loc', 'loc', 'url', 'urlset']);
  });

  it('a generated sitemap, as written and on one line: exactly the loc texts are links, every tag of the protocol is marked', () => {
    for (const text of [benchSitemap(40), benchSitemapOneLine(40)]) {
      const doc = tokenized(text);
      assert.deepEqual(runsWith(doc, LINK), [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
      assert.deepEqual(runsWith(doc, ELEMENT), [...text.matchAll(/<\/?(\w+)/g)].map((m) => m[1]));
      assert.equal(runsWith(doc, ENTITY).length, 2 * 40, 'two &amp; per loc');
    }
  });
});

describe('text sitemap grammar (text.sitemap-txt)', () => {
  let grammar: IGrammar;
  const tokenized = (text: string): Tokenized => ({ text, tokens: tokenize(grammar, text) });
  before(async () => {
    grammar = await loadGrammar('text.sitemap-txt');
  });

  it('each URL line is a link, without the whitespace around it; any scheme case, CRLF', () => {
    const doc = tokenized('https://www.example.com/a\r\n  HTTP://www.example.com/b?x=1&y=2\t\nhttps://www.example.com/küche\n');
    assert.deepEqual(runsWith(doc, TXT_LINK), ['https://www.example.com/a', 'HTTP://www.example.com/b?x=1&y=2', 'https://www.example.com/küche']);
    assert.deepEqual(scopesAt(doc, '  HTTP'), [['  ', []], ['HTTP://www.example.com/b?x=1&y=2', [TXT_LINK]]]);
    assert.deepEqual(runsWith(doc, TXT_INVALID), []);
  });

  it('marks every other non-blank line invalid, as a whole; blank lines get nothing', () => {
    const lines = ['# Sitemap for example.com', 'ftp://www.example.com/', 'https://www.example.com/a https://www.example.com/b', 'https://', '<url>', 'www.example.com/'];
    const doc = tokenized(['https://www.example.com/', ...lines, '', '   ', 'END'].join('\n'));
    assert.deepEqual(runsWith(doc, TXT_INVALID), [...lines, 'END']);
    assert.deepEqual(runsWith(doc, TXT_LINK), ['https://www.example.com/']);
    assert.deepEqual(scopesAt(doc, '   '), [['   ', []]]);
  });
});

describe('robots.txt grammar (text.robots-txt)', () => {
  const DIRECTIVE = 'keyword.other.directive.robots-txt';
  const SITEMAP = 'keyword.other.directive.sitemap.robots-txt';
  const ROBOTS_LINK = 'markup.underline.link.robots-txt';
  const COMMENT = 'comment.line.number-sign.robots-txt';
  let grammar: IGrammar;
  const tokenized = (text: string): Tokenized => ({ text, tokens: tokenize(grammar, text) });
  before(async () => {
    grammar = await loadGrammar('text.robots-txt');
  });

  it('directives, the Sitemap URL as a link, comments anywhere', () => {
    const doc = tokenized('User-agent: * # all\r\nDisallow: /private/\n  sitemap : https://www.example.com/s.xml # main\n# Sitemap: https://www.example.com/old.xml\n');
    assert.deepEqual(runsWith(doc, DIRECTIVE), ['User-agent', 'Disallow']);
    assert.deepEqual(runsWith(doc, SITEMAP), ['sitemap']);
    assert.deepEqual(runsWith(doc, ROBOTS_LINK), ['https://www.example.com/s.xml']);
    assert.deepEqual(runsWith(doc, COMMENT), ['# all', '# main', '# Sitemap: https://www.example.com/old.xml']);
  });
});
