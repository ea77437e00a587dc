/**
 * Issue 33's small site in the real editor (`npm run bench:editor` runs it after editorBench.ts, `BENCH_EDITOR_SITE=0`
 * skips it; alone: `node out/test/bench/editorSiteBench.js` after `npm run build`). code-server 4.100.3 with the packaged
 * extension, driven by Debian's Chromium, as editorBench.ts; the same site as smallSiteBench.ts measures over the wire:
 * 96 built pages under `public/` (one noindex, one section disallowed by its robots.txt, one a `<meta refresh>`
 * redirect, 15 unlisted), an 81-URL sitemap, `sitemap.siteRoots` mapping `public/` in `.vscode/settings.json`, in a git
 * repository whose every build is committed with fixed dates (`BENCH_EDITOR_SITE_BUILDS`, 100: each rewrites every
 * page's template, one page's text a build), so the lastmod rules have history to walk; and `drafts/sitemap-copy.xml`,
 * the same text outside any site root, on another host (the same URLs would be the site's cross-file duplicates).
 * `BENCH_EDITOR_SITE_REUSE=1` keeps the last run's site (writing it takes a minute or two under load).
 *
 * `BENCH_EDITOR_SITE_RUNS` (3) runs per host, each a fresh code-server (a new window, a new language server), for each
 * host of `BENCH_EDITOR_SITE_HOSTS` (`desktop,web`: the Node extension host, then the web worker host as VS Code for
 * the Web runs it, without git):
 * - **Quick Open → own problem / page problem / lastmod problem drawn**: `BENCH_EDITOR_SITE_SETTLE_MS` (2,000) ms after
 *   the window is ready (on the desktop host, after the language server's `initialized`), the sitemap opened with
 *   Quick Open as the window's first editor; from the Enter to the first squiggle of the sitemap's own problem (an
 *   invalid `<priority>`, line 6), of a page rule (`blocked-by-robots`, line 9), of a lastmod rule
 *   (`lastmod-inflated`, line 15; desktop only); then the same again after closing it, the language server running;
 * - **keystroke → problem drawn, with the site root and without**: the copy opened beside it; then
 *   `BENCH_EDITOR_SITE_KEYSTROKES` (20) keystrokes in each file, in pairs alternating between the two, at entries spread
 *   over the file: an `x` typed into a `<priority>` value (its error squiggle appears), then Backspace (it goes), each
 *   from its keydown to that squiggle drawn or gone, `BENCH_EDITOR_PAUSE_MS` (250) ms between an update and the next key.
 *
 * `BENCH_EDITOR_SITE_SETTINGS`: JSON of user settings added for the run (`{"sitemap.rules": {"lastmod-stale": "off"}}`),
 * to see what a setting changes.
 *
 * Medians over all runs; on the desktop host also the language server's own stamps (`SITEMAP_TIMING_LOG`): when it sent
 * each publish after the Enter, and the keystroke's publish. Prints a markdown table (also in
 * test-results/bench-editor-site/results.md). Not a test; figures vary with the machine's load.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { makeRunFolders, startCodeServer } from '../e2e/codeServer';
import { CODE_SERVER_VERSION, ensureEditorTools, failureText, seconds } from '../e2e/install';
import { packageExtension } from '../e2e/vsix';
import { gitRepository } from '../support/gitRepository';
import { page as htmlPage } from '../support/pageSite';
import { goTo, instrument, measureKey, QUICK_INPUT_BOX, QUICK_INPUT_ROWS, type Watch } from './editorPage';
import { median } from './median';
import { ServerTiming } from './serverTiming';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/bench → the repository
const RUN = path.join(ROOT, 'test-results', 'bench-editor-site');
const EXTENSION_ID = 'sitemap-studio.sitemap-studio';

type Host = 'desktop' | 'web';
const HOSTS = (process.env.BENCH_EDITOR_SITE_HOSTS ?? 'desktop,web').split(',').filter((h): h is Host => h === 'desktop' || h === 'web');
const RUNS = Number(process.env.BENCH_EDITOR_SITE_RUNS ?? 3);
const KEYSTROKES = 2 * Math.ceil(Number(process.env.BENCH_EDITOR_SITE_KEYSTROKES ?? 20) / 2);
const BUILDS = Math.max(1, Number(process.env.BENCH_EDITOR_SITE_BUILDS ?? 100));
const SETTLE_MS = Number(process.env.BENCH_EDITOR_SITE_SETTLE_MS ?? 2_000);
const PAUSE_MS = Number(process.env.BENCH_EDITOR_PAUSE_MS ?? 250);
/** Longer than any figure measured (15 s in the issue), yet a squiggle that never comes fails the run. */
const MEASURE_TIMEOUT_MS = 120_000;

const BASE = 'https://www.example.com/';
/** The copy's URLs: the site's would each be a `cross-file-duplicate-url` of the site's sitemap. */
const COPY_BASE = 'https://drafts.example.org/';
const PAGES = 96;
const LISTED = 81;
const SITEMAP = { path: 'public/sitemap.xml', name: 'sitemap.xml' };
const COPY = { path: 'drafts/sitemap-copy.xml', name: 'sitemap-copy.xml' };

/** Entry n's lines: `<url>`, `<loc>`, `<lastmod>`, `<priority>`, `</url>`, after two header lines (1-based). */
const locLine = (n: number) => 4 + 5 * n;
const lastmodLine = (n: number) => 5 + 5 * n;
const priorityLine = (n: number) => 6 + 5 * n;
const PRIORITY_VALUE_COLUMN = '    <priority>'.length + 1;
/**
 * Entry 0's `<priority>1.5</priority>` (invalid-priority), entry 1's page blocked by robots.txt, entry 2's lastmod a
 * month after its page's last commit (lastmod-inflated; a stale lastmod is judged only for a page whose content
 * changed in its 64 newest commits, and the first entries' pages changed in the first builds).
 */
const OWN_LINE = priorityLine(0);
const PAGE_LINE = locLine(1);
const LASTMOD_LINE = lastmodLine(2);

function log(message: string): void {
  console.error(`[bench:editor-site] ${message}`); // stdout carries only the table
}

/** The site of smallSiteBench.ts, with a redirect and an entry per five lines; returns the sitemap's text. */
function writeSite(dir: string): string {
  const repo = gitRepository(dir);
  repo.git('config', 'gc.auto', '0'); // no `git gc --auto` in the background while the editor reads the history
  const pagePath = (n: number) => `public/posts/post-${n}/index.html`;
  const head = (n: number, build: number) => {
    const robots = n === 3 ? '<meta name="robots" content="noindex">' : '';
    const refresh = n === 4 ? `<meta http-equiv="refresh" content="0; url=${BASE}posts/post-5/">` : '';
    return `${robots}${refresh}<link rel="stylesheet" href="/style.css?build=${build}">`;
  };
  const entries = Array.from({ length: LISTED }, (_, n) => [
    '  <url>',
    `    <loc>${BASE}posts/post-${n}/</loc>`,
    `    <lastmod>2024-0${1 + (n % 3)}-01</lastmod>`,
    `    <priority>${n === 0 ? '1.5' : '0.5'}</priority>`,
    '  </url>',
  ].join('\n'));
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  const files: Record<string, string> = { 'public/robots.txt': 'User-agent: *\nDisallow: /posts/post-1/\n', [SITEMAP.path]: text };
  for (let n = 0; n < PAGES; n++) files[pagePath(n)] = htmlPage(`Post ${n}`, head(n, 0));
  repo.commit('The site', '2024-01-01T12:00:00Z', files);
  for (let build = 1; build <= BUILDS; build++) {
    const changes: Record<string, string> = {};
    for (let n = 0; n < PAGES; n++) changes[pagePath(n)] = htmlPage(`Post ${n}${n % BUILDS === build - 1 ? ', revised' : ''}`, head(n, build));
    repo.commit(`Build ${build}`, new Date(Date.UTC(2024, 1, 1) + build * 3_600_000).toISOString(), changes);
  }
  // What the user has beside the built site, not committed: the settings and a draft copy of the sitemap.
  repo.write({
    '.vscode/settings.json': JSON.stringify({ 'sitemap.siteRoots': { public: BASE } }, null, 2),
    [COPY.path]: text.replaceAll(BASE, COPY_BASE),
  });
  return text;
}

/** Quick Open `file.path`, Enter on its row (with `modifier`, e.g. Control to open it to the side), measuring `watches`. */
async function quickOpen(page: Page, file: { path: string; name: string }, watches: Watch[], modifier = ''): Promise<Record<string, number>> {
  await page.keyboard.press('Control+P');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(file.path);
  // Enter opens the focused row, which is not the file while Quick Open is still ranking: wait for it.
  await page.locator(`${QUICK_INPUT_ROWS}.focused .label-name`, { hasText: new RegExp(`^${file.name.replaceAll('.', '\\.')}$`) }).waitFor();
  return measureKey(page, () => page.keyboard.press(`${modifier}Enter`), watches, MEASURE_TIMEOUT_MS);
}

interface Open { own: number; pages: number; lastmod: number; keyAt: number }

async function measureOpen(page: Page, host: Host): Promise<Open> {
  const watches: Watch[] = [
    { name: 'own', file: SITEMAP.name, kind: 'squiggle', line: OWN_LINE, severity: 'error' },
    { name: 'pages', file: SITEMAP.name, kind: 'squiggle', line: PAGE_LINE, severity: 'error' },
  ];
  if (host === 'desktop') watches.push({ name: 'lastmod', file: SITEMAP.name, kind: 'squiggle', line: LASTMOD_LINE, severity: 'warning' });
  const result = await quickOpen(page, SITEMAP, watches);
  return { own: result.own, pages: result.pages, lastmod: result.lastmod ?? NaN, keyAt: result.keyAt };
}

const describe = (open: Open) => `own ${ms(open.own)}, page ${ms(open.pages)}, lastmod ${ms(open.lastmod)}`;

async function closeAllEditors(page: Page): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
}

interface Keystroke { file: string; ms: number; keyAt: number }

/** In the editor group `group` (1 or 2) showing `file`: `x` into entry `entry`'s `<priority>` value, then Backspace. */
async function keystrokePair(page: Page, group: number, file: string, entry: number): Promise<Keystroke[]> {
  await page.keyboard.press(`Control+${group}`);
  await page.locator('.editor-group-container.active .tabs-container .tab.active').and(page.locator(`[aria-label^="${file}"]`)).waitFor();
  const line = priorityLine(entry);
  await goTo(page, line, PRIORITY_VALUE_COLUMN);
  await page.waitForTimeout(PAUSE_MS);
  const typed = await measureKey(page, () => page.keyboard.press('x'), [{ name: 'ms', file, kind: 'squiggle', line, severity: 'error' }], MEASURE_TIMEOUT_MS);
  await page.waitForTimeout(PAUSE_MS);
  const erased = await measureKey(page, () => page.keyboard.press('Backspace'), [{ name: 'ms', file, kind: 'squiggle', line, severity: 'error', absent: true }], MEASURE_TIMEOUT_MS);
  await page.keyboard.press('Escape'); // a suggestion list the x may have opened
  await page.waitForTimeout(PAUSE_MS);
  return [{ file, ms: typed.ms, keyAt: typed.keyAt }, { file, ms: erased.ms, keyAt: erased.keyAt }];
}

/** KEYSTROKES in each file, in pairs alternating between the site's sitemap (group 1) and the copy (group 2). */
async function measureKeystrokes(page: Page): Promise<Keystroke[]> {
  const pairs = KEYSTROKES / 2;
  const all: Keystroke[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const entry = Math.floor((LISTED * (pair + 1)) / (pairs + 1));
    const order: [number, string][] = pair % 2 === 0 ? [[1, SITEMAP.name], [2, COPY.name]] : [[2, COPY.name], [1, SITEMAP.name]];
    for (const [group, file] of order) all.push(...await keystrokePair(page, group, file, entry));
  }
  return all;
}

interface RunResult { host: Host; open: Open; reopen: Open; start: number[]; keys: Keystroke[]; publishes: number[]; serverKeys: { file: string; ms: number }[]; load: number }

async function oneRun(browser: Browser, entry: string, vsix: string, workspace: string, host: Host, run: number): Promise<RunResult> {
  const load = os.loadavg()[0];
  const folder = path.join(RUN, `${host}-${run}`);
  const folders = makeRunFolders(folder);
  const timing = new ServerTiming(path.join(folder, 'server-timing.jsonl'));
  const server = await startCodeServer(entry, folders, {
    env: host === 'desktop' ? { SITEMAP_TIMING_LOG: timing.file } : {},
    install: [vsix],
    log: path.join(folder, 'code-server.log'),
    // Both entries are packaged: this puts the extension in the web worker host, as VS Code for the Web runs it.
    settings: { ...(host === 'web' ? { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : {}), ...JSON.parse(process.env.BENCH_EDITOR_SITE_SETTINGS ?? '{}') },
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(MEASURE_TIMEOUT_MS);
  // The web worker host's log (and the language server's in the nested worker): the page's console.
  if (host === 'web') page.on('console', (message) => fs.appendFileSync(path.join(folder, 'page-console.log'), `${Date.now()} [${message.type()}] ${message.text()}\n`));
  try {
    await page.goto(server.url(workspace, {}));
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'public' }).waitFor();
    await page.waitForTimeout(SETTLE_MS); // a person looks at the window before opening a file
    await page.evaluate(instrument);
    const open = await measureOpen(page, host);
    const start = host === 'desktop' ? timing.split(open.keyAt, SITEMAP.name, ['process', 'initialized', 'didOpen']) : [];
    const publishes = host === 'desktop' ? timing.every(open.keyAt, SITEMAP.name, 'published') : [];
    log(`${host} run ${run + 1}, first open: ${describe(open)}; server ${start.map(ms).join(' / ')} (process / initialized / didOpen), publishes at ${publishes.slice(0, 5).map(ms).join(', ')}`);
    await closeAllEditors(page);
    await page.waitForTimeout(SETTLE_MS);
    const reopen = await measureOpen(page, host);
    const republishes = host === 'desktop' ? timing.every(reopen.keyAt, SITEMAP.name, 'published') : [];
    log(`${host} run ${run + 1}, open again: ${describe(reopen)}; publishes at ${republishes.slice(0, 5).map(ms).join(', ')}`);
    await quickOpen(page, COPY, [{ name: 'own', file: COPY.name, kind: 'squiggle', line: OWN_LINE, severity: 'error' }], 'Control+');
    const keys = await measureKeystrokes(page);
    const serverKeys = host === 'desktop' ? keys.map((k) => ({ file: k.file, ms: timing.split(k.keyAt, k.file, ['published'])[0] })) : [];
    const of = (file: string) => keys.filter((k) => k.file === file).map((k) => k.ms);
    log(`${host} run ${run + 1}: keystrokes with the site root ${of(SITEMAP.name).map((t) => t.toFixed(0)).join(', ')}; without ${of(COPY.name).map((t) => t.toFixed(0)).join(', ')}`);
    return { host, open, reopen, start, keys, publishes, serverKeys, load };
  } catch (error) {
    await page.screenshot({ path: path.join(folder, 'failed.png') }).catch(() => undefined);
    log(`failed; the page then: ${path.relative(ROOT, path.join(folder, 'failed.png'))}, code-server's log: ${path.relative(ROOT, path.join(folder, 'code-server.log'))}`);
    throw error;
  } finally {
    await context.close();
    await server.stop();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value).toLocaleString('en-US')} ms`);
const range = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

function table(results: RunResult[], loads: { before: number; after: number }, browser: string): string {
  const lines = [
    `code-server ${CODE_SERVER_VERSION} (VS Code 1.100.3), Chromium ${browser} headless, Node ${process.version}, ${os.cpus().length} cores, load average ${loads.before.toFixed(1)} before, ${loads.after.toFixed(1)} after (per run: ${results.map((r) => r.load.toFixed(1)).join(', ')}), ${new Date().toISOString().slice(0, 10)}; ${LISTED} URLs over ${PAGES} pages, ${BUILDS} committed builds; medians (fastest–slowest) of ${RUNS} fresh windows per host.`,
    '',
    '| host, open | Quick Open → own problem drawn | → page problem drawn | → lastmod problem drawn | page − own |',
    '|---|---:|---:|---:|---:|',
  ];
  const keyLines = ['| host | keystroke → problem drawn, site root | no site root | ratio of medians | keystrokes each |', '|---|---:|---:|---:|---:|'];
  for (const host of HOSTS) {
    const runs = results.filter((r) => r.host === host);
    if (runs.length === 0) continue;
    for (const [label, opens] of [['first in the window', runs.map((r) => r.open)], ['again', runs.map((r) => r.reopen)]] as const) {
      const lastmod = opens.map((o) => o.lastmod);
      lines.push(`| ${host}, ${label} | ${range(opens.map((o) => o.own))} | ${range(opens.map((o) => o.pages))} | ${lastmod.some(Number.isNaN) ? '(no git on the web)' : range(lastmod)} | ${range(opens.map((o) => o.pages - o.own))} |`);
    }
    const keys = (file: string) => runs.flatMap((r) => r.keys.filter((k) => k.file === file).map((k) => k.ms));
    const withRoot = keys(SITEMAP.name);
    const without = keys(COPY.name);
    keyLines.push(`| ${host} | ${range(withRoot)} | ${range(without)} | ${(median(withRoot) / median(without)).toFixed(2)}× | ${withRoot.length} |`);
  }
  lines.push('', ...keyLines);
  const desktop = results.filter((r) => r.host === 'desktop');
  if (desktop.length > 0) {
    const serverKeys = (file: string) => desktop.flatMap((r) => r.serverKeys.filter((k) => k.file === file).map((k) => k.ms)).filter((t) => !Number.isNaN(t));
    lines.push('', 'The desktop language server\'s own stamps (`SITEMAP_TIMING_LOG`), from the Enter or the key:', '',
      '| run | server process started | initialized | has the text | publishes of the sitemap |', '|---|---:|---:|---:|---|',
      ...desktop.map((r, i) => `| ${i + 1} | ${r.start.map(ms).join(' | ')} | ${r.publishes.slice(0, 6).map(ms).join(', ')} |`),
      '', `Keystroke → the server sends its problems: site root ${range(serverKeys(SITEMAP.name))}, no site root ${range(serverKeys(COPY.name))}.`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (process.env.BENCH_EDITOR_SITE === '0') return;
  const started = Date.now();
  const before = os.loadavg()[0];
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client.js'))) throw new Error('build first: npm run build (npm run bench:editor does it)');
  const entry = await ensureEditorTools(path.join(ROOT, '.cache'), { browser: true, log });
  const workspace = path.join(RUN, 'site');
  const reuse = process.env.BENCH_EDITOR_SITE_REUSE === '1' && fs.existsSync(path.join(workspace, '.git'));
  for (const name of fs.existsSync(RUN) ? fs.readdirSync(RUN) : []) if (!(reuse && name === 'site')) fs.rmSync(path.join(RUN, name), { recursive: true, force: true });
  const browserFolders = makeRunFolders(path.join(RUN, 'browser'));
  process.env.TMPDIR = browserFolders.env.TMPDIR; // Playwright's temporary Chromium profile
  if (!reuse) writeSite(workspace);
  log(`the site: ${LISTED} URLs over ${PAGES} pages, ${BUILDS} builds committed${reuse ? ' (the last run\'s: BENCH_EDITOR_SITE_REUSE)' : `, written in ${seconds(started)}`}`);
  const vsix = packageExtension(ROOT, path.join(RUN, 'sitemap-studio.vsix'));
  const browser = await launchChromium(browserFolders.env);
  const version = browser.version();
  const results: RunResult[] = [];
  try {
    // Hosts alternate run by run, so that a change in the machine's load falls on both.
    for (let run = 0; run < RUNS; run++) for (const host of HOSTS) results.push(await oneRun(browser, entry, vsix, workspace, host, run));
  } finally {
    await browser.close();
  }
  const text = table(results, { before, after: os.loadavg()[0] }, version);
  fs.writeFileSync(path.join(RUN, 'results.md'), `${text}\n`);
  console.log(text);
  log(`done in ${seconds(started)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench:editor-site] ${failureText(error)}`);
    process.exit(1);
  },
);
