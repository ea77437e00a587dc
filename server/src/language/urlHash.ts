/**
 * The hash the URL tables key on (urlIndex.ts, firstUrls.ts, the site check's first listings): FNV-1a over UTF-16 code
 * units, seeded with the length. One function, because a hash computed in one thread is compared with one made in
 * another (sitemap-lint's workers send theirs with each summary).
 */
export function urlHash(s: string): number {
  let h = (s.length ^ 0x811c9dc5) | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}
