/** The Sitemaps view's first level over the wire: a site of 1,000 site files (robots.txt, an index listing half the
 * sitemaps, the other half unlisted) and about 5 million URLs; `sitemap/siteTree`'s time per level, cold then warm. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { NotificationType } from 'vscode-languageserver-protocol';
import { SITE_TREE_CHANGED_NOTIFICATION, SITE_TREE_REQUEST, type SiteTreeChangedParams, type SiteTreeParams, type SiteTreeResult } from '../../shared/protocol';
import { LspClient } from '../lsp/lspClient';

const CHANGED = new NotificationType<SiteTreeChangedParams>(SITE_TREE_CHANGED_NOTIFICATION);

/** 998 sitemaps + the index + robots.txt: the editor's search stops at 1,000 site files. */
const SITEMAPS = Number(process.env.BENCH_TREE_SITEMAPS ?? 998);
const URLS = Number(process.env.BENCH_TREE_URLS ?? 5_000_000);
const ROOT = 'https://www.example.com/';
/** How many of the sitemaps the index lists (the others are unlisted: first-level nodes). */
const LISTED = Number(process.env.BENCH_TREE_LISTED ?? Math.floor(SITEMAPS / 2));

function writeSite(dir: string): void {
  const perFile = Math.ceil(URLS / SITEMAPS);
  const names = Array.from({ length: SITEMAPS }, (_, k) => `sitemap-${String(k).padStart(4, '0')}.xml`);
  for (const [k, name] of names.entries()) {
    const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
    for (let u = 0; u < perFile; u++) lines.push(`<url><loc>${ROOT}p/${k}/${u}</loc><lastmod>2024-01-${String(1 + (u % 28)).padStart(2, '0')}</lastmod></url>`);
    lines.push('</urlset>', '');
    fs.writeFileSync(path.join(dir, name), lines.join('\n'));
  }
  const listed = names.slice(0, LISTED).map((n) => `<sitemap><loc>${ROOT}${n}</loc></sitemap>`);
  fs.writeFileSync(path.join(dir, 'sitemap-index.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed.join('\n')}\n</sitemapindex>\n`);
  fs.writeFileSync(path.join(dir, 'robots.txt'), `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\n`);
}

async function timed(client: LspClient, params: SiteTreeParams): Promise<{ ms: number; result: SiteTreeResult }> {
  const start = performance.now();
  const result = (await client.connection.sendRequest(SITE_TREE_REQUEST, params)) as SiteTreeResult;
  return { ms: Math.round(performance.now() - start), result };
}

async function main(): Promise<void> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-tree-bench-')));
  try {
    writeSite(dir);
    const mb = fs.readdirSync(dir).reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0) / 1e6;
    console.log(`${SITEMAPS} sitemaps (${LISTED} listed by the index), ${URLS} URLs, ${mb.toFixed(0)} MB`);
    const folder = pathToFileURL(dir).href;
    const client = await LspClient.start({ workspaceFolders: [{ uri: folder, name: 'site' }] });
    try {
      const cold = await timed(client, { folder });
      console.log(`first level, cold (scan, robots.txt and index read, ${SITEMAPS - LISTED} sitemaps sniffed): ${cold.ms} ms, ${cold.result.nodes.length} nodes`);
      const warm = await timed(client, { folder });
      console.log(`first level again: ${warm.ms} ms`);
      const robots = await timed(client, { node: cold.result.nodes[0].id });
      const index = await timed(client, { node: robots.result.nodes[0].id });
      console.log(`robots.txt's children: ${robots.ms} ms; the index's ${index.result.nodes.length} children: ${index.ms} ms`);
      // The counts the background reading brings: asked for again after each sitemap/siteTreeChanged.
      let changes = 0;
      let changed: (() => void) | undefined;
      client.connection.onNotification(CHANGED, () => {
        changes++;
        changed?.();
      });
      const start = performance.now();
      for (;;) {
        const seen = changes;
        const [top, children] = await Promise.all([timed(client, { folder }), timed(client, { node: robots.result.nodes[0].id /* the index */ })]);
        const nodes = [...top.result.nodes, ...children.result.nodes];
        const counted = nodes.filter((n) => n.entries !== undefined).length;
        const waited = performance.now() - start;
        if (counted === nodes.length || waited > 120_000) {
          console.log(`counts of ${counted} of ${nodes.length} first-level and index nodes in after ${Math.round(waited)} ms`);
          break;
        }
        if (changes === seen) {
          // One generous failure timeout, cleared as soon as the server says something changed.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 120_000 - waited);
            changed = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
    } finally {
      await client.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
