/** canonical-elsewhere's verdict on a page: its canonical links against the URL listed, each kind of difference named. */
import { canonicalDifference, type Canonical, type PageFacts } from '../pageFacts';

export interface CanonicalVerdict {
  message: string;
  /** The canonical links that decided. */
  tags: Canonical[];
  /** The canonical, when the advice is to list it: the sitemap may list it (its scope) and a built file serves it or
   * it names another page. Undefined when the fix is the page's canonical. */
  listInstead?: string;
}

/**
 * Undefined when the page has no canonical, or canonicals that all name the listed URL. `isServed` says whether a
 * built file serves a URL as written: a canonical that differs by its form and is not served is the page's mistake.
 * `isListable` says whether the sitemap may list a URL (out-of-scope's test): a canonical it may not list (http:// in
 * an https:// sitemap, another host, another folder) is the page's mistake too, since listing it fails out-of-scope.
 */
export function canonicalVerdict(url: string, facts: PageFacts, isServed: (url: string) => boolean, isListable: (url: string) => boolean): CanonicalVerdict | undefined {
  const canonicals = facts.canonicals.filter((c): c is Canonical & { href: string } => c.href !== undefined);
  if (canonicals.length === 0) return undefined;
  const [first] = canonicals;
  const other = canonicals.find((c) => canonicalDifference(first!.href, c.href) !== 'same');
  if (other !== undefined) {
    return {
      message: `The page of ${url} has canonical links that disagree (${first!.href} and ${other.href}): Google ignores them and picks the canonical itself, possibly not this URL.`,
      tags: [first!, other],
    };
  }
  const href = first!.href;
  const difference = canonicalDifference(url, href);
  if (difference === 'same') return undefined;
  const templated = facts.problems.some((p) => p.kind === 'template-syntax' && p.range?.start === first!.start)
    ? ' The canonical holds template syntax: the page was not rendered.' : '';
  const unserved = (difference === 'trailing-slash' || difference === 'index-html') && isServed(url) && !isServed(href);
  if (unserved) return { message: unservedMessage(url, href) + templated, tags: [first!] };
  const listable = isListable(href);
  const advice = listable
    ? `Google indexes the canonical and reports this URL as "Alternate page with proper canonical tag": list ${href}.`
    : `This sitemap cannot list ${href} (out-of-scope: a sitemap lists URLs of its own scheme and host, under its folder), so Google is told two different URLs for one page: fix the page's canonical to name this URL.`;
  return { message: `${differenceMessage(url, href, difference)} ${advice}${templated}`, tags: [first!], ...(listable ? { listInstead: href } : {}) };
}

/** The listed URL is served and the canonical's other form is not: listing the canonical would list a missing page. */
function unservedMessage(url: string, href: string): string {
  return `The canonical of ${url} is ${href}, which no built file serves as written (most hosts redirect it to this URL, which is served): Google ignores a canonical that redirects. Fix the page's canonical to name this URL.`;
}

/** What differs between the URL listed and the canonical, the advice left to the caller. */
function differenceMessage(url: string, href: string, difference: ReturnType<typeof canonicalDifference>): string {
  switch (difference) {
    case 'trailing-slash':
      return `The canonical of ${url} is ${href}, ${href.endsWith('/') ? 'with' : 'without'} a trailing slash: the sitemap and the page disagree on which URL is the page's.`;
    case 'index-html':
      return `The canonical of ${url} is ${href}, ${/index\.html$/.test(href) ? 'with' : 'without'} index.html: the sitemap and the page disagree on which URL is the page's.`;
    case 'scheme':
      return `The canonical of ${url} is ${href}, over ${href.slice(0, href.indexOf(':'))} rather than ${url.slice(0, url.indexOf(':'))}.`;
    case 'www':
      return `The canonical of ${url} is ${href}, on another host (with or without www).`;
    default:
      return `The page of ${url} names another URL as its canonical (${href}).`;
  }
}
