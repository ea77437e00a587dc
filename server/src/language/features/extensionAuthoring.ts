/** The sitemap extensions as the authoring features see them: which vocabulary element an element is (by namespace
 * URI, near misses included, as the checks read them), the codes its values take, and the root's namespace
 * declarations that completion and the fixes both write. */
import { extensionOf } from '../rules/extensionNamespaces';
import { extensionElement, type ExtensionElement } from '../rules/extensionVocabulary';
import { isHreflang } from '../rules/hreflang';
import { iso3166Countries, iso639Languages, iso639ThreeLetterLanguages } from '../rules/isoCodes';
import type { SitemapModel } from '../model/model';
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import type { OffsetEdit } from '../sitemapLanguageTypes';
import { namespaceOf, type RootStructure, type XmlElement } from './structure';

/**
 * The vocabulary element `element` is, when it stands (directly or through its extension parents) in a `<url>` of a
 * urlset: `sitemapNamespace` is the urlset's, and the entry is the outermost element of the segment.
 */
export function extensionElementOf(element: XmlElement, root: RootStructure, sitemapNamespace: string | undefined): ExtensionElement | undefined {
  const parent = element.parent;
  if (parent === undefined) return undefined;
  const extension = extensionOf(namespaceOf(element, root));
  if (extension === undefined) return undefined;
  if (parent.parent === undefined) {
    const inEntry = parent.local === 'url' && sitemapNamespace !== undefined && namespaceOf(parent, root) === sitemapNamespace;
    return inEntry ? extensionElement(extension, undefined, element.local) : undefined;
  }
  const container = extensionElementOf(parent, root, sitemapNamespace);
  if (container === undefined || container.extension !== extension) return undefined;
  return extensionElement(extension, container.name, element.local);
}

/** A summary as markdown: a tag name outside code (`<url>`) becomes code, or the renderer drops it as HTML. */
export function markdownSummary(summary: string): string {
  return summary.replace(/(`+)[\s\S]*?\1|<\/?[A-Za-z][^>]*>/g, (part) => (part.startsWith('`') ? part : `\`${part}\``));
}

/**
 * The edit declaring `xmlns:prefix` on the root, after its last attribute (on a line of its own when that one is);
 * undefined when the prefix is bound already or the start tag is unfinished.
 */
export function declarationOnRoot(model: SitemapModel, root: RootStructure, prefix: string, uri: string): OffsetEdit | undefined {
  const element = root.element;
  if (element === undefined || !element.startTagClosed || root.bindings.has(prefix)) return undefined;
  const last = element.attributes.at(-1);
  const declaration = `xmlns:${prefix}="${uri}"`;
  if (last === undefined) return { start: element.nameEnd, end: element.nameEnd, text: ` ${declaration}` };
  const at = last.valueStart >= 0 ? last.valueEnd + 1 : last.nameEnd;
  // The head starts at offset 0: the root's offsets are absolute.
  const lineBreak = /\r?\n[ \t]*$/.exec(model.segments[0].text.slice(element.nameEnd, last.nameStart))?.[0];
  return { start: at, end: at, text: (lineBreak ?? ' ') + declaration };
}

/** An attribute's value, decoded and trimmed; undefined when the element has no such attribute with a value. */
export function attributeValue(element: XmlElement, name: string): string | undefined {
  const found = element.attributes.find((a) => a.name === name && a.valueStart >= 0);
  return found === undefined ? undefined : decodeReferences(found.value).trim();
}

/** `local` in the prefix `prefix` ('' for none). */
export function qualified(prefix: string, local: string): string {
  return prefix === '' ? local : `${prefix}:${local}`;
}

// ---------------------------------------------------------------- codes

/** The Chinese variants news:language allows besides ISO 639 codes. */
export const NEWS_CHINESE: ReadonlyArray<[string, string]> = [['zh-cn', 'Chinese (simplified)'], ['zh-tw', 'Chinese (traditional)']];

/** Language-region pairs common enough to offer for hreflang before a region is typed. */
const COMMON_HREFLANGS = (
  'en-US en-GB en-AU en-CA en-IE en-IN en-NZ en-ZA fr-FR fr-CA fr-BE fr-CH de-DE de-AT de-CH es-ES es-MX es-AR es-CO '
  + 'es-US pt-BR pt-PT it-IT nl-NL nl-BE zh-CN zh-TW zh-HK ja-JP ko-KR ru-RU pl-PL sv-SE da-DK nb-NO fi-FI tr-TR ar-SA ar-AE'
).split(' ');

export interface CodeItem {
  code: string;
  name: string;
}

/**
 * hreflang values for what is typed so far: `x-default`, ISO 639-1 languages and common language-REGION pairs; once a
 * language and `-` are typed, that language with every ISO 3166-1 region.
 */
export function hreflangCodes(typed: string): CodeItem[] {
  const languages = iso639Languages();
  const regionOf = /^([a-z]{2})-/i.exec(typed);
  const language = regionOf === null ? undefined : regionOf[1].toLowerCase();
  if (language !== undefined && languages.has(language)) {
    return [...iso3166Countries()].map(([region, country]) => ({ code: `${language}-${region}`, name: `${languages.get(language)} (${country})` }));
  }
  const items: CodeItem[] = [{ code: 'x-default', name: 'The page for users whose language no other alternate matches' }];
  for (const [code, name] of languages) items.push({ code, name });
  for (const code of COMMON_HREFLANGS) items.push({ code, name: describeHreflang(code)! });
  return items;
}

/** What an hreflang value names (`English (United Kingdom)`); undefined when it is not a valid one. */
export function describeHreflang(value: string): string | undefined {
  if (value.toLowerCase() === 'x-default') return 'The default page, for users whose language no other alternate matches';
  if (!isHreflang(value)) return undefined;
  const [language, ...rest] = value.split('-');
  const script = rest.find((part) => part.length === 4);
  const region = rest.find((part) => part.length !== 4);
  const languageName = iso639Languages().get(language.toLowerCase())!;
  const scriptCode = script === undefined ? undefined : script[0].toUpperCase() + script.slice(1).toLowerCase();
  const regionName = region === undefined ? undefined : iso3166Countries().get(region.toUpperCase());
  const qualifiers = [scriptCode === undefined ? undefined : `${scriptCode} script`, regionName].filter((x) => x !== undefined);
  return qualifiers.length === 0 ? languageName : `${languageName} (${qualifiers.join(', ')})`;
}

/** What a news:language value names; undefined when it is not a valid one. */
export function describeNewsLanguage(value: string): string | undefined {
  const code = value.toLowerCase();
  const chinese = NEWS_CHINESE.find(([c]) => c === code);
  if (chinese !== undefined) return chinese[1];
  const name = iso639Languages().get(code);
  if (name !== undefined) return name;
  return iso639ThreeLetterLanguages().has(code) ? 'An ISO 639-2 language code' : undefined;
}
