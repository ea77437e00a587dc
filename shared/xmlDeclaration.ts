/** The XML declaration at a document's start, also one that lost (part of) its `?>`: the parser reads the document
 * after it, and the quick fix inserts exactly what is missing. */
import { Ch, isWhitespace, scanName } from './xmlChars';

/** The pseudo-attributes of [23] XMLDecl, from `<?xml` up to (not including) the `?>`. */
const DECLARATION_BODY = /^<\?xml(\s+version\s*=\s*(["'])(1\.[0-9]+)\2)(\s+encoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\5)?(\s+standalone\s*=\s*(["'])(yes|no)\8)?\s*$/d;

export interface XmlDeclaration {
  /** End of the declaration as written: after its `?>`, or after its last non-blank character when it lost it. */
  end: number;
  /** Where the markup after the declaration starts. */
  resume: number;
  /** What its terminator lacks ('' when it has `?>`), to be inserted at `insertAt`. */
  missing: '' | '?' | '>' | '?>';
  insertAt: number;
  /** The body's pseudo-attributes (groups 3 version, 6 encoding, 9 standalone), or null when malformed. */
  match: RegExpExecArray | null;
}

/** Where the text's XML declaration starts (after a byte-order mark), or -1 when it does not start with one. */
export function xmlDeclarationStart(text: string): number {
  const at = text.charCodeAt(0) === Ch.Bom ? 1 : 0;
  return startsXmlDeclaration(text, at) ? at : -1;
}

/** Whether a PI with the target `xml` starts at `at` (`<?xml` not followed by a name character). */
export function startsXmlDeclaration(text: string, at: number): boolean {
  return text.startsWith('<?xml', at) && scanName(text, at + 2, Math.min(text.length, at + 6)) === at + 5;
}

/** Reads the declaration starting at `start` (as {@link xmlDeclarationStart} finds it). */
export function readXmlDeclaration(text: string, start: number): XmlDeclaration {
  const close = text.indexOf('?>', start + 2);
  const lt = text.indexOf('<', start + 2);
  if (close >= 0 && (lt < 0 || close < lt)) {
    return { end: close + 2, resume: close + 2, missing: '', insertAt: close + 2, match: DECLARATION_BODY.exec(text.slice(start, close)) };
  }
  // A declaration never holds a "<" ([23]-[32]): one before any "?>" is the markup after a declaration that lost
  // its terminator (`<?xml version="1.0"?` then `<urlset>`).
  const stop = lt < 0 ? text.length : lt;
  const gt = text.indexOf('>', start + 2);
  if (gt >= 0 && gt < stop) {
    return { end: gt + 1, resume: gt + 1, missing: '?', insertAt: gt, match: DECLARATION_BODY.exec(text.slice(start, gt)) };
  }
  let end = stop;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  const hasQuestion = end > start + 5 && text.charCodeAt(end - 1) === Ch.Question;
  return {
    end, resume: stop, missing: hasQuestion ? '>' : '?>', insertAt: end,
    match: DECLARATION_BODY.exec(text.slice(start, hasQuestion ? end - 1 : end)),
  };
}
