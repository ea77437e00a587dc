/** The attributes of the start tag being read: their checks, namespace declarations and prefixes, and the values
 * extension elements read (rules/extensionElements.ts). One reader serves every tag of a parse. */
import { decodeReferences, XML_NAMESPACE } from '../../../../shared/xmlNamespaces';
import { TokenError, TokenType, type XmlTokenizer } from '../../../../shared/xmlTokenizer';
import type { CharacterData } from './characterData';
import { Role, type Binding, type Frame } from './elementFrame';
import { checkDeclaration, isQName, resolvePrefix } from './namespaceBinding';
import type { SegmentAssembler } from './segmentAssembler';
import { SITEMAP_NAMESPACE } from './sitemapRoles';
import type { TagAttributes } from '../rules/extensionElements';
import { extensionNamespaceMessage, nearMissExtension } from '../rules/extensionNamespaces';
import type { LinkAttribute } from '../rules/hreflang';

export class StartTagReader {
  bindings: Binding[] | null = null;
  /** Start and end of each prefixed attribute name (not a namespace declaration). */
  private prefixed: number[] | null = null;
  private names: string[] | null = null;
  /** Value range of each of `names` (start -1: no value). */
  private readonly values: number[] = [];
  /** Where each of `names` starts. */
  private readonly starts: number[] = [];
  /** The start tag's attributes, for extension elements (rules/extensionElements.ts). */
  readonly attributes: TagAttributes = { get: (name) => this.attribute(name) };
  selfClosing = false;
  unterminated = false;
  private attributeName = '';
  private attributeStart = 0;
  private attributeEnd = 0;
  /** The attribute's place in `names` (-1 for a duplicate). */
  private attributeIndex = -1;

  constructor(private readonly text: string, private readonly tokens: XmlTokenizer, private readonly chars: CharacterData,
    private readonly out: SegmentAssembler) {}

  /**
   * Resolves the prefixes of the attribute names at `prefixed` (start, end pairs); two names that expand to one
   * (namespace, local name) through two prefixes bound to one URI are duplicates (Namespaces 1.0 §6.3).
   */
  resolvePrefixes(frame: Frame): void {
    const prefixed = this.prefixed;
    if (prefixed === null) return;
    const expanded = prefixed.length > 2 ? new Set<string>() : undefined;
    for (let i = 0; i < prefixed.length; i += 2) {
      const name = this.text.slice(prefixed[i], prefixed[i + 1]);
      const colon = name.indexOf(':');
      const attributePrefix = name.slice(0, colon);
      const ns = attributePrefix === 'xml' ? XML_NAMESPACE : resolvePrefix(attributePrefix, frame, prefixed[i], this.out);
      if (expanded === undefined || ns === undefined) continue;
      const key = `${ns} ${name.slice(colon + 1)}`;
      if (expanded.has(key)) this.out.report('xml-syntax', prefixed[i], prefixed[i + 1], `Duplicate attribute: "${name}" names the same attribute as another prefix bound to "${ns}".`);
      expanded.add(key);
    }
  }

  /** A start tag without attributes. */
  clear(): void {
    this.bindings = this.prefixed = this.names = null;
    this.selfClosing = this.unterminated = false;
  }

  /** Reads the attributes up to the tag's end; returns where the tag ends, or -1 when the text ends first. */
  read(qname: string, nameStart: number, nameEnd: number): number {
    this.clear();
    const tokens = this.tokens;
    const out = this.out;
    for (;;) {
      const type = tokens.scan();
      if (type === TokenType.AttributeName) {
        this.takeAttributeName(tokens.tokenStart, tokens.tokenEnd, tokens.error === TokenError.AttributesNotSeparated);
      } else if (type === TokenType.AttributeValue) {
        if (!this.takeAttributeValue()) return -1;
      } else if (type === TokenType.StartTagClose) {
        if (tokens.error === TokenError.StartTagMissingGt) {
          out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, `The start tag <${qname}> is missing its ">".`);
          this.unterminated = true;
        }
        return tokens.tokenEnd;
      } else if (type === TokenType.StartTagSelfClose) {
        this.selfClosing = true;
        return tokens.tokenEnd;
      } else if (type === TokenType.TagJunk) {
        out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, `Unexpected character in the start tag <${qname}>.`);
      } else {
        out.report('xml-syntax', nameStart, nameEnd, `The start tag <${qname}> is not terminated.`);
        return -1;
      }
    }
  }

  private takeAttributeName(start: number, end: number, notSeparated: boolean): void {
    const name = this.text.slice(start, end);
    this.attributeName = name;
    this.attributeStart = start;
    this.attributeEnd = end;
    if (notSeparated) this.out.report('xml-syntax', start, end, 'Attributes must be separated by whitespace.');
    if (!isQName(name)) this.out.report('xml-syntax', start, end, `"${name}" is not a valid qualified name.`);
    this.chars.checkEncodingIn(start, end);
    this.attributeIndex = -1;
    if (this.names === null) this.names = [name];
    else if (this.names.includes(name)) {
      this.out.report('xml-syntax', start, end, `Duplicate attribute "${name}".`);
      return;
    } else this.names.push(name);
    this.attributeIndex = this.names.length - 1;
    this.values[2 * this.attributeIndex] = -1;
    this.starts[this.attributeIndex] = start;
  }

  /** The value of the attribute just named; false when it runs into the end of the text. */
  private takeAttributeValue(): boolean {
    const tokens = this.tokens;
    const { attributeName: name, attributeStart: start, attributeEnd: end } = this;
    if (tokens.error === TokenError.AttributeWithoutValue) {
      this.out.report('xml-syntax', start, end, `Attribute "${name}" has no value.`);
      return true;
    }
    if (tokens.error === TokenError.UnquotedAttributeValue) {
      this.out.report('xml-syntax', start, end, `The value of "${name}" must be in quotes.`);
      return true;
    }
    const closed = tokens.error === TokenError.None;
    const valueStart = tokens.tokenStart + 1;
    const valueEnd = closed ? tokens.tokenEnd - 1 : tokens.tokenEnd;
    this.chars.checkAttributeValue(valueStart, valueEnd);
    if (this.attributeIndex >= 0) {
      this.values[2 * this.attributeIndex] = valueStart;
      this.values[2 * this.attributeIndex + 1] = valueEnd;
    }
    if (!closed) {
      this.out.report('xml-syntax', start, end, `The value of "${name}" is not terminated.`);
      return false;
    }
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      const declared = name.length === 5 ? '' : name.slice(6);
      const uri = decodeReferences(this.text.slice(valueStart, valueEnd));
      checkDeclaration(declared, uri, start, end, this.out);
      const meant = declared === '' ? undefined : nearMissExtension(uri);
      if (meant !== undefined) this.out.report('extension-namespace', valueStart, valueEnd, extensionNamespaceMessage(meant));
      (this.bindings ??= []).push({ prefix: declared, uri, valueStart, valueEnd });
    } else if (name.indexOf(':') > 0) {
      (this.prefixed ??= []).push(start, end);
    }
    return true;
  }

  /** The unprefixed attribute `name` of the start tag just read, decoded; undefined when absent or without a value. */
  private attribute(name: string): LinkAttribute | undefined {
    const k = this.names === null ? -1 : this.names.indexOf(name);
    if (k < 0 || this.values[2 * k] < 0) return undefined;
    const [start, end] = [this.values[2 * k], this.values[2 * k + 1]];
    // Searched in the value only: a search of the text from `start` runs to the end of a file without `&` (issue 20).
    const raw = this.text.slice(start, end);
    return { value: raw.indexOf('&') < 0 ? raw : decodeReferences(raw), raw, start, end };
  }

  /**
   * `unexpected-attribute` on each attribute without a namespace of a protocol element: the schema allows none, and
   * consumers ignore them. Namespace declarations and namespaced attributes (xsi:schemaLocation, tools' own) pass.
   * The range runs from the name to the value's closing quote, what the quick fix removes.
   */
  reportUnexpected(frame: Frame): void {
    const names = this.names;
    if (names === null || !isProtocolElement(frame)) return;
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      if (name === 'xmlns' || name.indexOf(':') >= 0) continue;
      const start = this.starts[k];
      const valueEnd = this.values[2 * k] < 0 ? -1 : this.values[2 * k + 1];
      const end = valueEnd < 0 ? start + name.length : Math.min(valueEnd + 1, this.text.length);
      this.out.report('unexpected-attribute', start, end, `<${frame.qname}> has no attribute "${name}": the sitemap schema allows none, and consumers ignore it.`);
    }
  }
}

/** The root, an entry or one of its fields (loc, lastmod, …): the elements the sitemap schema gives no attribute. */
function isProtocolElement(frame: Frame): boolean {
  return frame.role === Role.Field || (frame.role === Role.RootChild && frame.entry !== null)
    || (frame.role === Role.Root && frame.ns === SITEMAP_NAMESPACE && (frame.local === 'urlset' || frame.local === 'sitemapindex'));
}
