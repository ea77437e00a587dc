/** The hash the URL tables key on (urlIndex.ts, firstUrls.ts, the site check's first listings): FNV-1a over UTF-16 code
 * units, seeded with the length. One function, because sitemap-lint's workers send theirs with each summary. */
export function urlHash(s: string): number {
  return urlHashIn(s, 0, s.length);
}

/**
 * urlHash of `text.slice(start, end)`, without the slice: a worker hashes its URLs in the one flat string it packs
 * them in, about half the cost of hashing each URL string (most are ropes from decoding `&amp;`).
 */
export function urlHashIn(text: string, start: number, end: number): number {
  let h = ((end - start) ^ 0x811c9dc5) | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * urlHash of `unescapeXml(text.slice(start, end))` — a URL as the model keeps it, in canonical escaped form
 * (xmlText.ts: `&amp;`, `&apos;`, `&lt;`, `&gt;`, `&quot;`) — without making the decoded string: a lint worker hashes
 * each `<loc>` where it lies in the document (siteSummary.ts sitemapColumnsOf).
 */
export function urlHashOfEscaped(text: string, start: number, end: number): number {
  let length = end - start;
  for (let i = text.indexOf('&', start); i >= 0 && i < end; i = text.indexOf('&', i + 1)) length -= escapeLength(text, i) - 1;
  let h = (length ^ 0x811c9dc5) | 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c === 0x26) {
      const n = escapeLength(text, i);
      c = escapedChar(text, i);
      i += n - 1;
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h;
}

/** The length of the escape at `i` (its `&`), one of the five unescapeXml decodes, told apart as it tells them. */
function escapeLength(text: string, i: number): number {
  const c1 = text.charCodeAt(i + 1);
  if (c1 === 0x6c || c1 === 0x67) return 4; // &lt; &gt;
  if (c1 === 0x71) return 6; // &quot;
  return text.charCodeAt(i + 2) === 0x6d ? 5 : 6; // &amp; &apos;
}

function escapedChar(text: string, i: number): number {
  const c1 = text.charCodeAt(i + 1);
  if (c1 === 0x6c) return 0x3c;
  if (c1 === 0x67) return 0x3e;
  if (c1 === 0x71) return 0x22;
  return text.charCodeAt(i + 2) === 0x6d ? 0x26 : 0x27;
}
