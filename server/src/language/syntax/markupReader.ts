/** The parser's reading of comments, CDATA sections, processing instructions, the XML declaration and the DOCTYPE
 * (checked against its grammar, doctypeGrammar.ts, never expanded). */
import { scanName } from '../../../../shared/xmlChars';
import { TokenError, TokenType, type XmlTokenizer } from '../../../../shared/xmlTokenizer';
import type { CharacterData } from './characterData';
import { checkDoctype } from './doctype/doctypeGrammar';
import type { Frame, RootInfo } from './elementFrame';
import type { SegmentAssembler } from './segmentAssembler';
import { checkStrayText } from './sitemapRoles';

export class MarkupReader {
  constructor(private readonly text: string, private readonly tokens: XmlTokenizer, private readonly chars: CharacterData,
    private readonly out: SegmentAssembler) {}

  /** False when the comment is not terminated (see the parser's endUnterminatedComment). */
  comment(): boolean {
    const tokens = this.tokens;
    if (tokens.error === TokenError.UnterminatedComment) {
      this.out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, 'The comment is not terminated with "-->".');
      return false;
    }
    if (tokens.error === TokenError.DoubleHyphenInComment) {
      this.out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, '"--" is not allowed inside a comment.');
    }
    this.chars.checkEncodingIn(tokens.tokenStart + 4, tokens.tokenEnd - 3);
    return true;
  }

  /** False when the section runs into the end of the text. */
  cdata(frame: Frame | undefined, root: RootInfo, rootClosed: boolean): boolean {
    const tokens = this.tokens;
    const start = tokens.tokenStart;
    const closed = tokens.error === TokenError.None;
    const contentEnd = closed ? tokens.tokenEnd - 3 : tokens.tokenEnd;
    if (!closed) {
      this.out.report('xml-syntax', start, start + 9, 'The CDATA section is not terminated with "]]>".');
    }
    if (frame === undefined) {
      this.out.report('xml-syntax', start, start + 9, 'A CDATA section is only allowed inside the root element.');
    } else if (frame.value !== null) {
      frame.value.addLiteral(this.text, start + 9, contentEnd);
    } else {
      checkStrayText(this.text, start + 9, contentEnd, frame, root, rootClosed, this.out);
    }
    this.chars.checkEncodingIn(start + 9, contentEnd);
    return closed;
  }

  /** False when the instruction runs into the end of the text. */
  processingInstruction(): boolean {
    const tokens = this.tokens;
    const { error, errorStart, errorEnd } = tokens;
    const out = this.out;
    if (error === TokenError.UnterminatedProcessingInstruction) {
      out.report('xml-syntax', errorStart, errorEnd, 'The processing instruction is not terminated with "?>".');
      return false;
    }
    this.chars.checkEncodingIn(tokens.tokenStart + 2, tokens.tokenEnd - 2);
    if (error === TokenError.None) this.checkTargetHasNoColon(tokens.tokenStart + 2);
    if (error === TokenError.MissingPITarget) {
      out.report('xml-syntax', errorStart, errorEnd, 'A processing instruction needs a target name.');
    } else if (error === TokenError.PITargetNotSeparated) {
      out.report('xml-syntax', errorStart, errorEnd, 'The target of a processing instruction must be followed by whitespace or "?>".');
    } else if (error === TokenError.ReservedPITarget) {
      const target = this.text.slice(errorStart + 2, errorEnd);
      out.report('xml-syntax', errorStart, errorEnd, target === 'xml'
        ? 'The XML declaration must be the very first thing in the file: nothing, not even whitespace, may precede it.'
        : `"${target}" is reserved: the XML declaration is written <?xml … ?> at the very start.`);
    }
    return true;
  }

  /** Namespaces 1.0 §7: a PI target is an NCName. */
  private checkTargetHasNoColon(targetStart: number): void {
    const targetEnd = scanName(this.text, targetStart, this.text.length);
    const colon = this.text.indexOf(':', targetStart);
    if (colon >= 0 && colon < targetEnd) this.out.report('xml-syntax', targetStart, targetEnd, 'The target of a processing instruction may not contain a colon.');
  }

  /** The declaration at the very start; one that lost (part of) its `?>` ends where the next markup starts. */
  xmlDeclaration(): void {
    const start = this.tokens.tokenStart;
    const { end, match, missing } = this.tokens.declaration!;
    this.chars.checkEncodingIn(start + 2, missing === '' ? end - 2 : end);
    if (match === null) {
      this.out.report('xml-syntax', start, start + 5, 'Malformed XML declaration: expected <?xml version="1.0" encoding="UTF-8"?>.');
      return;
    }
    if (missing !== '') this.out.report('xml-syntax', start, end, `The XML declaration must end with "?>": "${missing}" is missing.`);
    const encoding = match[6];
    if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8') {
      const [s, e] = match.indices![6]!;
      this.out.report('encoding', start + s, start + e, `Sitemaps must be UTF-8, not ${encoding}.`);
    }
  }

  /**
   * A DOCTYPE is checked against the grammar (syntax/doctype/doctypeGrammar.ts) but never expanded: its entity declarations
   * only tell the references in the document apart (declared but not expanded, or unknown). False when it runs into
   * the end of the text; `repeated` when a DOCTYPE or the root came before.
   */
  doctype(root: RootInfo, repeated: boolean): boolean {
    const tokens = this.tokens;
    const out = this.out;
    const start = tokens.tokenStart;
    if (repeated) {
      out.report('xml-syntax', start, start + 9, 'A DOCTYPE is only allowed once, before the root element.');
    }
    out.report('doctype', start, start + 9, 'A DOCTYPE is not part of the sitemap protocol; it is never read or expanded.');
    let terminated = true;
    for (;;) {
      const type = tokens.scan();
      if (type === TokenType.EntityDeclaration) {
        out.report('doctype', tokens.tokenStart, tokens.tokenEnd, 'Entity declarations are never expanded in a sitemap.');
      }
      if (tokens.error === TokenError.UnterminatedDoctype) {
        out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, 'The DOCTYPE is not terminated.');
        terminated = false;
        break;
      }
      if (type === TokenType.DoctypeClose) break;
    }
    const end = tokens.tokenEnd;
    const facts = checkDoctype(this.text, start, end, terminated, (from, to, message) => out.report('xml-syntax', from, to, message));
    this.chars.checkEncodingIn(start + 9, terminated ? end - 1 : end);
    if (root.doctype === undefined) root.doctype = this.chars.doctype = facts;
    return terminated;
  }
}
