/**
 * Issue 22's page rules alone: checkPageRules over a 50,000-URL sitemap and an in-memory BuiltSite of 50,000 pages
 * (facts read beforehand, robots.txt and _redirects rules, git facts), every page judged and unlisted-page over them
 * all. Medians of 5. Run alone: `node out/test/bench/pageRulesBench.js`.
 */
import { performance } from 'node:perf_hooks';
import { checkPageRules, parseDocument, summarizeForSite, type BuiltSite, type PageFacts } from '../../server/src/language/languageService';
import { readPageFacts } from '../../server/src/language/site/pageFacts';
import { parseRobotsRules } from '../../server/src/language/site/robotsMatcher';
import { parseRedirectsFile } from '../../server/src/language/site/redirectsFile';
import { upperMedian } from './median';

const PAGES = 50_000;
const U = 'https://www.example.com/';

function site(): BuiltSite {
  const files = new Set<string>();
  const facts = new Map<string, PageFacts>();
  for (let n = 0; n < PAGES; n++) {
    const file = `docs/page-${n}/index.html`;
    files.add(file);
    const head = `<!doctype html><html><head><title>Page ${n}</title><link rel="canonical" href="${U}docs/page-${n}/"><meta name="robots" content="index, follow"></head>`;
    facts.set(file, readPageFacts(head, `${U}docs/page-${n}/`));
  }
  const redirects = Array.from({ length: 20 }, (_, k) => `/old-${k}/* /docs/:splat 301`).join('\n');
  const time = Date.UTC(2025, 0, 1);
  return {
    root: { folder: 'public', url: U }, files, hasPages: true,
    robots: { file: 'public/robots.txt', rules: parseRobotsRules('User-agent: *\nDisallow: /private/\nDisallow: /*?session=\nAllow: /private/open$\n') },
    redirects: [{ file: '_redirects', host: 'netlify', rules: parseRedirectsFile(redirects).rules }],
    page: (file) => facts.get(file),
    source: (_url, file) => ({ path: `public/${file}`, history: { newest: { time, authorTime: time, mass: false }, newestContent: { time, authorTime: time }, uncommitted: false } }),
    historyNotes: [], now: Date.UTC(2025, 5, 15),
  };
}

function main(): void {
  const built = site();
  // Every other page listed: 25,000 entries judged and resolving, 25,000 unlisted pages; then all listed.
  const entries = (step: number) => Array.from({ length: PAGES / step }, (_, k) => `<url><loc>${U}docs/page-${k * step}/</loc><lastmod>2025-01-01</lastmod></url>`);
  for (const step of [2, 1]) {
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries(step).join('\n')}\n</urlset>\n`;
    const file = { path: 'public/sitemap.xml', summary: summarizeForSite(parseDocument(text, 'sitemap')), inSite: true, location: `${U}sitemap.xml` };
    const runs: number[] = [];
    let count = 0;
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      count = checkPageRules([file], [built], { userAgent: 'Googlebot' }).problems.length;
      runs.push(performance.now() - start);
    }
    console.log(`${file.summary.entries.length} entries, ${PAGES} pages: ${upperMedian(runs).toFixed(0)} ms (median of 5; ${count} problems)`);
  }
}

main();
