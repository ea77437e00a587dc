/**
 * Streaming lint (server/src/cli/lint/lintStream.ts, language/stream/validationStream.ts): forced to stream every file
 * in windows of a given size (windows of that many characters, read in pieces of that many bytes, so that windows and
 * read pieces fall everywhere: inside tags, entries, CRLFs and multi-byte characters), sitemap-lint must give exactly
 * the JSON of the whole-document path (the oracle: same problems, rules, ranges, messages, order, cross-file problems
 * included), and say that it streamed, in how many windows. The oracle runs sitemap-lint's pipeline in process, the
 * window a parameter; the real binary (SITEMAP_LINT_STREAM_WINDOW, standard input, the size threshold, exit codes) last.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from '../../server/src/cli/lint/lintArgs';
import { lintFiles } from '../../server/src/cli/lint/lintFiles';
import { collectInputs } from '../../server/src/cli/lint/lintInputs';
import { lintSettings } from '../../server/src/cli/lint/lintSettings';
import { SiteContext } from '../../server/src/cli/lint/siteContext';
import { formatJson } from '../../server/src/cli/formats/json';
import { benchEntry, random } from '../support/generate';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const INDEX = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const folder = tempFolders('sitemap-lint-stream-');

interface Run {
  code: number | null;
  stdout: string;
  /** Per file name: windows and passes of its streaming. */
  streamed: Map<string, { windows: number; passes: number }>;
  errors: string[];
}

function run(args: string[], cwd: string, window?: number, input?: string, report = false): Run {
  const env = { ...process.env };
  delete env.SITEMAP_LINT_STREAM_WINDOW;
  delete env.SITEMAP_LINT_STREAM_REPORT;
  if (window !== undefined) env.SITEMAP_LINT_STREAM_WINDOW = String(window);
  if (report) env.SITEMAP_LINT_STREAM_REPORT = '1';
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd, env, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  const streamed = new Map<string, { windows: number; passes: number }>();
  const errors: string[] = [];
  for (const line of r.stderr.split('\n').filter((l) => l !== '')) {
    const m = /^sitemap-lint: (.+): streamed, (\d+) windows, (\d+) passes$/.exec(line);
    if (m !== null) streamed.set(m[1], { windows: Number(m[2]), passes: Number(m[3]) });
    else errors.push(line);
  }
  return { code: r.status, stdout: r.stdout, streamed, errors };
}

/** sitemap-lint --format json's pipeline (sitemapLint.ts's main) in this process, with every file streamed in `window`. */
async function lint(args: string[], cwd: string, now: number, window?: number, maxProblems?: number): Promise<Run> {
  const parsed = parseArgs(['--format', 'json', ...args]);
  // The binary reads --config from its working directory, which this process's is not.
  if (parsed.config !== undefined) parsed.config = path.resolve(cwd, parsed.config);
  const { siteRoots, ...given } = lintSettings(parsed, cwd);
  // The engine's own cap (the editor's sitemap.maxProblems), which sitemap-lint leaves off.
  const settings = maxProblems === undefined ? given.settings : { ...given.settings, maxProblems };
  const streamed = new Map<string, { windows: number; passes: number }>();
  const results = await lintFiles(collectInputs(parsed.inputs, cwd), {
    settings, site: new SiteContext(siteRoots, cwd), follow: parsed.follow, cwd, now,
    streamWindow: window, onStreamed: (name, windows, passes) => streamed.set(name, { windows, passes }),
  });
  const code = results.some((r) => r.problems.some((p) => p.severity === 'error')) ? 1 : 0;
  return { code, stdout: formatJson(results), streamed, errors: [] };
}

/**
 * Lints `names` whole, then streamed in each window size: the same exit code and JSON, every file streamed (in at
 * least `minWindows` windows when the smallest window is used). Returns the whole-document JSON.
 */
async function assertOracle(cwd: string, names: string[], options: { args?: string[]; windows?: number[]; minWindows?: number; maxProblems?: number } = {}): Promise<Array<{ file: string; problems: Array<{ rule: string; line: number }> }>> {
  const args = [...(options.args ?? []), ...names];
  const now = Date.now();
  const whole = await lint(args, cwd, now, undefined, options.maxProblems);
  assert.deepEqual(whole.errors, []);
  assert.equal(whole.streamed.size, 0);
  const windows = options.windows ?? [7, 61, 509, 4096];
  for (const window of windows) {
    const streamed = await lint(args, cwd, now, window, options.maxProblems);
    assert.equal(streamed.code, whole.code, `exit code, window ${window}`);
    assert.equal(streamed.stdout, whole.stdout, `JSON, window ${window}`);
    for (const { file: name } of JSON.parse(whole.stdout) as Array<{ file: string }>) {
      if (path.basename(name).toLowerCase() === 'robots.txt') continue;
      const report = streamed.streamed.get(name);
      assert.ok(report !== undefined, `${name} streamed, window ${window}`);
      if (window === Math.min(...windows)) assert.ok(report.windows >= (options.minWindows ?? 2), `${name}: ${report.windows} windows`);
    }
  }
  return JSON.parse(whole.stdout);
}

function rules(report: Array<{ problems: Array<{ rule: string }> }>): Set<string> {
  return new Set(report.flatMap((f) => f.problems.map((p) => p.rule)));
}

const entry = (loc: string, rest = '') => `<url><loc>${loc}</loc>${rest}</url>\n`;

/** Entries with a problem of most entry rules, in several shapes, and clean ones between. */
function brokenEntries(seed: number, count: number, host = 'https://www.example.com'): string {
  const next = random(seed);
  const parts: string[] = [];
  for (let n = 0; n < count; n++) {
    const loc = `${host}/p/${n}?a=1&amp;b=${n % 7}`;
    switch (Math.floor(next() * 16)) {
      case 0: parts.push(entry(loc, '<priority>1.5</priority>')); break;
      case 1: parts.push(entry(loc, '<changefreq>sometimes</changefreq>')); break;
      case 2: parts.push(entry(loc, '<lastmod>2024-13-45</lastmod>')); break;
      case 3: parts.push(entry(loc, '<lastmod>2999-01-01</lastmod>')); break;
      case 4: parts.push(entry(`${host}/p/${n % 5}?a=1&amp;b=${n % 5 % 7}`)); break; // a duplicate of an early one
      case 5: parts.push(entry(`https://elsewhere.example.org/p/${n}`)); break;
      case 6: parts.push(`<url><lastmod>2024-01-01</lastmod></url>\n`); break;
      case 7: parts.push(entry(`${host}/a b/${n}`)); break;
      case 8: parts.push(`<url><loc>${host}/p/${n}</loc><foo>bar</foo></url>\n`); break;
      case 9: parts.push(`<!-- a comment, between entries: <url> is not here -->\n${entry(loc)}`); break;
      case 10: parts.push(entry(`${host}/caf\u00e9/\u65e5\u672c/${n}`, '<lastmod>2024-02-03T04:05:06+01:00</lastmod>')); break;
      case 11: parts.push(`  ${entry(loc, `<priority>0.${n % 10}</priority>`)}`); break;
      case 12: parts.push(entry(`http://localhost:8080/p/${n}`)); break;
      case 13: parts.push(`text between entries ${n}\n${entry(loc)}`); break;
      default: parts.push(benchEntry(n));
    }
  }
  return parts.join('');
}

describe('sitemap-lint streaming: the same report as the whole document', () => {
  it('gives the same problems on a sitemap with problems of every kind, in windows of every size', async () => {
    const text = `${DECL}\n${URLSET}\n${brokenEntries(1, 400)}</urlset>\n`;
    const dir = folder({ 'sitemap.xml': text });
    const report = await assertOracle(dir, ['sitemap.xml'], { windows: [7, 13, 61, 509, 4096, 65_536], minWindows: 100 });
    // The fixture is what it means to be: most entry and document rules fire.
    for (const rule of ['invalid-priority', 'invalid-changefreq', 'invalid-lastmod', 'future-lastmod', 'duplicate-url', 'mixed-hosts', 'missing-loc']) {
      assert.ok(rules(report).has(rule), rule);
    }
  });

  it('gives the same problems with CRLF and lone CR line breaks, and with a byte-order mark', async () => {
    const body = brokenEntries(2, 200);
    const dir = folder({
      'crlf.xml': `${DECL}\r\n${URLSET}\r\n${body.replace(/\n/g, '\r\n')}</urlset>\r\n`,
      'cr.xml': `\ufeff${DECL}\r${URLSET}\r${body.replace(/\n/g, '\r')}</urlset>`,
    });
    await assertOracle(dir, ['crlf.xml', 'cr.xml']);
  });

  it('decodes multi-byte characters split between read pieces, and malformed bytes, as a whole read does', async () => {
    const entries: string[] = [];
    for (let n = 0; n < 150; n++) entries.push(entry(`https://www.example.com/\u00e9\u20ac\ud83d\ude00/${'\u00df'.repeat(n % 5)}${n}`, n % 9 === 0 ? '<priority>2</priority>' : ''));
    const text = Buffer.from(`${DECL}\n${URLSET}\n${entries.join('')}</urlset>\n`);
    const bad = Buffer.concat([text.subarray(0, 5000), Buffer.from([0xff, 0xc3]), text.subarray(5000)]);
    const dir = folder({ 'utf8.xml': text, 'bad.xml': bad });
    await assertOracle(dir, ['utf8.xml', 'bad.xml'], { windows: [1, 3, 61, 4096] });
  });

  it('reads gzip as it streams, in one member or several (whose last trailer gives only its own size)', async () => {
    const text = `${DECL}\n${URLSET}\n${brokenEntries(3, 300)}</urlset>\n`;
    const members = Buffer.concat([gzipSync(text.slice(0, 9000)), gzipSync(text.slice(9000, text.length - 3)), gzipSync(text.slice(-3))]);
    const dir = folder({ 'sitemap.xml.gz': gzipSync(text), 'members.xml.gz': members });
    await assertOracle(dir, ['sitemap.xml.gz', 'members.xml.gz']);
  });

  it('gives the same problems with odd prologs: comments, processing instructions, a DOCTYPE, a long prolog', async () => {
    const body = brokenEntries(4, 120);
    const dir = folder({
      'doctype.xml': `${DECL}\n<!DOCTYPE urlset [ <!ENTITY x "y"> ]>\n<?xml-stylesheet href="s.xsl"?>\n<!-- c -->\n${URLSET}\n${body}</urlset>\n`,
      'long-prolog.xml': `${DECL}\n<!--${' prolog'.repeat(3000)} -->\n${URLSET}\n${body}</urlset>\n`,
      'no-decl.xml': `\n\n  ${URLSET}<!-- first -->${body}<!-- last --></urlset>\n<!-- after -->\n`,
      'prefixed.xml': `${DECL}\n<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body.replace(/<(\/?)(url|loc|lastmod|priority|changefreq)>/g, '<$1sm:$2>')}</sm:urlset>\n`,
      'wrong-ns.xml': `${DECL}\n<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">\n${body}</urlset>\n`,
    });
    await assertOracle(dir, ['doctype.xml', 'long-prolog.xml', 'no-decl.xml', 'prefixed.xml', 'wrong-ns.xml'], { minWindows: 1 });
  });

  it('gives the same problems on ill-formed XML mid-file: an unclosed entry, an unclosed comment, a stray end tag, no root end', async () => {
    const a = brokenEntries(5, 100);
    const b = brokenEntries(6, 100);
    const dir = folder({
      'unclosed-entry.xml': `${DECL}\n${URLSET}\n${a}<url><loc>https://www.example.com/open</loc>\n${b}</urlset>\n`,
      'unclosed-comment.xml': `${DECL}\n${URLSET}\n${a}<!-- never closed\n${b}</urlset>\n`,
      'stray-end.xml': `${DECL}\n${URLSET}\n${a}</loc></url>\n${b}</urlset>\n`,
      'no-root-end.xml': `${DECL}\n${URLSET}\n${a}${b}`,
      'after-root.xml': `${DECL}\n${URLSET}\n${a}</urlset>\n<url><loc>https://www.example.com/late</loc></url>\n`,
      'bad-entity.xml': `${DECL}\n${URLSET}\n${a}<url><loc>https://www.example.com/&nbsp;</loc></url>\n<url><loc>https://www.example.com/a&b</loc></url>\n${b}</urlset>\n`,
      'not-xml.xml': `this is not XML\n${a}`,
      'html.xml': `<html><body>${a}</body></html>`,
      // Whole-file problems where there is no sitemap root to put them on.
      'config.json': JSON.stringify({ limits: { maxEntries: 60, legacyMaxBytes: 3000 } }),
    });
    await assertOracle(dir, ['unclosed-entry.xml', 'unclosed-comment.xml', 'stray-end.xml', 'no-root-end.xml', 'after-root.xml', 'bad-entity.xml', 'not-xml.xml', 'html.xml'], { minWindows: 1 });
    await assertOracle(dir, ['not-xml.xml', 'html.xml', 'no-root-end.xml'], { args: ['--config', 'config.json'], minWindows: 1 });
  });

  it('puts a problem exactly at every window boundary', async () => {
    // Every window size from 40 to 200 characters over one small file: each entry start, tag and value meets a boundary.
    const text = `${DECL}\n${URLSET}\n${brokenEntries(7, 60)}</urlset>\n`;
    const dir = folder({ 'sitemap.xml': text });
    const windows: number[] = [];
    for (let w = 40; w <= 200; w += 7) windows.push(w);
    await assertOracle(dir, ['sitemap.xml'], { windows, minWindows: 10 });
  });

  it('gives the same whole-document problems: entry limit, size limits, no entries, an index, a text sitemap', async () => {
    const config = JSON.stringify({ limits: { maxEntries: 50, maxBytes: 9000, legacyMaxBytes: 4000 } });
    const urls: string[] = [];
    for (let n = 0; n < 200; n++) urls.push(n % 17 === 0 ? `not a url ${n}` : n % 23 === 0 ? 'https://www.example.com/t/1' : `https://www.example.com/t/${n}`);
    const dir = folder({
      'config.json': config,
      'big.xml': `${DECL}\n${URLSET}\n${brokenEntries(8, 120)}</urlset>\n`,
      'empty.xml': `${DECL}\n${URLSET}\n<!-- nothing yet -->\n${' '.repeat(5000)}</urlset>\n`,
      'index.xml': `${DECL}\n${INDEX}\n${Array.from({ length: 80 }, (_, n) => `<sitemap><loc>https://www.example.com/s${n % 60}.xml</loc>${n % 3 === 0 ? '<lastmod>2024-05-01</lastmod>' : ''}</sitemap>\n`).join('')}</sitemapindex>\n`,
      'urls.txt': `${urls.join('\r\n')}\n\n  \r`,
      'lf.txt': `${urls.join('\n')}\n`,
    });
    const report = await assertOracle(dir, ['big.xml', 'empty.xml', 'index.xml', 'urls.txt', 'lf.txt'], { args: ['--config', 'config.json'], minWindows: 1 });
    for (const rule of ['too-many-entries', 'file-too-large', 'legacy-size-limit', 'no-entries', 'text-sitemap-line', 'duplicate-url']) assert.ok(rules(report).has(rule), rule);
  });

  it('keeps the same problems under a small problem cap (the editor\'s), with severities changed and a rule off', async () => {
    const config = JSON.stringify({
      rules: { 'invalid-priority': 'hint', 'mixed-hosts': 'information', 'invalid-changefreq': 'off', 'duplicate-url': 'error' },
      limits: { maxEntries: 100 },
    });
    const dir = folder({ 'config.json': config, 'sitemap.xml': `${DECL}\n${URLSET}\n${brokenEntries(9, 500)}</urlset>\n` });
    const report = await assertOracle(dir, ['sitemap.xml'], { args: ['--config', 'config.json'], maxProblems: 9 });
    assert.equal(report[0].problems.length, 9);
    assert.ok(rules(report).has('too-many-problems'));
  });

  it('takes a second pass when the first window names another origin than most URLs share (mixed-hosts)', async () => {
    const first = Array.from({ length: 30 }, (_, n) => entry(`https://first.example.com/${n}`)).join('');
    const most = Array.from({ length: 90 }, (_, n) => entry(`https://most.example.com/${n}`, n % 10 === 0 ? '<priority>7</priority>' : '')).join('');
    const dir = folder({ 'sitemap.xml': `${DECL}\n${URLSET}\n${first}${most}</urlset>\n` });
    const report = await assertOracle(dir, ['sitemap.xml'], { windows: [200, 1000] });
    assert.equal(report[0].problems.filter((p) => p.rule === 'mixed-hosts').length, 30);
    assert.equal((await lint(['sitemap.xml'], dir, Date.now(), 200)).streamed.get('sitemap.xml')?.passes, 2);
  });

  it('gives the same site: scope under a site root, cross-file rules, --follow through a streamed index', async () => {
    const child = (n: number, host = 'https://www.example.com') => `${DECL}\n${URLSET}\n${brokenEntries(10 + n, 60, host)}${entry(`${host}/shared`, '<lastmod>2025-06-01</lastmod>')}</urlset>\n`;
    const dir = folder({
      'site/robots.txt': 'User-agent: *\nSitemap: https://www.example.com/index.xml\nSitemap: /relative.xml\n',
      'site/index.xml': `${DECL}\n${INDEX}\n<sitemap><loc>https://www.example.com/a.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n` +
        '<sitemap><loc>https://www.example.com/sub/b.xml</loc></sitemap>\n<sitemap><loc>https://www.example.com/gone.xml</loc></sitemap>\n' +
        '<sitemap><loc>https://www.example.com/index.xml</loc></sitemap>\n</sitemapindex>\n',
      'site/a.xml': child(0),
      'site/sub/b.xml': child(1, 'https://other.example.com'),
      'site/unlisted.xml': child(2),
    });
    await assertOracle(dir, ['site/robots.txt', 'site/index.xml', 'site/unlisted.xml'], { args: ['--follow', '--site-root', 'site=https://www.example.com/'], minWindows: 1 });
    await assertOracle(dir, ['site'], { minWindows: 1 });
  });

  it('gives the same duplicates alone (no site summary kept) and beside another file (the summary kept for the cross-file rules)', async () => {
    const text = `${DECL}\n${URLSET}\n${brokenEntries(15, 200)}</urlset>\n`;
    const dir = folder({ 'a.xml': text, 'b.xml': `${DECL}\n${URLSET}\n${brokenEntries(16, 50)}</urlset>\n` });
    const alone = await assertOracle(dir, ['a.xml']);
    assert.ok(rules(alone).has('duplicate-url'));
    assert.ok(!rules(alone).has('cross-file-duplicate-url'));
    const together = await assertOracle(dir, ['a.xml', 'b.xml']);
    assert.ok(rules(together.slice(1)).has('cross-file-duplicate-url'));
  });

  it('gives the same extension problems (image, video, news), and reads a file with hreflang alternates whole', async () => {
    const root = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" '
      + 'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
    const media = Array.from({ length: 120 }, (_, n) => entry(`https://www.example.com/m/${n}`, [
      `<image:image><image:loc>https://cdn.example.net/${n % 3 === 0 ? 'a b' : 'i'}/${n}.jpg</image:loc>${n % 4 === 0 ? '<image:caption>c</image:caption>' : ''}</image:image>`,
      n % 5 === 0 ? '<image:image><image:title>no loc</image:title></image:image>' : '',
      n % 7 === 0 ? `<video:video><video:thumbnail_loc>https://cdn.example.net/t/${n}.jpg</video:thumbnail_loc><video:title>V</video:title><video:duration>${n}.5</video:duration></video:video>` : '',
      n % 9 === 0 ? `<news:news><news:publication><news:name>P</news:name><news:language>${n % 2 === 0 ? 'en' : 'english'}</news:language></news:publication><news:publication_date>2024-0${(n % 9) + 1}-01</news:publication_date><news:title>T</news:title></news:news>` : '',
    ].join(''))).join('');
    const links = Array.from({ length: 60 }, (_, n) => entry(`https://www.example.com/${n % 2 === 0 ? 'en' : 'de'}/${n >> 1}`,
      `<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/en/${n >> 1}"/>`
      + (n % 6 !== 0 ? `<xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/${n >> 1}"/>` : ''))).join('');
    const dir = folder({ 'media.xml': `${DECL}\n${root}\n${media}</urlset>\n`, 'links.xml': `${DECL}\n${root}\n${links}</urlset>\n` });
    const report = await assertOracle(dir, ['media.xml'], { windows: [7, 61, 509, 4096], minWindows: 20 });
    for (const rule of ['invalid-url', 'image-deprecated', 'image-missing-loc', 'video-missing-required', 'video-invalid-value', 'news-invalid-language', 'news-too-old']) {
      assert.ok(rules(report).has(rule), rule);
    }
    // Reciprocity pairs entries anywhere in the file: such a file is read whole, with the same report.
    const now = Date.now();
    const whole = await lint(['links.xml'], dir, now);
    const streamed = await lint(['links.xml'], dir, now, 61);
    assert.equal(streamed.stdout, whole.stdout);
    assert.equal(streamed.streamed.size, 0);
    assert.ok(rules(JSON.parse(whole.stdout)).has('hreflang-not-reciprocal'));
  });

  it('streams the files named, but not standard input or a robots.txt', () => {
    const text = `${DECL}\n${URLSET}\n${brokenEntries(12, 50)}</urlset>\n`;
    const dir = folder({ 'robots.txt': 'Sitemap: https://www.example.com/s.xml\nSitemap: nope\n', 'sitemap.xml': text });
    const args = ['-', 'robots.txt', 'sitemap.xml'];
    const streamed = run(args, dir, 61, text);
    assert.deepEqual([...streamed.streamed.keys()], ['sitemap.xml']);
    assert.equal(streamed.stdout, run(args, dir, undefined, text).stdout);
    const report = JSON.parse(streamed.stdout) as Array<{ problems: Array<{ rule: string }> }>;
    assert.ok(rules(report.slice(0, 1)).has('invalid-priority'));
    assert.ok(rules(report.slice(1, 2)).has('robots-sitemap-url'));
  });

  it('streams a file above 16 MiB uncompressed, a gzip file by its trailer, and no smaller one', () => {
    // 1,000 entries, each followed by 17 KB of blanks: 17 MiB, 60 KB gzipped, in a last gzip member whose trailer gives it all.
    const blanks = ' '.repeat(17_500);
    const text = `${DECL}\n${URLSET}\n${brokenEntries(13, 1000).replace(/<\/url>\n/g, `</url>${blanks}\n`)}</urlset>\n`;
    assert.ok(text.length > 16 << 20);
    const small = `${DECL}\n${URLSET}\n${brokenEntries(14, 4000)}</urlset>\n`;
    const dir = folder({ 'huge.xml.gz': Buffer.concat([gzipSync(text.slice(0, 100)), gzipSync(text.slice(100))]), 'small.xml': small });
    const r = run(['huge.xml.gz', 'small.xml'], dir, undefined, undefined, true);
    assert.deepEqual([...r.streamed.keys()], ['huge.xml.gz']);
    assert.ok(r.streamed.get('huge.xml.gz')!.windows > 100);
    // Standard input is never streamed: the same text from it is the oracle.
    const whole = run(['-'], dir, undefined, text, true);
    assert.equal(whole.streamed.size, 0);
    const problems = (JSON.parse(r.stdout) as Array<{ problems: unknown[] }>)[0].problems;
    assert.deepEqual(problems, (JSON.parse(whole.stdout) as Array<{ problems: unknown[] }>)[0].problems);
    assert.ok(rules(JSON.parse(r.stdout)).has('legacy-size-limit'));
  });

  it('fails as a whole read does on an unreadable gzip', () => {
    const text = `${DECL}\n${URLSET}\n${brokenEntries(11, 200)}</urlset>\n`;
    const dir = folder({ 'good.xml': text, 'truncated.xml.gz': gzipSync(text).subarray(0, 900) });
    const whole = run(['good.xml', 'truncated.xml.gz'], dir);
    const streamed = run(['good.xml', 'truncated.xml.gz'], dir, 61);
    assert.equal(whole.code, 2);
    assert.equal(streamed.code, 2);
    assert.deepEqual([...streamed.streamed.keys()], ['good.xml']);
    assert.match(streamed.errors.join('\n'), /^sitemap-lint: truncated\.xml\.gz: not a valid gzip file/);
  });
});
