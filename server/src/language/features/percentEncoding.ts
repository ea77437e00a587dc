/** Percent-encoding what a URL may not hold, for the `invalid-url` fix and Convert to XML Sitemap alike, which repairs
 * a text sitemap's URL lines the same way rather than dropping them. */
import type { OffsetEdit } from '../sitemapLanguageTypes';
import { isIPrivate, isUcsChar } from '../rules/urlCharacters';

/**
 * `value` (a literal URL, no entities) with what follows its authority percent-encoded; undefined when it has no
 * `scheme://` or still holds whitespace (in its host: encoding cannot repair that).
 */
export function percentEncodeUrl(value: string): string | undefined {
  const edits = percentEncodeEdits(value, 0, false, value.length);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) return undefined;
  let encoded = '';
  let at = 0;
  for (const edit of edits) {
    encoded += value.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  encoded += value.slice(at);
  return /\s/.test(encoded) ? undefined : encoded;
}

/** Characters never legal in a URI (RFC 3986): controls, space, `"`, `<`, `>`, `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}`, DEL. */
function isIllegalAscii(c: number): boolean {
  return c < 0x20 || c === 0x7f || ' "<>[\\]^`{|}'.includes(String.fromCharCode(c));
}

/**
 * Edits percent-encoding what a URL may not hold after its authority; legal non-ASCII (an IRI) is left alone. `raw`
 * is the source text (entities included when `xml`), and edits replace whole references. No edits when the problem
 * lies in the scheme or host, which encoding cannot fix.
 */
export function percentEncodeEdits(raw: string, base: number, xml: boolean, problemStart: number): OffsetEdit[] {
  // Decode into characters, each with its source range.
  const chars: Array<{ c: string; from: number; to: number }> = [];
  for (let i = 0; i < raw.length;) {
    if (xml && raw[i] === '&') {
      const m = /^&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/.exec(raw.slice(i, i + 12));
      if (m !== null) {
        const ref = m[1];
        const code = ref === 'amp' ? 38 : ref === 'lt' ? 60 : ref === 'gt' ? 62 : ref === 'quot' ? 34 : ref === 'apos' ? 39
          : ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (code <= 0x10ffff) {
          chars.push({ c: String.fromCodePoint(code), from: i, to: i + m[0].length });
          i += m[0].length;
          continue;
        }
      }
    }
    const cp = raw.codePointAt(i)!;
    const length = cp > 0xffff ? 2 : 1;
    chars.push({ c: raw.slice(i, i + length), from: i, to: i + length });
    i += length;
  }
  const decoded = chars.map((x) => x.c).join('');
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(decoded);
  if (authority === null) return [];
  // Index of the first character after the authority.
  let k = 0;
  let length = 0;
  while (k < chars.length && length < authority[0].length) length += chars[k++].c.length;
  if (k < chars.length && base + chars[k].from > problemStart) return [];
  if (k >= chars.length && base + raw.length > problemStart) return [];
  const edits: OffsetEdit[] = [];
  let section = 0; // 0 path, 1 query, 2 fragment
  for (let j = k; j < chars.length; j++) {
    const { c, from, to } = chars[j];
    const code = c.codePointAt(0)!;
    let encoded: string | undefined;
    if (code < 0x80) {
      if (c === '?' && section === 0) section = 1;
      else if (c === '#' && section < 2) section = 2;
      else if (c === '#') encoded = '%23';
      else if (c === '%') {
        const next = (chars[j + 1]?.c ?? '') + (chars[j + 2]?.c ?? '');
        if (!/^[0-9A-Fa-f]{2}$/.test(next)) encoded = '%25';
      } else if (isIllegalAscii(code)) encoded = '%' + code.toString(16).toUpperCase().padStart(2, '0');
    } else if (!isUcsChar(code) && !(section === 1 && isIPrivate(code))) {
      try {
        encoded = encodeURIComponent(c);
      } catch {
        encoded = undefined; // a lone surrogate has no UTF-8 form
      }
    }
    if (encoded !== undefined) edits.push({ start: base + from, end: base + to, text: encoded });
  }
  return edits;
}
