/** The sitemap extensions inside a `<url>`, checked on the parser's own events against one vocabulary
 * (extensionVocabulary.ts). What the rules beyond the entry need is kept on its segment as EntryExtensions. */
import type { Frame } from '../syntax/elementFrame';
import { Role } from '../syntax/elementFrame';
import type { ValueText } from '../syntax/valueText';
import type { LocalProblem, RuleId } from './catalogue';
import type { EntryExtensions, EntryState } from '../syntax/parseState';
import { extensionByPrefix, extensionOf } from './extensionNamespaces';
import { checkExtensionValue, valueRuleOf } from './extensionValues';
import {
  childPlace, extensionChildren, extensionElement, MAX_IMAGES_PER_ENTRY, RELATIONSHIPS, ValueKind, type ExtensionElement,
} from './extensionVocabulary';
import { checkDuplicateLanguage, checkLink, checkSelfListed, urlKey, type LinkAttribute } from './hreflang';
import type { ValueProblem } from './valueProblem';
import { escapeXml } from '../syntax/xmlText';

/** The start tag's attributes as the parser read them, for the few extension elements that have any. */
export interface TagAttributes {
  /** The attribute named `name` (unprefixed), decoded, or undefined. */
  get(name: string): LinkAttribute | undefined;
}

/** Scratch space for value problems. */
const found: ValueProblem[] = [];

/**
 * An element `frame` in an entry, or in an extension element `parent`, whose namespace is an extension's: takes the
 * role Extension (unless its namespace is none of the extensions') and reports what its name and attributes decide.
 */
export function openExtensionElement(
  frame: Frame, parent: Frame | undefined, entry: EntryState, tagEnd: number, attributes: TagAttributes, value: ValueText, problems: LocalProblem[],
): void {
  const extension = extensionOf(frame.ns);
  if (extension === undefined) {
    if (parent === undefined) checkMeantExtension(frame, problems);
    return;
  }
  const parentElement = parent?.extension;
  const element = parentElement === undefined || parentElement.extension === extension
    ? extensionElement(extension, parentElement?.name, frame.local) : undefined;
  if (element === undefined) {
    const where = parentElement === undefined ? '<url>' : `<${parent!.qname}>`;
    problems.push({ rule: 'unknown-element', start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> is not an element of the ${extension} extension in ${where}.` });
    return;
  }
  frame.role = Role.Extension;
  frame.extension = element;
  frame.extensionParent = parent ?? null;
  frame.entry = entry;
  const ext = (entry.extensions ??= { images: 0, news: undefined, alternates: undefined, pageKey: undefined, contentLocs: undefined });
  if (parent !== undefined) countChild(parent, element, frame, problems);
  else openTopLevel(element, frame, ext, attributes, problems);
  if (element.deprecated && element.extension === 'image') {
    problems.push({ rule: 'image-deprecated', start: frame.nameStart, end: frame.nameEnd, message: `Search engines no longer read <${frame.qname}> (since 2022): it can go.` });
  }
  if (element.attributes?.relationship !== undefined) checkRelationship(attributes, frame, problems);
  if (element.value !== ValueKind.None) {
    frame.value = value;
    value.reset(tagEnd, element.value !== ValueKind.Text);
  }
}

/**
 * `extension-namespace` for an element that is clearly an extension's (its prefix and name are the extension's own:
 * `<image:image>`, `<video:video>`, `<news:news>`, `<xhtml:link>`) under a namespace that is none of them: reported
 * on its prefix, like an undeclared one, as the declaration lies in another part of the file.
 */
function checkMeantExtension(frame: Frame, problems: LocalProblem[]): void {
  const colon = frame.qname.length - frame.local.length - 1;
  if (colon <= 0 || frame.ns === undefined) return;
  const meant = extensionByPrefix(frame.qname.slice(0, colon));
  if (meant === undefined || extensionElement(meant.name, undefined, frame.local) === undefined) return;
  const at = frame.nameStart;
  problems.push({ rule: 'extension-namespace', start: at, end: at + colon, message: `The prefix "${meant.name}" is bound to another namespace than the ${meant.name} extension's, "${meant.uri}": consumers ignore this element.` });
}

function openTopLevel(element: ExtensionElement, frame: Frame, ext: EntryExtensions, attributes: TagAttributes, problems: LocalProblem[]): void {
  if (element.extension === 'image') {
    if (++ext.images === MAX_IMAGES_PER_ENTRY + 1) {
      problems.push({ rule: 'too-many-images', start: frame.nameStart, end: frame.nameEnd, message: `More than ${MAX_IMAGES_PER_ENTRY} images in one <url>: search engines read the first ${MAX_IMAGES_PER_ENTRY}.` });
    }
  } else if (element.extension === 'news') {
    ext.news ??= { nameStart: frame.nameStart, nameEnd: frame.nameEnd, time: NaN, dateOnly: false, dateStart: 0, dateEnd: 0 };
  } else if (element.extension === 'xhtml') {
    const alternate = checkLink(attributes.get('rel'), attributes.get('hreflang'), attributes.get('href'), frame.nameStart, frame.nameEnd, problems);
    if (alternate !== undefined) {
      const alternates = (ext.alternates ??= []);
      checkDuplicateLanguage(alternate, alternates, problems);
      alternates.push(alternate);
    }
  }
}

/** Counts a child in its extension parent: a second one where one is allowed, one more than a limit. */
function countChild(parent: Frame, element: ExtensionElement, frame: Frame, problems: LocalProblem[]): void {
  const place = childPlace(element);
  const counts = (parent.childCounts ??= new Array<number>(extensionChildren(element.extension, element.parent).length).fill(0));
  const count = ++counts[place];
  if (element.max === 1 && count === 2) {
    problems.push({ rule: 'duplicate-element', start: frame.nameStart, end: frame.nameEnd, message: `A second <${frame.qname}> in one <${parent.qname}>.` });
  } else if (element.max !== undefined && count === element.max + 1) {
    problems.push({ rule: 'video-invalid-value', start: frame.nameStart, end: frame.nameEnd, message: `More than ${element.max} <${frame.qname}> in one <${parent.qname}>.` });
  }
  if (element.value === ValueKind.None) parent.childrenFilled |= 1 << place;
}

/** `relationship="allow|deny"` on video:restriction and video:platform. */
function checkRelationship(attributes: TagAttributes, frame: Frame, problems: LocalProblem[]): void {
  const relationship = attributes.get('relationship');
  if (relationship === undefined) {
    problems.push({ rule: 'video-invalid-value', start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> needs relationship="allow" or relationship="deny".` });
  } else if (!RELATIONSHIPS.includes(relationship.value.trim())) {
    problems.push({ rule: 'video-invalid-value', start: relationship.start, end: relationship.end, message: 'The relationship is "allow" or "deny".' });
  }
}

/** An extension element closes: its value is checked, and a container's required children. */
export function closeExtensionElement(frame: Frame, problems: LocalProblem[]): void {
  const element = frame.extension!;
  if (frame.value !== null) {
    checkValue(frame, element, frame.value, problems);
    frame.value = null;
  }
  checkRequiredChildren(frame, element, problems);
}

function checkValue(frame: Frame, element: ExtensionElement, value: ValueText, problems: LocalProblem[]): void {
  const raw = value.value;
  const start = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (text === '') {
    checkEmptyValue(frame, element, problems);
    return;
  }
  if (frame.extensionParent !== null) frame.extensionParent.childrenFilled |= 1 << childPlace(element);
  if (found.length !== 0) found.length = 0;
  const time = checkExtensionValue(element, text, found);
  for (const p of found) {
    problems.push({ rule: p.rule, start: value.sourceStart(start + p.start), end: value.sourceEnd(start + p.end), message: p.message });
  }
  const ext = frame.entry!.extensions!;
  const valueStart = value.sourceStart(start);
  const valueEnd = value.sourceEnd(start + text.length);
  if (element.extension === 'news' && element.name === 'publication_date' && ext.news !== undefined && !Number.isNaN(time)) {
    Object.assign(ext.news, { time, dateOnly: text.length === 10, dateStart: valueStart, dateEnd: valueEnd });
  } else if (element.extension === 'video' && element.name === 'content_loc') {
    (ext.contentLocs ??= []).push({ key: urlKey(escapeXml(text)), start: valueStart, end: valueEnd });
  }
}

/**
 * An empty (or whitespace-only) value: a required one is reported on itself, under the rule that reports it missing,
 * and counts as present so that its parent does not call it missing too; an optional one is a bad value, unless plain
 * text.
 */
function checkEmptyValue(frame: Frame, element: ExtensionElement, problems: LocalProblem[]): void {
  if (element.required) {
    if (frame.extensionParent !== null) frame.extensionParent.childrenFilled |= 1 << childPlace(element);
    problems.push({ rule: missingRuleOf(element), start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> is empty: it needs a value.` });
  } else if (element.value !== ValueKind.Text) {
    problems.push({ rule: valueRuleOf(element), start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> is empty.` });
  }
}

function missingRuleOf(element: ExtensionElement): RuleId {
  return element.extension === 'image' ? 'image-missing-loc' : element.extension === 'video' ? 'video-missing-required' : 'news-missing-required';
}

/** What each container requires, and the rule that reports what it lacks. */
function checkRequiredChildren(frame: Frame, element: ExtensionElement, problems: LocalProblem[]): void {
  if (element.value !== ValueKind.None) return;
  const children = extensionChildren(element.extension, element.name);
  if (children.length === 0) return;
  let missing: string[] | undefined;
  children.forEach((child, place) => {
    if (child.required && (frame.childrenFilled & (1 << place)) === 0) (missing ??= []).push(child.name);
  });
  if (element.extension === 'video' && (frame.childrenFilled & (bitOf(children, 'content_loc') | bitOf(children, 'player_loc'))) === 0) {
    (missing ??= []).push('content_loc or player_loc');
  }
  if (missing === undefined) return;
  const rule = missingRuleOf(element);
  const prefix = frame.qname.length > frame.local.length ? frame.qname.slice(0, frame.qname.length - frame.local.length) : '';
  problems.push({ rule, start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> lacks ${missing.map((name) => `<${prefix}${name}>`).join(', ')}.` });
}

function bitOf(children: readonly ExtensionElement[], name: string): number {
  return 1 << children.findIndex((child) => child.name === name);
}

/** When the entry ends: its alternates include the page itself; no video's content_loc is the page. */
export function closeEntryExtensions(entry: EntryState, problems: LocalProblem[]): void {
  const ext = entry.extensions;
  if (ext === null || entry.url === undefined) return;
  if (ext.alternates === undefined && ext.contentLocs === undefined) return;
  const pageKey = urlKey(entry.url);
  if (ext.alternates !== undefined) {
    ext.pageKey = pageKey;
    checkSelfListed(pageKey, ext.alternates, entry.urlStart, entry.urlEnd, problems);
  }
  for (const content of ext.contentLocs ?? []) {
    if (content.key === pageKey) {
      problems.push({ rule: 'video-invalid-value', start: content.start, end: content.end, message: 'content_loc is the URL of the video file, not of the page: use player_loc for a page that plays it, or leave it out.' });
    }
  }
}

/** The entry's extension facts with offsets made relative to its segment (by `-start`). */
export function shiftExtensions(ext: EntryExtensions, start: number): EntryExtensions {
  if (ext.news !== undefined) {
    ext.news.nameStart -= start;
    ext.news.nameEnd -= start;
    if (!Number.isNaN(ext.news.time)) {
      ext.news.dateStart -= start;
      ext.news.dateEnd -= start;
    }
  }
  for (const a of ext.alternates ?? []) {
    a.languageStart -= start;
    a.languageEnd -= start;
    a.hrefStart -= start;
    a.hrefEnd -= start;
  }
  ext.contentLocs = undefined;
  return ext;
}
