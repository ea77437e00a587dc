/**
 * The keystroke as the editor sees it: the bundled server over stdio (`BENCH_WIRE_SERVER` names another build, to
 * compare), a generated sitemap of `BENCH_WIRE_ENTRIES` entries opened in it, then `BENCH_WIRE_KEYSTROKES` one-character
 * edits inside random `<url>` entries (an insertion, then its deletion), each followed at once by the documentLink,
 * foldingRange and documentSymbol requests VS Code sends after an edit. Times didChange → the publishDiagnostics of
 * that version, and didOpen → the first diagnostics; the client sends no folding `rangeLimit` (as many LSP clients do).
 * Each open is a fresh server's first, timed from didOpen and from the server's spawn, alternating with one run of
 * `xmllint --noout --schema` on the same text (when xmllint is installed).
 * Then the plan Split into Index asks for (`sitemap/splitPlan`), which carries every child's text.
 * `BENCH_WIRE_SITE=1` puts the document in a site: a robots.txt and a closed copy of the sitemap listing the same URLs
 * beside it, so the cross-file rules read, summarize and compare them (and publish their maxProblems duplicates).
 * `BENCH_WIRE_PAGES=1` (issue 22) puts it in a site root (`sitemap.siteRoots`) whose folder holds a built page per entry
 * (a few KB each) in a git repository, so the page rules read 50,000 pages and git's history after each open's own
 * problems; the open also times didOpen → the first page problems. `BENCH_WIRE_PAGES=clean`: the same with nothing to
 * report (no Disallow, the lastmod rules off), the keystrokes typed while the worker reads the site; `=files` writes the same site without
 * the site root: the page rules stay off, the baseline on the same files. The like-for-like baselines for
 * `=1`'s problems, on the same files without the site root: `=own` gives every 50th entry an invalid `<lastmod>` (1,000
 * of the document's own problems), `=cross` lists every 50th URL in a copy.xml beside it (1,000 cross-file duplicates,
 * each with related information). The keystroke's median is printed with its last publish's problems and JSON size.
 * Then (issue 12) keystrokes alternating between the plain sitemap and one whose every entry carries an image and three
 * hreflang alternates, open in the same server (`BENCH_WIRE_EXTENSION_ENTRIES`, default 50,000; 0 skips it).
 * Then (issue 20) a fresh server's first open of one language's sitemap of a multilingual site, whose alternates are
 * listed in other sitemaps, alternating with `xmllint --noout` (`BENCH_WIRE_CROSS_FILE_ENTRIES`, default 50,000; 0
 * skips it). `BENCH_WIRE_ENTRIES=0` skips all but these two; `BENCH_WIRE=0` skips it all.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../lsp/lspClient';
import { benchCrossFileAlternatesSitemap, benchEntry, benchExtensionSitemap, benchSitemap, random } from '../support/generate';
import { hasXmllint, timeXmllintNoout, XSD } from './lintBench';
import { median } from './median';

const ENTRIES = Number(process.env.BENCH_WIRE_ENTRIES ?? 50_000);
const KEYSTROKES = Number(process.env.BENCH_WIRE_KEYSTROKES ?? 40);
const OPENS = Number(process.env.BENCH_WIRE_OPENS ?? 3);
const SERVER = process.env.BENCH_WIRE_SERVER;
const SITE = process.env.BENCH_WIRE_SITE === '1';
const PAGES = process.env.BENCH_WIRE_PAGES;
const PAGE_RULES = new Set(['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated']);
const EDITOR_REQUESTS = ['textDocument/documentLink', 'textDocument/foldingRange', 'textDocument/documentSymbol'] as const;
/** Lines before the first entry, and per entry, in `benchSitemap`; the `<loc>` is an entry's second line. */
const HEAD_LINES = 2;
const ENTRY_LINES = 6;
/** Lines per entry in `benchExtensionSitemap`, and its entries (`BENCH_WIRE_EXTENSION_ENTRIES`; 0 skips it). */
const EXTENSION_ENTRY_LINES = 10;
const EXTENSION_ENTRIES = Number(process.env.BENCH_WIRE_EXTENSION_ENTRIES ?? 50_000);
const CROSS_FILE_ENTRIES = Number(process.env.BENCH_WIRE_CROSS_FILE_ENTRIES ?? 50_000);

export interface WireFigures {
  openMedian: number;
  /** From the server's spawn (its start-up and initialize included) to the first diagnostics, median. */
  spawnToDiagnosticsMedian: number;
  /** `xmllint --noout --schema` on the same text, process start to exit, median; NaN without xmllint. */
  xmllintMedian: number;
  keystrokeMedian: number;
  keystrokeWorst: number;
  /** The largest answer of each request over all keystrokes, in bytes of JSON. */
  answerBytes: Record<string, number>;
  /** didChange → the last of the three answers, median. */
  answersMedian: number;
  /** Split into Index: `sitemap/splitPlan` into children of 10,000 entries, median, and its answer's JSON size. */
  splitPlanMedian: number;
  splitPlanBytes: number;
  /** BENCH_WIRE_PAGES=1: didOpen → the first page problems, median; NaN otherwise. */
  pagesAfterOpenMedian: number;
}

const SPLIT_RUNS = 3;
/** The longest the bench waits for one answer: far past any figure it measures, yet a server gone or stuck fails the run. */
const ANSWER_TIMEOUT_MS = 120_000;

/** `request`'s answer; a failure naming the request when the server is gone (with its exit and stderr) or stays silent. */
async function answerOf<T>(client: LspClient, method: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([request, late]);
  } catch (error) {
    throw new Error(`${method}: ${client.gone() ?? (error instanceof Error ? error.message : String(error))}`);
  } finally {
    clearTimeout(timer);
  }
}

/** What Split into Index waits for in the editor before it builds its edit: the plan, children texts included. */
async function measureSplitPlan(client: LspClient, uri: string): Promise<{ median: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < SPLIT_RUNS; run++) {
    const t0 = performance.now();
    const plan = await answerOf(client, 'sitemap/splitPlan', client.connection.sendRequest('sitemap/splitPlan', {
      uri, maxEntries: 10_000, maxBytes: 52_428_800, baseUrl: 'https://www.example.com/', namePattern: 'sitemap-{n}.xml',
    }));
    times.push(performance.now() - t0);
    bytes = Buffer.byteLength(JSON.stringify(plan));
  }
  return { median: median(times), bytes };
}

/** Sends the editor's requests; resolves with their JSON sizes once all have answered. */
function editorRequests(client: LspClient, uri: string): Promise<number[]> {
  return Promise.all(EDITOR_REQUESTS.map(async (method) => {
    const answer = await answerOf(client, method, client.connection.sendRequest(method, { textDocument: { uri } }));
    return Buffer.byteLength(JSON.stringify(answer ?? null));
  }));
}

/** The built site of BENCH_WIRE_PAGES, made once: a page per entry of benchSitemap(ENTRIES), committed. */
let pagesSite: string | undefined;

function builtPagesSite(): string {
  if (pagesSite !== undefined) return pagesSite;
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-wire-pages-')));
  const filler = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n'.repeat(40);
  for (let n = 0; n < ENTRIES; n++) {
    const file = path.join(root, 'products', `category-${n % 97}`, `item-${String(n).padStart(6, '0')}.html`);
    if (n < 97) fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `<!doctype html><html><head><title>Item ${n}</title><meta name="description" content="Item ${n}"></head><body>${filler}</body></html>\n`);
  }
  const git = (...args: string[]): void => {
    const result = spawnSync('git', ['-C', root, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], {
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: '2024-03-15T12:00:00Z', GIT_COMMITTER_DATE: '2024-03-15T12:00:00Z' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`git ${args[0]} failed: ${result.stderr}`);
  };
  // One category disallowed (blocked-by-robots on its entries); the pages committed in two halves, so that neither
  // commit is a mass rebuild and the lastmod rules judge every entry.
  if (PAGES === 'cross') fs.writeFileSync(path.join(root, 'copy.xml'), everyFiftiethEntry());
  fs.writeFileSync(path.join(root, 'robots.txt'), PAGES === '1' ? 'User-agent: *\nDisallow: /products/category-0/\n' : 'User-agent: *\n');
  git('init', '-q', '-b', 'main');
  for (const half of [[0, 48], [48, 97]]) {
    git('add', '--', ...Array.from({ length: half[1] - half[0] }, (_, k) => `products/category-${half[0] + k}`));
    git('commit', '-q', '-m', `Categories from ${half[0]}`);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'robots.txt');
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return (pagesSite = root);
}

async function withServer<T>(run: (client: LspClient, uri: string) => Promise<T>, text: string): Promise<T> {
  if (PAGES !== undefined && PAGES !== '0') {
    const root = builtPagesSite();
    const client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'bench' }],
      serverPath: SERVER,
      textDocumentCapabilities: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } },
      settings: PAGES === 'files' || PAGES === 'own' || PAGES === 'cross' ? {} : {
        siteRoots: { '': 'https://www.example.com/' },
        ...(PAGES === 'clean' ? { rules: { 'lastmod-stale': 'off', 'lastmod-inflated': 'off' } } : {}),
      },
      env: { GIT_CEILING_DIRECTORIES: path.dirname(root) },
    });
    try {
      return await run(client, pathToFileURL(path.join(root, 'sitemap.xml')).href);
    } finally {
      await client.stop();
    }
  }
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-wire-')));
  if (SITE) {
    fs.writeFileSync(path.join(root, 'robots.txt'), 'Sitemap: https://www.example.com/sitemap.xml\n');
    fs.writeFileSync(path.join(root, 'copy.xml'), text);
  }
  const client = await LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'bench' }],
    serverPath: SERVER,
    textDocumentCapabilities: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } },
  });
  try {
    return await run(client, pathToFileURL(path.join(root, 'sitemap.xml')).href);
  } finally {
    await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Every 50th entry of benchSitemap(ENTRIES) only (BENCH_WIRE_PAGES=cross's copy.xml). */
function everyFiftiethEntry(): string {
  const entries = Array.from({ length: Math.ceil(ENTRIES / 50) }, (_, k) => benchEntry(50 * k));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`;
}

/** The sitemap the bench opens: BENCH_WIRE_PAGES=own gives every 50th entry an invalid month in its `<lastmod>`. */
function benchText(): string {
  const text = benchSitemap(ENTRIES);
  if (PAGES !== 'own') return text;
  let n = 0;
  return text.replace(/<lastmod>2024-03-/g, (match) => (n++ % 50 === 0 ? '<lastmod>2024-13-' : match));
}

async function measureWire(): Promise<WireFigures> {
  const text = benchText();
  const opens: number[] = [];
  const fromSpawn: number[] = [];
  const pagesAfterOpen: number[] = [];
  const xmllintTimes = hasXmllint() ? [] as number[] : undefined;
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-wire-xmllint-')), 'sitemap.xml');
  fs.writeFileSync(copy, text);
  // Made before the first spawn is timed: writing 50,000 pages and committing them is no part of a server's start.
  if (PAGES !== undefined && PAGES !== '0') builtPagesSite();
  for (let run = 0; run < OPENS; run++) {
    if (xmllintTimes !== undefined) xmllintTimes.push(timeXmllint(copy));
    const spawned = performance.now();
    await withServer(async (client, uri) => {
      const first = client.nextDiagnostics(uri);
      const pageProblems = PAGES === '1' ? client.nextDiagnostics(uri, (d) => d.some((x) => PAGE_RULES.has(String(x.code)))) : undefined;
      const t0 = performance.now();
      client.open(uri, 'sitemap', text);
      const answers = editorRequests(client, uri);
      await first;
      opens.push(performance.now() - t0);
      fromSpawn.push(performance.now() - spawned);
      await answers;
      if (pageProblems !== undefined) {
        await pageProblems;
        pagesAfterOpen.push(performance.now() - t0);
      }
    }, text);
  }
  fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  return withServer(async (client, uri) => {
    const opened = client.nextDiagnostics(uri, PAGES === '1' ? (d) => d.some((x) => PAGE_RULES.has(String(x.code)))
      : PAGES === 'cross' ? (d) => d.some((x) => x.code === 'cross-file-duplicate-url') : undefined);
    client.open(uri, 'sitemap', text);
    await opened;
    const rnd = random(ENTRIES + 1);
    const times: number[] = [];
    const answerTimes: number[] = [];
    const answerBytes: Record<string, number> = {};
    for (let k = 0; k < KEYSTROKES; k += 2) {
      for (const keystroke of await typeAndUndo(client, uri, ENTRIES, ENTRY_LINES, rnd)) {
        times.push(keystroke.published);
        answerTimes.push(keystroke.answered);
        keystroke.sizes.forEach((size, i) => {
          answerBytes[EDITOR_REQUESTS[i]] = Math.max(answerBytes[EDITOR_REQUESTS[i]] ?? 0, size);
        });
      }
    }
    const split = await measureSplitPlan(client, uri);
    return {
      openMedian: median(opens), spawnToDiagnosticsMedian: median(fromSpawn), xmllintMedian: xmllintTimes === undefined ? NaN : median(xmllintTimes),
      keystrokeMedian: median(times), keystrokeWorst: Math.max(...times), answerBytes, answersMedian: median(answerTimes),
      splitPlanMedian: split.median, splitPlanBytes: split.bytes, pagesAfterOpenMedian: pagesAfterOpen.length === 0 ? NaN : median(pagesAfterOpen),
    };
  }, text);
}

/** The last keystroke's diagnostics, for their count and size. */
let lastKeystrokeDiagnostics: { diagnostics: unknown[] } = { diagnostics: [] };

interface TimedKeystroke {
  /** didChange → the publishDiagnostics of that version. */
  published: number;
  /** didChange → the last of the editor's three answers. */
  answered: number;
  sizes: number[];
}

/**
 * Types a letter inside the URL of a random one of `entries` entries (`entryLines` lines each, after HEAD_LINES), then deletes it: two
 * keystrokes, each followed at once by the editor's requests. The entry stays valid, so the diagnostics stay the same few.
 */
async function typeAndUndo(client: LspClient, uri: string, entries: number, entryLines: number, rnd: () => number): Promise<TimedKeystroke[]> {
  const at = { line: HEAD_LINES + entryLines * Math.floor(rnd() * entries) + 1, character: 30 + Math.floor(rnd() * 40) };
  const typed = String.fromCharCode(97 + Math.floor(rnd() * 26));
  const keystrokes: TimedKeystroke[] = [];
  for (const [range, text] of [[{ start: at, end: at }, typed], [{ start: at, end: { line: at.line, character: at.character + 1 } }, '']] as const) {
    const t0 = performance.now();
    const version = client.change(uri, { range, text });
    const published = client.nextDiagnostics(uri, (_, params) => params.version === version).then((params) => {
      const ms = performance.now() - t0;
      lastKeystrokeDiagnostics = params;
      return ms;
    });
    const answered = editorRequests(client, uri).then((sizes) => ({ sizes, ms: performance.now() - t0 }));
    const publishedMs = await published;
    const { sizes, ms } = await answered;
    keystrokes.push({ published: publishedMs, answered: ms, sizes });
  }
  return keystrokes;
}

/**
 * Issue 12 over the wire: one server with two documents open, the plain benchmark sitemap and one whose every entry
 * carries an image and three hreflang alternates, keystrokes alternating between them (so load weighs on both alike).
 */
async function measureWireExtensions(): Promise<{ plain: number; extensions: number }> {
  const plainText = benchSitemap(EXTENSION_ENTRIES);
  const extensionText = benchExtensionSitemap(EXTENSION_ENTRIES);
  return withServer(async (client, uri) => {
    const extensionUri = uri.replace(/sitemap\.xml$/, 'extensions.xml');
    for (const [u, text] of [[uri, plainText], [extensionUri, extensionText]]) {
      const opened = client.nextDiagnostics(u);
      client.open(u, 'sitemap', text);
      await opened;
    }
    const rnd = random(EXTENSION_ENTRIES + 2);
    const times = { plain: [] as number[], extensions: [] as number[] };
    for (let k = 0; k < KEYSTROKES; k += 2) {
      for (const keystroke of await typeAndUndo(client, uri, EXTENSION_ENTRIES, ENTRY_LINES, rnd)) times.plain.push(keystroke.published);
      for (const keystroke of await typeAndUndo(client, extensionUri, EXTENSION_ENTRIES, EXTENSION_ENTRY_LINES, rnd)) times.extensions.push(keystroke.published);
    }
    return { plain: median(times.plain), extensions: median(times.extensions) };
  }, plainText);
}

function timeXmllint(file: string): number {
  const t0 = performance.now();
  const result = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  // 3: the text is not valid (BENCH_WIRE_PAGES=own's invalid lastmods); xmllint read it all the same.
  if (result.status !== 0 && !(result.status === 3 && PAGES === 'own')) throw new Error(`xmllint failed (${result.status}): ${result.stderr.slice(0, 300)}`);
  return performance.now() - t0;
}

export async function printWire(): Promise<void> {
  if (process.env.BENCH_WIRE === '0') return;
  if (ENTRIES > 0 && KEYSTROKES > 0) await printPlainWire();
  if (EXTENSION_ENTRIES > 0 && KEYSTROKES > 0) {
    const x = await measureWireExtensions();
    console.log(`\nExtensions over the wire (issue 12): ${EXTENSION_ENTRIES.toLocaleString('en-US')} entries, each with an image and 3 hreflang alternates, against the plain file in the same server, ${KEYSTROKES} alternating keystrokes each: keystroke → diagnostics median ${x.extensions.toFixed(1)} ms against ${x.plain.toFixed(1)} ms = ${(x.extensions / x.plain).toFixed(2)}× (target ≤ 2×)`);
  }
  if (CROSS_FILE_ENTRIES > 0) await printWireCrossFile();
}

async function printPlainWire(): Promise<void> {
  const f = await measureWire();
  const kb = (method: string): string => `${(f.answerBytes[method] / 1024).toFixed(0)} KB`;
  const where = PAGES === '1' ? ' under a site root of as many built pages, in git (the page rules on)'
    : PAGES === 'clean' ? ' under a site root of as many built pages, in git (the page rules on, nothing to report)' : PAGES === 'files' ? ' beside as many built pages, in git (no site root: the page rules off)'
    : PAGES === 'own' ? ' beside as many built pages, no site root, every 50th <lastmod> invalid (1,000 of its own problems)'
    : PAGES === 'cross' ? ' beside as many built pages, no site root, every 50th URL also in a copy.xml (1,000 cross-file problems)' : SITE ? ' in a site (robots.txt and a copy)' : '';
  console.log(`\nOver the wire: ${SERVER ?? 'dist/server.js'} --stdio, ${ENTRIES.toLocaleString('en-US')} entries${where}, ${OPENS} open${OPENS === 1 ? '' : 's'}, ${KEYSTROKES} keystrokes, each followed by ${EDITOR_REQUESTS.map((m) => m.slice(13)).join(', ')}\n`);
  console.log('| didOpen → diagnostics, median (ms) | keystroke → diagnostics, median (ms) | worst (ms) | keystroke → all three answers, median (ms) | documentLink | foldingRange | documentSymbol |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| ${f.openMedian.toFixed(0)} | ${f.keystrokeMedian.toFixed(1)} (${lastKeystrokeDiagnostics.diagnostics.length} problems, ${(Buffer.byteLength(JSON.stringify(lastKeystrokeDiagnostics)) / 1024).toFixed(0)} KB) | ${f.keystrokeWorst.toFixed(1)} | ${f.answersMedian.toFixed(1)} | ${EDITOR_REQUESTS.map(kb).join(' | ')} |`);
  const ratio = (ms: number) => (Number.isNaN(f.xmllintMedian) ? 'n/a (no xmllint)' : `${(ms / f.xmllintMedian).toFixed(2)}×`);
  console.log(`\nOpen against \`xmllint --noout --schema\` on the same text, alternating, medians of ${OPENS}: didOpen → diagnostics ${f.openMedian.toFixed(0)} ms (${ratio(f.openMedian)}), server spawn → diagnostics ${f.spawnToDiagnosticsMedian.toFixed(0)} ms (${ratio(f.spawnToDiagnosticsMedian)}), xmllint ${Number.isNaN(f.xmllintMedian) ? 'n/a' : f.xmllintMedian.toFixed(0)} ms`);
  if (!Number.isNaN(f.pagesAfterOpenMedian)) console.log(`\nThe page rules (issue 22): didOpen → the first page problems published, median of ${OPENS}: ${f.pagesAfterOpenMedian.toFixed(0)} ms`);
  console.log(`\nSplit into Index over the wire: sitemap/splitPlan into children of 10,000 entries, median of ${SPLIT_RUNS}: ${f.splitPlanMedian.toFixed(0)} ms (${(f.splitPlanBytes / 1_048_576).toFixed(1)} MB of JSON)`);
}

/**
 * Issue 20 over the wire: a fresh server's first open of one language's sitemap whose alternates are listed in other
 * sitemaps, OPENS times, each alternating with one run of `xmllint --noout` on the same text.
 */
async function printWireCrossFile(): Promise<void> {
  const text = benchCrossFileAlternatesSitemap(CROSS_FILE_ENTRIES);
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-wire-cross-file-')), 'en-sitemap.xml');
  fs.writeFileSync(copy, text);
  const opens: number[] = [];
  const fromSpawn: number[] = [];
  const xmllint: number[] = [];
  try {
    for (let run = 0; run < OPENS; run++) {
      xmllint.push(timeXmllintNoout([copy]));
      const spawned = performance.now();
      await withServer(async (client, uri) => {
        const first = client.nextDiagnostics(uri);
        const t0 = performance.now();
        client.open(uri, 'sitemap', text);
        await first;
        opens.push(performance.now() - t0);
        fromSpawn.push(performance.now() - spawned);
      }, text);
    }
  } finally {
    fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  }
  const x = median(xmllint);
  const ratio = (ms: number): string => (Number.isNaN(x) ? 'n/a (no xmllint)' : `${(ms / x).toFixed(2)}×`);
  const [open, spawn] = [median(opens), median(fromSpawn)];
  console.log(`\nAlternates to other sitemaps over the wire (issue 20): a fresh server's first open of ${CROSS_FILE_ENTRIES.toLocaleString('en-US')} entries with 3 alternates each, 2 in other sitemaps (${(Buffer.byteLength(text) / 1_048_576).toFixed(1)} MB), against xmllint --noout on the same text, alternating, medians of ${OPENS}: `
    + `didOpen → diagnostics ${open.toFixed(0)} ms (${ratio(open)}), server spawn → diagnostics ${spawn.toFixed(0)} ms (${ratio(spawn)}), xmllint ${Number.isNaN(x) ? 'n/a' : x.toFixed(0)} ms (target ≤ 3×)`);
}
