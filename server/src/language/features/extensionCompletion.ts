/** Completion inside the sitemap extensions (completion.ts decides where the cursor is), from their vocabulary and the
 * ISO code lists. Deprecated elements are not offered: search engines ignore them. */
import type { CompletionItemData } from '../sitemapLanguageTypes';
import { extensionChildren, ValueKind, VIDEO_PLATFORMS, YES_NO, type ExtensionElement } from '../rules/extensionVocabulary';
import { iso3166Countries, iso639Languages } from '../rules/isoCodes';
import { escapeXml } from '../syntax/xmlText';
import { hreflangCodes, markdownSummary, NEWS_CHINESE, qualified, type CodeItem } from './extensionAuthoring';
import { isWhitespace } from '../syntax/textMetrics';
import type { XmlElement } from './structure';

/** Where items go and how they are laid out, as completion.ts computed it. */
export interface InsertPlace {
  /** The range replaced (absolute). */
  start: number;
  end: number;
  /** `<` when the items insert the whole tag; '' when it is typed already. */
  open: string;
  /** Lines after the first, indented (each leading `\t` one level). */
  block: (lines: string[]) => string;
}

/** The children `element` (the extension element `definition`) may still take, in the order its schema gives. */
export function extensionChildItems(definition: ExtensionElement, element: XmlElement, place: InsertPlace): CompletionItemData[] {
  const counts = new Map<string, number>();
  for (const child of element.children) if (child.prefix === element.prefix) counts.set(child.local, (counts.get(child.local) ?? 0) + 1);
  const items: CompletionItemData[] = [];
  extensionChildren(definition.extension, definition.name).forEach((child, rank) => {
    if (child.deprecated || (counts.get(child.name) ?? 0) >= (child.max ?? Infinity)) return;
    const name = qualified(element.prefix, child.name);
    items.push({
      label: name, kind: 'element', detail: child.required ? 'Required' : 'Optional', documentation: markdownSummary(child.summary),
      insertText: place.open + childText(child, name, element.prefix, place), snippet: true, start: place.start, end: place.end,
      sortText: String(rank).padStart(2, '0'), filterText: place.open + name,
    });
  });
  return items;
}

/** A child's tag without its `<`: a container with its required children, else the value with its enumerated attributes. */
function childText(child: ExtensionElement, name: string, prefix: string, place: InsertPlace): string {
  const required = extensionChildren(child.extension, child.name).filter((c) => c.required);
  if (required.length > 0) {
    const lines = required.map((c, k) => `\t<${qualified(prefix, c.name)}>$${k + 1}</${qualified(prefix, c.name)}>`);
    return place.block([`${name}>`, ...lines, `</${name}>$0`]);
  }
  let tabstop = 1;
  let attributes = '';
  for (const [attribute, values] of Object.entries(child.attributes ?? {})) {
    if (values.length > 0) attributes += ` ${attribute}="\${${tabstop++}|${values.join(',')}|}"`;
  }
  const value = child.value === ValueKind.YesNo ? `\${${tabstop}|${YES_NO.join(',')}|}` : `$${tabstop}`;
  return `${name}${attributes}>${value}</${name}>$0`;
}

/**
 * The values of an extension element's content at `offset` (segment-relative): `yes`/`no`, news:language codes, and
 * for the space-separated lists (countries, platforms) the token under the cursor. `text` is the segment's.
 */
export function extensionValueItems(definition: ExtensionElement, text: string, content: [number, number], offset: number, base: number): CompletionItemData[] {
  let [s, e] = content;
  const list = definition.value === ValueKind.Countries || definition.value === ValueKind.Platforms;
  if (list) {
    // The token under the cursor; the others are kept and not offered again.
    const from = Math.min(s, offset);
    const to = Math.max(e, offset);
    s = offset;
    e = offset;
    while (s > from && !isWhitespace(text.charCodeAt(s - 1))) s--;
    while (e < to && !isWhitespace(text.charCodeAt(e))) e++;
    const others = new Set(`${text.slice(from, s)} ${text.slice(e, to)}`.split(/\s+/).map((t) => t.toLowerCase()));
    const codes = definition.value === ValueKind.Platforms
      ? VIDEO_PLATFORMS.map((code) => ({ code, name: '' }))
      : [...iso3166Countries()].map(([code, name]) => ({ code, name }));
    return codeItems(codes.filter((c) => !others.has(c.code.toLowerCase())), base + s, base + e);
  }
  if (!(offset >= s && offset <= e)) s = e = offset;
  switch (definition.value) {
    case ValueKind.YesNo:
      return codeItems(YES_NO.map((code) => ({ code, name: '' })), base + s, base + e);
    case ValueKind.NewsLanguage:
      return codeItems([...[...iso639Languages()].map(([code, name]) => ({ code, name })), ...NEWS_CHINESE.map(([code, name]) => ({ code, name }))], base + s, base + e);
    default:
      return [];
  }
}

/**
 * Inside an extension element's start tag at `offset`: the value of the attribute holding it, or (between
 * attributes) the attributes it lacks. `p`/`q`: the name being typed at the cursor.
 */
export function extensionAttributeItems(definition: ExtensionElement, element: XmlElement, text: string, offset: number, p: number, q: number, base: number): CompletionItemData[] {
  const attributes = definition.attributes ?? {};
  const inValue = element.attributes.find((a) => a.valueStart >= 0 && offset >= a.valueStart && offset <= a.valueEnd);
  if (inValue !== undefined) {
    const allowed = Object.prototype.hasOwnProperty.call(attributes, inValue.name) ? attributes[inValue.name] : [];
    const codes = inValue.name === 'hreflang' && definition.extension === 'xhtml'
      ? hreflangCodes(text.slice(inValue.valueStart, offset))
      : allowed.map((code) => ({ code, name: '' }));
    return codeItems(codes, base + inValue.valueStart, base + inValue.valueEnd);
  }
  if (p > element.nameEnd && !isWhitespace(text.charCodeAt(p - 1))) return [];
  const present = new Set(element.attributes.filter((a) => a.nameStart !== p).map((a) => a.name));
  const items: CompletionItemData[] = [];
  Object.entries(attributes).forEach(([name, values], rank) => {
    if (present.has(name)) return;
    const value = values.length === 1 ? escapeXml(values[0]) : values.length > 1 ? `\${1|${values.join(',')}|}` : '$1';
    items.push({
      label: name, kind: 'attribute', insertText: `${name}="${value}"`, snippet: true, start: base + p, end: base + q,
      sortText: String(rank),
    });
  });
  return items;
}

/** Value items in list order, replacing [start, end). */
function codeItems(codes: readonly CodeItem[], start: number, end: number): CompletionItemData[] {
  return codes.map(({ code, name }, rank) => ({
    label: code, kind: 'value', detail: name === '' ? undefined : name, insertText: escapeXml(code), snippet: false, start, end,
    sortText: String(rank).padStart(4, '0'), filterText: code,
  }));
}
