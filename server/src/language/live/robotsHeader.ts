/** The `X-Robots-Tag` response header, read as Google documents it: the same directives as `<meta name="robots">`,
 * comma-separated, in one header or several; a `name:` that is not a directive names the crawler the directives after
 * it speak to (`googlebot: noindex`), up to the next such name; directives before any name speak to every crawler. */
import { isKnownDirective, robotsDirectives } from '../site/pageDirectives';
import { directivesFor, type CrawlerDirectiveSource, type CrawlerDirectives } from '../site/pageFacts';

/** The directives of one crawler's part of the header (`robots`: every crawler's), lowercase, in order. */
export interface HeaderRobots extends CrawlerDirectiveSource {
  /** The header value the part was read from, as sent (for the message). */
  value: string;
}

/** A name followed by a colon: a crawler's name, or a directive with a value (`max-snippet: 20`). */
const NAMED = /^([^\s:,]+)\s*:\s*(.*)$/s;

/**
 * Each part of the `X-Robots-Tag` values: one header's value, or each of repeated headers' values one by one (HttpAnswer's
 * `headerValues`), each starting again for every crawler — joined by ", ", `otherbot: noindex` then `noindex` would read
 * as otherbot's alone. Never throws.
 */
export function parseRobotsHeader(values: string | readonly string[] | undefined): HeaderRobots[] {
  if (values === undefined) return [];
  const parts: HeaderRobots[] = [];
  for (const value of typeof values === 'string' ? [values] : values) {
    let current: HeaderRobots | undefined;
    for (const raw of value.split(',')) {
      const piece = raw.trim();
      if (piece === '') continue;
      const named = NAMED.exec(piece);
      let directive = piece;
      if (named !== null && !isKnownDirective(named[1]!.toLowerCase())) {
        current = { crawler: named[1]!.toLowerCase(), directives: [], value };
        parts.push(current);
        directive = named[2]!;
      }
      if (current === undefined) parts.push((current = { crawler: 'robots', directives: [], value }));
      current.directives.push(...robotsDirectives(directive));
    }
  }
  return parts.filter((part) => part.directives.length > 0);
}

/** What the header says to the crawler whose user-agent token is `userAgent`, merged as robotsFor merges metas. */
export function headerRobotsFor(values: string | readonly string[] | undefined, userAgent = 'googlebot'): CrawlerDirectives<HeaderRobots> {
  return directivesFor(parseRobotsHeader(values), userAgent);
}
