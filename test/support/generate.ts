/** Deterministic generators of sitemaps for tests and the benchmark. */

/** mulberry32: a small seeded PRNG, so every failure can be replayed from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHANGEFREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

/** One `<url>` entry as the benchmark uses it: a ~90-character loc with `&amp;`, lastmod, changefreq, priority. */
export function benchEntry(n: number): string {
  const id = String(n).padStart(6, '0');
  const day = String((n % 28) + 1).padStart(2, '0');
  return `  <url>\n    <loc>https://www.example.com/products/category-${n % 97}/item-${id}?color=red&amp;size=xl&amp;ref=sm${id}</loc>\n` +
    `    <lastmod>2024-03-${day}T10:${String(n % 60).padStart(2, '0')}:00+00:00</lastmod>\n` +
    `    <changefreq>${CHANGEFREQ[n % 7]}</changefreq>\n    <priority>0.${n % 10}</priority>\n  </url>\n`;
}

export function benchSitemap(entries: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (let n = 0; n < entries; n++) parts.push(benchEntry(n));
  parts.push('</urlset>\n');
  return parts.join('');
}

/** The same sitemap on one line, as minifying generators write it (long lines are where a grammar can go quadratic). */
export function benchSitemapOneLine(entries: number): string {
  return benchSitemap(entries).replace(/\n\s*/g, '');
}

const LANGUAGES = ['en', 'de', 'fr'];

/**
 * The benchmark sitemap with extensions (issue 12): every entry carries an image (on a CDN) and three hreflang
 * alternates — its page in English, German and French, itself included, each listing the others back — so it is clean.
 */
export function benchExtensionSitemap(entries: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'];
  for (let n = 0; n < entries; n++) {
    const id = String(Math.floor(n / 3)).padStart(6, '0');
    const page = (language: string): string => `https://www.example.com/${language}/products/item-${id}?ref=sm&amp;v=${id}`;
    parts.push(`  <url>\n    <loc>${page(LANGUAGES[n % 3])}</loc>\n    <lastmod>2024-03-${String((n % 28) + 1).padStart(2, '0')}</lastmod>\n` +
      `    <image:image>\n      <image:loc>https://cdn.example.net/img/${id}.jpg</image:loc>\n    </image:image>\n` +
      LANGUAGES.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${page(language)}"/>\n`).join('') +
      '  </url>\n');
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/**
 * One language's sitemap of a multilingual site laid out one sitemap per language (issue 20): every entry is a page in
 * `language` with three hreflang alternates — itself and its versions in the other languages, which other sitemaps list
 * (`otherLanguages`) — so no alternate's partner is in this file and the file is clean.
 */
export function benchCrossFileAlternatesSitemap(entries: number, language = 'en', otherLanguages: readonly string[] = ['de', 'fr']): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'];
  const versions = [language, ...otherLanguages];
  for (let n = 0; n < entries; n++) {
    const id = String(n).padStart(6, '0');
    // No `&` anywhere, as in most such sites: a search for a reference in an attribute then finds none to stop it.
    const page = (lang: string): string => `https://www.example.com/${lang}/products/item-${id}`;
    parts.push(`  <url>\n    <loc>${page(language)}</loc>\n    <lastmod>2024-03-${String((n % 28) + 1).padStart(2, '0')}</lastmod>\n` +
      versions.map((lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${page(lang)}"/>\n`).join('') +
      '  </url>\n');
  }
  parts.push('</urlset>\n');
  return parts.join('');
}
