import { decodeReferences } from '../../../../shared/xmlNamespaces';

/**
 * The decoded text content of a value element (`<loc>`, `<lastmod>`, …) together with the way back
 * from decoded offsets to source offsets, so problems found in the decoded value land on the right characters.
 */
export class ValueText {
  value = '';
  /** Quadruples: decoded start, source start, source end, 1 for a literal run (1:1) or 0 for a reference. */
  private readonly chunks: number[] = [];
  /** Used length of `chunks` (the array is reused: resetting its length is slow). */
  private used = 0;
  /** Where an empty value sits in the source (just after the start tag). */
  private emptyAt = 0;

  /**
   * Whether raw `'`, `"` and `>` get unescaped-character: in the protocol's values and in the extensions' URLs, dates
   * and codes, not in their prose (captions, titles, descriptions), where they are plain XML text.
   */
  checksEscaping = true;

  /** Starts a new value (the parser reuses one instance). */
  reset(emptyAt: number, checksEscaping = true): void {
    this.checksEscaping = checksEscaping;
    this.value = '';
    this.used = 0;
    this.emptyAt = emptyAt;
  }

  /** Starts a new value: the attribute value `text[start, end)` decoded (its references were checked by the parser). */
  setAttribute(text: string, start: number, end: number): void {
    this.reset(start);
    let p = start;
    while (p < end) {
      const amp = text.indexOf('&', p);
      const semicolon = amp < 0 || amp >= end ? -1 : text.indexOf(';', amp);
      if (semicolon < 0 || semicolon >= end) break;
      this.addLiteral(text, p, amp);
      const reference = semicolon === amp + 4 && text.startsWith('&amp;', amp) ? '&' : decodeReferences(text.slice(amp, semicolon + 1));
      this.addReference(reference, amp, semicolon + 1);
      p = semicolon + 1;
    }
    this.addLiteral(text, p, end);
  }

  addLiteral(text: string, start: number, end: number): void {
    if (end <= start) return;
    this.push(this.value.length, start, end, 1);
    this.value = this.value.length === 0 ? text.slice(start, end) : this.value + text.slice(start, end);
  }

  addReference(decoded: string, start: number, end: number): void {
    this.push(this.value.length, start, end, 0);
    this.value += decoded;
  }

  private push(decodedStart: number, start: number, end: number, literal: number): void {
    const c = this.chunks;
    const k = this.used;
    c[k] = decodedStart;
    c[k + 1] = start;
    c[k + 2] = end;
    c[k + 3] = literal;
    this.used = k + 4;
  }

  /** Source offset of the decoded offset `d`, taken as the start of a range. */
  sourceStart(d: number): number {
    const c = this.chunks;
    if (this.used === 0) return this.emptyAt;
    let i = this.used - 4;
    while (i > 0 && c[i] > d) i -= 4;
    return c[i + 3] === 1 ? Math.min(c[i + 1] + (d - c[i]), c[i + 2]) : d === c[i] ? c[i + 1] : c[i + 2];
  }

  /** Source offset of the decoded offset `d`, taken as the end of a range. */
  sourceEnd(d: number): number {
    const c = this.chunks;
    if (this.used === 0) return this.emptyAt;
    let i = this.used - 4;
    while (i > 0 && c[i] >= d) i -= 4;
    return c[i + 3] === 1 ? Math.min(c[i + 1] + (d - c[i]), c[i + 2]) : d <= c[i] ? c[i + 1] : c[i + 2];
  }
}
