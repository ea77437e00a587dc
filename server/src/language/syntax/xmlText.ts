/** Entry URLs are kept in canonical escaped form — as a plain `<loc>` is written — so the fast path stores a slice of
 * the text as is, equal URLs have equal keys however they were escaped, and the URL is one `unescapeXml` away. */

export function escapeXml(value: string): string {
  if (!/[&<>"']/.test(value)) return value;
  return value.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** Decodes the five predefined entities (the only references canonical form holds), in one pass. */
export function unescapeXml(raw: string): string {
  let p = raw.indexOf('&');
  if (p < 0) return raw;
  let out = '';
  let last = 0;
  for (; p >= 0; p = raw.indexOf('&', last)) {
    const c1 = raw.charCodeAt(p + 1);
    let decoded: string;
    let length: number;
    if (c1 === 0x6c) { decoded = '<'; length = 4; } // &lt;
    else if (c1 === 0x67) { decoded = '>'; length = 4; } // &gt;
    else if (c1 === 0x71) { decoded = '"'; length = 6; } // &quot;
    else if (raw.charCodeAt(p + 2) === 0x6d) { decoded = '&'; length = 5; } // &amp;
    else { decoded = "'"; length = 6; } // &apos;
    out += raw.slice(last, p) + decoded;
    last = p + length;
  }
  return out + raw.slice(last);
}
