/** The fast path's extension elements after an entry's core fields: image, video and news blocks and hreflang links,
 * checked by the general path's own rules (vocabulary, checkExtensionValue, hreflang.ts); any problem declines. */
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import type { LocalProblem } from '../rules/catalogue';
import { checkExtensionValue } from '../rules/extensionValues';
import { IMAGE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from '../rules/extensionNamespaces';
import {
  childPlace, extensionChildren, extensionElement, MAX_IMAGES_PER_ENTRY, ValueKind, type ExtensionElement,
} from '../rules/extensionVocabulary';
import { checkDuplicateLanguage, checkLink, checkSelfListed, plainAlternate, urlKey, type LinkAttribute } from '../rules/hreflang';
import type { ValueProblem } from '../rules/valueProblem';
import type { Frame } from './elementFrame';
import { prefixBoundTo } from './namespaceBinding';
import type { Alternate, EntryExtensions, NewsFacts } from './parseState';
import { escapeXml } from './xmlText';

/** The prefixes the root binds to the extensions' namespaces, with the start tags and link shape made of them. */
export interface ExtensionPrefixes {
  image: string | undefined;
  video: string | undefined;
  news: string | undefined;
  xhtml: string | undefined;
  imageTag: string;
  videoTag: string;
  newsTag: string;
  linkTag: string;
  link: RegExp | undefined;
}

/** No markup, no control characters but whitespace, no surrogates or non-characters; quotes and `&` apart. */
const PLAIN = `[^<>&'"\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ud800-\\udfff\\ufffd-\\uffff]`;
/** The same with quotes, which prose holds as plain text. */
const PROSE = `[^<>&\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ud800-\\udfff\\ufffd-\\uffff]`;
const ENTITY = '&(?:amp|apos|quot|lt|gt);';
/** Values whose quotes get unescaped-character (URLs, dates, codes), and prose, where quotes are plain text. */
const STRICT_VALUE = new RegExp(`${PLAIN}*(?:${ENTITY}${PLAIN}*)*`, 'y');
const PROSE_VALUE = new RegExp(`${PROSE}*(?:${ENTITY}${PROSE}*)*`, 'y');
/** A link's href as the core fast path takes a loc: no whitespace but spaces, `&amp;` and `&apos;` only. */
const HREF_CHARS = `[^<>&'"\\x00-\\x1f\\ud800-\\udfff\\ufffd-\\uffff]`;
const HREF = `(?:${HREF_CHARS}|&(?:amp|apos);)${HREF_CHARS}*(?:&(?:amp|apos);${HREF_CHARS}*)*`;

/** The extensions' prefixes in `scope` (the root's), or undefined when it binds none. */
export function extensionPrefixesIn(scope: Frame | null): ExtensionPrefixes | undefined {
  return extensionPrefixes({
    image: prefixBoundTo(IMAGE_NAMESPACE, scope), video: prefixBoundTo(VIDEO_NAMESPACE, scope),
    news: prefixBoundTo(NEWS_NAMESPACE, scope), xhtml: prefixBoundTo(XHTML_NAMESPACE, scope),
  });
}

/** By the prefixes, so that a region's parse (each keystroke's) reuses the shapes and their compiled expression. */
const byPrefixes = new Map<string, ExtensionPrefixes>();

/** The start tags and link shape of the extensions bound to these prefixes; undefined when none is. */
export function extensionPrefixes(bound: { image?: string; video?: string; news?: string; xhtml?: string }): ExtensionPrefixes | undefined {
  const { image, video, news, xhtml } = bound;
  if (image === undefined && video === undefined && news === undefined && xhtml === undefined) return undefined;
  const key = `${image}|${video}|${news}|${xhtml}`;
  let prefixes = byPrefixes.get(key);
  if (prefixes === undefined) {
    const link = xhtml === undefined ? undefined
      : new RegExp(`<${xhtml.replace(/[.]/g, '\\.')}:link rel="alternate" hreflang="[A-Za-z0-9-]+" href="${HREF}"[ \\t\\r\\n]*/>`, 'y');
    prefixes = {
      image, video, news, xhtml, link,
      imageTag: `<${image}:image>`, videoTag: `<${video}:video>`, newsTag: `<${news}:news>`, linkTag: `<${xhtml}:link `,
    };
    if (byPrefixes.size >= 16) byPrefixes.clear();
    byPrefixes.set(key, prefixes);
  }
  return prefixes;
}

/** What scanExtensions found (reused: copy what you keep). */
export const scanned: { end: number; extensions: EntryExtensions | null } = { end: 0, extensions: null };

/** The entry's state while its extension elements are read. */
let images = 0;
let news: NewsFacts | undefined;
/** The entry's alternates so far (reused; the entry keeps an exact-size copy). */
const alternates: Alternate[] = [];
let contentKeys: string[] | undefined;
/** The page's comparison key, once the entry has alternates or a content_loc. */
let pageKey: string | undefined;
const problems: LocalProblem[] = [];
const found: ValueProblem[] = [];

const IMAGE = extensionElement('image', undefined, 'image')!;
const VIDEO = extensionElement('video', undefined, 'video')!;
const NEWS = extensionElement('news', undefined, 'news')!;

/**
 * The extension elements from `at` (the first tag after the core fields) to the entry's `</url>`, of the entry whose
 * loc is `url` at [urlStart, urlEnd); false on anything the general path would report, or not take in one step.
 */
export function scanExtensions(text: string, at: number, prefixes: ExtensionPrefixes, url: string, urlStart: number, urlEnd: number): boolean {
  images = 0;
  news = contentKeys = undefined;
  if (alternates.length !== 0) alternates.length = 0;
  if (problems.length !== 0) problems.length = 0;
  for (;;) {
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== 0x3c /* < */) return false;
    if (text.charCodeAt(at + 1) === 0x2f /* / */) {
      if (!text.startsWith('</url>', at)) return false;
      scanned.end = at + 6;
      break;
    }
    at = takeExtensionElement(text, at, prefixes);
    if (at < 0) return false;
  }
  if (!closeEntry(url, urlStart, urlEnd)) return false;
  // Called with an element after the core fields: the first one made the record, as openExtensionElement makes it.
  const links = alternates.length === 0 ? undefined : alternates.slice();
  scanned.extensions = { images, news, alternates: links, pageKey: links === undefined ? undefined : pageKey, contentLocs: undefined };
  return true;
}

/** One element in the entry, from its `<`: where it ends, or -1. */
function takeExtensionElement(text: string, at: number, prefixes: ExtensionPrefixes): number {
  if (prefixes.xhtml !== undefined && text.startsWith(prefixes.linkTag, at)) return takeLink(text, at, prefixes.xhtml, prefixes.link!);
  if (prefixes.image !== undefined && text.startsWith(prefixes.imageTag, at)) {
    if (++images > MAX_IMAGES_PER_ENTRY) return -1;
    return takeContainer(text, at + prefixes.imageTag.length, prefixes.image, IMAGE);
  }
  if (prefixes.video !== undefined && text.startsWith(prefixes.videoTag, at)) {
    return takeContainer(text, at + prefixes.videoTag.length, prefixes.video, VIDEO);
  }
  if (prefixes.news !== undefined && text.startsWith(prefixes.newsTag, at) && news === undefined) {
    const nameStart = at + 1;
    news = { nameStart, nameEnd: nameStart + prefixes.newsTag.length - 2, time: NaN, dateOnly: false, dateStart: 0, dateEnd: 0 };
    return takeContainer(text, at + prefixes.newsTag.length, prefixes.news, NEWS);
  }
  return -1;
}

/** The entry ends (closeEntryExtensions): its alternates list the page itself; no video's content_loc is the page. */
function closeEntry(url: string, urlStart: number, urlEnd: number): boolean {
  pageKey = undefined;
  if (alternates.length === 0 && contentKeys === undefined) return true;
  pageKey = urlKey(url);
  if (alternates.length !== 0) {
    checkSelfListed(pageKey, alternates, urlStart, urlEnd, problems);
    if (problems.length > 0) return false;
  }
  return contentKeys === undefined || !contentKeys.includes(pageKey);
}

/** A container's children as the fast path reads them: each by its name and `>`, its place's bit, and whether it takes it. */
interface Container {
  element: ExtensionElement;
  children: readonly ContainerChild[];
  /** The bits of the required children (checkRequiredChildren); video also needs content_loc or player_loc. */
  required: number;
}

interface ContainerChild {
  element: ExtensionElement;
  /** The local name and the start tag's `>`: the fast path takes no attribute. */
  nameTag: string;
  bit: number;
  /**
   * False for what the general path always reports: deprecated image children (image-deprecated), restriction and
   * platform without their relationship attribute.
   */
  taken: boolean;
}

const containers = new Map<ExtensionElement, Container>();

function containerOf(element: ExtensionElement): Container {
  let container = containers.get(element);
  if (container === undefined) {
    const listed = extensionChildren(element.extension, element.name);
    let required = 0;
    const children = listed.map((child, place) => {
      if (child.required) required |= 1 << place;
      const taken = !(child.deprecated && child.extension === 'image') && child.attributes?.relationship === undefined;
      return { element: child, nameTag: `${child.name}>`, bit: 1 << place, taken };
    });
    container = { element, children, required };
    containers.set(element, container);
  }
  return container;
}

/**
 * The children of the container `element` from `at` (just after its start tag `<prefix:name>`) to its end tag, each
 * `<prefix:name>` without attributes: where it ends, or -1. Counted as countChild counts them; in the vocabulary,
 * a container's children allowed more than once are of one kind (video:tag), so one counter serves them.
 */
function takeContainer(text: string, at: number, prefix: string, element: ExtensionElement): number {
  const container = containerOf(element);
  let seen = 0;
  let filled = 0;
  let repeated = 0;
  for (;;) {
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== 0x3c /* < */) return -1;
    if (text.charCodeAt(at + 1) === 0x2f /* / */) {
      const end = endTagAt(text, at, prefix, element.name);
      return end >= 0 && hasRequiredChildren(container, filled) ? end : -1;
    }
    const nameStart = at + 2 + prefix.length;
    if (!text.startsWith(prefix, at + 1) || text.charCodeAt(nameStart - 1) !== 0x3a /* : */) return -1;
    const found = childAt(text, nameStart, container);
    if (found === undefined || !found.taken) return -1;
    const child = found.element;
    const bit = found.bit;
    if (child.max === 1) {
      if ((seen & bit) !== 0) return -1;
      seen |= bit;
    } else if (child.max === undefined || ++repeated > child.max) return -1;
    const tagEnd = nameStart + found.nameTag.length;
    if (child.value === ValueKind.None) {
      filled |= bit;
      at = takeContainer(text, tagEnd, prefix, child);
    } else {
      at = takeValue(text, tagEnd, prefix, child);
      if (valueFilled) filled |= bit;
    }
    if (at < 0) return -1;
  }
}

/** The child of `container` whose name and `>` stand at `at`. */
function childAt(text: string, at: number, container: Container): ContainerChild | undefined {
  for (const child of container.children) if (text.startsWith(child.nameTag, at)) return child;
  return undefined;
}

/** What checkRequiredChildren asks of a container (a required child's empty value has declined already). */
function hasRequiredChildren(container: Container, filled: number): boolean {
  if ((filled & container.required) !== container.required) return false;
  return container.element !== VIDEO || (filled & (VIDEO_CONTENT_LOC | VIDEO_PLAYER_LOC)) !== 0;
}

const VIDEO_CONTENT_LOC = 1 << childPlace(extensionElement('video', 'video', 'content_loc')!);
const VIDEO_PLAYER_LOC = 1 << childPlace(extensionElement('video', 'video', 'player_loc')!);

/** Whether the last value takeValue took was not empty (its parent counts it as filled). */
let valueFilled = false;

/**
 * The value of `element` from `at` (just after its start tag) to its end tag, checked as closeExtensionElement checks
 * it: where the end tag ends, or -1.
 */
function takeValue(text: string, at: number, prefix: string, element: ExtensionElement): number {
  const valueEnd = text.indexOf('<', at);
  const end = valueEnd < 0 ? -1 : endTagAt(text, valueEnd, prefix, element.name);
  if (end < 0) return -1;
  const shape = element.value === ValueKind.Text ? PROSE_VALUE : STRICT_VALUE;
  shape.lastIndex = at;
  if (!shape.test(text) || shape.lastIndex !== valueEnd) return -1;
  const raw = text.slice(at, valueEnd);
  const decoded = raw.indexOf('&') < 0 ? raw : decodeReferences(raw);
  const value = decoded.trim();
  valueFilled = value !== '';
  if (!valueFilled) return element.required || element.value !== ValueKind.Text ? -1 : end;
  if (found.length !== 0) found.length = 0;
  const time = checkExtensionValue(element, value, found);
  if (found.length > 0) return -1;
  if (element.extension === 'news' && element.name === 'publication_date' && !Number.isNaN(time)) {
    // A valid date holds no reference: its source offsets are the decoded ones.
    const start = at + decoded.length - decoded.trimStart().length;
    Object.assign(news!, { time, dateOnly: value.length === 10, dateStart: start, dateEnd: start + value.length });
  } else if (element.extension === 'video' && element.name === 'content_loc') {
    (contentKeys ??= []).push(urlKey(escapeXml(value)));
  }
  return end;
}

/** Where the end tag `</prefix:name>` at `at` ends, or -1 when another tag stands there. */
function endTagAt(text: string, at: number, prefix: string, name: string): number {
  const nameStart = at + 3 + prefix.length;
  const end = nameStart + name.length;
  return text.charCodeAt(at + 1) === 0x2f && text.startsWith(prefix, at + 2) && text.charCodeAt(nameStart - 1) === 0x3a
    && text.startsWith(name, nameStart) && text.charCodeAt(end) === 0x3e ? end + 1 : -1;
}

/**
 * A link at `at` in the shape generators write, `<xhtml:link rel="alternate" hreflang="…" href="…"/>`: checked by
 * checkLink and checkDuplicateLanguage as the general path checks it; where it ends, or -1.
 */
function takeLink(text: string, at: number, prefix: string, shape: RegExp): number {
  shape.lastIndex = at;
  if (!shape.test(text)) return -1;
  const end = shape.lastIndex;
  const nameEnd = at + prefix.length + 6;
  // rel="alternate" hreflang="…" href="…", exactly as the shape has them.
  const languageStart = nameEnd + 27;
  const languageEnd = text.indexOf('"', languageStart);
  const hrefStart = languageEnd + 8;
  const hrefEnd = text.indexOf('"', hrefStart);
  const alternate = plainAlternate(text, text.slice(languageStart, languageEnd), languageStart, languageEnd, hrefStart, hrefEnd)
    ?? checkLinkAt(text, at, nameEnd, languageStart, hrefStart);
  if (alternate === undefined) return -1;
  checkDuplicateLanguage(alternate, alternates, problems);
  if (problems.length > 0) return -1;
  alternates.push(alternate);
  return end;
}

/** checkLink on the link at `at`, its attributes read where the shape has them. */
function checkLinkAt(text: string, at: number, nameEnd: number, languageStart: number, hrefStart: number): Alternate | undefined {
  rel.start = nameEnd + 6;
  rel.end = nameEnd + 15;
  attributeAt(text, languageStart, hreflang);
  attributeAt(text, hrefStart, href);
  return checkLink(rel, hreflang, href, at + 1, nameEnd, problems);
}

/** A link's attributes, reused: checkLink keeps none of them (150,000 objects less for the collector per file). */
const rel: LinkAttribute = { value: 'alternate', raw: 'alternate', start: 0, end: 0 };
const hreflang: LinkAttribute = { value: '', raw: '', start: 0, end: 0 };
const href: LinkAttribute = { value: '', raw: '', start: 0, end: 0 };

/** Into `into`: the attribute value starting at `start` and ending at the next `"`, decoded as the parser decodes it. */
function attributeAt(text: string, start: number, into: LinkAttribute): void {
  const end = text.indexOf('"', start);
  const raw = text.slice(start, end);
  into.value = raw.indexOf('&') < 0 ? raw : decodeReferences(raw);
  into.raw = raw;
  into.start = start;
  into.end = end;
}

function skipSpace(text: string, p: number): number {
  for (;;) {
    const c = text.charCodeAt(p);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return p;
    p++;
  }
}
