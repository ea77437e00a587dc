/**
 * `sitemap-split` (dist/sitemap-split.js), run as the real binary on files in a temporary folder: entries byte for
 * byte, the limits and the greedy cut, the index, the --json manifest, gzip in and out, exit codes, nothing written
 * on error, nothing overwritten without --force, and --index over the input.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DEFAULT_SETTINGS, parseDocument, validate } from '../../server/src/language/languageService';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-split.js');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const NOW = Date.UTC(2025, 5, 15);
const folder = tempFolders('sitemap-split-');

function run(args: string[], cwd?: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file of a folder with its content, to see that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) out[name] = fs.readFileSync(path.join(dir, name)).toString('base64');
  return out;
}

/** A realistic sitemap: image and video extensions, comments, CRLF, non-ASCII URLs, lastmods. */
function realistic(count: number, eol = '\r\n', root = 'urlset', p = ''): string {
  const parts = [`${DECL}${eol}<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>${eol}` +
    `<${root} xmlns${p ? `:${p.slice(0, -1)}` : ''}="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">`];
  for (let n = 1; n <= count; n++) {
    if (n % 10 === 4) parts.push(`${eol}  <!-- section ${n} -->`);
    const day = String((n * 7) % 28 + 1).padStart(2, '0');
    parts.push(`${eol}  <${p}url>${eol}    <${p}loc>https://www.example.com/straße/${n}?q=a&amp;b=${n}</${p}loc>${eol}` +
      (n % 5 === 0 ? '' : `    <${p}lastmod>2024-0${(n % 9) + 1}-${day}T08:00:00+02:00</${p}lastmod>${eol}`) +
      (n % 3 === 0 ? `    <image:image><image:loc>https://www.example.com/img/${n}.jpg</image:loc></image:image>${eol}` : '') +
      (n % 7 === 0 ? `    <video:video><video:thumbnail_loc>https://www.example.com/t/${n}.jpg</video:thumbnail_loc><video:title>Vidéo ${n}</video:title>` +
        `<video:description>Ü</video:description><video:content_loc>https://www.example.com/v/${n}.mp4</video:content_loc></video:video>${eol}` : '') +
      `  </${p}url>`);
  }
  parts.push(`${eol}</${root}>${eol}`);
  return parts.join('');
}

interface Manifest {
  index: string;
  children: Array<{ file: string; url: string; entries: number; bytes: number }>;
}

/** What lies between the root start tag and the root end tag, less the interim closing's line ending. */
function entriesOf(texts: string[], qname: string, eol: string): string {
  return texts.map((t, k) => {
    const body = t.slice(t.indexOf('>', t.indexOf(`<${qname}`)) + 1, t.lastIndexOf(`</${qname}>`));
    return k === texts.length - 1 ? body : body.slice(0, body.length - eol.length);
  }).join('');
}

function latestLastmod(text: string): string | undefined {
  let best: string | undefined;
  for (const m of text.matchAll(/<(?:\w+:)?lastmod>([^<]*)</g)) if (best === undefined || Date.parse(m[1]) > Date.parse(best)) best = m[1];
  return best;
}

function checkSplit(original: string, manifest: Manifest, qname: string, eol: string, limits: { entries: number; bytes: number }, read = (f: string) => fs.readFileSync(f, 'utf8')): void {
  const texts = manifest.children.map((c) => read(c.file));
  assert.equal(entriesOf(texts, qname, eol), entriesOf([original], qname, eol), 'the entries concatenated are the original\'s');
  const index = fs.readFileSync(manifest.index, 'utf8');
  const diagnostics = validate(parseDocument(index, 'sitemap'), DEFAULT_SETTINGS, { now: NOW });
  assert.deepEqual(diagnostics.map((d) => d.rule), [], 'the index validates');
  const locs = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs, manifest.children.map((c) => c.url));
  const lastmods = [...index.matchAll(/<sitemap>[\s\S]*?<\/sitemap>/g)].map((m) => /<lastmod>([^<]*)</.exec(m[0])?.[1]);
  assert.deepEqual(lastmods, texts.map(latestLastmod));
  for (const [k, c] of manifest.children.entries()) {
    assert.equal(c.bytes, Buffer.byteLength(texts[k]));
    assert.ok(c.bytes <= limits.bytes && c.entries <= limits.entries, `child ${k + 1} within the limits`);
    assert.equal(parseDocument(texts[k], 'sitemap').entryCount, c.entries);
    // Greedy: the next child's first entry did not fit.
    if (k + 1 < texts.length && c.entries < limits.entries) {
      const next = texts[k + 1];
      const closeTag = `</${qname.includes(':') ? qname.slice(0, qname.indexOf(':') + 1) : ''}url>`;
      const firstUnit = next.slice(next.indexOf('>', next.indexOf(`<${qname}`)) + 1, next.indexOf(closeTag) + closeTag.length);
      assert.ok(c.bytes + Buffer.byteLength(firstUnit) > limits.bytes, `child ${k + 1} was closed early`);
    }
  }
}

describe('sitemap-split', () => {
  it('splits a realistic CRLF sitemap by entries and bytes, with a --json manifest', () => {
    const original = realistic(120);
    const dir = folder({ 'sitemap.xml': original });
    const r = run([path.join(dir, 'sitemap.xml'), '--max-entries', '30', '--max-bytes', '6000', '--base-url', 'https://www.example.com/maps', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as Manifest;
    assert.equal(manifest.index, path.join(dir, 'sitemap-index.xml'));
    assert.deepEqual(manifest.children.map((c) => [path.basename(c.file), c.url]), manifest.children.map((_, k) => [`sitemap-${k + 1}.xml`, `https://www.example.com/maps/sitemap-${k + 1}.xml`]));
    assert.ok(manifest.children.length > 4, 'the byte limit cut, not only the entry limit');
    assert.equal(manifest.children.reduce((n, c) => n + c.entries, 0), 120);
    checkSplit(original, manifest, 'urlset', '\r\n', { entries: 30, bytes: 6000 });
    assert.equal(fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8'), original, 'the input is untouched');
  });

  it('streams a file several times its parse window (about 1 MB) in gzip and plain', () => {
    const original = realistic(20_000);
    assert.ok(original.length > 3 * 1_048_576);
    const dir = folder({ 'big.xml': original, 'big2.xml.gz': gzipSync(original) });
    for (const input of ['big.xml', 'big2.xml.gz']) {
      const r = run([path.join(dir, input), '--max-entries', '5000', '--max-bytes', '1000000', '--json']);
      assert.equal(r.code, 0, r.stderr);
      const manifest = JSON.parse(r.stdout) as Manifest;
      assert.equal(manifest.children.reduce((n, c) => n + c.entries, 0), 20_000);
      checkSplit(original, manifest, 'urlset', '\r\n', { entries: 5000, bytes: 1_000_000 });
    }
  });

  it('cuts at the entry limit exactly', () => {
    const original = realistic(10, '\n');
    const dir = folder({ 'a.xml': original });
    const r = run([path.join(dir, 'a.xml'), '--max-entries', '4', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as Manifest;
    assert.deepEqual(manifest.children.map((c) => c.entries), [4, 4, 2]);
    assert.match(r.stderr, /https:\/\/www\.example\.com\//, 'the derived base URL is said');
    assert.deepEqual(manifest.children.map((c) => c.url), [1, 2, 3].map((n) => `https://www.example.com/a-${n}.xml`));
    checkSplit(original, manifest, 'urlset', '\n', { entries: 4, bytes: 52_428_800 });
  });

  it('reads a gzip input with a prefixed root and writes gzip children', () => {
    const original = realistic(50, '\n', 'sm:urlset', 'sm:');
    const dir = folder({ 'shop.xml.gz': gzipSync(original) });
    const out = path.join(dir, 'out');
    const r = run([path.join(dir, 'shop.xml.gz'), '--max-entries', '20', '--gzip', '--out', out, '--name', 'part{n}.xml.gz', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as Manifest;
    assert.deepEqual(manifest.children.map((c) => path.basename(c.file)), ['part1.xml.gz', 'part2.xml.gz', 'part3.xml.gz']);
    assert.equal(manifest.index, path.join(out, 'shop-index.xml'));
    checkSplit(original, manifest, 'sm:urlset', '\n', { entries: 20, bytes: 52_428_800 }, (f) => gunzipSync(fs.readFileSync(f)).toString('utf8'));
  });

  it('splits a text sitemap into text children', () => {
    const original = Array.from({ length: 9 }, (_, k) => `https://example.org/ä/${k}${k === 4 ? '\n' : ''}`).join('\n') + '\n';
    const dir = folder({ 'urllist.txt': original });
    const r = run([path.join(dir, 'urllist.txt'), '--max-entries', '4', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as Manifest;
    assert.deepEqual(manifest.children.map((c) => [path.basename(c.file), c.entries]), [['urllist-1.txt', 4], ['urllist-2.txt', 4], ['urllist-3.txt', 1]]);
    assert.equal(manifest.children.map((c) => fs.readFileSync(c.file, 'utf8')).join(''), original);
    const index = fs.readFileSync(manifest.index, 'utf8');
    assert.deepEqual(validate(parseDocument(index, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }), []);
  });

  it('writes nothing and exits 2 on bad usage, a missing file, ill-formed or invalid UTF-8 input, or a refusal', () => {
    const bad = `${DECL}\n<urlset xmlns="${NS}">\n<url><loc>https://a.example/1</loc></url>\n<url><loc>https://a.example/2</loc>\n</urlset>\n`;
    const dir = folder({
      'good.xml': realistic(5, '\n'),
      'bad.xml': bad,
      'latin1.xml': Buffer.concat([Buffer.from(`${DECL}\n<urlset xmlns="${NS}"><url><loc>https://a.example/`), Buffer.from([0xe4]), Buffer.from('</loc></url></urlset>')]),
      'broken.xml.gz': gzipSync(realistic(5, '\n')).subarray(0, 60),
      'index.xml': `${DECL}\n<sitemapindex xmlns="${NS}"><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>\n`,
    });
    const before = snapshot(dir);
    const cases: string[][] = [
      [path.join(dir, 'good.xml'), '--frobnicate'],
      [path.join(dir, 'good.xml'), '--max-entries', 'ten'],
      [path.join(dir, 'good.xml'), '--max-bytes', '-5'],
      [path.join(dir, 'good.xml'), '--name', 'no-number.xml'],
      [path.join(dir, 'missing.xml')],
      [path.join(dir, 'bad.xml')],
      [path.join(dir, 'latin1.xml')],
      [path.join(dir, 'broken.xml.gz')],
      [path.join(dir, 'index.xml')],
      [path.join(dir, 'good.xml'), '--max-bytes', '300'],
      [path.join(dir, 'good.xml'), '--max-entries', '2', '--out', path.join(dir, 'new', 'deeper'), '--max-bytes', '200'],
      [],
    ];
    for (const args of cases) {
      const r = run(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^sitemap-split: [^\n]+\n(usage: sitemap-split [^\n]+\n)?$/, `one line, and the usage line after a usage error: ${r.stderr}`);
      assert.deepEqual(snapshot(dir), before, `nothing written: ${args.join(' ')}`);
    }
    const ill = run([path.join(dir, 'bad.xml')]);
    assert.ok(ill.stderr.startsWith(`sitemap-split: ${path.join(dir, 'bad.xml')}:4:2: `), ill.stderr);
  });

  it('leaves no file behind when the nth write fails as on a full disk (children, then the index; over the input too)', () => {
    const dir = folder({ 'sitemap.xml': realistic(10, '\n'), 'sitemap-2.xml': 'mine' });
    const input = path.join(dir, 'sitemap.xml');
    const before = snapshot(dir);
    for (const overInput of [false, true]) {
      for (let n = 1; n <= 4; n++) {
        const args = [input, '--max-entries', '4', '--force', ...(overInput ? ['--index', input] : [])];
        const r = run(args, undefined, { ...process.env, SITEMAP_SPLIT_FAIL_WRITE: String(n) });
        assert.equal(r.code, 2, `write ${n}: ${r.stderr}`);
        assert.equal(r.stderr.trim().split('\n').filter((l) => !l.includes('base URL')).length, 1, r.stderr);
        assert.deepEqual(snapshot(dir), before, `write ${n} failed, over the input: ${overInput}`);
      }
    }
    assert.equal(run([input, '--max-entries', '4', '--force']).code, 0, 'without the fault it splits');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-index.xml', 'sitemap.xml']);
  });

  it('an input ill-formed after many children is one line, exit 2, nothing written, no unhandled rejection (the fuzzer\'s case)', () => {
    // 40 children open when the NUL is met: abort destroyed the one being written before awaiting the others, and its
    // rejection (ERR_STREAM_PREMATURE_CLOSE) killed the process with a stack, every time.
    const entries = Array.from({ length: 40 }, (_, i) => `<url><loc>https://www.example.com/${i}</loc></url>\n`).join('');
    const dir = folder({ 'many.xml': `${DECL}\n<urlset xmlns="${NS}">\n${entries}<url><loc>https://www.example.com/\u0000</loc></url></urlset>\n` });
    const r = run(['--max-entries', '1', '--out', 'out', 'many.xml'], dir);
    assert.doesNotMatch(r.stderr, /^\s+at |node:internal/m);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.split('\n').filter((line) => line !== '' && !line.includes('base URL')).length, 1);
    assert.equal(fs.existsSync(path.join(dir, 'out')), false);
  });

  it('never overwrites without --force', () => {
    const original = realistic(6, '\n');
    const dir = folder({ 'sitemap.xml': original, 'sitemap-2.xml': 'mine' });
    const before = snapshot(dir);
    const r = run([path.join(dir, 'sitemap.xml'), '--max-entries', '2']);
    assert.equal(r.code, 2);
    assert.deepEqual(snapshot(dir), before);
    const forced = run([path.join(dir, 'sitemap.xml'), '--max-entries', '2', '--force', '--json']);
    assert.equal(forced.code, 0, forced.stderr);
    checkSplit(original, JSON.parse(forced.stdout) as Manifest, 'urlset', '\n', { entries: 2, bytes: 52_428_800 });
  });

  it('writes the index over the input with --index <input> --force, after the children', () => {
    const original = realistic(7, '\r\n');
    const dir = folder({ 'sitemap.xml': original });
    const input = path.join(dir, 'sitemap.xml');
    assert.equal(run([input, '--index', input, '--max-entries', '3']).code, 2, 'the input exists: --force is needed');
    const r = run([input, '--index', input, '--force', '--max-entries', '3', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as Manifest;
    assert.equal(manifest.index, input);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    assert.ok(fs.readFileSync(input, 'utf8').includes('<sitemapindex'));
    const texts = manifest.children.map((c) => fs.readFileSync(c.file, 'utf8'));
    assert.equal(entriesOf(texts, 'urlset', '\r\n'), entriesOf([original], 'urlset', '\r\n'));
  });
});
