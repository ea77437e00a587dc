/** The XML tokenizer, the one place the tag grammar is written, driven by the parser, the features' element trees and
 * the client's content sniffing (hence in shared/). Resumable, it only cuts tokens and reports their syntax errors;
 * what a token means is its consumer's (docs/architecture.md, "The layers"). */
import { Ch, isNameStart, isWhitespace, scanName } from './xmlChars';
import { readXmlDeclaration, startsXmlDeclaration, type XmlDeclaration } from './xmlDeclaration';

export const enum TokenType {
  /** `<` and the element name: the name is [tokenStart + 1, tokenEnd). */
  StartTagOpen,
  AttributeName,
  /**
   * A quoted value, quotes included (a value that runs into the end of the text has no closing quote); an unquoted
   * run of characters; or, when the attribute has no `=`, empty.
   */
  AttributeValue,
  /** `>`; empty, with StartTagMissingGt, when a `<` cuts the start tag short (a tag still being typed). */
  StartTagClose,
  /** `/>`. */
  StartTagSelfClose,
  /** A character that cannot stand in a start tag (UnexpectedCharInTag). */
  TagJunk,
  /** `</name>`, whitespace before the `>` included; the name is [tokenStart + 2, nameEnd). */
  EndTag,
  /** Character data up to the next `<`; starts with the `<` itself when that starts no markup (see the errors). */
  Text,
  Comment,
  CData,
  ProcessingInstruction,
  /** The XML declaration at the start of a document; `declaration` holds what it says. */
  XmlDeclaration,
  /** `<!DOCTYPE`: then DoctypeText, SubsetOpen … SubsetClose, and DoctypeClose. */
  DoctypeOpen,
  /** The external part of a DOCTYPE (its name and external ID), quoted strings skipped whole. */
  DoctypeText,
  /** `[`, opening the internal subset. */
  SubsetOpen,
  /** Declarations in the internal subset, never read (quoted strings skipped whole). */
  SubsetText,
  SubsetComment,
  SubsetProcessingInstruction,
  /** The `<!ENTITY` keyword of an entity declaration (its rest is SubsetText). */
  EntityDeclaration,
  /** `]`, closing the internal subset. */
  SubsetClose,
  /** The DOCTYPE's final `>`. */
  DoctypeClose,
  /** The end of the text (an empty token there; it may carry UnterminatedStartTag or UnterminatedDoctype). */
  EOS,
}

export const enum TokenError {
  None,
  /** A `<` that starts no markup: the Text token starts at it. Range: the `<`. */
  InvalidTagStart,
  /** `<!` that starts no comment, CDATA section or DOCTYPE: the Text token starts at it. Range: `<!`. */
  InvalidDeclarationStart,
  /** `</` with no name: an EndTag of just `</`. Range: `</`. */
  MissingEndTagName,
  /** The text ends inside an end tag. Range: its name. */
  UnterminatedEndTag,
  /** Not `>` after an end tag's name: the EndTag stops before it. Range: that character. */
  EndTagMissingGt,
  /** The text ends inside a start tag (on EOS). Range: the element name. */
  UnterminatedStartTag,
  /** A `<` inside a start tag. Range: the `<`. */
  StartTagMissingGt,
  UnexpectedCharInTag,
  /** An attribute right after the previous one, or after a value-less one (whose trailing whitespace went with it). Range: its name. */
  AttributesNotSeparated,
  /** On the empty AttributeValue of an attribute without `=`. Range: the attribute name. */
  AttributeWithoutValue,
  /** Range: the attribute name. */
  UnquotedAttributeValue,
  /** The text ends inside the value. Range: the attribute name. */
  UnterminatedAttributeValue,
  /** Range: `<!--`. */
  UnterminatedComment,
  /** `--` inside a comment, or `--->`. Range: the first such `--`. */
  DoubleHyphenInComment,
  /** Range: `<![CDATA[`. */
  UnterminatedCData,
  /** Range: `<?` and the target. */
  UnterminatedProcessingInstruction,
  /** Range: `<?`. */
  MissingPITarget,
  /** Range: the character after the target. */
  PITargetNotSeparated,
  /** A target `xml` in any case, anywhere but at the start of the document. Range: `<?` and the target. */
  ReservedPITarget,
  /** Range: `<!DOCTYPE`. */
  UnterminatedDoctype,
}

export const enum TokenizerState {
  /** At the very start of a document: a byte-order mark is skipped and an XML declaration recognised. */
  DocumentStart,
  Content,
  /** Inside a start tag, between attributes. */
  WithinStartTag,
  /** After an attribute's name: `=` and the value come next. */
  AfterAttributeName,
  /** In a DOCTYPE, outside its internal subset. */
  WithinDoctype,
  WithinDoctypeSubset,
}

export class XmlTokenizer {
  tokenStart = 0;
  tokenEnd = 0;
  error = TokenError.None;
  errorStart = 0;
  errorEnd = 0;
  /** End of an EndTag's name. */
  nameEnd = 0;
  /** For an XmlDeclaration token. */
  declaration: XmlDeclaration | undefined = undefined;
  /**
   * What errors about an enclosing construct point at: the start tag's name, the attribute's name, the DOCTYPE's
   * start. A tokenizer resumed inside such a construct does not know them and points at where it resumed.
   */
  private tagNameStart: number;
  private tagNameEnd: number;
  private attributeStart: number;
  private attributeEnd: number;
  private doctypeStart: number;

  constructor(
    private readonly text: string,
    private pos = 0,
    private state = TokenizerState.DocumentStart,
    private readonly end = text.length,
  ) {
    this.tagNameStart = this.tagNameEnd = this.attributeStart = this.attributeEnd = this.doctypeStart = pos;
  }

  /** Where the next token starts. */
  get offset(): number {
    return this.pos;
  }

  get scannerState(): TokenizerState {
    return this.state;
  }

  /** Continues from `offset` in `state` (the caller skipped ahead, or went back). */
  resume(offset: number, state: TokenizerState): void {
    this.pos = offset;
    this.state = state;
  }

  tokenText(): string {
    return this.text.slice(this.tokenStart, this.tokenEnd);
  }

  scan(): TokenType {
    this.error = TokenError.None;
    this.tokenStart = this.pos;
    if (this.state === TokenizerState.Content) return this.scanContent();
    switch (this.state) {
      case TokenizerState.DocumentStart:
        return this.scanDocumentStart();
      case TokenizerState.WithinStartTag:
        return this.scanWithinStartTag();
      case TokenizerState.AfterAttributeName:
        return this.scanAttributeValue();
      case TokenizerState.WithinDoctype:
        return this.scanWithinDoctype();
      default:
        return this.scanWithinSubset();
    }
  }

  // ---------------------------------------------------------------- content

  private scanDocumentStart(): TokenType {
    this.state = TokenizerState.Content;
    if (this.pos === 0 && this.text.charCodeAt(0) === Ch.Bom) this.tokenStart = this.pos = 1;
    const start = this.pos;
    if (!startsXmlDeclaration(this.text, start)) return this.scanContent();
    const declaration = readXmlDeclaration(this.text, start);
    this.declaration = declaration;
    return this.finish(TokenType.XmlDeclaration, declaration.resume);
  }

  private scanContent(): TokenType {
    const t = this.text;
    const p = this.pos;
    if (p >= this.end) return this.finish(TokenType.EOS, p);
    if (t.charCodeAt(p) !== Ch.LessThan) return this.scanText(p);
    const next = p + 1 < this.end ? t.charCodeAt(p + 1) : -1;
    if (isNameStart(next)) return this.scanStartTagOpen(p);
    if (next === Ch.Slash) return this.scanEndTag(p);
    if (next === Ch.Bang) return this.scanMarkupDeclaration(p);
    if (next === Ch.Question) return this.scanProcessingInstruction(p);
    this.fail(TokenError.InvalidTagStart, p, p + 1);
    return this.scanText(p + 1);
  }

  /** Character data from the token start, looking for the next `<` from `from`. */
  private scanText(from: number): TokenType {
    const lt = this.text.indexOf('<', from);
    return this.finish(TokenType.Text, lt < 0 || lt > this.end ? this.end : lt);
  }

  private scanMarkupDeclaration(start: number): TokenType {
    const t = this.text;
    if (t.startsWith('<!--', start)) return this.scanComment(start);
    if (t.startsWith('<![CDATA[', start)) {
      const close = t.indexOf(']]>', start + 9);
      if (close < 0 || close + 3 > this.end) {
        this.fail(TokenError.UnterminatedCData, start, start + 9);
        return this.finish(TokenType.CData, this.end);
      }
      return this.finish(TokenType.CData, close + 3);
    }
    if (t.startsWith('<!DOCTYPE', start)) {
      this.doctypeStart = start;
      this.state = TokenizerState.WithinDoctype;
      return this.finish(TokenType.DoctypeOpen, start + 9);
    }
    this.fail(TokenError.InvalidDeclarationStart, start, start + 2);
    return this.scanText(start + 2);
  }

  private scanComment(start: number): TokenType {
    const t = this.text;
    const close = t.indexOf('-->', start + 4);
    if (close < 0 || close + 3 > this.end) {
      this.fail(TokenError.UnterminatedComment, start, start + 4);
      return this.finish(TokenType.Comment, this.end);
    }
    const doubleHyphen = t.indexOf('--', start + 4);
    if (doubleHyphen < close || (close > start + 4 && t.charCodeAt(close - 1) === Ch.Minus)) {
      const at = doubleHyphen < close ? doubleHyphen : close - 1;
      this.fail(TokenError.DoubleHyphenInComment, at, at + 2);
    }
    return this.finish(TokenType.Comment, close + 3);
  }

  private scanProcessingInstruction(start: number): TokenType {
    const t = this.text;
    const targetEnd = scanName(t, start + 2, this.end);
    const close = t.indexOf('?>', start + 2);
    if (close < 0 || close + 2 > this.end) {
      this.fail(TokenError.UnterminatedProcessingInstruction, start, Math.max(targetEnd, start + 2));
      return this.finish(TokenType.ProcessingInstruction, this.end);
    }
    if (targetEnd === start + 2) this.fail(TokenError.MissingPITarget, start, start + 2);
    else if (targetEnd < close && !isWhitespace(t.charCodeAt(targetEnd))) this.fail(TokenError.PITargetNotSeparated, targetEnd, targetEnd + 1);
    else if (targetEnd - start === 5 && t.slice(start + 2, targetEnd).toLowerCase() === 'xml') this.fail(TokenError.ReservedPITarget, start, targetEnd);
    return this.finish(TokenType.ProcessingInstruction, close + 2);
  }

  // ---------------------------------------------------------------- tags

  private scanStartTagOpen(start: number): TokenType {
    const nameEnd = scanName(this.text, start + 1, this.end);
    this.tagNameStart = start + 1;
    this.tagNameEnd = nameEnd;
    this.state = TokenizerState.WithinStartTag;
    return this.finish(TokenType.StartTagOpen, nameEnd);
  }

  /**
   * After a StartTagOpen: when `>` follows the name at once (most tags), takes it and returns the tag's end, as a
   * StartTagClose would; otherwise -1 and nothing is taken. Spares the common tag a second token.
   */
  closeBareStartTag(): number {
    const p = this.pos;
    if (this.state !== TokenizerState.WithinStartTag || p >= this.end || this.text.charCodeAt(p) !== Ch.GreaterThan) return -1;
    this.state = TokenizerState.Content;
    return this.pos = p + 1;
  }

  private scanWithinStartTag(): TokenType {
    const t = this.text;
    const end = this.end;
    let p = this.pos;
    while (p < end && isWhitespace(t.charCodeAt(p))) p++;
    this.tokenStart = p;
    if (p >= end) {
      this.state = TokenizerState.Content;
      this.fail(TokenError.UnterminatedStartTag, this.tagNameStart, this.tagNameEnd);
      return this.finish(TokenType.EOS, end);
    }
    const c = t.charCodeAt(p);
    if (c === Ch.GreaterThan) return this.closeStartTag(TokenType.StartTagClose, p + 1);
    if (c === Ch.Slash && p + 1 < end && t.charCodeAt(p + 1) === Ch.GreaterThan) return this.closeStartTag(TokenType.StartTagSelfClose, p + 2);
    if (c === Ch.LessThan) {
      this.fail(TokenError.StartTagMissingGt, p, p + 1);
      return this.closeStartTag(TokenType.StartTagClose, p);
    }
    if (!isNameStart(c)) {
      this.fail(TokenError.UnexpectedCharInTag, p, p + 1);
      return this.finish(TokenType.TagJunk, p + 1);
    }
    const nameEnd = scanName(t, p, end);
    if (p === this.pos) this.fail(TokenError.AttributesNotSeparated, p, nameEnd);
    this.attributeStart = p;
    this.attributeEnd = nameEnd;
    this.state = TokenizerState.AfterAttributeName;
    return this.finish(TokenType.AttributeName, nameEnd);
  }

  private closeStartTag(type: TokenType, end: number): TokenType {
    this.state = TokenizerState.Content;
    return this.finish(type, end);
  }

  /** After an attribute name: whitespace, `=`, whitespace and the value, which becomes the token. */
  private scanAttributeValue(): TokenType {
    const t = this.text;
    const end = this.end;
    let p = this.pos;
    while (p < end && isWhitespace(t.charCodeAt(p))) p++;
    this.state = TokenizerState.WithinStartTag;
    if (p >= end || t.charCodeAt(p) !== Ch.Equals) {
      this.tokenStart = p;
      this.fail(TokenError.AttributeWithoutValue, this.attributeStart, this.attributeEnd);
      return this.finish(TokenType.AttributeValue, p);
    }
    p++;
    while (p < end && isWhitespace(t.charCodeAt(p))) p++;
    this.tokenStart = p;
    const quote = p < end ? t.charCodeAt(p) : -1;
    if (quote !== Ch.DoubleQuote && quote !== Ch.SingleQuote) {
      this.fail(TokenError.UnquotedAttributeValue, this.attributeStart, this.attributeEnd);
      while (p < end) {
        const d = t.charCodeAt(p);
        if (isWhitespace(d) || d === Ch.GreaterThan || d === Ch.LessThan || (d === Ch.Slash && t.charCodeAt(p + 1) === Ch.GreaterThan)) break;
        p++;
      }
      return this.finish(TokenType.AttributeValue, p);
    }
    const close = t.indexOf(quote === Ch.DoubleQuote ? '"' : "'", p + 1);
    if (close < 0 || close >= end) {
      this.state = TokenizerState.Content;
      this.fail(TokenError.UnterminatedAttributeValue, this.attributeStart, this.attributeEnd);
      return this.finish(TokenType.AttributeValue, end);
    }
    return this.finish(TokenType.AttributeValue, close + 1);
  }

  private scanEndTag(start: number): TokenType {
    const t = this.text;
    const end = this.end;
    const nameEnd = scanName(t, start + 2, end);
    this.nameEnd = nameEnd;
    if (nameEnd === start + 2) {
      this.fail(TokenError.MissingEndTagName, start, start + 2);
      return this.finish(TokenType.EndTag, start + 2);
    }
    let p = nameEnd;
    while (p < end && isWhitespace(t.charCodeAt(p))) p++;
    if (p < end && t.charCodeAt(p) === Ch.GreaterThan) return this.finish(TokenType.EndTag, p + 1);
    if (p >= end) this.fail(TokenError.UnterminatedEndTag, start + 2, nameEnd);
    else this.fail(TokenError.EndTagMissingGt, p, p + 1);
    return this.finish(TokenType.EndTag, p);
  }

  // ---------------------------------------------------------------- DOCTYPE

  private scanWithinDoctype(): TokenType {
    const t = this.text;
    const end = this.end;
    let p = this.pos;
    if (p >= end) return this.unterminatedDoctype(TokenType.EOS);
    const c = t.charCodeAt(p);
    if (c === Ch.GreaterThan) {
      this.state = TokenizerState.Content;
      return this.finish(TokenType.DoctypeClose, p + 1);
    }
    if (c === Ch.OpenBracket) {
      this.state = TokenizerState.WithinDoctypeSubset;
      return this.finish(TokenType.SubsetOpen, p + 1);
    }
    while (p < end) {
      const d = t.charCodeAt(p);
      if (d === Ch.GreaterThan || d === Ch.OpenBracket) return this.finish(TokenType.DoctypeText, p);
      p = d === Ch.DoubleQuote || d === Ch.SingleQuote ? this.afterQuoted(p, d) : p + 1;
      if (p < 0) break;
    }
    return this.unterminatedDoctype(TokenType.DoctypeText);
  }

  private scanWithinSubset(): TokenType {
    const t = this.text;
    const end = this.end;
    let p = this.pos;
    if (p >= end) return this.unterminatedDoctype(TokenType.EOS);
    const c = t.charCodeAt(p);
    if (c === Ch.CloseBracket) {
      this.state = TokenizerState.WithinDoctype;
      return this.finish(TokenType.SubsetClose, p + 1);
    }
    if (c === Ch.LessThan) {
      const markup = this.subsetMarkupAt(p);
      if (markup !== TokenType.SubsetText) return markup;
    }
    while (p < end) {
      const d = t.charCodeAt(p);
      if (d === Ch.CloseBracket || (d === Ch.LessThan && p > this.tokenStart && this.startsSubsetMarkup(p))) return this.finish(TokenType.SubsetText, p);
      p = d === Ch.DoubleQuote || d === Ch.SingleQuote ? this.afterQuoted(p, d) : p + 1;
      if (p < 0) break;
    }
    return this.unterminatedDoctype(TokenType.SubsetText);
  }

  private startsSubsetMarkup(p: number): boolean {
    const t = this.text;
    return t.startsWith('<!--', p) || t.startsWith('<?', p) || t.startsWith('<!ENTITY', p);
  }

  /** A comment, PI or `<!ENTITY` at `p` in the subset as its token; SubsetText when `p` starts none. */
  private subsetMarkupAt(p: number): TokenType {
    const t = this.text;
    if (t.startsWith('<!ENTITY', p)) return this.finish(TokenType.EntityDeclaration, p + 8);
    const isComment = t.startsWith('<!--', p);
    if (!isComment && !t.startsWith('<?', p)) return TokenType.SubsetText;
    const close = t.indexOf(isComment ? '-->' : '?>', p + (isComment ? 4 : 2));
    const type = isComment ? TokenType.SubsetComment : TokenType.SubsetProcessingInstruction;
    const after = close < 0 ? -1 : close + (isComment ? 3 : 2);
    if (after < 0 || after > this.end) return this.unterminatedDoctype(type);
    return this.finish(type, after);
  }

  /** After the string quoted by `quote` at `p`; -1 when it is not closed. */
  private afterQuoted(p: number, quote: number): number {
    const close = this.text.indexOf(quote === Ch.DoubleQuote ? '"' : "'", p + 1);
    return close < 0 || close >= this.end ? -1 : close + 1;
  }

  private unterminatedDoctype(type: TokenType): TokenType {
    this.state = TokenizerState.Content;
    this.fail(TokenError.UnterminatedDoctype, this.doctypeStart, this.doctypeStart + 9);
    return this.finish(type, this.end);
  }

  // ---------------------------------------------------------------- the token

  private fail(error: TokenError, start: number, end: number): void {
    this.error = error;
    this.errorStart = start;
    this.errorEnd = end;
  }

  private finish(type: TokenType, end: number): TokenType {
    this.tokenEnd = this.pos = end;
    return type;
  }
}
