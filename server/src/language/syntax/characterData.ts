/** The parser's checks inside tokens: character data, comments, CDATA sections, PIs and attribute values. A value
 * element's text is decoded into its ValueText on the way. */
import { ASCII, Ch, isXmlChar, scanName, TEXT_SPECIAL } from '../../../../shared/xmlChars';
import type { SegmentAssembler } from './segmentAssembler';
import type { DoctypeFacts } from './doctype/doctypeFacts';
import { entityReferenceProblem } from './entityValues';
import type { ValueText } from './valueText';

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export class CharacterData {
  /** The DOCTYPE's declarations, once one has been read. */
  doctype: DoctypeFacts | undefined = undefined;
  private readonly end: number;

  constructor(private readonly text: string, private readonly out: SegmentAssembler) {
    this.end = text.length;
  }

  /** Checks text[start, end) (a Text token; checking starts at `from`), decoding it into `value` when there is one. */
  scanText(start: number, from: number, end: number, value: ValueText | null): void {
    const t = this.text;
    let p = from;
    let literalStart = start;
    while (p < end) {
      const c = t.charCodeAt(p);
      if (c < 128 ? (ASCII[c] & TEXT_SPECIAL) === 0 : c < 0xd800) {
        p++;
        continue;
      }
      if (c === Ch.Ampersand) {
        if (value !== null) value.addLiteral(t, literalStart, p);
        p = this.scanReference(p, value);
        literalStart = p;
        continue;
      }
      if (c === Ch.GreaterThan) {
        if (p - 2 >= start && t.charCodeAt(p - 1) === Ch.CloseBracket && t.charCodeAt(p - 2) === Ch.CloseBracket) {
          this.out.report('xml-syntax', p - 2, p + 1, '"]]>" is not allowed in text.');
        } else if (value !== null && value.checksEscaping) {
          this.out.report('unescaped-character', p, p + 1, 'Escape ">" as &gt; in sitemap values.');
        }
      } else if (c === Ch.SingleQuote || c === Ch.DoubleQuote) {
        if (value !== null && value.checksEscaping) {
          this.out.report('unescaped-character', p, p + 1, c === Ch.SingleQuote ? `Escape "'" as &apos; in sitemap values.` : 'Escape \'"\' as &quot; in sitemap values.');
        }
      } else {
        p = this.checkUnusualChar(p);
        continue;
      }
      p++;
    }
    if (value !== null) value.addLiteral(t, literalStart, p);
  }

  /** Checks an attribute value, text[start, end) between its quotes. */
  checkAttributeValue(start: number, end: number): void {
    const t = this.text;
    let p = start;
    while (p < end) {
      const c = t.charCodeAt(p);
      if (c === Ch.LessThan) {
        this.out.report('xml-syntax', p, p + 1, '"<" is not allowed in an attribute value: write &lt;.');
        p++;
      } else if (c === Ch.Ampersand) {
        p = this.scanReference(p, null, true);
      } else if (c < 0x20 ? c !== Ch.Tab && c !== Ch.LineFeed && c !== Ch.CarriageReturn : c >= 0xd800) {
        p = this.checkUnusualChar(p);
      } else p++;
    }
  }

  /**
   * U+FFFD and lone surrogates in a comment, CDATA section or PI, which are not scanned as text: `encoding` as in
   * text; and characters that are not XML Chars ([2]: C0 controls, U+FFFE, U+FFFF): `xml-syntax` as in text.
   */
  checkEncodingIn(from: number, to: number): void {
    const t = this.text;
    for (let p = from; p < to; p++) {
      const c = t.charCodeAt(p);
      if (c < 0x20 ? c === Ch.Tab || c === Ch.LineFeed || c === Ch.CarriageReturn : c < 0xd800) continue;
      if (c < 0x20 || c >= 0xfffe || c === Ch.Replacement || (c >= 0xd800 && c <= 0xdfff)) p = this.checkUnusualChar(p) - 1;
    }
  }

  /** Checks a control character, surrogate or non-character at `p`; returns the position after it. */
  private checkUnusualChar(p: number): number {
    const c = this.text.charCodeAt(p);
    if (c < 0x20) {
      this.out.report('xml-syntax', p, p + 1, `Control character U+${hex(c)} is not allowed in XML.`);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = p + 1 < this.end ? this.text.charCodeAt(p + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) return p + 2;
      this.out.report('encoding', p, p + 1, 'A lone surrogate is not valid UTF-8 text.');
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      this.out.report('encoding', p, p + 1, 'A lone surrogate is not valid UTF-8 text.');
    } else if (c === Ch.Replacement) {
      this.out.report('encoding', p, p + 1, 'U+FFFD, the replacement character: the file was probably not valid UTF-8 when it was read.');
    } else if (c >= 0xfffe) {
      this.out.report('xml-syntax', p, p + 1, `U+${hex(c)} is not allowed in XML.`);
    }
    return p + 1;
  }

  /** Scans an entity or character reference at `p` (an `&`); returns the position after it. */
  private scanReference(p: number, value: ValueText | null, inAttribute = false): number {
    const t = this.text;
    if (p + 1 < this.end && t.charCodeAt(p + 1) === Ch.Hash) return this.scanCharacterReference(p, value);
    const nameEnd = scanName(t, p + 1, this.end);
    if (nameEnd === p + 1 || nameEnd >= this.end || t.charCodeAt(nameEnd) !== Ch.Semicolon) {
      this.out.report('unescaped-ampersand', p, p + 1, 'Unescaped "&": write it as &amp;.');
      if (value !== null) value.addLiteral(t, p, p + 1);
      return p + 1;
    }
    const name = t.slice(p + 1, nameEnd);
    const decoded = PREDEFINED_ENTITIES[name];
    if (decoded === undefined || !Object.prototype.hasOwnProperty.call(PREDEFINED_ENTITIES, name)) {
      this.reportEntityReference(name, p, nameEnd + 1, inAttribute);
      if (value !== null) value.addLiteral(t, p, nameEnd + 1);
    } else if (value !== null) {
      value.addReference(decoded, p, nameEnd + 1);
    }
    return nameEnd + 1;
  }

  /**
   * A reference to an entity XML does not predefine: unknown without a DOCTYPE that (may) declare it; else never
   * expanded, unless it may not stand there at all (syntax/entityValues.ts).
   */
  private reportEntityReference(name: string, start: number, end: number, inAttribute: boolean): void {
    const doctype = this.doctype;
    const problem = doctype === undefined ? undefined : entityReferenceProblem(doctype, name, inAttribute);
    if (doctype === undefined || (problem !== undefined && !doctype.entities.has(name))) {
      this.out.report('unknown-entity', start, end, `&${name}; is not defined: XML has only &amp; &lt; &gt; &quot; &apos; (use a numeric reference such as &#160;).`);
    } else if (problem !== undefined) {
      this.out.report('xml-syntax', start, end, problem);
    } else {
      this.out.report('entity-not-expanded', start, end, doctype.entities.has(name)
        ? `&${name}; is declared in the DOCTYPE, which is never read: its value is not checked, and consumers that do not read DTDs reject it.`
        : `&${name}; may be declared in an external DTD or parameter entity, which is never read: its value is not checked.`);
    }
  }

  /** `&#…;` or `&#x…;` at `p`. */
  private scanCharacterReference(p: number, value: ValueText | null): number {
    const t = this.text;
    const end = this.end;
    let q = p + 2;
    const isHex = q < end && t.charCodeAt(q) === Ch.LowerX;
    if (isHex) q++;
    const digitsStart = q;
    let code = 0;
    while (q < end) {
      const c = t.charCodeAt(q);
      let digit: number;
      if (c >= Ch.Digit0 && c <= Ch.Digit9) digit = c - Ch.Digit0;
      else if (isHex && c >= Ch.LowerA && c <= Ch.LowerF) digit = c - Ch.LowerA + 10;
      else if (isHex && c >= Ch.UpperA && c <= Ch.UpperF) digit = c - Ch.UpperA + 10;
      else break;
      code = Math.min(code * (isHex ? 16 : 10) + digit, 0x110000);
      q++;
    }
    if (q === digitsStart || q >= end || t.charCodeAt(q) !== Ch.Semicolon) {
      this.out.report('unescaped-ampersand', p, p + 1, 'Malformed character reference: escape "&" as &amp;.');
      if (value !== null) value.addLiteral(t, p, p + 1);
      return p + 1;
    }
    if (!isXmlChar(code)) {
      this.out.report('xml-syntax', p, q + 1, 'This character reference names a character that XML does not allow.');
      if (value !== null) value.addLiteral(t, p, q + 1);
    } else if (value !== null) {
      value.addReference(String.fromCodePoint(code), p, q + 1);
    }
    return q + 1;
  }
}

function hex(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, '0');
}
