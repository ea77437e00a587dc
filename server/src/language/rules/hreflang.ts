/** hreflang alternates (`<xhtml:link rel="alternate" hreflang="de-AT" href="…"/>`): each link's attributes, repeated
 * languages in an entry, and the comparison keys for `hreflang-missing-self` and `hreflang-not-reciprocal`. */
import type { LocalProblem } from './catalogue';
import { iso15924Scripts, iso3166Countries, iso639Languages } from './isoCodes';
import { checkCleanUrl } from './extensionValues';
import { isPlainlyKeyed, PlainUrls } from './listedUrl';
import type { ValueProblem } from './valueProblem';
import { ValueText } from '../syntax/valueText';
import type { Segment } from '../model/segment';
import type { Alternate } from '../syntax/parseState';
import { escapeXml } from '../syntax/xmlText';

/** One attribute of the link as the parser read it: decoded value and source range (undefined when absent). */
export interface LinkAttribute {
  value: string;
  /** The value as written. */
  raw: string;
  start: number;
  end: number;
}

/**
 * The `hreflang-invalid` checks of one link, reported into `problems` (`nameStart`/`nameEnd`: the element's name);
 * returns the alternate when the link is a valid one.
 */
export function checkLink(
  rel: LinkAttribute | undefined, hreflang: LinkAttribute | undefined, href: LinkAttribute | undefined,
  nameStart: number, nameEnd: number, problems: LocalProblem[],
): Alternate | undefined {
  const before = problems.length;
  if (rel === undefined) invalid(nameStart, nameEnd, 'An alternate needs rel="alternate".', problems);
  else if (rel.value.trim() !== 'alternate') invalid(rel.start, rel.end, 'An hreflang alternate has rel="alternate".', problems);
  const language = hreflang?.value.trim() ?? '';
  if (hreflang === undefined) invalid(nameStart, nameEnd, 'An alternate needs an hreflang attribute: a language code, optionally with a region, or x-default.', problems);
  else if (!isKnownHreflang(language)) invalid(hreflang.start, hreflang.end, `"${language}" is not a language code (ISO 639-1, optionally -Script and -REGION of ISO 3166-1 alpha-2) nor x-default.`, problems);
  const url = href?.value.trim() ?? '';
  if (href === undefined) invalid(nameStart, nameEnd, 'An alternate needs an href: the absolute URL of that version of the page.', problems);
  else if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) invalid(href.start, href.end, 'An alternate\'s href is an absolute URL, with its protocol and host.', problems);
  else checkHref(url, href, problems);
  if (problems.length !== before) return undefined;
  const canonical = isCanonical(href!.raw) ? href!.raw.trim() : escapeXml(url);
  return {
    language: lowerCaseCode(language), languageStart: hreflang!.start, languageEnd: hreflang!.end,
    href: urlKey(canonical), url: canonical, hrefStart: href!.start, hrefEnd: href!.end,
  };
}

/**
 * checkLink's alternate for a link written plainly — rel="alternate", an hreflang with no space, an href on the
 * authority of the last clean href with no space at its ends and no reference but `&amp;` — known without decoding the
 * href: decoding only turns `&amp;` into `&`, which changes neither verdict nor canonical form. Undefined otherwise.
 */
export function plainAlternate(text: string, language: string, languageStart: number, languageEnd: number, hrefStart: number, hrefEnd: number): Alternate | undefined {
  if (!linkUrls.isPlainAt(text, hrefStart, hrefEnd)) return undefined;
  const href = text.slice(hrefStart, hrefEnd);
  if (!isCanonical(href) || !isKnownHreflang(language)) return undefined;
  // isPlain: the href is the remembered authority and a path, so it is its own key when that authority is.
  const key = linkUrls.keyedAsIs ? href : urlKey(href);
  return { language: lowerCaseCode(language), languageStart, languageEnd, href: key, url: href, hrefStart, hrefEnd };
}

function invalid(start: number, end: number, message: string, problems: LocalProblem[]): void {
  problems.push({ rule: 'hreflang-invalid', start, end, message });
}

const linkUrls = new PlainUrls();

/** The core URL rules on an absolute href, mapped back to the source. */
function checkHref(url: string, href: LinkAttribute, problems: LocalProblem[]): void {
  if (found.length !== 0) found.length = 0;
  checkCleanUrl(url, linkUrls, found);
  if (found.length === 0) return;
  const lead = href.value.length - href.value.trimStart().length;
  // Only now, with a problem to place, the way back from the decoded value to the source.
  const decoded = new ValueText();
  decoded.setAttribute(href.raw, 0, href.raw.length);
  for (const p of found) {
    problems.push({ rule: p.rule, start: href.start + decoded.sourceStart(lead + p.start), end: href.start + decoded.sourceEnd(lead + p.end), message: p.message });
  }
}

/** Scratch space for an href's URL problems. */
const found: ValueProblem[] = [];

/** Whether an attribute value as written is already in the canonical escaped form (its only references `&amp;`). */
function isCanonical(raw: string): boolean {
  if (raw.indexOf('>') >= 0 || raw.indexOf("'") >= 0 || raw.indexOf('"') >= 0) return false;
  for (let at = raw.indexOf('&'); at >= 0; at = raw.indexOf('&', at + 1)) {
    if (!raw.startsWith('&amp;', at)) return false;
  }
  return true;
}

/** Codes in lower case, one string each: the alternates of a file keep a handful of codes 150,000 times. */
const lowerCaseCodes = new Map<string, string>();

function lowerCaseCode(code: string): string {
  let lower = lowerCaseCodes.get(code);
  if (lower === undefined) {
    lower = code.toLowerCase();
    if (lowerCaseCodes.size > 1024) lowerCaseCodes.clear();
    lowerCaseCodes.set(code, lower);
  }
  return lower;
}

/** isHreflang's verdicts: a file repeats a handful of codes 50,000 times. */
const hreflangVerdicts = new Map<string, boolean>();

function isKnownHreflang(code: string): boolean {
  let verdict = hreflangVerdicts.get(code);
  if (verdict === undefined) {
    verdict = isHreflang(code);
    if (hreflangVerdicts.size > 1024) hreflangVerdicts.clear();
    hreflangVerdicts.set(code, verdict);
  }
  return verdict;
}


/** `x-default`, or language[-Script][-REGION]: ISO 639-1, ISO 15924, ISO 3166-1 alpha-2; any case. */
export function isHreflang(code: string): boolean {
  if (code.toLowerCase() === 'x-default') return true;
  const parts = code.split('-');
  if (parts.length > 3 || !iso639Languages().has(parts[0].toLowerCase())) return false;
  let k = 1;
  if (k < parts.length && parts[k].length === 4) {
    const script = parts[k];
    if (!iso15924Scripts().has(script[0].toUpperCase() + script.slice(1).toLowerCase())) return false;
    k++;
  }
  if (k < parts.length) {
    if (!iso3166Countries().has(parts[k].toUpperCase())) return false;
    k++;
  }
  return k === parts.length;
}

/**
 * A URL as search engines compare pages: scheme and host in lower case, the default port dropped; the rest exact
 * (a trailing slash matters). For a URL that is not absolute, itself. Keys are made of the canonical escaped form
 * (Segment.url), which is what a file's entries keep.
 */
export function urlKey(url: string): string {
  if (isPlainlyKeyed(url)) return url;
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(url);
  if (match === null) return url;
  const scheme = match[1].toLowerCase();
  let authority = match[2].toLowerCase();
  if ((scheme === 'http' && authority.endsWith(':80')) || (scheme === 'https' && authority.endsWith(':443'))) {
    authority = authority.slice(0, authority.lastIndexOf(':'));
  }
  return `${scheme}://${authority}${url.slice(match[0].length)}`;
}

/**
 * `hreflang-duplicate`: `alternate` repeats the language of an earlier one of the entry with another href.
 * Reported on its hreflang value.
 */
export function checkDuplicateLanguage(alternate: Alternate, earlier: readonly Alternate[], problems: LocalProblem[]): void {
  let k = 0;
  while (k < earlier.length && earlier[k].language !== alternate.language) k++;
  if (k === earlier.length || earlier[k].href === alternate.href) return;
  problems.push({ rule: 'hreflang-duplicate', start: alternate.languageStart, end: alternate.languageEnd, message: `A second alternate for "${alternate.language}" in this entry, with another URL: search engines cannot tell which one is meant.` });
}

/** `hreflang-missing-self`: on the entry's `<loc>` value when none of its alternates is the page itself. */
export function checkSelfListed(pageKey: string, alternates: readonly Alternate[], locStart: number, locEnd: number, problems: LocalProblem[]): void {
  if (hasHref(alternates, pageKey)) return;
  problems.push({ rule: 'hreflang-missing-self', start: locStart, end: locEnd, message: 'This entry has alternates but does not list itself among them: each version lists every version, itself included.' });
}

/** An alternate of an entry naming another entry of the file that does not name it back. */
export interface Unreciprocated {
  alternate: Alternate;
  partner: Segment;
}

/**
 * `hreflang-not-reciprocal` for one entry: each alternate naming another entry of the file (`find`: the entry with a
 * URL, in canonical escaped form) that lists no alternate back to the entry's own page (`pageKey`).
 */
export function findUnreciprocated(entry: Segment, pageKey: string, find: (url: string) => Segment | undefined): readonly Unreciprocated[] {
  let found: Unreciprocated[] | undefined;
  const alternates = entry.extensions?.alternates;
  if (alternates === undefined) return NONE_UNRECIPROCATED;
  for (let k = 0; k < alternates.length; k++) {
    const alternate = alternates[k];
    if (alternate.href === pageKey) continue;
    const partner = find(alternate.url);
    if (partner === undefined || partner === entry || listsPage(partner, pageKey)) continue;
    (found ??= []).push({ alternate, partner });
  }
  return found ?? NONE_UNRECIPROCATED;
}

const NONE_UNRECIPROCATED: readonly Unreciprocated[] = Object.freeze([]);

/** Whether one of `entry`'s alternates is the page `pageKey`. */
function listsPage(entry: Segment, pageKey: string): boolean {
  const alternates = entry.extensions?.alternates;
  return alternates !== undefined && hasHref(alternates, pageKey);
}

/** Loops, not some() or find(): these run for each link of a file (150,000), a closure each would be garbage. */
function hasHref(alternates: readonly Alternate[], key: string): boolean {
  for (let k = 0; k < alternates.length; k++) if (alternates[k].href === key) return true;
  return false;
}

/** The page key of an entry with a URL (urlKey of its `<loc>`). */
export function pageKeyOf(entry: Segment): string | undefined {
  if (entry.url === undefined) return undefined;
  return entry.extensions?.pageKey ?? urlKey(entry.url);
}
