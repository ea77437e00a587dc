/** The verdict of one listed URL from what it answered over HTTP: one verdict per URL, in Google's order (robots.txt,
 * then the answer's status, then what the page says), with the page rules' ids where the meaning is theirs. */
import type { RuleId } from '../rules/catalogue';
import { canonicalDifference, readPageHead, type Canonical, type PageFacts } from '../site/pageFacts';
import { directivesFor } from '../site/pageFacts';
import { canonicalVerdict } from '../site/pageRules/canonicalVerdict';
import { parseRobotsHeader } from './robotsHeader';
import { canonicalLinks } from './linkHeader';
import { contentTypeProblem, isHtmlType, mediaTypeOf, type ContentTypeProblem } from './contentType';
import type { LiveHop, LiveRecord, LiveStop } from './liveRecord';

export type LiveRuleId = Extract<RuleId, 'blocked-by-robots' | 'page-redirect' | 'page-not-found' | 'page-forbidden'
  | 'page-unreachable' | 'noindex-page' | 'canonical-elsewhere' | 'page-content-type'>;

/** Every rule a live check may report, in the order it judges them. */
export const LIVE_RULE_IDS: readonly LiveRuleId[] = [
  'blocked-by-robots', 'page-redirect', 'page-not-found', 'page-forbidden', 'page-unreachable', 'noindex-page',
  'canonical-elsewhere', 'page-content-type',
];

export interface LiveVerdict {
  rule: LiveRuleId;
  /** The listed URL. */
  url: string;
  message: string;
  /** page-redirect's hops, each URL asked and its status, in order. */
  chain?: Array<{ url: string; status: number }>;
  /** The URL to list instead, when there is one (a redirect's end that answers 200, a listable canonical): the quick fix's. */
  listInstead?: string;
}

export interface LiveJudgeOptions {
  /** The crawler judged for (robots.txt already applied by the recorder): X-Robots-Tag's and the metas' scope. */
  userAgent: string;
  /** Whether the sitemap may list a URL (out-of-scope's test); by default, a URL of the listed URL's origin. */
  isListable?: (url: string) => boolean;
  /** A URL of the live origin as the sitemap's (`--live-origin`); the identity by default. */
  toListed?: (url: string) => string;
}

/** The verdict of `record`, or undefined when the URL answers a page that may be indexed as listed. */
export function judgeLive(record: LiveRecord, options: LiveJudgeOptions): LiveVerdict | undefined {
  const { listedUrl, hops, stop } = record;
  const toListed = options.toListed ?? ((url: string) => url);
  if (hops.length === 0) return stop.kind === 'blocked' ? blocked(listedUrl, stop) : unreachable(listedUrl, stop);
  const first = hops[0]!;
  if (first.location !== undefined) return redirect(record, toListed);
  const verdict = statusVerdict(listedUrl, first, stop);
  if (verdict !== undefined) return verdict;
  return pageVerdict(record, first, options, toListed);
}

function verdict(rule: LiveRuleId, url: string, message: string): LiveVerdict {
  return { rule, url, message };
}

function blocked(url: string, stop: Extract<LiveStop, { kind: 'blocked' }>): LiveVerdict {
  const { robots } = stop;
  const why = robots.line !== undefined
    ? `${robots.robotsUrl} disallows ${url} (line ${robots.line.number}: ${robots.line.text})`
    : `${robots.robotsUrl} could not be read (${robots.unreadable ?? 'unreachable'}), so crawlers take everything as disallowed`;
  return verdict('blocked-by-robots', url, `${why}: it was not requested, and Google reports "Submitted URL blocked by robots.txt".`);
}

function unreachable(url: string, stop: LiveStop): LiveVerdict {
  const failure = stop.kind === 'failed' ? `${stop.failure}: ${stop.message}${retriesText(stop.retries)}` : stop.kind;
  return verdict('page-unreachable', url, `${url} gave no answer (${failure}): Google reports a server error (5xx) or that it could not reach the page.`);
}

function retriesText(retries: number): string {
  return retries === 0 ? '' : `, after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
}

function asked(url: string, hop: LiveHop): string {
  return hop.url === url ? url : `${url} (asked at ${hop.url})`;
}

/** The status of an answer that is not a redirect followed: 404/410 and other 4xx, 401/403, 429 and 5xx. */
function statusVerdict(url: string, hop: LiveHop, stop: LiveStop): LiveVerdict | undefined {
  const { status } = hop;
  const who = asked(url, hop);
  if (status === 404 || status === 410) return verdict('page-not-found', url, `${who} answers ${status}: Google reports "Not found (404)" and drops the URL.`);
  if (status === 401 || status === 403) return verdict('page-forbidden', url, `${who} answers ${status}: Google cannot read the page and reports "Blocked due to ${status === 401 ? 'unauthorized request (401)' : 'access forbidden (403)'}".`);
  if (status === 429 || status >= 500) return verdict('page-unreachable', url, `${who} answers ${status}${retriesText(hop.retries)}: Google reports a server error and crawls the site more slowly.`);
  if (status >= 400) return verdict('page-not-found', url, `${who} answers ${status}: Google treats every 4xx but 429 as a page that does not exist.`);
  if (status >= 300) return verdict('page-unreachable', url, `${who} answers ${status} with no Location: a redirect that goes nowhere.`);
  if (status < 200) return verdict('page-unreachable', url, `${who} answers ${status}, not a final status.`);
  return stop.kind === 'answered' ? undefined : unreachable(url, stop);
}

/** page-redirect: the chain as recorded, and where it ends. */
function redirect(record: LiveRecord, toListed: (url: string) => string): LiveVerdict {
  const { listedUrl, hops, stop } = record;
  const chain = hops.map((hop) => ({ url: hop.url, status: hop.status }));
  const steps = hops.map((hop) => `${hop.status} ${hop.url}`).join(' → ');
  const last = hops[hops.length - 1]!;
  let end: string;
  let listInstead: string | undefined;
  switch (stop.kind) {
    case 'loop': end = `a loop: it redirects back to ${stop.url}`; break;
    case 'too-many-redirects': end = `more than ${stop.max} redirects, past what Google follows`; break;
    case 'left-origins': end = `${stop.url}, outside the origins this check asks (not followed)`; break;
    case 'blocked': end = `${stop.url}, which robots.txt disallows (not followed)`; break;
    case 'failed': end = `${stop.url}, which gave no answer (${stop.failure})`; break;
    default:
      end = last.location !== undefined ? `${last.location}, a redirect with no answer recorded` : `${last.url} (${last.status})`;
      if (last.status >= 200 && last.status < 300) listInstead = toListed(last.url);
  }
  const advice = listInstead !== undefined ? ` List ${listInstead} instead;` : '';
  const message = `${listedUrl} redirects: ${steps}; it ends at ${end}.${advice} Google reports a listed redirect as "Page with redirect".`;
  return { rule: 'page-redirect', url: listedUrl, message, chain, ...(listInstead !== undefined ? { listInstead } : {}) };
}

/** A 2xx answer: the meta refresh, noindex (X-Robots-Tag and the metas), the canonical (the head and Link), the type. */
function pageVerdict(record: LiveRecord, hop: LiveHop, options: LiveJudgeOptions, toListed: (url: string) => string): LiveVerdict | undefined {
  const url = record.listedUrl;
  const mediaType = mediaTypeOf(hop.headers['content-type']);
  const typeProblem = contentTypeProblem(hop.headers['content-type'], record.body);
  // Google reads a head only in what it takes for HTML: a declared HTML type, or none with an HTML body.
  const readsHead = isHtmlType(mediaType) || (typeProblem?.kind === 'missing' && typeProblem.sniffed === 'html');
  const facts = readsHead ? readPageHead(record.bodyText, hop.url, { truncated: record.truncated }).facts : undefined;
  const refresh = facts?.refresh?.url === undefined ? undefined : toListed(facts.refresh.url);
  if (refresh !== undefined && canonicalDifference(url, refresh) !== 'same') {
    return { rule: 'page-redirect', url, message: `The page of ${asked(url, hop)} redirects to ${refresh} with a meta refresh${facts!.refresh!.delay > 0 ? ` after ${facts!.refresh!.delay} s` : ''}. List the target instead.`, listInstead: refresh };
  }
  const noindex = noindexVerdict(url, hop, facts, options.userAgent);
  if (noindex !== undefined) return noindex;
  const canonical = canonicalOf(url, hop, facts, options, toListed);
  if (canonical !== undefined) return canonical;
  return typeProblem === undefined ? undefined : verdict('page-content-type', url, contentTypeMessage(asked(url, hop), typeProblem));
}

function noindexVerdict(url: string, hop: LiveHop, facts: PageFacts | undefined, userAgent: string): LiveVerdict | undefined {
  const header = parseRobotsHeader(hop.headerValues?.['x-robots-tag'] ?? hop.headers['x-robots-tag']).map((part) => ({ ...part, where: `X-Robots-Tag: ${part.value}` }));
  const metas = (facts?.robots ?? []).map((meta) => ({ ...meta, where: `<meta name="${meta.crawler}">` }));
  const directives = directivesFor([...header, ...metas], userAgent);
  if (!directives.noindex) return undefined;
  const said = directives.sources.filter((s) => s.directives.includes('noindex') || s.directives.includes('none')).map((s) => s.where);
  const where = [...new Set(said)].join(' and ');
  return verdict('noindex-page', url, `${asked(url, hop)} says noindex to ${userAgent} (${where}): Google drops it from the index and reports "Submitted URL marked 'noindex'". Remove the entry or the noindex.`);
}

/** The canonicals of the head and of the Link header together: two that disagree leave the choice to Google. */
function canonicalOf(url: string, hop: LiveHop, facts: PageFacts | undefined, options: LiveJudgeOptions, toListed: (url: string) => string): LiveVerdict | undefined {
  const fromHeader: Canonical[] = canonicalLinks(hop.headers['link'], hop.url).map((link) => ({ href: link.href, written: link.written, start: 0, end: 0 }));
  const canonicals = [...fromHeader, ...(facts?.canonicals ?? [])].map((c) => ({ ...c, href: c.href === undefined ? undefined : toListed(c.href) }));
  if (canonicals.length === 0) return undefined;
  const origin = originOf(url);
  const isListable = options.isListable ?? ((href: string) => originOf(href) === origin);
  const judged = canonicalVerdict(url, { ...(facts ?? emptyFacts()), canonicals }, () => true, isListable);
  if (judged === undefined) return undefined;
  return { rule: 'canonical-elsewhere', url, message: judged.message, ...(judged.listInstead !== undefined ? { listInstead: judged.listInstead } : {}) };
}

function originOf(url: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  return match === null ? undefined : match[0].toLowerCase();
}

function emptyFacts(): PageFacts {
  return { title: undefined, robots: [], canonicals: [], refresh: undefined, ignored: [], charset: undefined, isAliasPage: false, isVerificationStub: false, problems: [] };
}

function contentTypeMessage(who: string, problem: ContentTypeProblem): string {
  const looks = (sniffed: string) => (sniffed === 'unknown' ? '' : ` (the body is ${sniffed === 'html' ? 'HTML' : `a ${sniffed}`})`);
  switch (problem.kind) {
    case 'missing': return `${who} answers with no Content-Type${looks(problem.sniffed)}: crawlers and browsers must guess what it is. Send the page's type (text/html for a page).`;
    case 'malformed': return `${who} answers with the Content-Type "${problem.written}", which is not a media type${looks(problem.sniffed)}. Send the page's type (text/html for a page).`;
    case 'html-as-other': return `${who} answers an HTML page as ${problem.mediaType}: Google does not read it as HTML (no title, no links, no robots meta, no canonical). Send text/html.`;
    default: return `${who} answers as ${problem.mediaType} a body that is ${problem.sniffed === 'pdf' ? 'a PDF' : `a ${problem.sniffed}`}. Send the body's own type.`;
  }
}
