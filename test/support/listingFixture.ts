/** Sitemaps for the Compare tests (over the wire and in the editor): pages by name under one site, `a@2024-01-01`
 * being page a with that lastmod and `a` one with none. */
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const SITE = 'https://www.example.com/';

export const listedUrlset = (...pages: string[]): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${pages.map((p) => {
  const [name, lastmod] = p.split('@');
  return `  <url><loc>${SITE}${name}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</url>\n`;
}).join('')}</urlset>\n`;

export const listedIndex = (...children: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${children.map((c) => `  <sitemap><loc>${SITE}${c}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
