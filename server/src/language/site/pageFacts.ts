/** What a built page says to crawlers, read from its head: title, robots directives, canonicals, meta refresh,
 * generators' alias pages, and what kept it from being read. Pure: the caller reads the file and decodes it. */
import { charsetOfContentType, isCrawlerMeta, parseRefresh, robotsDirectives } from './pageDirectives';
import { readHead, type HeadRead, type HeadTag } from './headReader';
import { parseWebUrl } from '../../../../shared/webUrl';
import { MAX_PAGE_CHARS } from './pageReadLimits';

/** Offsets in the page's text (UTF-16 code units, as the caller passed it), `start` at `<`, `end` after `>`. */
export interface TextRange {
  start: number;
  end: number;
}

/** One `<meta name="robots|googlebot|…">`. */
export interface RobotsMeta extends TextRange, CrawlerDirectiveSource {
  /** The meta's name, lowercase: `robots` speaks to every crawler, `googlebot` to Google's. */
  crawler: string;
  /** Lowercase, in order: `noindex`, `max-snippet:20`, … */
  directives: string[];
}

export interface Canonical extends TextRange {
  /** The href resolved against the page (and its `<base>`); undefined when empty or not a URL. */
  href: string | undefined;
  written: string;
}

export interface Refresh extends TextRange {
  /** The target resolved; undefined when the page only reloads itself. */
  url: string | undefined;
  delay: number;
}

export type PageProblemKind =
  /** NUL characters: binary, or UTF-16 read as UTF-8. No facts. */
  | 'not-text'
  /** U+FFFD in the head: bytes that were not UTF-8 (see `charset`); ASCII facts stand, a title may not. */
  | 'not-utf8'
  /** The text ended (or was capped) before the head did: facts from what was read. */
  | 'head-unfinished'
  /** An element or text ended the head before `</head>`, and head tags follow it that Google ignores (`ignored`). */
  | 'head-ended-early'
  /** Template syntax (`{{`, `{%`, `<%`) left in the title, a canonical or a robots meta: an unrendered template. */
  | 'template-syntax';

export interface PageProblem {
  kind: PageProblemKind;
  range: TextRange | undefined;
}

export interface PageFacts {
  title: string | undefined;
  /** Every robots meta the head holds, in order; robotsFor merges them for one crawler. */
  robots: RobotsMeta[];
  /** Every canonical link, in order: two that disagree leave the choice to the crawler. */
  canonicals: Canonical[];
  /** The first valid meta refresh (the one browsers follow). */
  refresh: Refresh | undefined;
  /** Robots metas, canonicals and refreshes after an early end of the head: Google does not read them. */
  ignored: Array<TextRange & { kind: 'robots' | 'canonical' | 'refresh' }>;
  /** The charset the page declares, lowercase. */
  charset: string | undefined;
  /** A generator's alias page: a refresh elsewhere, `noindex`, and a canonical naming the refresh's target. */
  isAliasPage: boolean;
  /** Google's site-verification file (`google-site-verification: google….html`). */
  isVerificationStub: boolean;
  problems: PageProblem[];
}

export interface PageReadOptions {
  /** The caller read only the start of the file (MAX_PAGE_CHARS bytes are always enough: a UTF-8 byte is at most a character). */
  truncated?: boolean;
}

export { MAX_PAGE_CHARS, PAGE_HEAD_CHUNK } from './pageReadLimits';

/**
 * The facts of the page at `pageUrl` whose text (decoded as UTF-8, BOM stripped or not) is `text`. Never throws.
 */
export function readPageFacts(text: string, pageUrl: string, options: PageReadOptions = {}): PageFacts {
  return readPageHead(text, pageUrl, options).facts;
}

/** readPageFacts, and whether the text was enough: `complete` false when it is the start of a longer file (`truncated`)
 * and the head did not finish within it, so that a reader reads more (up to MAX_PAGE_CHARS) and asks again. */
export function readPageHead(text: string, pageUrl: string, options: PageReadOptions = {}): { facts: PageFacts; complete: boolean } {
  const truncated = options.truncated === true;
  const facts: PageFacts = {
    title: undefined, robots: [], canonicals: [], refresh: undefined, ignored: [], charset: undefined,
    isAliasPage: false, isVerificationStub: /^\uFEFF?\s*google-site-verification:/.test(text), problems: [],
  };
  if ((text.length > 1024 ? text.slice(0, 1024) : text).includes('\0')) {
    facts.problems.push({ kind: 'not-text', range: undefined });
    return { facts, complete: true };
  }
  const capped = text.length > MAX_PAGE_CHARS;
  const head = readHead(capped ? text.slice(0, MAX_PAGE_CHARS) : text, !capped && !truncated);
  collectFacts(facts, head, pageUrl);
  noteProblems(facts, head, text, capped || truncated);
  facts.isAliasPage = isAlias(facts, pageUrl);
  return { facts, complete: head.finished || !(capped || truncated) };
}

/**
 * A copy of `text` that holds no reference to the page's text: V8 keeps a substring as a view of its parent, so one
 * kept title or href would keep the whole page read (218 MB of HTML held for 2,358 pages). Short strings are copies.
 */
function detached(text: string): string;
function detached(text: string | undefined): string | undefined;
function detached(text: string | undefined): string | undefined {
  return text === undefined || text.length < 13 ? text : (' ' + text).slice(1);
}

function collectFacts(facts: PageFacts, head: HeadRead, pageUrl: string): void {
  facts.title = detached(head.title?.text);
  const baseTag = head.tags.find((tag) => tag.name === 'base' && !tag.ignored && tag.attribs.href !== undefined);
  const base = (baseTag !== undefined ? parseWebUrl(baseTag.attribs.href!, pageUrl)?.href : undefined) ?? pageUrl;
  for (const tag of head.tags) {
    const kind = tag.name === 'meta' ? collectMeta(facts, tag, base) : tag.name === 'link' ? collectLink(facts, tag, base) : undefined;
    if (kind !== undefined && tag.ignored) facts.ignored.push({ kind, start: tag.start, end: tag.end });
  }
}

/** Records a meta when it counts, and says what kind it was (for the ignored list). */
function collectMeta(facts: PageFacts, tag: HeadTag, base: string): 'robots' | 'refresh' | undefined {
  const { name, content, charset } = tag.attribs;
  const httpEquiv = tag.attribs['http-equiv']?.trim().toLowerCase();
  if (!tag.ignored && facts.charset === undefined) {
    if (charset !== undefined) facts.charset = detached(charset.trim().toLowerCase());
    else if (httpEquiv === 'content-type' && content !== undefined) facts.charset = detached(charsetOfContentType(content));
  }
  if (content === undefined) return undefined;
  if (httpEquiv === 'refresh') {
    const refresh = parseRefresh(content);
    if (refresh === undefined) return undefined;
    if (!tag.ignored && facts.refresh === undefined) {
      const url = refresh.url === undefined ? undefined : parseWebUrl(refresh.url, base)?.href;
      facts.refresh = { url: detached(url), delay: refresh.delay, start: tag.start, end: tag.end };
    }
    return 'refresh';
  }
  const crawler = name?.trim().toLowerCase();
  if (crawler === undefined || crawler === '') return undefined;
  if (!isCrawlerMeta(crawler, content)) return undefined;
  if (!tag.ignored) facts.robots.push({ crawler: detached(crawler), directives: robotsDirectives(content).map((d) => detached(d)), start: tag.start, end: tag.end });
  return 'robots';
}

function collectLink(facts: PageFacts, tag: HeadTag, base: string): 'canonical' | undefined {
  const rel = tag.attribs.rel;
  if (rel === undefined || !rel.toLowerCase().split(/[\t\n\f\r ]+/).includes('canonical')) return undefined;
  const written = tag.attribs.href ?? '';
  if (!tag.ignored) {
    const href = written.trim() === '' ? undefined : parseWebUrl(written, base)?.href;
    facts.canonicals.push({ href: detached(href), written: detached(written), start: tag.start, end: tag.end });
  }
  return 'canonical';
}

const TEMPLATE_SYNTAX = /\{\{|\{%|<%|\{\$/;

function noteProblems(facts: PageFacts, head: HeadRead, text: string, cut: boolean): void {
  const readEnd = Math.max(head.title?.end ?? 0, head.tags.length === 0 ? 0 : head.tags[head.tags.length - 1]!.end);
  const badByte = text.indexOf('\uFFFD');
  if (badByte >= 0 && badByte < readEnd) facts.problems.push({ kind: 'not-utf8', range: undefined });
  if (!head.headEnded && cut) facts.problems.push({ kind: 'head-unfinished', range: undefined });
  if (head.earlyEnd !== undefined && facts.ignored.length > 0) facts.problems.push({ kind: 'head-ended-early', range: head.earlyEnd });
  const templated = head.title !== undefined && TEMPLATE_SYNTAX.test(head.title.text) ? head.title
    : facts.canonicals.find((c) => TEMPLATE_SYNTAX.test(c.written))
      ?? head.tags.find((tag) => tag.name === 'meta' && TEMPLATE_SYNTAX.test(tag.attribs.content ?? ''));
  if (templated !== undefined) facts.problems.push({ kind: 'template-syntax', range: { start: templated.start, end: templated.end } });
}

function isAlias(facts: PageFacts, pageUrl: string): boolean {
  const target = facts.refresh?.url;
  if (target === undefined || target === parseWebUrl(pageUrl)?.href) return false;
  const noindex = facts.robots.some((meta) => meta.directives.includes('noindex') || meta.directives.includes('none'));
  return noindex && facts.canonicals.some((canonical) => canonical.href === target);
}

/** What a page says to one crawler, every robots meta that concerns it merged (the most restrictive wins, as Google does). */
export interface CrawlerDirectives<Source extends CrawlerDirectiveSource = RobotsMeta> {
  directives: string[];
  /** `noindex` or `none`. */
  noindex: boolean;
  /** `nofollow` or `none`. */
  nofollow: boolean;
  /** The metas (or X-Robots-Tag values) that said it, for related information. */
  sources: Source[];
}

/** Directives for one crawler or for all (`robots`): a robots meta, or a part of an X-Robots-Tag header. */
export interface CrawlerDirectiveSource {
  crawler: string;
  directives: string[];
}

/** The directives for the crawler whose user-agent token is `userAgent` (`Googlebot` by default): `robots` and its own. */
export function robotsFor(facts: PageFacts, userAgent = 'googlebot'): CrawlerDirectives {
  return directivesFor(facts.robots, userAgent);
}

/** robotsFor over any sources: those for every crawler (`robots`) and the crawler's own, merged. */
export function directivesFor<Source extends CrawlerDirectiveSource>(all: readonly Source[], userAgent = 'googlebot'): CrawlerDirectives<Source> {
  const crawler = userAgent.trim().toLowerCase();
  const sources = all.filter((meta) => meta.crawler === 'robots' || meta.crawler === crawler);
  const directives = [...new Set(sources.flatMap((meta) => meta.directives))];
  const none = directives.includes('none');
  return { directives, noindex: none || directives.includes('noindex'), nofollow: none || directives.includes('nofollow'), sources };
}

/**
 * How a canonical differs from the page's URL, fragments aside (crawlers drop them): `same` (self-canonical), a
 * difference of one kind only (the same file under another URL: the sitemap and the canonical disagree on which URL
 * is the page's), or `elsewhere` (another page, or several differences at once).
 */
export type CanonicalDifference = 'same' | 'trailing-slash' | 'index-html' | 'scheme' | 'www' | 'elsewhere';

export function canonicalDifference(pageUrl: string, canonicalHref: string): CanonicalDifference {
  const page = parseWebUrl(pageUrl);
  const canonical = parseWebUrl(canonicalHref);
  if (page === undefined || canonical === undefined) return 'elsewhere';
  const sameHost = page.host === canonical.host;
  const samePath = page.pathname === canonical.pathname && page.search === canonical.search;
  if (page.protocol === canonical.protocol && sameHost && samePath) return 'same';
  if (page.protocol !== canonical.protocol) return sameHost && samePath ? 'scheme' : 'elsewhere';
  if (!sameHost) return samePath && page.host.replace(/^www\./, '') === canonical.host.replace(/^www\./, '') ? 'www' : 'elsewhere';
  if (page.search !== canonical.search) return 'elsewhere';
  const [a, b] = [page.pathname, canonical.pathname];
  if (a + '/' === b || b + '/' === a) return 'trailing-slash';
  if (a + 'index.html' === b || b + 'index.html' === a) return 'index-html';
  return 'elsewhere';
}
