/** Hover on the one segment under the cursor: what an element means (linking its rule in docs/rules.md) and what a
 * value says (a lastmod in UTC and relative to now, whether a `<loc>` is in scope, …). */
import type { HoverInfo, HoverOptions } from '../sitemapLanguageTypes';
import { formatCount } from '../../../../shared/byteSize';
import type { SitemapModel } from '../model/model';
import { checkLastmod } from '../rules/lastmod';
import { isInScope, parseAllowedHosts, scopeDirectory } from '../rules/scope';
import { checkChangefreq, checkPriority } from '../rules/simpleValues';
import { checkUrl } from '../rules/url';
import type { ValueProblem } from '../rules/valueProblem';
import { SegmentKind } from '../model/segment';
import { unescapeXml } from '../syntax/xmlText';
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import { relativeTime, utcDateTime } from './clock';
import { getRobotsHover } from './robotsTxtFeatures';
import {
  contentContains, elementAt, locate, namespaceOf, rootStructure, structureOf, trimmedContent, type RootStructure, type XmlElement,
} from './structure';
import {
  CHANGEFREQ_MEANINGS, HINT_NOTE, ROOT_NAMESPACES, SITEMAP_ELEMENTS, ruleLink,
} from './vocabulary';
import type { RuleId } from '../rules/catalogue';
import { extensionByPrefix } from '../rules/extensionNamespaces';
import { ValueKind, type ExtensionElement } from '../rules/extensionVocabulary';
import { iso3166Countries } from '../rules/isoCodes';
import { describeHreflang, describeNewsLanguage, extensionElementOf, markdownSummary } from './extensionAuthoring';

export function getHover(model: SitemapModel, offset: number, options: HoverOptions = {}): HoverInfo | undefined {
  if (model.languageId === 'robots-txt') return getRobotsHover(model, offset, docLink(options, 'robots-sitemap-url'));
  const at = locate(model, offset, false);
  const text = at.segment.text;
  const r = at.offset;
  if (model.languageId === 'sitemap-txt') {
    if (at.segment.url === undefined || r < at.segment.urlStart || r > at.segment.urlEnd) return undefined;
    return { contents: locHover(model, unescapeXml(at.segment.url), options), start: at.base + at.segment.urlStart, end: at.base + at.segment.urlEnd };
  }
  const root = rootStructure(model);
  const structure = structureOf(at.segment);
  if (at.segment.kind === SegmentKind.Tail && root.element !== undefined) {
    const endTag = structure.strayEndTags.find((t) => t.name === root.element!.qname && r >= t.nameStart && r <= t.nameEnd);
    if (endTag !== undefined) {
      const contents = elementHover(model, root.element, root, true, options);
      return contents === undefined ? undefined : { contents, start: at.base + endTag.nameStart, end: at.base + endTag.nameEnd };
    }
  }
  const element = elementAt(structure.elements, r) ?? (r > 0 ? elementAt(structure.elements, r - 1) : undefined);
  if (element === undefined) return undefined;
  const isRoot = at.segment.kind === SegmentKind.Head && element === root.element;

  const endNameStart = element.endTagStart + 2;
  if ((r >= element.nameStart && r <= element.nameEnd) || (element.endTagStart >= 0 && r >= endNameStart && r <= endNameStart + element.qname.length)) {
    const contents = elementHover(model, element, root, isRoot, options);
    if (contents === undefined) return undefined;
    const onStart = r <= element.nameEnd;
    return { contents, start: at.base + (onStart ? element.nameStart : endNameStart), end: at.base + (onStart ? element.nameEnd : endNameStart + element.qname.length) };
  }
  if (isRoot) {
    const attribute = element.attributes.find((a) => a.valueStart >= 0 && r >= a.valueStart && r <= a.valueEnd);
    const known = attribute !== undefined ? ROOT_NAMESPACES.find((n) => n.uri === attribute.value) : undefined;
    if (attribute === undefined || known === undefined || !attribute.name.startsWith('xmlns')) return undefined;
    return { contents: known.what, start: at.base + attribute.valueStart, end: at.base + attribute.valueEnd };
  }
  const definition = model.root?.kind === 'urlset' && at.segment.kind === SegmentKind.Element ? extensionElementOf(element, root, model.root.sitemapNamespace) : undefined;
  if (definition !== undefined) return extensionValueHover(definition, element, text, r, at.base, options);
  if (!contentContains(element, r) || !isField(model, element, root)) return undefined;
  const [s, e] = trimmedContent(text, element);
  const raw = text.slice(s, e);
  if (raw.includes('<')) return undefined;
  const value = decodeReferences(raw);
  const contents = valueHover(model, element.local, value, options);
  return contents === undefined ? undefined : { contents, start: at.base + s, end: at.base + e };
}

function isField(model: SitemapModel, element: XmlElement, root: RootStructure): boolean {
  const parent = element.parent;
  const entryName = model.root?.kind === 'sitemapindex' ? 'sitemap' : 'url';
  const ns = model.root?.sitemapNamespace;
  return parent !== undefined && parent.parent === undefined && parent.local === entryName && namespaceOf(parent, root) === ns && namespaceOf(element, root) === ns;
}

function elementHover(model: SitemapModel, element: XmlElement, root: RootStructure, isRoot: boolean, options: HoverOptions): string | undefined {
  const ns = namespaceOf(element, root);
  if (isRoot || ns === model.root?.sitemapNamespace) {
    const doc = SITEMAP_ELEMENTS[element.local];
    if (doc === undefined || !Object.prototype.hasOwnProperty.call(SITEMAP_ELEMENTS, element.local)) return undefined;
    return `**${code(`<${element.qname}>`)}** — ${doc.summary}\n\n${docLink(options, doc.rule)}`;
  }
  const definition = model.root?.kind === 'urlset' ? extensionElementOf(element, root, model.root.sitemapNamespace) : undefined;
  return definition === undefined ? undefined : extensionHover(element, definition, options);
}

/** An extension element: what it is, its limits and its namespace, with a link to the rule that checks it. */
function extensionHover(element: XmlElement, definition: ExtensionElement, options: HoverOptions): string {
  const namespace = extensionByPrefix(definition.extension)!;
  const within = code(`<${element.parent?.qname ?? 'url'}>`);
  const limits = [`${definition.required ? 'Required' : 'Optional'} in ${within}`];
  if (definition.max !== undefined) limits.push(`at most ${formatCount(definition.max)} per ${within}`);
  if (definition.maxLength !== undefined) limits.push(`at most ${formatCount(definition.maxLength)} characters`);
  if (definition.deprecated) limits.push('deprecated: search engines ignore it');
  return [
    `**${code(`<${element.qname}>`)}** — ${markdownSummary(definition.summary)}`,
    `${limits.join('; ')}.`,
    `Namespace: ${code(namespace.uri)} (the ${namespace.name} extension)`,
    docLink(options, extensionRule(definition)),
  ].join('\n\n');
}

/** The rule that checks an extension element most directly. */
function extensionRule(definition: ExtensionElement): RuleId {
  if (definition.value === ValueKind.Url) return 'invalid-url';
  if (definition.extension === 'image') return definition.deprecated ? 'image-deprecated' : 'image-missing-loc';
  if (definition.extension === 'video') return definition.parent === undefined ? 'video-missing-required' : 'video-invalid-value';
  if (definition.extension === 'xhtml') return 'hreflang-invalid';
  return definition.value === ValueKind.NewsLanguage ? 'news-invalid-language' : definition.value === ValueKind.FullDate ? 'news-invalid-date' : 'news-missing-required';
}

/**
 * The value of an extension element under the cursor `r` (segment-relative): what an hreflang attribute or a
 * news:language names, which countries a restriction lists.
 */
function extensionValueHover(definition: ExtensionElement, element: XmlElement, text: string, r: number, base: number, options: HoverOptions): HoverInfo | undefined {
  const attribute = element.attributes.find((a) => a.valueStart >= 0 && r >= a.valueStart && r <= a.valueEnd);
  let range: [number, number];
  let contents: string;
  if (attribute !== undefined) {
    if (attribute.name !== 'hreflang' || definition.extension !== 'xhtml') return undefined;
    const value = decodeReferences(attribute.value).trim();
    const name = describeHreflang(value);
    range = [attribute.valueStart, attribute.valueEnd];
    contents = name === undefined ? `Not a language(-region) code nor \`x-default\`. ${docLink(options, extensionRule(definition))}` : `**${code(value)}**: ${name}`;
  } else {
    if (!contentContains(element, r)) return undefined;
    range = trimmedContent(text, element);
    const raw = text.slice(...range);
    if (raw.includes('<') || raw === '') return undefined;
    const value = decodeReferences(raw);
    if (definition.value === ValueKind.NewsLanguage) {
      const name = describeNewsLanguage(value);
      contents = name === undefined ? `Not an ISO 639 language code. ${docLink(options, extensionRule(definition))}` : `**${code(value)}**: ${name}`;
    } else if (definition.value === ValueKind.Countries) {
      const countries = iso3166Countries();
      const names = value.split(/\s+/).filter((token) => token !== '').map((token) => `${code(token)} ${countries.get(token.toUpperCase()) ?? '(not an ISO 3166-1 country)'}`);
      contents = names.join(', ');
    } else {
      return undefined;
    }
  }
  return { contents, start: base + range[0], end: base + range[1] };
}

function valueHover(model: SitemapModel, local: string, value: string, options: HoverOptions): string | undefined {
  const problems: ValueProblem[] = [];
  switch (local) {
    case 'loc':
      return value === '' ? undefined : locHover(model, value, options);
    case 'lastmod': {
      const time = checkLastmod(value, Infinity, problems);
      if (time === undefined) return `Not a W3C Datetime. ${docLink(options, 'invalid-lastmod')}`;
      const now = options.now ?? Date.now();
      const utc = utcDateTime(time);
      const dateOnly = !value.includes('T');
      return `**${dateOnly ? utc.slice(0, 10) : utc}** UTC${dateOnly ? ' (a date without a time)' : ''} — ${relativeTime(time, now)}`;
    }
    case 'priority': {
      const n = checkPriority(value, problems);
      if (n === undefined) return `Not a priority from 0.0 to 1.0. ${docLink(options, 'invalid-priority')}`;
      const relation = n > 0.5 ? 'above' : n < 0.5 ? 'below' : 'equal to';
      return `**Priority ${value}**: ${relation} the default 0.5, relative to the other URLs of this site only. ${HINT_NOTE}`;
    }
    case 'changefreq': {
      checkChangefreq(value, problems);
      const meaning = CHANGEFREQ_MEANINGS.find(([v]) => v === value)?.[1];
      if (problems.length > 0 || meaning === undefined) return `Not a changefreq value. ${docLink(options, 'invalid-changefreq')}`;
      return `**${value}**: the page ${meaning}. ${HINT_NOTE}`;
    }
    default:
      return undefined;
  }
}

function locHover(model: SitemapModel, url: string, options: HoverOptions): string {
  const problems: ValueProblem[] = [];
  const parts = checkUrl(url, problems);
  const lines = [`**URL** ${code(url)}`];
  if (parts === undefined || problems.some((p) => p.rule === 'invalid-url')) {
    lines.push(`Not a valid absolute http(s) URL. ${docLink(options, 'invalid-url')}`);
    return lines.join('\n\n');
  }
  const allowed = parseAllowedHosts(options.allowedHosts ?? []);
  const location = options.location !== undefined ? checkUrl(options.location, []) : undefined;
  if (location !== undefined) {
    const inScope = isInScope(parts, { location, allowed });
    lines.push(`Sitemap location: ${code(options.location!)}`);
    lines.push(inScope
      ? `In scope: URLs under ${code(location.origin + scopeDirectory(location))} may be listed here.`
      : `Out of scope: this sitemap may only list URLs under ${code(location.origin + scopeDirectory(location))}. ${docLink(options, 'out-of-scope')}`);
  } else {
    lines.push('Sitemap location unknown (set `sitemap.siteRoots`, or name this file in a robots.txt `Sitemap:` line).');
    const reference = model.origins.reference(model.segments);
    if (reference !== undefined) {
      const same = reference.origin === parts.origin || allowed.origins.has(parts.origin) || allowed.hosts.has(parts.host);
      const shared = `${code(reference.origin)}, shared by ${formatCount(reference.count)} of ${formatCount(model.entryCount)} URLs`;
      lines.push(same
        ? `Same origin as most of the file's URLs (${shared}).`
        : `Another origin than most of the file's URLs (${shared}). ${docLink(options, 'mixed-hosts')}`);
    }
  }
  const file = model.kind === 'sitemapindex' ? options.resolveFile?.(url) : undefined;
  if (file !== undefined) lines.push(`Workspace file: ${code(file)}`);
  return lines.join('\n\n');
}

/** The link to a rule's section of docs/rules.md. */
function docLink(options: HoverOptions, rule: RuleId): string {
  return `[docs/rules.md: ${rule}](${(options.ruleLink ?? ruleLink)(rule)})`;
}

/** Inline code that survives backticks in the value. */
function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}
