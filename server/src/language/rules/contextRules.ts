/** Rules on one entry that depend on more than its text: the sitemap's location (out-of-scope), the file's main origin
 * (mixed-hosts), the clock (future-lastmod, news-too-old), the workspace (nested-index). The model caches their
 * results per segment and recomputes them only when this context changes. */
import { formatCount } from '../../../../shared/byteSize';
import type { LocalProblem } from './catalogue';
import type { ReferenceOrigin } from '../model/originCounts';
import { isInScope, type AllowedHosts, type SitemapScope } from './scope';
import { checkUrl } from './url';
import type { ValueProblem } from './valueProblem';
import { NO_PROBLEMS, type Segment } from '../model/segment';
import { unescapeXml } from '../syntax/xmlText';

/** One day of clock skew is allowed before a lastmod counts as future. */
export const FUTURE_LASTMOD_SKEW_MS = 24 * 60 * 60 * 1000;
/** Search engines take articles of the last two days from a news sitemap. */
export const NEWS_MAX_AGE_MS = 48 * 60 * 60 * 1000;
/** A date alone is the whole day wherever it is: it ends 36 h after its start in UTC (at UTC−12). */
const DAY_ENDS_EVERYWHERE_MS = 36 * 60 * 60 * 1000;

export interface EntryContext {
  /** Set when the sitemap's location is known: out-of-scope applies. */
  scope: SitemapScope | undefined;
  allowed: AllowedHosts;
  /** For mixed-hosts when the location is unknown: the origin most URLs share (and escaped like entry URLs). */
  reference: ReferenceOrigin | undefined;
  referenceEscaped: string | undefined;
  now: number;
  /**
   * `origin` + directory of the location, escaped like entry URLs: a URL starting with it (and no dot segment
   * after) is in scope.
   */
  scopePrefix: string | undefined;
  /** out-of-scope's message, which names the location. */
  outOfScopeMessage: string;
  isIndex: boolean;
  isSitemapIndex: ((url: string) => boolean | undefined) | undefined;
}

export function mixedHostsMessage(reference: ReferenceOrigin): string {
  const urls = reference.count === 1 ? 'URL' : 'URLs';
  return `All URLs of a sitemap share one protocol, host and port: ${formatCount(reference.count)} ${urls} of this file are on ${reference.origin}, this one is not.`;
}

/** The URL problems were reported by the parser; here only the parts matter. */
const ignored: ValueProblem[] = [];

export function checkEntryContext(segment: Segment, context: EntryContext): readonly LocalProblem[] {
  let problems: LocalProblem[] | undefined;
  const url = segment.url;
  if (url !== undefined && !isPlainlyFine(url, context)) {
    // Parts are recomputed rather than stored: a few microseconds per entry, only when the context changes.
    const parts = checkUrl(unescapeXml(url), ignored);
    if (ignored.length !== 0) ignored.length = 0;
    if (parts !== undefined) {
      if (context.scope !== undefined) {
        if (!isInScope(parts, context.scope)) {
          (problems ??= []).push({ rule: 'out-of-scope', start: segment.urlStart, end: segment.urlEnd, message: context.outOfScopeMessage });
        }
      } else if (context.reference !== undefined && parts.origin !== context.reference.origin && !isAllowed(parts.origin, parts.host, context.allowed)) {
        (problems ??= []).push({ rule: 'mixed-hosts', start: segment.urlStart, end: segment.urlEnd, message: mixedHostsMessage(context.reference) });
      }
    }
  }
  if (url !== undefined && context.isIndex && context.isSitemapIndex !== undefined && context.isSitemapIndex(unescapeXml(url)) === true) {
    (problems ??= []).push({ rule: 'nested-index', start: segment.urlStart, end: segment.urlEnd, message: 'This entry is itself a sitemap index: indexes cannot list other indexes.' });
  }
  if (segment.lastmod > context.now + FUTURE_LASTMOD_SKEW_MS) {
    (problems ??= []).push({ rule: 'future-lastmod', start: segment.lastmodStart, end: segment.lastmodEnd, message: 'This date lies in the future.' });
  }
  const news = segment.extensions?.news;
  if (news !== undefined && news.time + (news.dateOnly ? DAY_ENDS_EVERYWHERE_MS : 0) < context.now - NEWS_MAX_AGE_MS) {
    (problems ??= []).push({ rule: 'news-too-old', start: news.dateStart, end: news.dateEnd, message: 'This article is more than two days old: search engines take only recent articles from a news sitemap.' });
  }
  return problems ?? NO_PROBLEMS;
}

/**
 * The common case without parsing the URL: it starts with the scope's prefix (no dot segment or escaped dot
 * after it, which normalisation could move out of the directory), or, without a location, with the reference
 * origin followed by the end of the authority.
 */
function isPlainlyFine(url: string, context: EntryContext): boolean {
  const prefix = context.scope !== undefined ? context.scopePrefix : context.referenceEscaped;
  if (prefix === undefined) return context.scope === undefined;
  if (!url.startsWith(prefix)) return false;
  if (context.scope !== undefined) return url.indexOf('/.', prefix.length - 1) < 0 && url.indexOf('%2', prefix.length) < 0;
  const next = url.charCodeAt(prefix.length);
  return Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23;
}

function isAllowed(origin: string, host: string, allowed: AllowedHosts): boolean {
  return allowed.origins.has(origin) || allowed.hosts.has(host);
}
