/** Builders for the small multi-file sites that Check Site and sitemap-lint's site tests lint alike. */
export const ROOT = 'https://www.example.com/';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A urlset of these `<url>` bodies. */
export const urlset = (...e: string[]): string => `${DECL}\n<urlset ${NS}>\n${e.map((x) => `<url>${x}</url>\n`).join('')}</urlset>\n`;
/** A sitemap index of these `<sitemap>` bodies. */
export const index = (...e: string[]): string => `${DECL}\n<sitemapindex ${NS}>\n${e.map((x) => `<sitemap>${x}</sitemap>\n`).join('')}</sitemapindex>\n`;
/** `<loc>` of a path below ROOT. */
export const loc = (p: string): string => `<loc>${ROOT}${p}</loc>`;
