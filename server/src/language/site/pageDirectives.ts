/** The values of a page's head tags, as crawlers read them: robots directives, a meta refresh, a declared charset. */

/** Directives Google, Bing and Yandex document for `<meta name="robots">`: a meta made only of these addresses a crawler. */
const KNOWN_DIRECTIVES = new Set([
  'all', 'index', 'follow', 'noindex', 'nofollow', 'none', 'noarchive', 'nocache', 'nosnippet', 'noimageindex',
  'notranslate', 'indexifembedded', 'noodp', 'noydir', 'max-snippet', 'max-image-preview', 'max-video-preview',
  'unavailable_after', 'noai', 'noimageai',
]);

/** Whether `name` (lowercase, a value's `name:` left out) is a directive crawlers document, not a crawler's name. */
export function isKnownDirective(name: string): boolean {
  return KNOWN_DIRECTIVES.has(name);
}

/** A robots meta's content as directives: comma-separated, case-insensitive, `name: value` kept as `name:value`. */
export function robotsDirectives(content: string): string[] {
  const directives: string[] = [];
  for (const part of content.split(',')) {
    const directive = part.trim().toLowerCase().replace(/\s*:\s*/, ':');
    if (directive !== '') directives.push(directive);
  }
  return directives;
}

/** Meta names that are never a crawler's, skipped before their content is read. */
const PAGE_META_NAMES = new Set(['description', 'viewport', 'generator', 'keywords', 'author', 'theme-color', 'referrer', 'color-scheme', 'application-name']);

/** Whether a meta named `name` speaks to crawlers: `robots`, a bot's name, or content made only of robots directives. */
export function isCrawlerMeta(name: string, content: string): boolean {
  if (name === 'robots') return true;
  if (PAGE_META_NAMES.has(name)) return false;
  if (/bot|crawler|spider|slurp|yandex|google/.test(name)) return true;
  if (name.includes(':')) return false;
  const directives = robotsDirectives(content);
  return directives.length > 0 && directives.every((d) => KNOWN_DIRECTIVES.has(d.split(':', 1)[0]!));
}

/** A meta refresh's content: the delay and the URL as written (undefined: the page reloads itself). */
export interface RefreshContent {
  delay: number;
  url: string | undefined;
}

/**
 * The HTML standard's "shared declarative refresh steps": `5`, `0; url=/next`, `0;URL='/next'`, `0, /next`;
 * undefined when the content is not a refresh at all (browsers ignore it, and so do crawlers).
 */
export function parseRefresh(content: string): RefreshContent | undefined {
  const match = /^[\t\n\f\r ]*(\d*)(\.[\d.]*)?/.exec(content)!;
  if (match[1] === '' && match[2] === undefined) return undefined;
  const delay = match[1] === '' ? 0 : Number(match[1]);
  let rest = content.slice(match[0].length);
  if (rest === '') return { delay, url: undefined };
  if (!/^[\t\n\f\r ;,]/.test(rest)) return undefined;
  rest = rest.replace(/^[\t\n\f\r ]*[;,]?[\t\n\f\r ]*/, '');
  if (rest === '') return { delay, url: undefined };
  const named = /^url[\t\n\f\r ]*=[\t\n\f\r ]*/i.exec(rest);
  if (named !== null) rest = rest.slice(named[0].length);
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const close = rest.indexOf(quote, 1);
    rest = rest.slice(1, close < 0 ? undefined : close);
  }
  return { delay, url: rest.trim() === '' ? undefined : rest };
}

/** The charset a `<meta http-equiv="content-type" content="text/html; charset=…">` declares, lowercase. */
export function charsetOfContentType(content: string): string | undefined {
  const match = /charset[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^\s"';]+)/i.exec(content);
  return match === null ? undefined : match[1]!.toLowerCase();
}
