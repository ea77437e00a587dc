/** Quick fixes of the extension rules (dispatched from codeActions.ts). Each checks that the text still shows the
 * problem, and inserts in the layout of the lines around it. */
import type { ProblemRef, QuickFix } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { extensionByPrefix, XHTML_NAMESPACE } from '../rules/extensionNamespaces';
import { urlKey } from '../rules/hreflang';
import { SegmentKind } from '../model/segment';
import { escapeXml } from '../syntax/xmlText';
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import { attributeValue, declarationOnRoot, describeHreflang, qualified } from './extensionAuthoring';
import { elementAt, locate, lookupPrefix, namespaceOf, prefixFor, rootStructure, sliceText, structureOf, trimmedContent, type XmlElement } from './structure';

type Fix = Omit<QuickFix, 'problem'>;

/**
 * `extension-namespace` on the prefix of an element or attribute (`image` of `<image:image>`) that nothing binds. A
 * prefix bound to another namespace (on the root or nearer) gets no fix: rebinding it would change other elements.
 */
export function fixUndeclaredPrefix(model: SitemapModel, problem: ProblemRef): Fix[] {
  const prefix = sliceText(model, problem.start, problem.end);
  const namespace = extensionByPrefix(prefix);
  if (namespace === undefined || sliceText(model, problem.end, problem.end + 1) !== ':') return [];
  const root = rootStructure(model);
  const at = locate(model, problem.start, false);
  const element = elementAt(structureOf(at.segment).elements, at.offset);
  if (element === undefined || lookupPrefix(prefix, element, root) !== undefined) return [];
  const edit = declarationOnRoot(model, root, prefix, namespace.uri);
  if (edit === undefined) return [];
  // One declaration fixes every element of the prefix: safe, and Fix All merges the identical edits.
  return [{ title: `Declare xmlns:${prefix}="${namespace.uri}" on the root`, edits: [edit], isPreferred: true, safe: true }];
}

/** `hreflang-invalid` on the name of a link without `rel`, or on a `rel` value other than `alternate`. */
export function fixLinkRel(model: SitemapModel, problem: ProblemRef): Fix[] {
  const page = pageAt(model, problem.start);
  const link = page?.links.find((l) => page.base + l.start < problem.start && problem.start < page.base + l.startTagEnd);
  if (page === undefined || link === undefined) return [];
  const rel = link.attributes.find((a) => a.name === 'rel');
  const title = 'Add rel="alternate"';
  if (rel === undefined && page.base + link.nameStart === problem.start && page.base + link.nameEnd === problem.end) {
    const at = page.base + link.nameEnd;
    return [{ title, edits: [{ start: at, end: at, text: ' rel="alternate"' }], isPreferred: true, safe: false }];
  }
  if (rel !== undefined && rel.valueStart >= 0 && page.base + rel.valueStart === problem.start && page.base + rel.valueEnd === problem.end && rel.value !== 'alternate') {
    return [{ title: 'Change rel to "alternate"', edits: [{ start: problem.start, end: problem.end, text: 'alternate' }], isPreferred: true, safe: false }];
  }
  return [];
}

/**
 * `hreflang-missing-self` on a page's `<loc>`: a link to the page itself, before its other links. Its hreflang is the
 * page URL's path segment (or host label) where another link's URL differs by exactly that language code, else
 * `x-default` when no link uses it (a page beside its language versions is mostly the default one); no fix otherwise.
 */
export function fixMissingSelf(model: SitemapModel, problem: ProblemRef): Fix[] {
  const page = pageAt(model, problem.start);
  if (page?.loc === undefined || page.loc.start !== problem.start || page.loc.end !== problem.end || page.links.length === 0) return [];
  const own = comparable(page.loc.url);
  if (page.links.some((link) => comparable(attributeValue(link, 'href') ?? '') === own)) return [];
  const hreflang = languageOf(page.loc.url, page.links)
    ?? (page.links.some((link) => attributeValue(link, 'hreflang')?.toLowerCase() === 'x-default') ? undefined : 'x-default');
  if (hreflang === undefined) return [];
  const first = page.links[0];
  const line = linkLine(first.prefix, hreflang, page.loc.url);
  const at = page.base + first.start;
  return [{ title: `Add the page's own link (hreflang="${hreflang}")`, edits: [{ start: at, end: at, text: line + (breakBefore(page.text, first.start) || ' ') }], isPreferred: true, safe: false }];
}

/**
 * `hreflang-not-reciprocal` on the href of A's link to B: the link back to A in B's entry, after B's links (or its
 * last child), with B's own link first when B has none (its hreflang is the one A gives B).
 */
export function fixNotReciprocal(model: SitemapModel, problem: ProblemRef): Fix[] {
  const a = pageAt(model, problem.start);
  const link = a?.links.find((l) => l.attributes.some((x) => x.name === 'href' && a.base + x.valueStart === problem.start && a.base + x.valueEnd === problem.end));
  if (a?.loc === undefined || link === undefined) return [];
  const href = attributeValue(link, 'href')!;
  const target = comparable(href);
  // The partner as the rule finds it: the entry whose <loc> is the href, in canonical escaped form.
  const partner = model.urls.find(escapeXml(href));
  const b = partner === undefined || partner.index === a.index ? undefined : pageOf(model, partner.index, model.segmentStart(partner.index));
  if (b?.loc === undefined) return [];
  const back = comparable(a.loc.url);
  if (b.links.some((l) => comparable(attributeValue(l, 'href') ?? '') === back)) return [];
  const aSelf = a.links.find((l) => comparable(attributeValue(l, 'href') ?? '') === back);
  const aLanguage = (aSelf !== undefined ? attributeValue(aSelf, 'hreflang') : undefined) ?? languageOf(a.loc.url, a.links);
  if (aLanguage === undefined) return [];
  const root = rootStructure(model);
  const bound = b.links[0]?.prefix ?? prefixFor(root, XHTML_NAMESPACE);
  const declaration = bound === undefined || bound === '' ? declarationOnRoot(model, root, 'xhtml', XHTML_NAMESPACE) : undefined;
  if ((bound === undefined || bound === '') && declaration === undefined) return [];
  const prefix = declaration === undefined ? bound! : 'xhtml';
  const lines: string[] = [];
  const bLanguage = attributeValue(link, 'hreflang');
  const bHasSelf = b.links.some((l) => comparable(attributeValue(l, 'href') ?? '') === target);
  if (!bHasSelf && bLanguage !== undefined) lines.push(linkLine(prefix, bLanguage, b.loc.url));
  lines.push(linkLine(prefix, aLanguage, a.loc.url));
  const after = b.links.at(-1) ?? b.entry.children.at(-1)!;
  const separator = breakBefore(b.text, after.start) || ' ';
  const at = b.base + after.end;
  const edits = [{ start: at, end: at, text: lines.map((l) => separator + l).join('') }];
  if (declaration !== undefined) edits.unshift(declaration);
  return [{ title: `Add the link back to this page in the entry of ${b.loc.url}`, edits, isPreferred: true, safe: false }];
}

// ---------------------------------------------------------------- entries and links

interface Page {
  /** The segment's index and start; offsets of the elements are relative to it. */
  index: number;
  base: number;
  text: string;
  entry: XmlElement;
  /** The `<loc>` value: absolute trimmed range, decoded URL. */
  loc: { start: number; end: number; url: string } | undefined;
  /** Its `xhtml:link` children (any prefix). */
  links: XmlElement[];
}

/** The `<url>` entry of the segment holding `offset`. */
function pageAt(model: SitemapModel, offset: number): Page | undefined {
  const at = locate(model, offset, false);
  return at.segment.kind === SegmentKind.Element ? pageOf(model, at.index, at.base) : undefined;
}

function pageOf(model: SitemapModel, index: number, base: number): Page | undefined {
  const segment = model.segments[index];
  const entry = structureOf(segment).elements[0];
  const root = rootStructure(model);
  const sitemapNs = model.root?.sitemapNamespace;
  if (entry === undefined || model.root?.kind !== 'urlset' || entry.local !== 'url' || namespaceOf(entry, root) !== sitemapNs) return undefined;
  const locElement = entry.children.find((c) => c.local === 'loc' && namespaceOf(c, root) === sitemapNs);
  let loc: Page['loc'];
  if (locElement !== undefined) {
    const [s, e] = trimmedContent(segment.text, locElement);
    loc = { start: base + s, end: base + e, url: decodeReferences(segment.text.slice(s, e)) };
  }
  const links = entry.children.filter((c) => c.local === 'link' && namespaceOf(c, root) === XHTML_NAMESPACE);
  return { index, base, text: segment.text, entry, loc, links };
}

/** A (decoded) URL as the hreflang rules compare them. */
function comparable(url: string): string {
  return urlKey(url.trim());
}

/**
 * The language code a page's URL carries: a path segment (or host label) that is a valid hreflang, where some
 * link's URL, otherwise alike, has another valid one.
 */
function languageOf(url: string, links: readonly XmlElement[]): string | undefined {
  const own = urlParts(url);
  if (own === undefined) return undefined;
  for (const link of links) {
    const other = urlParts(attributeValue(link, 'href') ?? '');
    if (other === undefined) continue;
    for (const key of ['path', 'host'] as const) {
      const k = onlyDifference(own[key], other[key]);
      if (k >= 0 && describeHreflang(own[key][k]) !== undefined && describeHreflang(other[key][k]) !== undefined) return own[key][k];
    }
  }
  return undefined;
}

function urlParts(url: string): { host: string[]; path: string[] } | undefined {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)/.exec(url.trim());
  return match === null ? undefined : { host: match[1].toLowerCase().split('.'), path: match[2].split('/') };
}

/** The one index where two lists of equal length differ; -1 when they differ in length or not exactly once. */
function onlyDifference(a: readonly string[], b: readonly string[]): number {
  if (a.length !== b.length) return -1;
  let found = -1;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) continue;
    if (found >= 0) return -1;
    found = k;
  }
  return found;
}

function linkLine(prefix: string, hreflang: string, href: string): string {
  return `<${qualified(prefix, 'link')} rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`;
}

/** The line break and indentation before `offset` when only indentation precedes it on its line; '' otherwise. */
function breakBefore(text: string, offset: number): string {
  const match = /(\r?\n)([ \t]*)$/.exec(text.slice(Math.max(0, offset - 200), offset));
  return match === null ? '' : match[1] + match[2];
}
