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
