/**
 * `npm run bench:editor`: what the user sees in a real VS Code (code-server 4.100.3, VS Code 1.100.3) with the packaged
 * extension installed, driven by Debian's Chromium through playwright-core, on generated sitemaps (benchSitemap, with
 * one invalid `<priority>` in the first entry):
 * - **Quick Open → text shown / problems shown**: from the Enter that opens the file in Quick Open to its first lines
 *   drawn, and to the first error squiggle drawn; a 10-entry file first (its open starts the language server), then
 *   `BENCH_EDITOR_OPENS` (3) variants of the `BENCH_EDITOR_ENTRIES` (50,000) file that share no URL (copies would
 *   each carry 1,000 `cross-file-duplicate-url` warnings), each opened once after closing the one before, then the
 *   small file again;
 * - **keystroke → problems updated**: in the last big file, from `BENCH_EDITOR_SETTLE_MS` (5,000) ms after its open
 *   (a person looks at a file before typing), `BENCH_EDITOR_KEYSTROKES` (20) keystrokes at entries spread over the
 *   file, alternately an `x` typed into a `<changefreq>` value (an error appears) and Backspace (it goes), from the
 *   key's keydown to the squiggle appearing or disappearing; after each update, `BENCH_EDITOR_PAUSE_MS` (250) ms pass
 *   before the next key, as between a person's keystrokes (the requests the editor sends after an edit, such as
 *   document links, folding and symbols, may then still be running, as they are while typing); the same keystrokes in
 *   a variant of the big file with a warning in every entry (1,000 published), as a generator that got one field wrong
 *   writes it: the keystrokes where every publish carries a thousand problems; the same keystrokes in the small file
 *   after it; and keystroke → text updated (the typed character drawn: VS Code's own share);
 * - `BENCH_EDITOR_SETTINGS`: JSON of user settings added for the run (`{"sitemap.symbols.maxItems": 20}`), to see
 *   what a setting changes.
 *
 * VS Code in a browser asks before it shows a file over 10 MB; the run raises that limit
 * (`workbench.editorLargeFileConfirmation`), as a user of large sitemaps does once.
 *
 * Both ends are read inside the page: a capturing keydown listener stamps the key, a MutationObserver stamps the first
 * DOM change that shows the result (the squiggle is drawn from VS Code's markers, the same event that updates the
 * Problems panel and the status bar), with `performance.now()`. So the figures include everything between the key and
 * the pixels — the extension host, the language server and the wire between them, code-server's remote connection and
 * the renderer — and nothing of Playwright's own round trips. Not a test, and not run in CI; figures vary with the
 * machine's load, so compare runs made one after the other. Prints a markdown table (also written to
 * test-results/bench-editor/results.md).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { makeRunFolders, startCodeServer, type CodeServer } from '../e2e/codeServer';
import { CODE_SERVER_VERSION, ensureEditorTools, failureText, seconds } from '../e2e/install';
import { packageExtension } from '../e2e/vsix';
import { benchEntry, benchSitemap } from '../support/generate';
import { ServerTiming } from './serverTiming';
import { median } from './median';
import { goTo, instrument, measureKey as measureWatches, QUICK_INPUT_BOX, QUICK_INPUT_ROWS, type Watch } from './editorPage';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/bench → the repository
const RUN = path.join(ROOT, 'test-results', 'bench-editor');

const ENTRIES = Number(process.env.BENCH_EDITOR_ENTRIES ?? 50_000);
const OPENS = Number(process.env.BENCH_EDITOR_OPENS ?? 3);
const KEYSTROKES = 2 * Math.ceil(Number(process.env.BENCH_EDITOR_KEYSTROKES ?? 20) / 2);
const PAUSE_MS = Number(process.env.BENCH_EDITOR_PAUSE_MS ?? 250);
/** Between the last open and the first keystroke, as a person looks at a file before typing in it. */
const SETTLE_MS = Number(process.env.BENCH_EDITOR_SETTLE_MS ?? 5_000);
const SMALL_ENTRIES = 10;
/** One measurement (an 11.5 MB file over code-server's remote connection, on a loaded machine): generous. */
const MEASURE_TIMEOUT_MS = 120_000;

/** benchEntry's lines: `<url>`, `<loc>`, `<lastmod>`, `<changefreq>`, `<priority>`, `</url>`, after two header lines. */
const LINES_PER_ENTRY = 6;
const changefreqLine = (entry: number) => 3 + LINES_PER_ENTRY * entry + 3; // 1-based
const CHANGEFREQ_VALUE_COLUMN = '    <changefreq>'.length + 1;

function log(message: string): void {
  console.error(`[bench:editor] ${message}`); // stdout carries only the table
}

/** benchSitemap(entries) with `<priority>1.5</priority>` in its first entry: an error squiggle on the first screen. */
function sitemapWithOneError(entries: number): string {
  const text = benchSitemap(entries);
  const first = benchEntry(0);
  const broken = first.replace(/<priority>[^<]*<\/priority>/, '<priority>1.5</priority>');
  if (broken === first || !text.includes(first)) throw new Error('benchEntry changed: update sitemapWithOneError');
  return text.replace(first, broken);
}

/** The same entries under a path of their own: files of one workspace that share no URL (no cross-file duplicates). */
function underPath(text: string, segment: string): string {
  return text.replaceAll('/products/', `/${segment}/`);
}

/**
 * Every `<lastmod>` a year in the future: a `future-lastmod` warning per entry, of which the server publishes the first
 * 1,000 (`sitemap.maxProblems`), as for a generator that got one field wrong everywhere.
 */
function withWarningEverywhere(text: string): string {
  const warned = text.replaceAll('<lastmod>2024-', `<lastmod>${new Date().getUTCFullYear() + 1}-`);
  if (warned === text) throw new Error('benchEntry changed: update withWarningEverywhere');
  return warned;
}

type WatchTuple = [name: string, file: string, kind: 'text' | 'errors' | 'edit', count: number];

function measureKey(page: Page, press: () => Promise<void>, watches: WatchTuple[]): Promise<Record<string, number>> {
  const list: Watch[] = watches.map(([name, file, kind, count]) => ({ name, file, kind, count }));
  return measureWatches(page, press, list, MEASURE_TIMEOUT_MS);
}

/** Closes every editor, Quick Opens `file`, and measures from the Enter on its row to its text and its first error squiggle. */
async function measureOpen(page: Page, file: string): Promise<{ text: number; problems: number; keyAt: number }> {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+W'); // Close All Editors
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
  await page.keyboard.press('Control+P');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(file);
  await page.locator(QUICK_INPUT_ROWS).first().and(page.locator(`[aria-label^="${file}"]`)).waitFor();
  const result = await measureKey(page, () => page.keyboard.press('Enter'), [['text', file, 'text', 0], ['problems', file, 'errors', -1]]);
  return { text: result.text, problems: result.problems, keyAt: result.keyAt };
}

/** Keystrokes in pairs at entries spread over the file: `x` into a `<changefreq>` value, then Backspace. */
async function measureKeystrokes(page: Page, file: string, entries: number): Promise<{ problems: number[]; text: number[]; keyAts: number[] }> {
  const times: number[] = [];
  const textTimes: number[] = [];
  const keyAts: number[] = [];
  const pairs = KEYSTROKES / 2;
  for (let pair = 0; pair < pairs; pair++) {
    const entry = Math.floor((entries * (pair + 1)) / (pairs + 1));
    const line = changefreqLine(entry);
    await goTo(page, line, CHANGEFREQ_VALUE_COLUMN);
    await page.waitForTimeout(PAUSE_MS);
    // In a small file the first entry's error may be on the screen too.
    const shownErrors = await page.locator('.editor-group-container.active .monaco-editor .squiggly-error').count();
    const typed = await measureKey(page, () => page.keyboard.press('x'), [['problems', file, 'errors', shownErrors + 1], ['text', file, 'edit', 0]]);
    times.push(typed.problems);
    textTimes.push(typed.text);
    keyAts.push(typed.keyAt);
    await page.waitForTimeout(PAUSE_MS);
    const erased = await measureKey(page, () => page.keyboard.press('Backspace'), [['problems', file, 'errors', shownErrors], ['text', file, 'edit', 0]]);
    times.push(erased.problems);
    textTimes.push(erased.text);
    keyAts.push(erased.keyAt);
    await page.keyboard.press('Escape'); // a suggestion list the x may have opened
    log(`keystrokes at entry ${entry.toLocaleString('en-US')}: ${typed.problems.toFixed(0)} ms, ${erased.problems.toFixed(0)} ms`);
  }
  // The text is as saved again, but VS Code still counts it modified: revert, so that closing it asks nothing.
  await page.keyboard.press('F1');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type('File: Revert File');
  await page.locator(QUICK_INPUT_ROWS, { hasText: 'Revert File' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
  return { problems: times, text: textTimes, keyAts };
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg()[0]; // other work on the machine shows in every figure
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client.js'))) throw new Error('build first: npm run build (npm run bench:editor does it)');
  const entry = await ensureEditorTools(path.join(ROOT, '.cache'), { browser: true, log });
  fs.rmSync(RUN, { recursive: true, force: true });
  const folders = makeRunFolders(RUN);
  process.env.TMPDIR = folders.env.TMPDIR; // Playwright's temporary Chromium profile

  const workspace = path.join(RUN, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  const small = 'small-sitemap.xml';
  fs.writeFileSync(path.join(workspace, small), sitemapWithOneError(SMALL_ENTRIES));
  const big = sitemapWithOneError(ENTRIES);
  const bigFiles = Array.from({ length: OPENS }, (_, i) => `large-${i + 1}-sitemap.xml`);
  bigFiles.forEach((file, i) => fs.writeFileSync(path.join(workspace, file), underPath(big, `part-${i + 1}`)));
  const warned = 'warnings-sitemap.xml';
  fs.writeFileSync(path.join(workspace, warned), withWarningEverywhere(underPath(big, 'archive')));
  const bytes = Buffer.byteLength(big);

  const vsix = packageExtension(ROOT, path.join(RUN, 'sitemap-studio.vsix'));
  const timing = new ServerTiming(path.join(RUN, 'server-timing.jsonl'));
  const server: CodeServer = await startCodeServer(entry, folders, {
    env: { SITEMAP_TIMING_LOG: timing.file }, // inherited by the extension host and the language server it starts
    install: [vsix],
    log: path.join(RUN, 'code-server.log'),
    // VS Code in a browser asks before showing a file over 10 MB ("Open Anyway"); a user of large sitemaps raises
    // the limit once, and the figures are about the extension, not that click.
    settings: { 'workbench.editorLargeFileConfirmation': 1024, ...JSON.parse(process.env.BENCH_EDITOR_SETTINGS ?? '{}') },
  });
  const interrupted = () => void server.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  let browser: Browser | undefined;
  let page: Page | undefined;
  try {
    browser = await launchChromium(folders.env);
    page = await (await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(MEASURE_TIMEOUT_MS);
    await page.goto(server.url(workspace, {}));
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: small }).waitFor();
    await page.evaluate(instrument);

    const cold = await measureOpen(page, small);
    log(`${small}, first open: text ${ms(cold.text)}, problems ${ms(cold.problems)}`);
    const opens: { text: number; problems: number; keyAt: number }[] = [];
    for (const file of bigFiles) {
      opens.push(await measureOpen(page, file));
      log(`${file}: text ${ms(opens.at(-1)!.text)}, problems ${ms(opens.at(-1)!.problems)}`);
    }
    await page.waitForTimeout(SETTLE_MS);
    const { problems: keystrokes, text: keystrokeTexts, keyAts } = await measureKeystrokes(page, bigFiles.at(-1)!, ENTRIES);
    const warnedOpen = await measureOpen(page, warned);
    log(`${warned}: text ${ms(warnedOpen.text)}, problems ${ms(warnedOpen.problems)}`);
    await page.waitForTimeout(SETTLE_MS);
    const { problems: warnedKeystrokes, keyAts: warnedKeyAts } = await measureKeystrokes(page, warned, ENTRIES);
    const warm = await measureOpen(page, small);
    log(`${small}, again: text ${ms(warm.text)}, problems ${ms(warm.problems)}`);
    // The same keystrokes in the small file: what the editor itself takes, whatever the file's size.
    const { problems: smallKeystrokes, text: smallKeystrokeTexts } = await measureKeystrokes(page, small, SMALL_ENTRIES);

    const count = (n: number) => n.toLocaleString('en-US');
    const texts = opens.map((o) => o.text);
    const problems = opens.map((o) => o.problems);
    const slow = keystrokes.filter((t) => t > 500).length;
    const table = [
      `code-server ${CODE_SERVER_VERSION} (VS Code 1.100.3), Chromium ${browser.version()} headless, Node ${process.version}, ${os.cpus().length} cores (load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after), ${new Date().toISOString().slice(0, 10)}; ${count(ENTRIES)} entries = ${(bytes / 1e6).toFixed(1)} MB; first keystroke ${SETTLE_MS / 1000} s after the open, ${PAUSE_MS} ms between a keystroke's update and the next key.`,
      '',
      '| in the editor | median | worst | runs |',
      '|---|---:|---:|---:|',
      `| Quick Open → text shown, ${count(ENTRIES)} entries | ${s(median(texts))} | ${s(Math.max(...texts))} | ${texts.length} |`,
      `| Quick Open → problems shown, ${count(ENTRIES)} entries | ${s(median(problems))} | ${s(Math.max(...problems))} | ${problems.length} |`,
      `| keystroke → problems updated, ${count(ENTRIES)} entries | ${ms(median(keystrokes))} | ${ms(Math.max(...keystrokes))} | ${keystrokes.length} (${slow} over 500 ms) |`,
      `| keystroke → problems updated, ${count(ENTRIES)} entries, 1,000 warnings shown | ${ms(median(warnedKeystrokes))} | ${ms(Math.max(...warnedKeystrokes))} | ${warnedKeystrokes.length} |`,
      `| keystroke → text updated, ${count(ENTRIES)} entries (VS Code alone) | ${ms(median(keystrokeTexts))} | ${ms(Math.max(...keystrokeTexts))} | ${keystrokeTexts.length} |`,
      `| keystroke → text updated, ${SMALL_ENTRIES} entries (VS Code alone) | ${ms(median(smallKeystrokeTexts))} | ${ms(Math.max(...smallKeystrokeTexts))} | ${smallKeystrokeTexts.length} |`,
      `| keystroke → problems updated, ${SMALL_ENTRIES} entries | ${ms(median(smallKeystrokes))} | ${ms(Math.max(...smallKeystrokes))} | ${smallKeystrokes.length} |`,
      `| Quick Open → text shown, ${SMALL_ENTRIES} entries | ${s(warm.text)} | | 1 |`,
      `| Quick Open → problems shown, ${SMALL_ENTRIES} entries | ${s(warm.problems)} | | 1 |`,
      `| Quick Open → problems shown, ${SMALL_ENTRIES} entries, first sitemap of the window (the language server starts) | ${s(cold.problems)} | | 1 |`,
    ].join('\n');
    const split = whereTheTimeGoes(timing, { small, cold, bigFiles, opens, keyAts, keystrokes, warned, warnedKeyAts, warnedKeystrokes });
    fs.writeFileSync(path.join(RUN, 'results.md'), `${table}\n\n${split}\n`);
    console.log(`${table}\n\n${split}`);
    log(`keystrokes (ms, in order): ${keystrokes.map((t) => Math.round(t)).join(', ')}`);
    log(`done in ${seconds(started)}`);
  } catch (error) {
    const shot = path.join(RUN, 'failed.png');
    await page?.screenshot({ path: shot }).catch(() => undefined);
    log(`failed; the page then: ${path.relative(ROOT, shot)}, code-server's log: ${path.relative(ROOT, path.join(RUN, 'code-server.log'))}`);
    throw error;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/**
 * The same opens and keystrokes split at the language server's edges (its stamps, timingLog.ts), each column from the
 * Enter or the key: medians for the large file, the one first open of the window for the small one.
 */
function whereTheTimeGoes(timing: ServerTiming, runs: {
  small: string; cold: { problems: number; keyAt: number }; bigFiles: string[]; opens: { problems: number; keyAt: number }[];
  keyAts: number[]; keystrokes: number[]; warned: string; warnedKeyAts: number[]; warnedKeystrokes: number[];
}): string {
  const at = (values: number[]) => (values.some(Number.isNaN) ? 'not stamped' : ms(median(values)));
  const column = (rows: number[][], k: number) => rows.map((row) => row[k]);
  const cold = timing.split(runs.cold.keyAt, runs.small, ['process', 'loaded', 'initialized', 'didOpen', 'published']);
  const opens = runs.opens.map((open, i) => timing.split(open.keyAt, runs.bigFiles[i], ['didOpen', 'parsed', 'settings', 'prepared', 'published']));
  const keys = runs.keyAts.map((keyAt) => timing.split(keyAt, runs.bigFiles.at(-1)!, ['didChange', 'published']));
  const warnedKeys = runs.warnedKeyAts.map((keyAt) => timing.split(keyAt, runs.warned, ['didChange', 'published']));
  const entries = ENTRIES.toLocaleString('en-US');
  return [
    'Where the time goes, from the Enter or the key, at the language server\'s edges (its stamps: `SITEMAP_TIMING_LOG`):',
    '',
    '| first sitemap of the window, ' + SMALL_ENTRIES + ' entries | server process started | bundle loaded | initialized | has the text | diagnostics sent | squiggle drawn |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| Quick Open → | ${cold.map((t) => at([t])).join(' | ')} | ${ms(runs.cold.problems)} |`,
    '',
    `| ${entries} entries, medians | has the text | parsed | settings answered | settings ready | diagnostics sent | squiggle drawn |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    `| Quick Open → (${opens.length} opens) | ${[0, 1, 2, 3, 4].map((k) => at(column(opens, k))).join(' | ')} | ${ms(median(runs.opens.map((o) => o.problems)))} |`,
    `| keystroke → (${keys.length} keys) | ${at(column(keys, 0))} | | | | ${at(column(keys, 1))} | ${ms(median(runs.keystrokes))} |`,
    `| keystroke → (${warnedKeys.length} keys), 1,000 warnings shown | ${at(column(warnedKeys, 0))} | | | | ${at(column(warnedKeys, 1))} | ${ms(median(runs.warnedKeystrokes))} |`,
  ].join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench:editor] ${failureText(error)}`);
    process.exit(1);
  },
);
