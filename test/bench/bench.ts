/**
 * `npm run bench`: full open, one-character edits, retained heap and completion on generated sitemaps of 5,000, 50,000
 * and 200,000 entries. Prints a markdown table (copy it to docs/performance.md). Run with --expose-gc.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS, applyEdits, complete, parseDocument, validate, type SitemapDocument } from '../../server/src/language/languageService';
import { benchSitemap, random } from '../support/generate';
import type { SitemapModel } from '../../server/src/language/model';

const SIZES = (process.env.BENCH_SIZES ?? '5000,50000,200000').split(',').map(Number);
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 7);
const EDITS = Number(process.env.BENCH_EDITS ?? 400);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 400);
const CONTEXT = { location: 'https://www.example.com/sitemap.xml' };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with node --expose-gc (npm run bench does).');
  process.exit(2);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
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

interface Row {
  entries: number;
  megabytes: number;
  openMedian: number;
  editMedian: number;
  editP95: number;
  heapMegabytes: number;
  heapRatio: number;
  completionMedian: number;
}

function measure(entries: number): Row {
  let text = benchSitemap(entries);
  const bytes = Buffer.byteLength(text);

  const opens: number[] = [];
  for (let run = 0; run < OPEN_RUNS; run++) {
    // A fresh flat string each run, as a newly opened file would be.
    const copy = Buffer.from(text).toString();
    gc!();
    const t0 = performance.now();
    const document = parseDocument(copy, 'sitemap');
    const diagnostics = validate(document, DEFAULT_SETTINGS, CONTEXT);
    opens.push(performance.now() - t0);
    if (diagnostics.some((d) => d.rule !== 'legacy-size-limit' && d.rule !== 'file-too-large' && d.rule !== 'too-many-entries')) {
      throw new Error(`The benchmark sitemap should be clean, got ${diagnostics[0].rule}`);
    }
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
  for (let n = 0; n < EDITS; n++) {
    // A random place strictly inside a random <url> element.
    const segment = model.entrySegment(Math.floor(rnd() * entries));
    const entryStart = model.segmentStart(segment);
    const entryLength = model.segments[segment].text.indexOf('</url>') + 6;
    const at = entryStart + 1 + Math.floor(rnd() * (entryLength - 2));
    const op = rnd();
    const char = String.fromCharCode(97 + Math.floor(rnd() * 26));
    if (op < 0.5) {
      times.push(keystroke(document, at, at, char));
      applyEdits(document, [{ start: at, end: at + 1, text: '' }]);
    } else {
      const original = source[at];
      times.push(keystroke(document, at, at + 1, op < 0.75 ? '' : char));
      applyEdits(document, [{ start: at, end: at + (op < 0.75 ? 0 : 1), text: original }]);
    }
  }
  if (document.getText() !== source) throw new Error('edits were not undone');

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
  };
}

const rows = SIZES.map(measure);
console.log(`node ${process.version}, ${process.arch}, ${OPEN_RUNS} opens, ${EDITS} edits and ${COMPLETIONS} completions per size\n`);
console.log('| entries | size (MB) | full open, median (ms) | edit → diagnostics, median (ms) | edit, p95 (ms) | retained heap (MB) | heap / size | completion, median (ms) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.entries.toLocaleString('en-US')} | ${r.megabytes.toFixed(1)} | ${r.openMedian.toFixed(1)} | ${r.editMedian.toFixed(3)} | ${r.editP95.toFixed(3)} | ${r.heapMegabytes.toFixed(1)} | ${r.heapRatio.toFixed(2)}× | ${r.completionMedian.toFixed(3)} |`);
}
if (rows.length >= 2) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  console.log(`\nedit median ratio ${last.entries.toLocaleString('en-US')} / ${first.entries.toLocaleString('en-US')} entries: ${(last.editMedian / first.editMedian).toFixed(2)}×`);
}
