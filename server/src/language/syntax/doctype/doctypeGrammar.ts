/** The DOCTYPE against XML 1.0 productions [28]–[83] and Namespaces 1.0 §7. Nothing is expanded or read: it reports
 * where the grammar breaks (once per declaration, resuming after its `>`) and which general entities are declared. */
import { Ch, isNameChar, isWhitespace, isXmlChar, scanName } from '../../../../../shared/xmlChars';
import { EntityKind, type DoctypeFacts } from './doctypeFacts';
import { entityReferenceProblem } from '../entityValues';

/** Punctuation of the DTD grammar that the shared Ch does not name. */
const enum Dtd {
  Percent = 37, OpenParen = 40, CloseParen = 41, Star = 42, Plus = 43, Comma = 44, Bar = 124, UpperR = 82,
}

export type SyntaxProblemSink = (start: number, end: number, message: string) => void;

/**
 * Checks the DOCTYPE text[start, end) (`<!DOCTYPE` up to and including its final ">", as the tokenizer cut it;
 * `terminated` false when the text ends inside it, which the caller reports).
 */
export function checkDoctype(text: string, start: number, end: number, terminated: boolean, report: SyntaxProblemSink): DoctypeFacts {
  const checker = new DoctypeChecker(text, start + 9, terminated ? end - 1 : end, terminated, report);
  checker.checkDoctype();
  return checker.facts;
}

/** Thrown where the grammar breaks; caught per markup declaration. */
class Mismatch {
  constructor(readonly start: number, readonly end: number, readonly message: string) {}
}

const ATTRIBUTE_TYPES = new Set(['CDATA', 'ID', 'IDREF', 'IDREFS', 'ENTITY', 'ENTITIES', 'NMTOKEN', 'NMTOKENS']);

class DoctypeChecker {
  readonly facts: DoctypeFacts = { entities: new Map(), declaresElsewhere: false, values: new Map(), verdicts: new Map() };
  private p: number;

  /** Checks text[from, limit): after `<!DOCTYPE` up to its final ">" (excluded) or the end of the text. */
  constructor(private readonly text: string, from: number, private readonly limit: number, private readonly terminated: boolean,
    private readonly report: SyntaxProblemSink) {
    this.p = from;
  }

  checkDoctype(): void {
    try {
      const spacedName = this.skipWhitespace();
      if (this.p >= this.limit || this.at(Ch.OpenBracket)) this.fail(this.p, this.p + 1, 'A DOCTYPE names the root element: <!DOCTYPE urlset>.');
      if (!spacedName) this.fail(this.p, this.wordEnd(), 'Expected whitespace before the root element\'s name.');
      this.requireName('the root element\'s name', false);
      const spaced = this.skipWhitespace();
      if (this.startsWord('SYSTEM') || this.startsWord('PUBLIC')) {
        if (!spaced) this.fail(this.p, this.p + 6, 'Expected whitespace before the external identifier.');
        this.externalId(false);
        this.facts.declaresElsewhere = true;
        this.skipWhitespace();
      }
      if (this.at(Ch.OpenBracket)) {
        this.p++;
        if (!this.internalSubset()) return;
        this.p++;
        this.skipWhitespace();
      }
      if (this.at(Ch.OpenBracket)) this.fail(this.p, this.p + 1, 'A DOCTYPE has only one internal subset.');
      if (this.p < this.limit) this.fail(this.p, this.wordEnd(), 'Expected SYSTEM or PUBLIC (in upper case) before a quoted identifier, the internal subset "[", or ">".');
    } catch (e) {
      this.reportMismatch(e);
    }
  }

  // ---------------------------------------------------------------- [28b] the internal subset

  /** Checks the subset up to its "]"; false when checking stopped inside it (an error ran past its end). */
  private internalSubset(): boolean {
    for (;;) {
      this.skipWhitespace();
      if (this.p >= this.limit) {
        if (this.terminated) this.report(this.limit, this.limit + 1, 'Expected "]" to close the internal subset before ">".');
        return false;
      }
      if (this.at(Ch.CloseBracket)) return true;
      const declarationStart = this.p;
      try {
        this.markupDeclaration();
      } catch (e) {
        this.reportMismatch(e);
        if (!this.skipPast(declarationStart)) return false;
      }
    }
  }

  /** [28a] DeclSep or [29] markupdecl at `p`. */
  private markupDeclaration(): void {
    const t = this.text;
    const p = this.p;
    if (this.at(Dtd.Percent)) this.parameterEntityReference();
    else if (t.startsWith('<!--', p)) this.comment();
    else if (t.startsWith('<?', p)) this.processingInstruction();
    else if (this.startsKeyword('<!ELEMENT')) this.elementDeclaration();
    else if (this.startsKeyword('<!ATTLIST')) this.attributeListDeclaration();
    else if (this.startsKeyword('<!ENTITY')) this.entityDeclaration();
    else if (this.startsKeyword('<!NOTATION')) this.notationDeclaration();
    else if (t.startsWith('<![', p)) this.conditionalSection();
    else if (t.startsWith('<!', p)) this.fail(p, scanName(t, p + 2, this.limit), 'Expected <!ELEMENT, <!ATTLIST, <!ENTITY or <!NOTATION (in upper case).');
    else this.fail(p, p + 1, 'Expected a markup declaration, a comment, a processing instruction or a parameter-entity reference.');
  }

  /** Not allowed here: reported once, and skipped whole up to its "]]>". */
  private conditionalSection(): never {
    const start = this.p;
    const close = this.text.indexOf(']]>', start);
    if (close > 0 && close < this.limit) this.p = close + 2;
    this.fail(start, start + 3, 'Conditional sections are only allowed in an external DTD, not in the internal subset.');
  }

  /** After an error in the declaration that started at `from`: past its ">"; false when that is past the subset. */
  private skipPast(from: number): boolean {
    const close = this.text.indexOf('>', Math.max(from + 1, this.p));
    if (close < 0 || close >= this.limit) return false;
    this.p = close + 1;
    return true;
  }

  /** [69] PEReference between declarations: allowed, never expanded. */
  private parameterEntityReference(): void {
    const start = this.p++;
    this.requireName('a parameter entity\'s name', true);
    if (!this.at(Ch.Semicolon)) this.fail(start, this.p, 'A parameter-entity reference ends with ";".');
    this.p++;
    this.facts.declaresElsewhere = true;
  }

  // ---------------------------------------------------------------- [15] comments, [16] PIs

  private comment(): void {
    const start = this.p;
    const close = this.text.indexOf('--', start + 4);
    if (close < 0 || close + 2 >= this.limit) this.fail(start, start + 4, 'The comment is not terminated with "-->".');
    if (this.text.charCodeAt(close + 2) !== Ch.GreaterThan) this.fail(close, close + 2, '"--" is not allowed inside a comment.');
    this.p = close + 3;
  }

  private processingInstruction(): void {
    const start = this.p;
    this.p += 2;
    const target = this.requireName('the processing instruction\'s target', true);
    if (target.toLowerCase() === 'xml') this.fail(start, this.p, 'The XML declaration may only stand at the very start of the document.');
    const close = this.text.indexOf('?>', this.p);
    if (close < 0 || close + 1 >= this.limit) this.fail(start, this.p, 'The processing instruction is not terminated with "?>".');
    if (close !== this.p && !isWhitespace(this.text.charCodeAt(this.p))) this.fail(this.p, this.p + 1, 'The target of a processing instruction must be followed by whitespace or "?>".');
    this.p = close + 2;
  }

  // ---------------------------------------------------------------- [45] element type declarations

  private elementDeclaration(): void {
    this.p += 9;
    this.requireWhitespace('an element name');
    this.requireName('an element name', false);
    this.requireWhitespace('the content model');
    if (this.startsWord('EMPTY') || this.startsWord('ANY')) this.p += this.startsWord('ANY') ? 3 : 5;
    else if (this.at(Dtd.OpenParen)) this.contentModel();
    else this.fail(this.p, this.wordEnd(), 'Expected the content model: EMPTY, ANY or a parenthesised model.');
    this.endDeclaration();
  }

  /** [47] children or [51] Mixed, at "(". */
  private contentModel(): void {
    const open = this.p++;
    this.skipWhitespace();
    if (!this.text.startsWith('#PCDATA', this.p)) {
      this.group(open);
      this.quantifier();
      return;
    }
    this.p += 7;
    let names = 0;
    for (;;) {
      this.skipWhitespace();
      if (this.at(Dtd.CloseParen)) break;
      if (!this.at(Dtd.Bar)) this.fail(this.p, this.p + 1, 'Mixed content lists names separated by "|" after #PCDATA.');
      this.p++;
      this.skipWhitespace();
      this.requireName('an element name', false);
      names++;
    }
    this.p++;
    if (this.at(Dtd.Star)) this.p++;
    else if (names > 0) this.fail(open, this.p, 'Mixed content with element names must end with ")*".');
    else if (this.at(Ch.Question) || this.at(Dtd.Plus)) this.fail(this.p, this.p + 1, '(#PCDATA) may only be followed by "*".');
  }

  /** [49] choice or [50] seq after its "(" (at `open`): content particles joined by one kind of separator. */
  private group(open: number): void {
    let separator = 0;
    for (;;) {
      this.skipWhitespace();
      this.contentParticle();
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.p);
      if (c === Dtd.CloseParen) break;
      if (c !== Dtd.Bar && c !== Dtd.Comma) this.fail(this.p, this.p + 1, 'Expected "|", "," or ")" in the content model.');
      if (separator !== 0 && c !== separator) this.fail(this.p, this.p + 1, 'A group may not mix "|" and ",".');
      separator = c;
      this.p++;
    }
    this.p++;
    if (this.p > this.limit) this.fail(open, open + 1, 'The content model is not closed.');
  }

  /** [48] cp. */
  private contentParticle(): void {
    if (this.at(Dtd.OpenParen)) {
      const open = this.p++;
      this.skipWhitespace();
      if (this.text.startsWith('#PCDATA', this.p)) this.fail(this.p, this.p + 7, '#PCDATA may only come first in the outermost group.');
      this.group(open);
    } else this.requireName('an element name or "("', false);
    this.quantifier();
  }

  private quantifier(): void {
    if (this.at(Ch.Question) || this.at(Dtd.Star) || this.at(Dtd.Plus)) this.p++;
  }

  // ---------------------------------------------------------------- [52] attribute-list declarations

  private attributeListDeclaration(): void {
    this.p += 9;
    this.requireWhitespace('an element name');
    this.requireName('an element name', false);
    for (;;) {
      const spaced = this.skipWhitespace();
      if (this.at(Ch.GreaterThan) || this.p >= this.limit) break;
      if (!spaced) this.fail(this.p, this.p + 1, 'Expected whitespace before the attribute definition.');
      this.requireName('an attribute name', false);
      this.requireWhitespace('the attribute type');
      this.attributeType();
      this.requireWhitespace('the default: #REQUIRED, #IMPLIED, #FIXED or a quoted value');
      this.defaultDeclaration();
    }
    this.endDeclaration();
  }

  /** [54] AttType. */
  private attributeType(): void {
    if (this.at(Dtd.OpenParen)) {
      this.nameList(true);
      return;
    }
    const start = this.p;
    const word = this.text.slice(start, this.wordEnd());
    if (word === 'NOTATION') {
      this.p += 8;
      this.requireWhitespace('"(" and the notation names');
      if (!this.at(Dtd.OpenParen)) this.fail(this.p, this.p + 1, 'Expected "(" and the notation names.');
      this.nameList(false);
    } else if (ATTRIBUTE_TYPES.has(word)) this.p += word.length;
    else this.fail(start, start + Math.max(word.length, 1), 'Expected an attribute type: CDATA, ID, IDREF, IDREFS, ENTITY, ENTITIES, NMTOKEN, NMTOKENS, NOTATION or an enumeration.');
  }

  /** [58] and [59]: "(" names or name tokens separated by "|" ")". */
  private nameList(tokens: boolean): void {
    this.p++;
    for (;;) {
      this.skipWhitespace();
      if (tokens) this.requireNameToken();
      else this.requireName('a notation name', true);
      this.skipWhitespace();
      if (this.at(Dtd.CloseParen)) break;
      if (!this.at(Dtd.Bar)) this.fail(this.p, this.p + 1, 'Expected "|" or ")" in the list.');
      this.p++;
    }
    this.p++;
  }

  /** [60] DefaultDecl. */
  private defaultDeclaration(): void {
    const t = this.text;
    if (t.startsWith('#REQUIRED', this.p) || t.startsWith('#IMPLIED', this.p)) {
      this.p += t.charCodeAt(this.p + 1) === Dtd.UpperR ? 9 : 8;
      return;
    }
    if (t.startsWith('#FIXED', this.p)) {
      this.p += 6;
      this.requireWhitespace('the fixed value');
    }
    if (!this.at(Ch.DoubleQuote) && !this.at(Ch.SingleQuote)) this.fail(this.p, this.wordEnd(), 'Expected #REQUIRED, #IMPLIED, #FIXED or a quoted default value.');
    this.literal((c, at) => this.attributeValueChar(c, at));
  }

  /** [10] AttValue's characters: no "<", "&" only in references to entities that may stand in attribute values. */
  private attributeValueChar(c: number, at: number): number {
    if (c === Ch.LessThan) this.fail(at, at + 1, '"<" is not allowed in an attribute value: write &lt;.');
    if (c !== Ch.Ampersand) return at + 1;
    const [end, name] = this.reference(at);
    const problem = name === undefined ? undefined : entityReferenceProblem(this.facts, name, true);
    if (problem !== undefined) this.fail(at, end, problem);
    return end;
  }

  // ---------------------------------------------------------------- [70] entity declarations, [82] notations

  private entityDeclaration(): void {
    this.p += 8;
    this.requireWhitespace('the entity\'s name');
    const parameter = this.at(Dtd.Percent);
    if (parameter) {
      this.p++;
      this.requireWhitespace('the parameter entity\'s name');
    }
    const name = this.requireName('the entity\'s name', true);
    this.requireWhitespace('the entity\'s value or external identifier');
    let kind = EntityKind.Internal;
    const valueStart = this.p + 1;
    if (this.at(Ch.DoubleQuote) || this.at(Ch.SingleQuote)) this.literal((c, at) => this.entityValueChar(c, at));
    else if (this.startsWord('SYSTEM') || this.startsWord('PUBLIC')) kind = this.externalEntity(parameter);
    else this.fail(this.p, this.wordEnd(), 'Expected a quoted value, SYSTEM or PUBLIC.');
    if (!parameter && !this.facts.entities.has(name)) {
      this.facts.entities.set(name, kind);
      if (kind === EntityKind.Internal) this.facts.values.set(name, replaceCharacterReferences(this.text.slice(valueStart, this.p - 1)));
    }
    this.endDeclaration();
  }

  /** ExternalID and, for a general entity, [76] NDataDecl. */
  private externalEntity(parameter: boolean): EntityKind {
    this.externalId(false);
    const spaced = this.skipWhitespace();
    if (!this.startsWord('NDATA')) return EntityKind.External;
    if (parameter) this.fail(this.p, this.p + 5, 'A parameter entity cannot be unparsed (NDATA).');
    if (!spaced) this.fail(this.p, this.p + 5, 'Expected whitespace before NDATA.');
    this.p += 5;
    this.requireWhitespace('the notation name');
    this.requireName('the notation name', true);
    return EntityKind.Unparsed;
  }

  /** [9] EntityValue's characters: in the internal subset no "%" (WFC: PEs in Internal Subset), "&" only in references. */
  private entityValueChar(c: number, at: number): number {
    if (c === Dtd.Percent) this.fail(at, at + 1, 'A parameter-entity reference cannot stand inside a declaration in the internal subset.');
    return c === Ch.Ampersand ? this.reference(at)[0] : at + 1;
  }

  private notationDeclaration(): void {
    this.p += 10;
    this.requireWhitespace('the notation\'s name');
    this.requireName('the notation\'s name', true);
    this.requireWhitespace('SYSTEM or PUBLIC');
    if (!this.startsWord('SYSTEM') && !this.startsWord('PUBLIC')) this.fail(this.p, this.wordEnd(), 'Expected SYSTEM or PUBLIC.');
    this.externalId(true);
    this.endDeclaration();
  }

  /** [75] ExternalID (or, `publicAlone`, [83] PublicID too) at SYSTEM or PUBLIC. */
  private externalId(publicAlone: boolean): void {
    const isPublic = this.startsWord('PUBLIC');
    this.p += 6;
    this.requireWhitespace(isPublic ? 'the quoted public identifier' : 'the quoted system identifier');
    if (isPublic) {
      this.requireLiteral('the public identifier');
      this.literal((c, at) => this.publicIdChar(c, at));
      const spaced = this.skipWhitespace();
      if (publicAlone && !this.at(Ch.DoubleQuote) && !this.at(Ch.SingleQuote)) return;
      if (!spaced) this.fail(this.p, this.p + 1, 'Expected whitespace before the quoted system identifier.');
    }
    this.requireLiteral('the system identifier');
    this.literal((_c, at) => at + 1);
  }

  /** [13] PubidChar. */
  private publicIdChar(c: number, at: number): number {
    const allowed = c === Ch.Space || c === Ch.CarriageReturn || c === Ch.LineFeed || (c >= Ch.Digit0 && c <= Ch.Digit9)
      || (c >= Ch.UpperA && c <= Ch.UpperZ) || (c >= Ch.LowerA && c <= Ch.LowerZ) || "-'()+,./:=?;!*#@$_%".includes(String.fromCharCode(c));
    if (!allowed) this.fail(at, at + 1, 'This character is not allowed in a public identifier.');
    return at + 1;
  }

  // ---------------------------------------------------------------- pieces

  /** A quoted literal at `p`; each character inside goes through `char`, which returns where to go on. */
  private literal(char: (c: number, at: number) => number): void {
    const t = this.text;
    const quote = t.charCodeAt(this.p);
    const start = this.p;
    let q = start + 1;
    while (q < this.limit && t.charCodeAt(q) !== quote) q = char(t.charCodeAt(q), q);
    if (q >= this.limit) this.fail(start, start + 1, 'The quoted value is not closed.');
    this.p = q + 1;
  }

  /** [67] Reference at `at` (an "&"): returns where it ends, and the entity's name (undefined for a character reference). */
  private reference(at: number): [number, string | undefined] {
    const t = this.text;
    if (t.charCodeAt(at + 1) === Ch.Hash) {
      const m = /^&#(?:x([0-9a-fA-F]+)|([0-9]+));/.exec(t.slice(at, at + 16));
      if (m === null) this.fail(at, at + 1, 'Malformed character reference.');
      const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
      if (!isXmlChar(code)) this.fail(at, at + m[0].length, 'This character reference names a character that XML does not allow.');
      return [at + m[0].length, undefined];
    }
    const nameEnd = scanName(t, at + 1, this.limit);
    if (nameEnd === at + 1 || t.charCodeAt(nameEnd) !== Ch.Semicolon) this.fail(at, at + 1, 'A "&" must start a reference: write it as &amp;.');
    return [nameEnd + 1, t.slice(at + 1, nameEnd)];
  }

  private requireLiteral(what: string): void {
    if (!this.at(Ch.DoubleQuote) && !this.at(Ch.SingleQuote)) this.fail(this.p, this.wordEnd(), `Expected ${what} in quotes.`);
  }

  /** A [5] Name (`noColon`: Namespaces 1.0 §7, for entity, notation and PI names); returns it. */
  private requireName(what: string, noColon: boolean): string {
    const start = this.p;
    const end = scanName(this.text, start, this.limit);
    if (end === start) this.fail(start, this.wordEnd(), `Expected ${what}.`);
    const name = this.text.slice(start, end);
    if (noColon && name.includes(':')) this.fail(start, end, `"${name}" may not contain a colon.`);
    this.p = end;
    return name;
  }

  /** A [7] Nmtoken. */
  private requireNameToken(): void {
    const start = this.p;
    let q = start;
    while (q < this.limit && isNameChar(this.text.charCodeAt(q))) q++;
    if (q === start) this.fail(start, start + 1, 'Expected a name token.');
    this.p = q;
  }

  private requireWhitespace(before: string): void {
    if (!this.skipWhitespace()) this.fail(this.p, this.wordEnd(), `Expected whitespace before ${before}.`);
  }

  /** Skips whitespace; whether there was any. */
  private skipWhitespace(): boolean {
    const start = this.p;
    while (this.p < this.limit && isWhitespace(this.text.charCodeAt(this.p))) this.p++;
    return this.p > start;
  }

  /** S? ">" closing a markup declaration. */
  private endDeclaration(): void {
    this.skipWhitespace();
    if (!this.at(Ch.GreaterThan)) this.fail(this.p, this.p + 1, 'Expected ">" to close the declaration.');
    this.p++;
  }

  private at(c: number): boolean {
    return this.p < this.limit && this.text.charCodeAt(this.p) === c;
  }

  /** Whether the keyword `word` stands at `p`, not followed by a name character. */
  private startsWord(word: string): boolean {
    return this.text.startsWith(word, this.p) && scanName(this.text, this.p + word.length - 1, this.limit) === this.p + word.length;
  }

  /** A markup keyword such as `<!ELEMENT` at `p`, followed by something that is not a name character. */
  private startsKeyword(keyword: string): boolean {
    return this.text.startsWith(keyword, this.p) && scanName(this.text, this.p + 2, this.limit) === this.p + keyword.length;
  }

  /** Where the word at `p` ends (at least one character on): the range an error about it covers. */
  private wordEnd(): number {
    let q = this.p;
    while (q < this.limit && !isWhitespace(this.text.charCodeAt(q)) && this.text.charCodeAt(q) !== Ch.GreaterThan) q++;
    return Math.min(Math.max(q, this.p + 1), Math.max(this.limit, this.p + 1));
  }

  private fail(start: number, end: number, message: string): never {
    throw new Mismatch(start, Math.max(end, start + 1), message);
  }

  private reportMismatch(e: unknown): void {
    if (!(e instanceof Mismatch)) throw e;
    // Running into the end of an unterminated DOCTYPE is reported once, by the caller.
    if (!this.terminated && e.start >= this.limit) return;
    this.report(e.start, Math.min(e.end, this.limit + 1), e.message);
  }
}

/** §4.5: a literal entity value's character references are replaced when it is declared; entity references stay. */
function replaceCharacterReferences(literal: string): string {
  if (!literal.includes('&#')) return literal;
  return literal.replace(/&#(?:x([0-9a-fA-F]+)|([0-9]+));/g, (_, hex?: string, dec?: string) => String.fromCodePoint(Math.min(hex !== undefined ? parseInt(hex, 16) : Number(dec), 0x10ffff)));
}
