/**
 * Issue 33's small site over the wire (a step of `npm run bench`; `BENCH_SMALL_SITE=0` skips it): a sitemap of 81 URLs
 * over 96 built pages in a git repository whose every build is committed (`BENCH_SMALL_SITE_BUILDS`, 100: each rewrites
 * every page's template, one page's text changed a build), as a real site that commits its output has. Alternating in
 * one run, `BENCH_SMALL_SITE_RUNS` (5) fresh servers each with the site root set and without one: didOpen → the
 * sitemap's own problems → the first page problems → the lastmod problems (git's), the first `<loc>` hover after the
 * page problems (whether it shows the page), then `BENCH_SMALL_SITE_KEYSTROKES` (40) keystrokes → their publish.
 * `BENCH_SMALL_SITE_SERVER` times another build of the server.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../lsp/lspClient';
import { gitRepository } from '../support/gitRepository';
import { gitEnv, page } from '../support/pageSite';

const BASE = 'https://www.example.com/';
const PAGES = 96;
const LISTED = 81;
const BUILDS = Number(process.env.BENCH_SMALL_SITE_BUILDS ?? 100);
const RUNS = Number(process.env.BENCH_SMALL_SITE_RUNS ?? 5);
const KEYSTROKES = Number(process.env.BENCH_SMALL_SITE_KEYSTROKES ?? 40);
/** Another build of the server to time (a checkout's dist/server.js, to compare). */
const SERVER = process.env.BENCH_SMALL_SITE_SERVER;
/** Longer than any figure measured, yet a server that never publishes fails the run. */
const WAIT_MS = 120_000;
const OTHER_PAGE_RULES = new Set(['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page']);
const LASTMOD_RULES = new Set(['lastmod-stale', 'lastmod-inflated']);
const any = (rules: ReadonlySet<string>) => (d: Diagnostic[]): boolean => d.some((x) => rules.has(String(x.code)));

/** The site in `dir`: the sitemap's path and text. One page noindex, one section disallowed, 15 pages unlisted. */
export function smallSite(dir: string, builds = BUILDS): { sitemap: string; text: string } {
  const repo = gitRepository(dir);
  // No `git gc --auto` left running in the background (its commits write 10,000 objects) while the servers read it.
  repo.git('config', 'gc.auto', '0');
  const pagePath = (n: number): string => `public/posts/post-${n}/index.html`;
  const head = (n: number, build: number): string => `${n === 3 ? '<meta name="robots" content="noindex">' : ''}<link rel="stylesheet" href="/style.css?build=${build}">`;
  const files: Record<string, string> = {};
  for (let n = 0; n < PAGES; n++) files[pagePath(n)] = page(`Post ${n}`, head(n, 0));
  files['public/robots.txt'] = 'User-agent: *\nDisallow: /posts/post-1/\n';
  const entries = Array.from({ length: LISTED }, (_, n) => `  <url><loc>${BASE}posts/post-${n}/</loc><lastmod>2024-0${1 + (n % 3)}-01</lastmod></url>\n`);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`;
  files['public/sitemap.xml'] = text;
  repo.commit('The site', '2024-01-01T12:00:00Z', files);
  for (let build = 1; build <= builds; build++) {
    const changes: Record<string, string> = {};
    for (let n = 0; n < PAGES; n++) changes[pagePath(n)] = page(`Post ${n}${n % builds === build - 1 ? ', revised' : ''}`, head(n, build));
    repo.commit(`Build ${build}`, new Date(Date.UTC(2024, 1, 1) + build * 3_600_000).toISOString(), changes);
  }
  return { sitemap: path.join(dir, 'public', 'sitemap.xml'), text };
}

interface Run {
  own: number;
  pages: number;
  lastmod: number;
  hoverMs: number;
  hoverShowsPage: boolean;
  keystroke: number;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
}

async function measure(dir: string, sitemap: string, text: string, withRoot: boolean): Promise<Run> {
  const uri = pathToFileURL(sitemap).href;
  const client = await LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }],
    settings: withRoot ? { siteRoots: { public: BASE } } : {},
    env: gitEnv(dir),
    serverPath: SERVER,
  });
  try {
    const t0 = performance.now();
    const since = (): number => performance.now() - t0;
    const own = client.nextDiagnostics(uri).then(since);
    const pages = withRoot ? client.nextDiagnostics(uri, any(OTHER_PAGE_RULES), WAIT_MS).then(since) : Promise.resolve(NaN);
    const lastmod = withRoot ? client.nextDiagnostics(uri, any(LASTMOD_RULES), WAIT_MS).then(since) : Promise.resolve(NaN);
    client.open(uri, 'sitemap', text);
    const run = { own: await own, pages: await pages, hoverMs: NaN, hoverShowsPage: false, lastmod: NaN, keystroke: NaN };
    const h0 = performance.now();
    const hover = await client.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri }, position: { line: 2 + 5, character: 20 },
    });
    run.hoverMs = performance.now() - h0;
    run.hoverShowsPage = hover?.contents.value.includes('posts/post-5/index.html') === true;
    run.lastmod = await lastmod;
    run.keystroke = await keystrokes(client, uri);
    return run;
  } finally {
    await client.stop();
  }
}

/** KEYSTROKES one-character edits inside the URLs (a letter typed, then deleted), each timed to its version's publish. */
async function keystrokes(client: LspClient, uri: string): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < KEYSTROKES; k++) {
    const at = { line: 2 + ((k >> 1) % LISTED), character: 40 };
    const change = k % 2 === 0 ? { range: { start: at, end: at }, text: 'x' } : { range: { start: at, end: { line: at.line, character: 41 } }, text: '' };
    const t0 = performance.now();
    const version = client.change(uri, change);
    await client.nextDiagnostics(uri, (_, params) => params.version === version);
    times.push(performance.now() - t0);
  }
  return median(times);
}

export async function printSmallSite(): Promise<void> {
  if (process.env.BENCH_SMALL_SITE === '0') return;
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-small-site-')));
  try {
    const { sitemap, text } = smallSite(dir);
    const runs = { root: [] as Run[], none: [] as Run[] };
    for (let r = 0; r < RUNS; r++) {
      runs.root.push(await measure(dir, sitemap, text, true));
      runs.none.push(await measure(dir, sitemap, text, false));
    }
    const m = (list: Run[], field: 'own' | 'pages' | 'lastmod' | 'hoverMs' | 'keystroke'): number => median(list.map((run) => run[field]));
    const shown = runs.root.filter((run) => run.hoverShowsPage).length;
    console.log(`\nA small site over the wire (issue 33, ${SERVER ?? 'dist/server.js'}): ${LISTED} URLs over ${PAGES} built pages, ${BUILDS} committed builds, medians of ${RUNS} fresh servers each, alternating, load ${os.loadavg()[0].toFixed(1)}\n`);
    console.log('| | didOpen → own problems (ms) | → page problems (ms) | → lastmod problems, git (ms) | first hover after the page problems | keystroke → problems (ms) |');
    console.log('|---|---:|---:|---:|---|---:|');
    console.log(`| site root | ${m(runs.root, 'own').toFixed(0)} | ${m(runs.root, 'pages').toFixed(0)} | ${m(runs.root, 'lastmod').toFixed(0)} | page shown ${shown}/${RUNS}, ${m(runs.root, 'hoverMs').toFixed(0)} ms | ${m(runs.root, 'keystroke').toFixed(1)} |`);
    console.log(`| no site root | ${m(runs.none, 'own').toFixed(0)} | | | | ${m(runs.none, 'keystroke').toFixed(1)} |`);
    console.log(`\nPage problems after the own problems: ${(m(runs.root, 'pages') - m(runs.root, 'own')).toFixed(0)} ms (target ≤ 1,000); keystroke with the site root against without: ${(m(runs.root, 'keystroke') / m(runs.none, 'keystroke')).toFixed(2)}×`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) void printSmallSite();
