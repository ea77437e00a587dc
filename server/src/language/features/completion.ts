/** Context-aware completion from the one segment under the cursor (structure.ts) and the root's start tag, never a scan
 * of the document. Items are data (text, offsets); the protocol layer makes LSP items of them. Snippets are items
 * too, offered only where they fit: VS Code cannot filter statically contributed snippets by context. */
import type { CompletionItemData, CompletionOptions, CompletionResult, OffsetEdit, TimeZoneOffset } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { isNameChar, isWhitespace } from '../syntax/textMetrics';
import { SegmentKind } from '../model/segment';
import { childOrder } from '../rules/entryRules';
import { checkUrl } from '../rules/url';
import { escapeXml } from '../syntax/xmlText';
import { localDate, localDateTime, systemTimeZoneOffset, utcDateTime } from './clock';
import {
  elementAt, enclosingElement, indentUnit, inOpaque, lineIndentation, locate, namespaceOf, prefixFor,
  rootStructure, sitemapName, sliceText, structureOf, trimmedContent, type RootStructure, type SegmentPosition, type XmlElement,
} from './structure';
import { SNIPPETS, type SitemapSnippet } from './snippets';
import { completeRobotsDirective } from './robotsTxtFeatures';
import { CHANGEFREQ_MEANINGS, ROOT_NAMESPACES, SITEMAP_ELEMENTS, XHTML_NAMESPACE, XSI_NAMESPACE, schemaLocation } from './vocabulary';
import { extensionByPrefix } from '../rules/extensionNamespaces';
import { EXTENSION_ELEMENTS, ValueKind, type ExtensionElement } from '../rules/extensionVocabulary';
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import { attributeValue, declarationOnRoot, describeHreflang, extensionElementOf, markdownSummary } from './extensionAuthoring';
import { urlKey } from '../rules/hreflang';
import { extensionAttributeItems, extensionChildItems, extensionValueItems, type InsertPlace } from './extensionCompletion';
import { baseUrl, urlItems } from './urlCompletion';

const NONE: CompletionResult = { items: [], isIncomplete: false };

type Container =
  | { kind: 'document' }
  | { kind: 'root' }
  | { kind: 'entry'; element: XmlElement }
  | { kind: 'field'; element: XmlElement; local: string }
  | { kind: 'extension'; element: XmlElement; definition: ExtensionElement }
  | { kind: 'other'; element: XmlElement }
  | { kind: 'outside' };

interface Request {
  model: SitemapModel;
  at: SegmentPosition;
  root: RootStructure;
  options: CompletionOptions;
  now: number;
  zone: TimeZoneOffset;
}

export function complete(model: SitemapModel, offset: number, options: CompletionOptions = {}): CompletionResult {
  const request = (at: SegmentPosition): Request => ({
    model, at, root: rootStructure(model), options, now: options.now ?? Date.now(), zone: options.timeZoneOffset ?? systemTimeZoneOffset,
  });
  if (model.languageId === 'sitemap-txt') return completeTextLine(request(locate(model, offset, false)));
  if (model.languageId === 'robots-txt') return { items: completeRobotsDirective(model, offset), isIncomplete: false };
  const req = request(locate(model, offset, true));
  const { at } = req;
  const text = at.segment.text;
  const structure = structureOf(at.segment);
  const r = at.offset;
  if (inOpaque(structure, r)) return NONE;

  let p = r;
  while (p > 0 && isNameChar(text.charCodeAt(p - 1))) p--;
  let q = r;
  while (q < text.length && isNameChar(text.charCodeAt(q))) q++;
  const before = p > 0 ? text.charCodeAt(p - 1) : -1;

  if (before === 0x2f /* / */ && p > 1 && text.charCodeAt(p - 2) === 0x3c /* < */) {
    return { items: closingTagItems(req, containerAt(req, p - 2), p, q, text.charCodeAt(q) !== 0x3e), isIncomplete: false };
  }
  if (before === 0x3c /* < */) {
    const container: Container = typingRoot(req, p - 1, q) ? { kind: 'document' } : containerAt(req, p - 1);
    return { items: elementItems(req, container, p, q, false), isIncomplete: false };
  }
  const tag = startTagAt(req, r);
  if (tag !== undefined) return attributeItems(req, tag, r, p, q);
  const extensionTag = extensionTagAt(req, r);
  if (extensionTag !== undefined) {
    return { items: extensionAttributeItems(extensionTag.definition, extensionTag.element, text, r, p, q, at.base), isIncomplete: false };
  }
  if (insideTag(structure.elements, r)) return NONE;
  const container = containerAt(req, r);
  if (container.kind === 'field') return valueItems(req, container.element, container.local);
  if (container.kind === 'extension' && container.definition.value !== ValueKind.None) {
    return { items: extensionValueItems(container.definition, text, trimmedContent(text, container.element), r, at.base), isIncomplete: false };
  }
  const items = elementItems(req, container, p, q, true);
  const closing = closingFor(req, container);
  if (closing !== undefined) {
    items.push({
      label: `</${closing}>`, kind: 'closingTag', insertText: `</${closing}>`, snippet: false, start: at.base + p, end: at.base + q,
      sortText: '9', filterText: `</${closing}>`, detail: 'Close the element',
    });
  }
  return { items, isIncomplete: false };
}

// ---------------------------------------------------------------- where the cursor is

/** What holds the (segment-relative) position `pos`. */
function containerAt(req: Request, pos: number): Container {
  const { at, root } = req;
  const structure = structureOf(at.segment);
  const element = enclosingElement(structure.elements, pos);
  if (element === undefined) {
    if (at.segment.kind === SegmentKind.Head) return { kind: 'document' };
    if (at.segment.kind === SegmentKind.Tail) {
      const end = root.endTagStart;
      return root.element === undefined || (end >= 0 && at.base + pos > end) ? { kind: 'outside' } : { kind: 'root' };
    }
    return { kind: 'root' };
  }
  if (at.segment.kind === SegmentKind.Head && element === root.element) return { kind: 'root' };
  const rootKind = req.model.root?.kind;
  if (rootKind !== 'urlset' && rootKind !== 'sitemapindex') return { kind: 'other', element };
  const entryName = rootKind === 'urlset' ? 'url' : 'sitemap';
  const sitemapNs = req.model.root?.sitemapNamespace;
  const isSitemap = (e: XmlElement): boolean => namespaceOf(e, root) === sitemapNs;
  if (element.parent === undefined && at.segment.kind === SegmentKind.Element) {
    return element.local === entryName && isSitemap(element) ? { kind: 'entry', element } : { kind: 'other', element };
  }
  const parent = element.parent;
  if (parent !== undefined && parent.parent === undefined && parent.local === entryName && isSitemap(parent) && isSitemap(element)) {
    if (childOrder(rootKind).includes(element.local)) return { kind: 'field', element, local: element.local };
  }
  const definition = rootKind === 'urlset' ? extensionElementOf(element, root, sitemapNs) : undefined;
  return definition !== undefined ? { kind: 'extension', element, definition } : { kind: 'other', element };
}

/** The extension element whose start tag holds `r` after its name (where its attributes go). */
function extensionTagAt(req: Request, r: number): { element: XmlElement; definition: ExtensionElement } | undefined {
  if (req.at.segment.kind !== SegmentKind.Element || req.model.root?.kind !== 'urlset') return undefined;
  const element = elementAt(structureOf(req.at.segment).elements, r);
  if (element === undefined) return undefined;
  const tagEnd = element.startTagClosed ? element.startTagEnd - (element.selfClosing ? 2 : 1) : element.startTagEnd;
  if (!(r > element.nameEnd && r <= tagEnd)) return undefined;
  const definition = extensionElementOf(element, req.root, req.model.root.sitemapNamespace);
  return definition === undefined ? undefined : { element, definition };
}

/** The root's start tag when `r` lies inside it after its name (where attributes go). */
function startTagAt(req: Request, r: number): XmlElement | undefined {
  const element = req.root.element;
  if (req.at.segment.kind !== SegmentKind.Head || element === undefined) return undefined;
  const tagEnd = element.startTagClosed ? element.startTagEnd - (element.selfClosing ? 2 : 1) : element.startTagEnd;
  return r > element.nameEnd && r <= tagEnd ? element : undefined;
}

/** Whether `r` lies inside some start or end tag (where only the root's attributes are completed). */
function insideTag(elements: readonly XmlElement[], r: number): boolean {
  const element = elementAt(elements, r);
  if (element === undefined) return false;
  if (r > element.start && r < element.startTagEnd) return true;
  return element.endTagStart >= 0 && r > element.endTagStart && r < element.end;
}

function closingFor(req: Request, container: Container): string | undefined {
  if (container.kind === 'entry' || container.kind === 'other' || container.kind === 'extension') {
    return container.element.endTagStart < 0 ? container.element.qname : undefined;
  }
  if (container.kind === 'root' && req.root.element !== undefined && req.root.endTagStart < 0 && req.at.segment.kind !== SegmentKind.Head) {
    return req.root.element.qname;
  }
  return undefined;
}

// ---------------------------------------------------------------- elements

/**
 * Elements allowed in `container`. With `withBracket` the items insert the whole tag (content position); without,
 * the `<` is already typed.
 */
function elementItems(req: Request, container: Container, p: number, q: number, withBracket: boolean): CompletionItemData[] {
  const { at, model, root } = req;
  const start = at.base + p;
  const end = at.base + q;
  const indent = lineIndentation(model, at.base + p);
  const unit = indentUnit(model);
  const open = withBracket ? '<' : '';
  const items: CompletionItemData[] = [];
  const block = (lines: string[]): string => indentLines(lines, indent, unit);
  // A snippet's lines after what is typed already (its `<` when the tag was started).
  const insert = (lines: string[]): string => open + block([lines[0].slice(1), ...lines.slice(1)]);
  const kind = model.root?.kind;

  if (container.kind === 'document') return fileItems(req, withBracket ? start : start - 1, end);

  if (container.kind === 'root') {
    if (kind !== 'urlset' && kind !== 'sitemapindex') return items;
    for (const snippet of SNIPPETS) {
      if (snippet.place !== kind) continue;
      // The entry itself is labelled by its element, in the root's prefix; `url-full` by its snippet prefix.
      const entry = snippet.prefix === 'url' || snippet.prefix === 'sitemap';
      const label = entry ? sitemapName(root, snippet.prefix) : snippet.prefix;
      items.push({
        label, kind: 'entry', detail: snippet.name, documentation: snippet.description,
        insertText: insert(render(req, snippet, root.element?.prefix ?? '')), snippet: true, start, end,
        sortText: entry ? '0' : '1', filterText: filter(withBracket, label), preselect: entry || undefined,
      });
    }
    return items;
  }

  if (container.kind === 'extension') return extensionChildItems(container.definition, container.element, { start, end, open, block });
  if (container.kind !== 'entry') return items;
  // Not the tag being typed (`<lastm|`): it is no field yet.
  const fields = fieldsOfEntry(req, container.element).filter((field) => withBracket || field.element.start !== p - 1);
  items.push(...fieldItems(req, container.element, fields, p, { start, end, open, block }));
  // Extensions follow the sitemap's own children (element-order).
  if (kind !== 'urlset' || fields.some((field) => field.rank >= 0 && field.element.start >= p)) return items;
  return [...items, ...extensionBlockItems(req, container.element, { start, end, open, block })];
}

interface EntryField {
  element: XmlElement;
  /** Its place in the schema's order (childOrder); -1 for an element of another namespace. */
  rank: number;
}

/** The entry's children: its sitemap fields with their ranks, and the elements of other namespaces (rank -1). */
function fieldsOfEntry(req: Request, entry: XmlElement): EntryField[] {
  const order = childOrder(req.model.root?.kind === 'urlset' ? 'urlset' : 'sitemapindex');
  const sitemapNs = req.model.root?.sitemapNamespace;
  return entry.children.map((element) => ({ element, rank: namespaceOf(element, req.root) === sitemapNs ? order.indexOf(element.local) : -1 }))
    .filter((field) => field.rank >= 0 || namespaceOf(field.element, req.root) !== sitemapNs);
}

/**
 * The entry's missing fields: one that fits at the cursor in schema order is inserted there; one that does not is
 * inserted where the schema puts it by an additional edit, so that accepting `lastmod` after `<priority>` does not
 * raise element-order. Every LSP client applies additional edits; the cursor stays.
 */
function fieldItems(req: Request, entry: XmlElement, fields: readonly EntryField[], p: number, place: InsertPlace): CompletionItemData[] {
  const { root } = req;
  const before = fields.filter((field) => field.element.end <= p);
  const after = fields.filter((field) => field.element.start >= p && field.rank >= 0);
  const lowest = Math.max(-1, ...before.map((field) => field.rank));
  const highest = Math.min(Infinity, ...after.map((field) => field.rank));
  const foreignBefore = before.some((field) => field.rank < 0);
  const items: CompletionItemData[] = [];
  childOrder(req.model.root?.kind === 'urlset' ? 'urlset' : 'sitemapindex').forEach((local, rank) => {
    if (fields.some((field) => field.rank === rank)) return;
    const name = sitemapName(root, local);
    const item: CompletionItemData = {
      label: name, kind: 'element', detail: local === 'loc' ? 'Required' : 'Optional', documentation: SITEMAP_ELEMENTS[local].summary,
      insertText: `${place.open}${name}>${fieldPlaceholder(req, local)}</${name}>$0`, snippet: true, start: place.start, end: place.end,
      sortText: `0${rank}`, filterText: filter(place.open === '<', name),
    };
    if (rank <= lowest || rank >= highest || foreignBefore) {
      // The typed `<` goes too (the range must stay on the cursor's line and hold it, which it does).
      const start = place.open === '<' ? place.start : place.start - 1;
      Object.assign(item, {
        detail: `${item.detail}; inserted in schema order`, insertText: '', snippet: false, start, filterText: `<${name}`,
        additionalEdits: [schemaPlaceEdit(req, entry, fields, rank, `<${name}>${fieldValue(req, local)}</${name}>`)],
      });
    }
    items.push(item);
  });
  return items;
}

/**
 * Inserts `element` after the last field that precedes it in the schema's order, else before the first that follows
 * it: on a line of its own when that field has one, beside it in an entry written on one line.
 */
function schemaPlaceEdit(req: Request, entry: XmlElement, fields: readonly EntryField[], rank: number, element: string): OffsetEdit {
  const { model, at } = req;
  const sitemapFields = fields.filter((field) => field.rank >= 0);
  const ownLine = (offset: number): string | undefined => {
    const indentation = lineIndentation(model, offset);
    return model.lineStart(model.positionAt(offset).line) + indentation.length === offset ? indentation : undefined;
  };
  const previous = sitemapFields.filter((field) => field.rank < rank).at(-1);
  if (previous !== undefined) {
    const offset = at.base + previous.element.end;
    const indentation = ownLine(at.base + previous.element.start);
    return { start: offset, end: offset, text: indentation === undefined ? element : `\n${indentation}${element}` };
  }
  const next = sitemapFields.find((field) => field.rank > rank) ?? fields[0];
  if (next !== undefined) {
    const offset = at.base + next.element.start;
    const indentation = ownLine(offset);
    return { start: offset, end: offset, text: indentation === undefined ? element : `${element}\n${indentation}` };
  }
  const offset = at.base + entry.startTagEnd;
  return { start: offset, end: offset, text: `\n${lineIndentation(model, at.base + entry.start)}${indentUnit(model)}${element}` };
}

/**
 * The extension elements that stand in a `<url>` (the vocabulary's top-level ones), each as its snippet, in the
 * prefix the root binds its namespace to; under the conventional prefix, declared on the root with the item, when
 * the root binds none. An element at its most per `<url>` is not offered again.
 */
function extensionBlockItems(req: Request, entry: XmlElement, place: InsertPlace): CompletionItemData[] {
  const { root } = req;
  const counts = new Map<string, number>();
  for (const child of entry.children) {
    const key = `${namespaceOf(child, root)} ${child.local}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const insert = (lines: string[]): string => place.open + place.block([lines[0].slice(1), ...lines.slice(1)]);
  const items: CompletionItemData[] = [];
  EXTENSION_ELEMENTS.filter((definition) => definition.parent === undefined).forEach((definition, rank) => {
    const uri = extensionByPrefix(definition.extension)!.uri;
    const snippet = SNIPPETS.find((s) => s.place === 'url' && s.namespace === uri);
    const declared = prefixFor(root, uri);
    if (snippet === undefined || declared === '' || (counts.get(`${uri} ${definition.name}`) ?? 0) >= (definition.max ?? Infinity)) return;
    const declaration = declared === undefined ? declarationOnRoot(req.model, root, definition.extension, uri) : undefined;
    if (declared === undefined && declaration === undefined) return;
    const prefix = declared ?? definition.extension;
    const name = `${prefix}:${definition.name}`;
    const served = definition.extension === 'xhtml' ? pageLinks(req, entry, snippet) : { snippet, variables: {} };
    items.push({
      label: name, kind: 'element', detail: declaration === undefined ? 'Extension' : `Extension; declares xmlns:${prefix} on the root`,
      documentation: markdownSummary(definition.summary),
      insertText: insert(render(req, served.snippet, prefix, served.variables)),
      snippet: true, start: place.start, end: place.end, sortText: `1${rank}`,
      // `hreflang` finds the `xhtml:link` block too.
      filterText: filter(place.open === '<', name) + (snippet.prefix === definition.name ? '' : ` ${snippet.prefix}`),
      additionalEdits: declaration === undefined ? undefined : [declaration],
    });
  });
  return items;
}

/** Languages an hreflang snippet proposes for the alternate, the first one not linked yet. */
const ALTERNATE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja'];

/**
 * The hreflang snippet for `entry`, listing the page itself: the self link's href is the entry's `<loc>` (the line is
 * left out when a link to it is there already), its hreflang a guess from the URL's first path segment (`/de/…` →
 * `de`, else `en`); the alternate takes a language not linked yet, at the URL with that segment swapped.
 */
function pageLinks(req: Request, entry: XmlElement, snippet: SitemapSnippet): { snippet: SitemapSnippet; variables: Record<string, string> } {
  const { root } = req;
  const text = req.at.segment.text;
  const loc = entry.children.find((child) => child.local === 'loc' && namespaceOf(child, root) === req.model.root?.sitemapNamespace);
  const page = loc === undefined ? '' : decodeReferences(text.slice(...trimmedContent(text, loc)));
  const parts = checkUrl(page, []);
  const links = entry.children.filter((child) => child.local === 'link' && namespaceOf(child, root) === XHTML_NAMESPACE);
  const used = new Set(links.map((link) => attributeValue(link, 'hreflang')?.toLowerCase().slice(0, 2)));
  const segment = parts === undefined ? null : /^[^:/?#]+:\/\/[^/?#]*\/([A-Za-z]{2}(?:-[A-Za-z]{2,4})?)(?=[/?#]|$)/.exec(page);
  const guessed = segment !== null && describeHreflang(segment[1]) !== undefined ? segment[1] : undefined;
  const self = guessed ?? 'en';
  const other = ALTERNATE_LANGUAGES.find((code) => code !== self.slice(0, 2).toLowerCase() && !used.has(code)) ?? 'de';
  const otherUrl = parts === undefined ? `https://www.example.com/${other}/`
    : guessed !== undefined ? page.slice(0, segment!.index + segment![0].length - guessed.length) + other + page.slice(segment!.index + segment![0].length)
      : `${parts.origin}/${other}/`;
  const value = (s: string): string => snippetEscape(escapeXml(s));
  const hasSelf = parts !== undefined && links.some((link) => urlKey(attributeValue(link, 'href') ?? '') === urlKey(page.trim()));
  return {
    snippet: hasSelf ? { ...snippet, body: snippet.body.slice(1) } : snippet,
    variables: {
      PAGE_URL: parts === undefined ? '${4:https://www.example.com/}' : value(page), PAGE_HREFLANG: self,
      ALTERNATE_HREFLANG: other, ALTERNATE_URL: value(otherUrl),
    },
  };
}

/** Lines after the first start at `indent`; each leading `\t` becomes one `unit`. */
function indentLines(lines: readonly string[], indent: string, unit: string): string {
  return lines.map((line, k) => (k === 0 ? line : indent + line.replace(/^\t+/, (tabs) => unit.repeat(tabs.length)))).join('\n');
}

/**
 * A snippet's lines as served here: today's date, the base URL in `<loc>`, element names in `prefix` ('' keeps them),
 * `variables` (snippet text) in place of `${NAME:default}`.
 */
function render(req: Request, snippet: SitemapSnippet, prefix: string, variables: Readonly<Record<string, string>> = {}): string[] {
  const [year, month, day] = localDate(req.now, req.zone).split('-');
  const base = snippet.place === 'url' ? undefined : baseUrl(req.model, req.options);
  const body = snippet.body.join('\n');
  return snippet.body.map((line) => {
    let out = line.replace(/\$CURRENT_(YEAR|MONTH|DATE)\b/g, (_, part: string) => (part === 'YEAR' ? year : part === 'MONTH' ? month : day))
      .replace(/\$\{([A-Z][A-Z_]*):([^{}]*)\}/g, (_, name: string, fallback: string) => variables[name] ?? fallback);
    // With a base URL the cursor goes after it, so the user types the path; a mirrored one (`href="$1"`) stays whole.
    if (base !== undefined) {
      out = out.replace(/<loc>\$\{(\d+):[^}]*\}<\/loc>/, (_, n: string) => {
        const url = snippetEscape(escapeXml(base));
        return new RegExp(`\\$${n}(?!\\d)`).test(body) ? `<loc>\${${n}:${url}}</loc>` : `<loc>${url}$${n}</loc>`;
      });
    }
    if (prefix === '') return out;
    return snippet.place === 'url' ? out.replace(/<(\/?)[\w.-]+:/g, `<$1${prefix}:`) : out.replace(/<(\/?)(?=[a-z])/g, `<$1${prefix}:`);
  });
}

/** Whole-file snippets replacing [start, end), only when the rest of the document is empty. */
function fileItems(req: Request, start: number, end: number): CompletionItemData[] {
  const { model } = req;
  if (!isEmptyApart(model, start, end)) return [];
  // An XML declaration must come first: the snippets bring theirs only to the very start.
  const first = /^\uFEFF?$/.test(sliceText(model, 0, start));
  const indent = lineIndentation(model, start);
  const unit = indentUnit(model);
  return SNIPPETS.filter((snippet) => snippet.place === 'document').map((snippet, rank): CompletionItemData => {
    const lines = render(req, snippet, '');
    return {
      label: snippet.prefix, kind: 'root', detail: snippet.name, documentation: snippet.description,
      insertText: indentLines(first || !lines[0].startsWith('<?xml') ? lines : lines.slice(1), indent, unit), snippet: true,
      start, end, sortText: `0${String(rank).padStart(2, '0')}`, filterText: `<${snippet.prefix}`,
    };
  });
}

/** A document this long is not empty, whatever it holds. */
const EMPTY_DOCUMENT_LIMIT = 65_536;

/**
 * Whether the document holds, apart from [start, end), only a prolog before it (whitespace, a byte order mark,
 * the XML declaration, comments, processing instructions, a DOCTYPE) and whitespace after it.
 */
function isEmptyApart(model: SitemapModel, start: number, end: number): boolean {
  if (model.length > EMPTY_DOCUMENT_LIMIT) return false;
  const text = sliceText(model, 0, model.length);
  for (let i = end; i < text.length; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  // Without a root the head holds the document, so its structure's offsets are absolute.
  const opaque = structureOf(model.segments[0]).opaque;
  let k = 0;
  for (let i = 0; i < start; i++) {
    while (k < opaque.length && opaque[k + 1] <= i) k += 2;
    if (k < opaque.length && opaque[k] <= i) continue;
    const c = text.charCodeAt(i);
    if (!isWhitespace(c) && !(i === 0 && c === 0xfeff)) return false;
  }
  return true;
}

/** Whether the `<` at `lt` (in the head) starts the root's name, typed up to `q` and nothing after: the document is still empty. */
function typingRoot(req: Request, lt: number, q: number): boolean {
  const element = req.root.element;
  return req.at.segment.kind === SegmentKind.Head && element !== undefined && element.start === lt && element.nameEnd === q
    && !element.startTagClosed && element.attributes.length === 0;
}

function filter(withBracket: boolean, name: string): string {
  return withBracket ? `<${name}` : name;
}

/** fieldPlaceholder's default as plain text, for an additional edit (which takes no snippet). */
function fieldValue(req: Request, local: string): string {
  switch (local) {
    case 'loc':
      return escapeXml(baseUrl(req.model, req.options) ?? '');
    case 'lastmod':
      return localDate(req.now, req.zone);
    case 'changefreq':
      return 'weekly';
    default:
      return '0.5';
  }
}

function fieldPlaceholder(req: Request, local: string): string {
  switch (local) {
    case 'loc':
      return `${snippetEscape(baseUrl(req.model, req.options) ?? '')}$1`;
    case 'lastmod':
      return `\${1:${localDate(req.now, req.zone)}}`;
    case 'changefreq':
      return '${1:weekly}';
    default:
      return '${1:0.5}';
  }
}

function closingTagItems(req: Request, container: Container, p: number, q: number, addBracket: boolean): CompletionItemData[] {
  let name: string | undefined;
  if (container.kind === 'entry' || container.kind === 'field' || container.kind === 'other' || container.kind === 'extension') name = container.element.qname;
  else if (container.kind === 'root') name = req.root.element?.qname;
  if (name === undefined) return [];
  return [{
    label: `</${name}>`, kind: 'closingTag', insertText: name + (addBracket ? '>' : ''), snippet: false,
    start: req.at.base + p, end: req.at.base + q, filterText: name, sortText: '0', detail: 'Close the element',
  }];
}

// ---------------------------------------------------------------- root attributes

function attributeItems(req: Request, element: XmlElement, r: number, p: number, q: number): CompletionResult {
  const { at } = req;
  const kind = req.model.root?.kind === 'sitemapindex' ? 'sitemapindex' : 'urlset';
  const inValue = element.attributes.find((a) => a.valueStart >= 0 && r >= a.valueStart && r <= a.valueEnd);
  if (inValue !== undefined) {
    const values: Array<[string, string]> = [];
    const known = ROOT_NAMESPACES.find((n) => n.attribute === inValue.name);
    if (known !== undefined) values.push([known.uri, known.what]);
    if (inValue.name === 'xsi:schemaLocation') values.push([schemaLocation(kind), 'The sitemap namespace and its XML Schema (never fetched by Sitemap Studio).']);
    return {
      items: values.map(([value, documentation]) => ({
        label: value, kind: 'value', documentation, insertText: escapeXml(value), snippet: false,
        start: at.base + inValue.valueStart, end: at.base + inValue.valueEnd, sortText: '0',
      })),
      isIncomplete: false,
    };
  }
  // Between attributes only (not inside a name being typed after something else).
  if (p > element.nameEnd && !/\s/.test(at.segment.text[p - 1] ?? '')) return NONE;
  const present = new Set(element.attributes.filter((a) => a.nameStart !== p).map((a) => a.name));
  const items: CompletionItemData[] = [];
  ROOT_NAMESPACES.forEach((ns, rank) => {
    if (present.has(ns.attribute) || ns.uri === XSI_NAMESPACE) return;
    items.push({
      label: ns.attribute, kind: 'attribute', detail: ns.uri, documentation: ns.what, insertText: `${ns.attribute}="${ns.uri}"`,
      snippet: false, start: at.base + p, end: at.base + q, sortText: `0${rank}`,
    });
  });
  if (!present.has('xsi:schemaLocation')) {
    const declare = present.has('xmlns:xsi') ? '' : `xmlns:xsi="${XSI_NAMESPACE}" `;
    items.push({
      label: 'xsi:schemaLocation', kind: 'attribute', detail: kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd',
      documentation: 'Lets schema validators (`xmllint --schema`) find the sitemap schema; consumers ignore it.',
      insertText: `${declare}xsi:schemaLocation="${schemaLocation(kind)}"`, snippet: false, start: at.base + p, end: at.base + q,
      sortText: '09', filterText: 'xsi:schemaLocation',
    });
  }
  return { items, isIncomplete: false };
}

// ---------------------------------------------------------------- values

function valueItems(req: Request, element: XmlElement, local: string): CompletionResult {
  const { at } = req;
  const text = at.segment.text;
  let [s, e] = trimmedContent(text, element);
  if (!(at.offset >= s && at.offset <= e)) s = e = at.offset;
  const start = at.base + s;
  const end = at.base + e;
  const value = (label: string, insertText: string, sortText: string, detail?: string, documentation?: string, preselect?: boolean): CompletionItemData =>
    ({ label, kind: 'value', insertText, snippet: false, start, end, sortText, detail, documentation, preselect });
  switch (local) {
    case 'changefreq':
      return { items: CHANGEFREQ_MEANINGS.map(([v, meaning], k) => value(v, v, String(k), meaning)), isIncomplete: false };
    case 'priority': {
      const items: CompletionItemData[] = [];
      for (let k = 0; k <= 10; k++) {
        const v = k === 10 ? '1.0' : `0.${k}`;
        items.push(k === 5 ? value(v, v, '0', 'default', 'The value consumers assume when `<priority>` is absent.', true) : value(v, v, `1${String(k).padStart(2, '0')}`));
      }
      return { items, isIncomplete: false };
    }
    case 'lastmod': {
      const date = localDate(req.now, req.zone);
      return {
        items: [
          value(date, date, '0', 'today'),
          value(localDateTime(req.now, req.zone), localDateTime(req.now, req.zone), '1', 'now, local time'),
          value(utcDateTime(req.now), utcDateTime(req.now), '2', 'now, UTC'),
        ],
        isIncomplete: false,
      };
    }
    default:
      return urlItems(req.model, req.options, at.segment.url, start, end, text.slice(s, at.offset));
  }
}

// ---------------------------------------------------------------- text sitemaps

function completeTextLine(req: Request): CompletionResult {
  const { at } = req;
  const text = at.segment.text;
  let s = 0;
  let e = text.length;
  while (e > 0 && (text[e - 1] === '\n' || text[e - 1] === '\r')) e--;
  while (s < e && (text[s] === ' ' || text[s] === '\t' || text.charCodeAt(s) === 0xfeff)) s++;
  while (e > s && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
  if (!(at.offset >= s && at.offset <= e)) return NONE;
  return urlItems(req.model, req.options, at.segment.url, at.base + s, at.base + e, text.slice(s, at.offset));
}

/** Escapes text for a snippet's literal parts. */
export function snippetEscape(text: string): string {
  return text.replace(/[\\$}]/g, (c) => '\\' + c);
}
