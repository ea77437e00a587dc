/**
 * Two well-formedness verdicts on the same text, for the agreement test (test/language/syntax/wellFormedness.test.ts):
 * ours, derived from the language layer's diagnostics, and an independent parser's, `@xmldom/xmldom` 0.9.
 */
import { DOMParser, type Document } from '@xmldom/xmldom';
import { DEFAULT_SETTINGS, parseDocument, validate, type SitemapDiagnostic } from '../../server/src/language/languageService';
import { NOW } from './fixtures';

/** No cap: a well-formedness problem must never be hidden behind 1,000 others. */
const SETTINGS = { ...DEFAULT_SETTINGS, maxProblems: Number.MAX_SAFE_INTEGER };

/**
 * Which of our diagnostics say "this is not well-formed XML 1.0 (with Namespaces)":
 * - `xml-syntax`: always (that is its definition).
 * - `unescaped-ampersand`: always — `&` may only start a Reference ([14] CharData, [10] AttValue, [67] Reference).
 * - `unknown-entity`: always — WFC: Entity Declared; a document without a DTD declares only the five predefined
 *   entities. (An entity the internal subset declares is `entity-not-expanded` instead, a warning: well-formed.)
 * - `encoding` only where it means the text is not XML 1.0 text: on the encoding declaration (§4.3.3: an entity
 *   presented in an encoding other than the one declared is a fatal error, and our documents are UTF-8 text), or
 *   on a lone surrogate (not a [2] Char, and not encodable in UTF-8 at all). `encoding` on U+FFFD is a sitemap
 *   heuristic ("the file was probably mis-decoded"): U+FFFD is a legal [2] Char.
 * Everything else (`doctype`, `unescaped-character`, the sitemap rules) is about the protocol, not about XML.
 */
export function isWellFormednessProblem(d: { rule: string; start: number; end: number }, text: string): boolean {
  switch (d.rule) {
    case 'xml-syntax':
    case 'unescaped-ampersand':
    case 'unknown-entity':
      return true;
    case 'extension-namespace': {
      // On a prefix (before its colon), not on a declaration's value: an undeclared image:, video:, news: or xhtml:
      // prefix, or one bound to another namespace (a sitemap problem, not a well-formedness one): told apart by a
      // declaration of the prefix anywhere in the text.
      if (text.charCodeAt(d.end) !== 0x3a) return false;
      return !new RegExp(`xmlns:${text.slice(d.start, d.end)}\\s*=`).test(text);
    }
    case 'encoding': {
      const c = text.charCodeAt(d.start);
      if (c >= 0xd800 && c <= 0xdfff) return true;
      return c !== 0xfffd && isInXmlDeclaration(text, d.start);
    }
    default:
      return false;
  }
}

function isInXmlDeclaration(text: string, offset: number): boolean {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('<?xml', start)) return false;
  const end = text.indexOf('?>', start);
  return end >= 0 && offset < end;
}

export interface OurVerdict {
  wellFormed: boolean;
  /** The diagnostics that make it not well-formed. */
  problems: SitemapDiagnostic[];
  all: SitemapDiagnostic[];
}

export function ourVerdict(text: string): OurVerdict {
  const all = validate(parseDocument(text, 'sitemap'), SETTINGS, { now: NOW });
  const problems = all.filter((d) => isWellFormednessProblem(d, text));
  return { wellFormed: problems.length === 0, problems, all };
}

export interface XmldomVerdict {
  wellFormed: boolean;
  messages: Array<{ level: string; message: string }>;
  /** The DOM, when parsing got that far (also for well-formed input). */
  document: Document | undefined;
}

/**
 * xmldom's verdict. Levels: xmldom reports `fatalError` (and throws), `error` (recoverable, e.g. an undefined
 * entity, text outside the root) and `warning`. In XML mode every `warning` it emits is a well-formedness
 * violation too (an attribute without quotes or without a value, no space between attributes, a value not after
 * "="), except exactly one: "Unicode replacement character detected", a hint about mis-decoding — U+FFFD is a
 * legal [2] Char. So: any report except that one means "not well-formed".
 *
 * Two normalisations of xmldom's input, both per the XML 1.0 spec and neither hiding an error:
 * - a leading BOM is removed: it is the encoding signature (§4.3.3, Appendix F), not part of the document; xmldom
 *   receives a string and would otherwise see text before the root and an XML declaration at offset 1.
 * - line ends are normalised as XML 1.0 §2.11 says (CRLF and lone CR to LF) instead of xmldom's default, which is
 *   XML 1.1's and also turns U+0085, U+2028 and U+2029 into line feeds.
 */
export function xmldomVerdict(text: string): XmldomVerdict {
  const messages: Array<{ level: string; message: string }> = [];
  const parser = new DOMParser({
    onError: (level, message) => {
      messages.push({ level, message });
    },
    normalizeLineEndings: (source: string) => source.replace(/\r\n?/g, '\n'),
  });
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let document: Document | undefined;
  try {
    document = parser.parseFromString(source, 'application/xml') as unknown as Document;
  } catch (error) {
    // A fatalError is reported through onError and then thrown as a ParseError.
    if (messages.length === 0) messages.push({ level: 'fatalError', message: String(error) });
  }
  const counted = messages.filter((m) => !(m.level === 'warning' && m.message.startsWith('Unicode replacement character')));
  return { wellFormed: counted.length === 0, messages, document };
}
