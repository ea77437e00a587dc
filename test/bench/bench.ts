/**
 * `npm run bench`: full open, one-character edits, retained heap and completion on generated sitemaps of 5,000, 50,000
 * and 200,000 entries (`BENCH_SIZES`, empty to skip), then the TextMate grammar tokenizing sitemaps of 5,000 and 50,000
 * entries as generated and on one line (`BENCH_GRAMMAR_SIZES`; `BENCH_GRAMMAR=0` skips it), then keystrokes over the
 * wire against the bundled server (wire.ts; `BENCH_WIRE=0` skips it), then issue 33's small site under a site root over the
 * wire (smallSiteBench.ts; `BENCH_SMALL_SITE=0` skips it), then sitemap-split against xmllint and sitemap.js
 * (splitBench.ts; `BENCH_SPLIT=0` skips it), then sitemap-lint against xmllint --schema (lintBench.ts; `BENCH_LINT=0`
 * skips it), then issue 21's cold targets (coldBench.ts; `BENCH_COLD=0` skips them), then issue 22's page rules on a
 * built site (siteBench.ts; `BENCH_SITE=0` skips them), then issue 32's pages read as heads (prettySiteBench.ts;
 * `BENCH_PRETTY=0` skips it) and lastmod by content on a built site whose every lastmod a template commit follows
 * (lastmodBench.ts; `BENCH_LASTMOD=0` skips it), then sitemap-diff (diffBench.ts; `BENCH_DIFF=0` skips it), then the Action with `base` (actionBaseBench.ts; `BENCH_ACTION=0` skips it), then the web worker's start (webStartBench.ts; `BENCH_WEB=0`
 * skips it), then issue 34's live check against linkchecker and linkinator (liveBench.ts; `BENCH_LIVE=0` skips it) and sharded (liveShardBench.ts; `BENCH_LIVE_SHARD=0` skips it). `BENCH_LINT_MANY=only` runs issue 33's many-files row alone (lintBench.ts printLintManyFiles). Prints markdown tables (copy them to docs/performance.md). Run with --expose-gc.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS, applyEdits, complete, parseDocument, validate, type SitemapDocument } from '../../server/src/language/languageService';
import { benchCrossFileAlternatesSitemap, benchExtensionSitemap, benchSitemap, benchSitemapOneLine, random } from '../support/generate';
import { loadGrammar, tokenizeBinary } from '../support/textmate';
import { printWire } from './wire';
import { printSplit } from './splitBench';
import { printLint, printLintManyFiles, timeXmllintNoout } from './lintBench';
import { printCold } from './coldBench';
import { printSite } from './siteBench';
import { printPrettySite } from './prettySiteBench';
import { printLastmod } from './lastmodBench';
import { printDiff } from './diffBench';
import { printActionBase } from './actionBaseBench';
import { printShards } from './shardBench';
import { printWebStart } from './webStartBench';
import { printLive } from './liveBench';
import { printLiveShards } from './liveShardBench';
import { printSmallSite } from './smallSiteBench';
import type { SitemapModel } from '../../server/src/language/model/model';
import { median } from './median';

const sizes = (value: string): number[] => value.split(',').map(Number).filter((n) => n > 0);
const SIZES = sizes(process.env.BENCH_SIZES ?? '5000,50000,200000');
const GRAMMAR_SIZES = process.env.BENCH_GRAMMAR === '0' ? [] : sizes(process.env.BENCH_GRAMMAR_SIZES ?? '5000,50000');
/** Per line: generous for a linear grammar (a 50,000-entry one-line sitemap takes seconds), bounded for a quadratic one. */
const GRAMMAR_LINE_LIMIT = 60_000;
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 7);
const EDITS = Number(process.env.BENCH_EDITS ?? 400);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 400);
const CONTEXT = { location: 'https://www.example.com/sitemap.xml' };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with node --expose-gc (npm run bench does).');
  process.exit(2);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Everything a keystroke costs the server: range → offsets, reparse, validation, offsets → positions. */
function keystroke(document: SitemapDocument, start: number, end: number, text: string): number {
  const t0 = performance.now();
  const from = document.offsetAt(document.positionAt(start));
  const to = document.offsetAt(document.positionAt(end));
  applyEdits(document, [{ start: from, end: to, text }]);
  const diagnostics = validate(document, DEFAULT_SETTINGS, CONTEXT);
  for (const d of diagnostics) {
    document.positionAt(d.start);
    document.positionAt(d.end);
  }
  return performance.now() - t0;
}

/**
 * One keystroke at a random place strictly inside a random entry: typing a letter, deleting or replacing one, timed as
 * keystroke() does; then undone, untimed.
 */
function randomKeystroke(document: SitemapDocument, source: string, rnd: () => number): number {
  const model = document as SitemapModel;
  const segment = model.entrySegment(Math.floor(rnd() * model.entryCount));
  const entryStart = model.segmentStart(segment);
  const entryLength = model.segments[segment].text.indexOf('</url>') + 6;
  const at = entryStart + 1 + Math.floor(rnd() * (entryLength - 2));
  const op = rnd();
  const char = String.fromCharCode(97 + Math.floor(rnd() * 26));
  let time: number;
  if (op < 0.5) {
    time = keystroke(document, at, at, char);
    applyEdits(document, [{ start: at, end: at + 1, text: '' }]);
  } else {
    const original = source[at];
    time = keystroke(document, at, at + 1, op < 0.75 ? '' : char);
    applyEdits(document, [{ start: at, end: at + (op < 0.75 ? 0 : 1), text: original }]);
  }
  return time;
}

/** The size rules fire on the large benchmark files by design; anything else means the benchmark text is wrong. */
function isProblem(d: { rule: string }): boolean {
  return d.rule !== 'legacy-size-limit' && d.rule !== 'file-too-large' && d.rule !== 'too-many-entries';
}

/** Parses and validates `text` as the server's open does (Buffer's byte count), timed after a collection; it must be clean. */
function openClean(text: string): { document: SitemapDocument; ms: number } {
  gc!();
  const t0 = performance.now();
  const document = parseDocument(text, 'sitemap', { byteLength: Buffer.byteLength(text) });
  const diagnostics = validate(document, DEFAULT_SETTINGS, CONTEXT);
  const ms = performance.now() - t0;
  if (diagnostics.some(isProblem)) throw new Error(`The benchmark sitemap should be clean, got ${diagnostics.find(isProblem)!.rule}`);
  return { document, ms };
}

interface Row {
  entries: number;
  megabytes: number;
  openMedian: number;
  editMedian: number;
  editP95: number;
  heapMegabytes: number;
  heapRatio: number;
  completionMedian: number;
  typingMedian: number;
  typingMax: number;
  fallbacks: Array<{ median: number; max: number }>;
}

function measure(entries: number): Row {
  let text = benchSitemap(entries);
  const bytes = Buffer.byteLength(text);

  const opens: number[] = [];
  for (let run = 0; run < OPEN_RUNS; run++) {
    // A fresh flat string each run, as a newly opened file would be.
    opens.push(openClean(Buffer.from(text).toString()).ms);
  }

  gc!();
  const heapBefore = process.memoryUsage().heapUsed;
  let document: SitemapDocument | undefined = parseDocument(Buffer.from(text).toString(), 'sitemap');
  validate(document, DEFAULT_SETTINGS, CONTEXT);
  text = '';
  gc!();
  const heapAfter = process.memoryUsage().heapUsed;

  const rnd = random(entries);
  const times: number[] = [];
  const source = document.getText();
  const model = document as SitemapModel;
  for (let n = 0; n < EDITS; n++) times.push(randomKeystroke(document, source, rnd));
  if (document.getText() !== source) throw new Error('edits were not undone');

  // Typing a whole new entry by hand, a character at a time, above an entry in the middle: the intermediate states
  // (`<u`, `<url>` not yet closed) are broken XML and must stay as cheap as any other keystroke; the max shows it.
  const typed = '\n  <url>\n    <loc>https://www.example.com/typed/by/hand</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>';
  const typingAt = model.segmentStart(model.entrySegment(Math.floor(entries / 2)));
  const typing: number[] = [];
  for (let k = 0; k < typed.length; k++) typing.push(keystroke(document, typingAt + k, typingAt + k, typed[k]));
  if (validate(document, DEFAULT_SETTINGS, CONTEXT).some(isProblem)) throw new Error('the typed entry should be clean');
  applyEdits(document, [{ start: typingAt, end: typingAt + typed.length, text: '' }]);
  if (document.getText() !== source) throw new Error('the typed entry was not undone');

  const fallbacks = measureFallbacks(document, entries);

  // Completion at a random place strictly inside a random <url>: offsets → items, as the server answers it.
  const completions: number[] = [];
  for (let n = 0; n < COMPLETIONS; n++) {
    const segment = model.entrySegment(Math.floor(rnd() * entries));
    const entryStart = model.segmentStart(segment);
    const entryLength = model.segments[segment].text.indexOf('</url>') + 6;
    const at = entryStart + 1 + Math.floor(rnd() * (entryLength - 2));
    const t0 = performance.now();
    const offset = document.offsetAt(document.positionAt(at));
    const result = complete(document, offset, CONTEXT);
    for (const item of result.items) {
      document.positionAt(item.start);
      document.positionAt(item.end);
    }
    completions.push(performance.now() - t0);
  }
  document = undefined;

  const heap = heapAfter - heapBefore;
  return {
    entries, megabytes: bytes / 1_048_576, openMedian: median(opens), editMedian: median(times), editP95: percentile(times, 95),
    heapMegabytes: heap / 1_048_576, heapRatio: heap / bytes, completionMedian: median(completions),
    typingMedian: median(typing), typingMax: Math.max(...typing), fallbacks,
  };
}

/**
 * Edits that used to fall back to a full parse (issue 11): each applied as one keystroke → diagnostics, timed like an
 * edit, then undone untimed; median and max of BENCH_FALLBACK_RUNS (default 3), in the middle of the benchmark sitemap
 * or in its head.
 */
const FALLBACK_RUNS = Number(process.env.BENCH_FALLBACK_RUNS ?? 3);
const FALLBACK_EDITS: Array<{ name: string; edit: (text: string, middle: number) => { start: number; end: number; text: string } }> = [
  { name: 'delete the "<" of a "</url>"', edit: (text, middle) => ({ start: text.indexOf('</url>', middle), end: text.indexOf('</url>', middle) + 1, text: '' }) },
  { name: 'type "<sitemap>" between entries', edit: (text, middle) => ({ start: middle, end: middle, text: '<sitemap>' }) },
  { name: 'type an unclosed "<!--" between entries', edit: (text, middle) => ({ start: middle, end: middle, text: '<!--' }) },
  { name: 'type in the XML declaration', edit: (text) => ({ start: text.indexOf('UTF-8'), end: text.indexOf('UTF-8') + 3, text: 'utf' }) },
  { name: 'add an attribute to the root', edit: (text) => ({ start: text.indexOf('<urlset') + 7, end: text.indexOf('<urlset') + 7, text: ' id="x"' }) },
  { name: 'add an xmlns:xsi declaration to the root', edit: (text) => ({ start: text.indexOf('<urlset') + 7, end: text.indexOf('<urlset') + 7, text: ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' }) },
  { name: 'type in the root\'s xmlns value', edit: (text) => ({ start: text.indexOf('/0.9"'), end: text.indexOf('/0.9"'), text: 'x' }) },
];

/** Per edit: the median and the slowest of its runs. */
function measureFallbacks(document: SitemapDocument, entries: number): Array<{ median: number; max: number }> {
  const model = document as SitemapModel;
  const source = document.getText();
  const middle = model.segmentStart(model.entrySegment(Math.floor(entries / 2)));
  return FALLBACK_EDITS.map(({ edit }) => {
    const times: number[] = [];
    for (let run = 0; run < FALLBACK_RUNS; run++) {
      const { start, end, text } = edit(source, middle);
      times.push(keystroke(document, start, end, text));
      applyEdits(document, [{ start, end: start + text.length, text: source.slice(start, end) }]);
      validate(document, DEFAULT_SETTINGS, CONTEXT);
    }
    if (document.getText() !== source) throw new Error('a fallback edit was not undone');
    return { median: median(times), max: Math.max(...times) };
  });
}

function printLanguageLayer(): void {
  const rows = SIZES.map(measure);
  if (rows.length === 0) return;
  console.log(`node ${process.version}, ${process.arch}, ${OPEN_RUNS} opens, ${EDITS} edits and ${COMPLETIONS} completions per size\n`);
  console.log('| entries | size (MB) | full open, median (ms) | edit → diagnostics, median (ms) | edit, p95 (ms) | retained heap (MB) | heap / size | completion, median (ms) | typing an entry, median / max (ms) |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.entries.toLocaleString('en-US')} | ${r.megabytes.toFixed(1)} | ${r.openMedian.toFixed(1)} | ${r.editMedian.toFixed(3)} | ${r.editP95.toFixed(3)} | ${r.heapMegabytes.toFixed(1)} | ${r.heapRatio.toFixed(2)}× | ${r.completionMedian.toFixed(3)} | ${r.typingMedian.toFixed(3)} / ${r.typingMax.toFixed(2)} |`);
  }
  console.log(`\nEdits that used to fall back to a full parse, edit → diagnostics, median / max of ${FALLBACK_RUNS} (ms)\n`);
  console.log(`| edit | ${rows.map((r) => `${r.entries.toLocaleString('en-US')} entries`).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---:').join('|')}|`);
  FALLBACK_EDITS.forEach(({ name }, k) => console.log(`| ${name} | ${rows.map((r) => `${r.fallbacks[k].median.toFixed(2)} / ${r.fallbacks[k].max.toFixed(2)}`).join(' | ')} |`));
  if (rows.length >= 2) {
    const first = rows[0];
    const last = rows[rows.length - 1];
    console.log(`\nedit median ratio ${last.entries.toLocaleString('en-US')} / ${first.entries.toLocaleString('en-US')} entries: ${(last.editMedian / first.editMedian).toFixed(2)}×`);
  }
}

/**
 * The grammar VS Code tokenizes a sitemap with (ours over its XML grammar), line by line as the editor does. The one-line
 * form is the regression guard: a grammar that retokenizes captures copies the line up to each capture, which is
 * quadratic there and shows as a 50k / 5k ratio far above the size ratio. One run per size keeps this to seconds.
 */
async function printGrammar(): Promise<void> {
  if (GRAMMAR_SIZES.length === 0) return;
  const grammar = await loadGrammar('text.xml.sitemap');
  /** Milliseconds, or undefined when a line ran past GRAMMAR_LINE_LIMIT (a quadratic grammar would take minutes). */
  const time = (text: string): number | undefined => {
    gc!();
    const t0 = performance.now();
    const complete = tokenizeBinary(grammar, text, GRAMMAR_LINE_LIMIT);
    const elapsed = performance.now() - t0;
    return complete ? elapsed : undefined;
  };
  // Warm-up: the first lines pay for compiling the grammar's rules and the JIT, which would inflate the smallest size.
  time(benchSitemap(500));
  time(benchSitemapOneLine(500));
  const rows = GRAMMAR_SIZES.map((entries) => {
    const text = benchSitemap(entries);
    return { entries, megabytes: Buffer.byteLength(text) / 1_048_576, lines: text.split('\n').length, asGenerated: time(text), oneLine: time(benchSitemapOneLine(entries)) };
  });
  const ms = (value: number | undefined): string => (value === undefined ? `stopped after ${GRAMMAR_LINE_LIMIT.toLocaleString('en-US')}` : value.toFixed(0));
  const ratio = (a: number | undefined, b: number | undefined): string => (a === undefined || b === undefined ? 'n/a' : `${(b / a).toFixed(2)}×`);
  const { version } = require('vscode-textmate/package.json') as { version: string };
  console.log(`\nGrammar: text.xml.sitemap in vscode-textmate ${version} (tokenizeLine2), one run per size\n`);
  console.log('| entries | size (MB) | as generated: lines | as generated (ms) | one line (ms) |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.entries.toLocaleString('en-US')} | ${r.megabytes.toFixed(1)} | ${r.lines.toLocaleString('en-US')} | ${ms(r.asGenerated)} | ${ms(r.oneLine)} |`);
  }
  if (rows.length >= 2) {
    const first = rows[0];
    const last = rows[rows.length - 1];
    console.log(`\ngrammar ratio ${last.entries.toLocaleString('en-US')} / ${first.entries.toLocaleString('en-US')} entries (linear ≈ ${(last.entries / first.entries).toFixed(0)}×): `
      + `as generated ${ratio(first.asGenerated, last.asGenerated)}, one line ${ratio(first.oneLine, last.oneLine)}`);
  }
  if (rows.some((r) => r.asGenerated === undefined || r.oneLine === undefined)) process.exitCode = 1;
}

/**
 * Issue 12's target: a keystroke on a sitemap whose every entry carries an image and three hreflang alternates stays
 * within 2× of the plain one. Both files are open at once and keystrokes alternate between them, so load on the
 * machine weighs on both alike. `BENCH_EXTENSION_ENTRIES` (default 50,000; 0 skips).
 */
function printExtensionKeystrokes(): void {
  const entries = Number(process.env.BENCH_EXTENSION_ENTRIES ?? 50_000);
  if (entries <= 0) return;
  const open = (text: string): { document: SitemapDocument; source: string; open: number } => {
    const { document, ms } = openClean(text);
    return { document, source: text, open: ms };
  };
  const plain = open(benchSitemap(entries));
  const extended = open(benchExtensionSitemap(entries));
  const rnd = random(entries);
  const times = { plain: [] as number[], extended: [] as number[] };
  for (let n = 0; n < EDITS; n++) {
    times.plain.push(randomKeystroke(plain.document, plain.source, rnd));
    times.extended.push(randomKeystroke(extended.document, extended.source, rnd));
  }
  if (plain.document.getText() !== plain.source || extended.document.getText() !== extended.source) throw new Error('edits were not undone');
  const [p, e] = [median(times.plain), median(times.extended)];
  console.log(`
Extensions (issue 12): ${entries.toLocaleString('en-US')} entries, ${EDITS} alternating keystrokes → diagnostics
`);
  console.log('| sitemap | size (MB) | open (ms, one run) | keystroke median (ms) | keystroke p95 (ms) |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| plain | ${(Buffer.byteLength(plain.source) / 1_048_576).toFixed(1)} | ${plain.open.toFixed(0)} | ${p.toFixed(3)} | ${percentile(times.plain, 95).toFixed(3)} |`);
  console.log(`| an image and 3 hreflang alternates per entry | ${(Buffer.byteLength(extended.source) / 1_048_576).toFixed(1)} | ${extended.open.toFixed(0)} | ${e.toFixed(3)} | ${percentile(times.extended, 95).toFixed(3)} |`);
  console.log(`
keystroke median ratio, extensions / plain: ${(e / p).toFixed(2)}× (target ≤ 2×)`);
}

/**
 * Issue 20: opening one language's sitemap of a multilingual site, whose every entry lists its page in three languages,
 * two of them in other sitemaps (benchCrossFileAlternatesSitemap), in process (parse and validate, as the bench's open),
 * median of OPEN_RUNS, against `xmllint --noout` on the same file, alternating. `BENCH_CROSS_FILE_ENTRIES`: the sizes
 * (default 10,000 and 50,000; empty or 0 skips), so that the ratio between them shows the growth (linear: their ratio).
 */
function printCrossFileOpens(): void {
  const sizesOf = sizes(process.env.BENCH_CROSS_FILE_ENTRIES ?? '10000,50000');
  if (sizesOf.length === 0) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cross-file-bench-'));
  try {
    const rows = sizesOf.map((entries) => {
      const text = benchCrossFileAlternatesSitemap(entries);
      const file = path.join(dir, 'en-sitemap.xml');
      fs.writeFileSync(file, text);
      const opens: number[] = [];
      const xmllint: number[] = [];
      for (let run = 0; run < OPEN_RUNS; run++) {
        opens.push(openClean(Buffer.from(text).toString()).ms);
        xmllint.push(timeXmllintNoout([file]));
      }
      return { entries, megabytes: Buffer.byteLength(text) / 1_048_576, open: median(opens), xmllint: median(xmllint) };
    });
    console.log(`\nAlternates to other sitemaps (issue 20), in process: parse and validate, median of ${OPEN_RUNS}, against xmllint --noout on the same file, alternating\n`);
    console.log('| entries | size (MB) | open (ms) | xmllint --noout (ms) | ratio |');
    console.log('|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.entries.toLocaleString('en-US')} | ${r.megabytes.toFixed(1)} | ${r.open.toFixed(0)} | ${r.xmllint.toFixed(0)} | ${(r.open / r.xmllint).toFixed(2)}× |`);
    if (rows.length >= 2) {
      const [first, last] = [rows[0], rows[rows.length - 1]];
      console.log(`\nopen ratio ${last.entries.toLocaleString('en-US')} / ${first.entries.toLocaleString('en-US')} entries: ${(last.open / first.open).toFixed(2)}× (linear: ${(last.entries / first.entries).toFixed(0)}×)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_LINT_MANY === 'only') printLintManyFiles();
else runAll();

function runAll(): void {
  printLanguageLayer();
  printExtensionKeystrokes();
  printCrossFileOpens();
  printGrammar().then(printWire).then(printSmallSite).then(printSplit).then(printLint).then(printCold).then(printSite).then(printPrettySite).then(printLastmod).then(printDiff).then(printActionBase).then(printShards).then(printWebStart).then(printLive).then(printLiveShards).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
