/** A page's content as Google weighs a change to it (docs/rules.md, lastmod-stale): its title, meta description,
 * structured data, and the text and link targets of its main content, whitespace collapsed; the header, navigation,
 * sidebar, footer, scripts and styles around it are the template.
 *
 * Pure, and a scanner of its own rather than htmlparser2: git's history asks for two or three versions of every page
 * a template commit rewrote (100,000 texts or more for 50,000 pages), and jumping from `<` to `<` with indexOf reads
 * them several times faster than a tokenizer that visits every character (test/language/site/pageContent.test.ts
 * checks the two agree on generated pages). Character references are kept as written. Two versions are compared part
 * by part, as written first, then whitespace collapsed as it goes, stopping at the first difference: no hash to
 * collide, and a template change (every part the same string) costs a comparison of equal strings. */

/** The parts of a page's content, in the order a change is told. */
export const CONTENT_PARTS = ['title', 'description', 'structuredData', 'text', 'links'] as const;
export type ContentPart = typeof CONTENT_PARTS[number];
/** What a commit changed of a page: parts of its content, or the page itself (added), or a mapped source's text. */
export type ContentChange = ContentPart | 'added' | 'source';

/** The parts themselves: as written (pageParts) or whitespace collapsed (pageContentOf, what docs/rules.md shows). */
export type PageContent = Record<ContentPart, string>;

/** Elements whose content is never the page's: not shown, or code. */
const HIDDEN = ['nav', 'aside', 'template'] as const;
/** The page's frame when the content is the whole body; in `<main>` or an `<article>` they are its own (a headline, a byline). */
const FRAME = ['header', 'footer'] as const;
/** The elements counted while scanning; any other tag only parts words (or not, for phrasing elements). */
type Counted = typeof HIDDEN[number] | typeof FRAME[number] | 'main' | 'article' | 'body' | 'head' | 'svg' | 'math';
const COUNTED = new Set<string>([...HIDDEN, ...FRAME, 'main', 'article', 'body', 'head', 'svg', 'math']);
/** Raw text: their content is not markup. Only textarea's and xmp's is shown (title's is the title). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const SHOWN_RAW_TEXT = new Set(['textarea', 'xmp']);
/** Phrasing elements: their tags do not part words (`<b>a</b>b` is "ab"); every other tag does (`<p>a</p><p>b</p>` is "a b"). */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);
/** The tags whose attributes are read. */
const WITH_ATTRIBUTES = new Set(['meta', 'script', 'a', 'area']);

/** Text and links of one candidate for the main content. */
interface Region {
  text: string;
  links: string[];
  seen: boolean;
}

/** What one scan of a page collects: `<main>`, `<article>` and the body at once, the choice made at the end. */
class ContentCollector {
  title: string | undefined;
  description: string | undefined;
  readonly structuredData: string[] = [];
  readonly main: Region = { text: '', links: [], seen: false };
  readonly article: Region = { text: '', links: [], seen: false };
  readonly body: Region = { text: '', links: [], seen: false };
  private readonly open: Record<Counted, number> = { nav: 0, aside: 0, template: 0, header: 0, footer: 0, main: 0, article: 0, body: 0, head: 0, svg: 0, math: 0 };

  openTag(name: string, attributes: string | undefined): void {
    if (!INLINE.has(name)) this.text(' ');
    if (COUNTED.has(name)) {
      this.open[name as Counted]++;
      if (name === 'main') this.main.seen = true;
      if (name === 'article') this.article.seen = true;
      // A body ends the head, `</head>` or not.
      if (name === 'body') this.open.head = 0;
    }
    if (attributes === undefined) return;
    if (name === 'meta' && this.description === undefined && attributeOf(attributes, 'name')?.trim().toLowerCase() === 'description') {
      this.description = attributeOf(attributes, 'content') ?? '';
    } else if ((name === 'a' || name === 'area') && !this.hidden()) {
      const href = attributeOf(attributes, 'href');
      if (href !== undefined) this.link(href.trim());
    }
  }

  closeTag(name: string): void {
    // The space first: the element's last word is parted from what follows it, in the element's own region.
    if (!INLINE.has(name)) this.text(' ');
    if (COUNTED.has(name) && this.open[name as Counted] > 0) this.open[name as Counted]--;
  }

  /** A raw text element's content: a title, structured data, shown text, or nothing. */
  rawText(name: string, attributes: string | undefined, content: string): void {
    if (name === 'title') {
      if (this.title === undefined && this.open.svg === 0 && this.open.math === 0) this.title = content;
    } else if (name === 'script') {
      if (attributes !== undefined && attributeOf(attributes, 'type')?.trim().toLowerCase() === 'application/ld+json') this.structuredData.push(content);
    } else if (SHOWN_RAW_TEXT.has(name)) {
      this.text(content);
    }
  }

  text(text: string): void {
    if (this.hidden() || this.open.head > 0) return;
    if (this.open.main > 0) this.main.text += text;
    if (this.open.article > 0) this.article.text += text;
    if (this.open.header === 0 && this.open.footer === 0) this.body.text += text;
  }

  private link(href: string): void {
    if (this.open.head > 0) return;
    if (this.open.main > 0) this.main.links.push(href);
    if (this.open.article > 0) this.article.links.push(href);
    if (this.open.header === 0 && this.open.footer === 0) this.body.links.push(href);
  }

  private hidden(): boolean {
    return this.open.nav > 0 || this.open.aside > 0 || this.open.template > 0;
  }
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** An attribute's value in a tag's attribute text (its name in any case); the first of two wins, as in the HTML standard. */
function attributeOf(attributes: string, name: string): string | undefined {
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attributes); m !== null; m = ATTRIBUTE.exec(attributes)) {
    if (m[1].toLowerCase() === name) return m[2] ?? m[3] ?? m[4] ?? '';
  }
  return undefined;
}

/** From after a start tag's name to its `>`, quoted values skipped (an unrolled loop: linear, never backtracking). */
const TAG_REST = /[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/y;
const TAG_NAME = /[A-Za-z][^\s/>]*/y;

/** Where the tag whose rest starts at `from` ends (after its `>`); an unclosed quote ends at the next `>`. */
function tagEnd(html: string, from: number): number {
  TAG_REST.lastIndex = from;
  if (TAG_REST.test(html)) return TAG_REST.lastIndex;
  const close = html.indexOf('>', from);
  return close < 0 ? html.length : close + 1;
}

const RAW_TEXT_ENDS = new Map<string, RegExp>();

/** A raw text element's end tag (`</name` then a space, `/` or `>`, any case) from `from`: [its start, after its `>`]. */
function rawTextEnd(html: string, name: string, from: number): [number, number] {
  if (name === 'plaintext') return [html.length, html.length];
  let pattern = RAW_TEXT_ENDS.get(name);
  if (pattern === undefined) RAW_TEXT_ENDS.set(name, (pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'ig')));
  pattern.lastIndex = from;
  const found = pattern.exec(html);
  if (found === null) return [html.length, html.length];
  return [found.index, tagEnd(html, found.index + 2 + name.length)];
}

/** A start tag at `lt` (a letter after it): told to the collector, its raw text read; where scanning goes on. */
function startTag(html: string, lt: number, into: ContentCollector): number {
  TAG_NAME.lastIndex = lt + 1;
  TAG_NAME.test(html);
  const nameEnd = TAG_NAME.lastIndex;
  const name = html.slice(lt + 1, nameEnd).toLowerCase();
  const end = tagEnd(html, nameEnd);
  const attributes = WITH_ATTRIBUTES.has(name) ? html.slice(nameEnd, end - 1) : undefined;
  if (!RAW_TEXT.has(name)) {
    into.openTag(name, attributes);
    return end;
  }
  const [contentEnd, after] = rawTextEnd(html, name, end);
  into.rawText(name, attributes, html.slice(end, contentEnd));
  into.text(' ');
  return after;
}

/** The markup at `lt` that is not a start tag: an end tag, a comment, a doctype; a lone `<` is text. */
function otherMarkup(html: string, lt: number, into: ContentCollector): number {
  const next = html.charCodeAt(lt + 1);
  if (html.startsWith('<!--', lt)) {
    const close = html.indexOf('-->', lt + 4);
    return close < 0 ? html.length : close + 3;
  }
  if (next === 0x21 || next === 0x3f) return tagEnd(html, lt + 2); // <!doctype>, <![CDATA[…]]> and <?…> are bogus comments in HTML
  if (next === 0x2f && isLetter(html.charCodeAt(lt + 2))) {
    TAG_NAME.lastIndex = lt + 2;
    TAG_NAME.test(html);
    into.closeTag(html.slice(lt + 2, TAG_NAME.lastIndex).toLowerCase());
    return tagEnd(html, TAG_NAME.lastIndex);
  }
  if (next === 0x2f) return tagEnd(html, lt + 2);
  into.text('<');
  return lt + 1;
}

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** One pass over the page, from `<` to `<`. */
function scan(html: string, into: ContentCollector): void {
  let pos = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) {
      into.text(html.slice(pos));
      return;
    }
    if (lt > pos) into.text(html.slice(pos, lt));
    pos = isLetter(html.charCodeAt(lt + 1)) ? startTag(html, lt, into) : otherMarkup(html, lt, into);
  }
}

/** Runs of whitespace (the HTML standard's, and a no-break space) as one space, none at the ends. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\t\n\f\r \u00a0]+/g, ' ').trim();
}

/** The parts as written, whitespace not yet collapsed: what changedParts compares. */
export function pageParts(html: string): PageContent {
  const collected = new ContentCollector();
  scan(html, collected);
  const region = collected.main.seen ? collected.main : collected.article.seen ? collected.article : collected.body;
  return {
    title: collected.title ?? '',
    description: collected.description ?? '',
    structuredData: collected.structuredData.join(' '),
    text: region.text,
    links: region.links.join(' '),
  };
}

/** The content of a page's text: `<main>` if it has one, else its `<article>`s, else its `<body>` without its frame. */
export function pageContentOf(html: string): PageContent {
  const raw = pageParts(html);
  return {
    title: collapseWhitespace(raw.title),
    description: collapseWhitespace(raw.description),
    structuredData: collapseWhitespace(raw.structuredData),
    text: collapseWhitespace(raw.text),
    links: collapseWhitespace(raw.links),
  };
}

/** The parts in which two versions' parts (pageParts) differ once whitespace is collapsed, in CONTENT_PARTS' order. */
export function changedParts(older: PageContent, newer: PageContent): ContentPart[] {
  return CONTENT_PARTS.filter((part) => older[part] !== newer[part] && !equalCollapsed(older[part], newer[part]));
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c || c === 0xa0;
}

/** The index of the next character that is not whitespace, from `at`. */
function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Whether `collapseWhitespace(a) === collapseWhitespace(b)`, without making either: it stops at the first difference. */
export function equalCollapsed(a: string, b: string): boolean {
  let i = skipSpace(a, 0);
  let j = skipSpace(b, 0);
  while (i < a.length && j < b.length) {
    const c = a.charCodeAt(i);
    const d = b.charCodeAt(j);
    if (isSpace(c) || isSpace(d)) {
      if (!isSpace(c) || !isSpace(d)) return false;
      i = skipSpace(a, i);
      j = skipSpace(b, j);
      // A run at the end of one and not the other: trailing whitespace, collapsed away.
      if ((i === a.length) !== (j === b.length)) return false;
      continue;
    }
    if (c !== d) return false;
    i++;
    j++;
  }
  return skipSpace(a, i) === a.length && skipSpace(b, j) === b.length;
}
