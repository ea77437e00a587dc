/**
 * Bad input gets a clear diagnostic, in bounded time and memory, and never an exception (issue 2, section 5):
 * empty and blank files, binary garbage, a 1 MB line, deep nesting, an unterminated comment or CDATA section at
 * the top of a 10 MB file, a billion-laughs DOCTYPE, UTF-16, CRLF, a BOM, a file over 50 MB, a text sitemap
 * over the entry limit. Random edits to each of them must not throw either.
 *
 * The time (CPU time: support/bounds.ts) and memory bounds are robustness bounds, not a benchmark: each is many times (10–20× or more) what
 * this machine measures, or an absolute few seconds for the small inputs, so that a noisy, loaded 2-core
 * machine never trips them, while a hang, a quadratic blow-up or an expanded entity still would. The figures
 * measured are printed with t.diagnostic. (npm run bench is where speed is measured.) The largest inputs (100,000
 * nested elements, 10 MB, over 50 MB) are in test/robustness/largeInputs.test.ts, run by npm run test:robustness.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// Default imports: the modules themselves, whose functions can be replaced (a namespace import is read-only).
import fs from 'node:fs';
import net from 'node:net';
import dns from 'node:dns';
import { binaryGarbage, each, edit, nestedElements, open, rulesOf } from '../../support/badInputs';
import { MB } from '../../support/bounds';
import { NS, render } from '../../support/fixtures';
import { benchSitemap } from '../../support/generate';

// ---------------------------------------------------------------- the inputs

test('an empty file', (t) => {
  const xml = open(t, 'empty', '', 'sitemap', 1.4);
  assert.deepEqual(render(xml.diagnostics), ['xml-syntax@0-0']); // no root element
  edit(t, 'empty', xml, '', 25, 1, 0.3);
  // An empty text sitemap lists no URLs; no rule of the catalogue applies (no-entries is for <urlset>/<sitemapindex>).
  const txt = open(t, 'empty', '', 'sitemap-txt', 0.3);
  assert.deepEqual(render(txt.diagnostics), []);
  edit(t, 'empty text sitemap', txt, '', 25, 2, 0.1);
});

test('whitespace only', (t) => {
  const text = '  \r\n\t\n   \n';
  const xml = open(t, 'whitespace', text, 'sitemap', 0.2);
  assert.deepEqual(render(xml.diagnostics), ['xml-syntax@0-0']);
  edit(t, 'whitespace', xml, text, 25, 3, 0.1);
  assert.deepEqual(render(open(t, 'whitespace', text, 'sitemap-txt', 0.1).diagnostics), []);
});

test('binary garbage (random bytes decoded as UTF-8)', (t) => {
  const text = binaryGarbage(42, 64 * 1024);
  assert.ok(text.includes('\uFFFD'));
  const xml = open(t, 'binary garbage', text, 'sitemap', 97);
  const rules = rulesOf(xml.diagnostics);
  assert.ok(rules.has('encoding') && rules.has('xml-syntax'), [...rules].join(', '));
  edit(t, 'binary garbage', xml, text, 25, 4, 85);
  const txt = open(t, 'binary garbage', text, 'sitemap-txt', 34);
  const textRules = rulesOf(txt.diagnostics);
  assert.ok(textRules.has('encoding') && textRules.has('text-sitemap-line'), [...textRules].join(', '));
  edit(t, 'binary garbage text sitemap', txt, text, 25, 5, 56);
});

test('a 1 MB single line', (t) => {
  // A valid sitemap without a single line break.
  const valid = benchSitemap(5_200).replace(/\n */g, '');
  assert.ok(valid.length > MB && !valid.includes('\n'));
  const one = open(t, '1 MB sitemap on one line', valid, 'sitemap', 88);
  assert.deepEqual(render(one.diagnostics), []);
  assert.equal(one.document.lineCount, 1);
  assert.deepEqual(one.document.positionAt(valid.length), { line: 0, character: valid.length });
  edit(t, '1 MB sitemap on one line', one, valid, 25, 6, 12);
  // A 1 MB line of text: no root, text outside it.
  const junk = 'x'.repeat(MB);
  assert.deepEqual(render(open(t, '1 MB line of text', junk, 'sitemap', 12).diagnostics), ['xml-syntax@0-0', `xml-syntax@0-${MB}`]);
  // A 1 MB <loc>.
  const head = `<urlset xmlns="${NS}"><url><loc>`;
  const loc = `https://example.com/${'a'.repeat(MB)}`;
  const long = `${head}${loc}</loc></url></urlset>`;
  const opened = open(t, '1 MB <loc>', long, 'sitemap', 44);
  assert.deepEqual(render(opened.diagnostics), [`url-too-long@${head.length}-${head.length + loc.length}`]);
  edit(t, '1 MB <loc>', opened, long, 25, 7, 23);
});

test('10,000 nested elements', (t) => nestedElements(t, 10_000));

/** Fails the test if anything tries to open a file or a connection while `operation` runs. */
function withoutIo<T>(operation: () => T): T {
  const forbid = (what: string) => () => {
    throw new Error(`the language layer tried to ${what}`);
  };
  const saved = {
    connect: net.Socket.prototype.connect, lookup: dns.lookup,
    openSync: fs.openSync, open: fs.open, readFileSync: fs.readFileSync, readFile: fs.readFile,
  };
  const patchable = fs as unknown as Record<string, unknown>;
  net.Socket.prototype.connect = forbid('open a connection') as never;
  (dns as unknown as Record<string, unknown>).lookup = forbid('resolve a host name');
  for (const name of ['openSync', 'open', 'readFileSync', 'readFile']) patchable[name] = forbid(`read a file (${name})`);
  try {
    return operation();
  } finally {
    net.Socket.prototype.connect = saved.connect;
    (dns as unknown as Record<string, unknown>).lookup = saved.lookup;
    Object.assign(patchable, { openSync: saved.openSync, open: saved.open, readFileSync: saved.readFileSync, readFile: saved.readFile });
  }
}

test('a billion-laughs DOCTYPE is never expanded', (t) => {
  // Expanded, &lol9; would be 10^9 "lol"s: 3 GB. It must stay the 6 characters it is.
  const dtd = '<!DOCTYPE urlset [\n <!ENTITY lol "lol">\n' +
    Array.from({ length: 9 }, (_, k) => ` <!ENTITY lol${k + 1} "${`&lol${k === 0 ? '' : k};`.repeat(10)}">\n`).join('') + ']>\n';
  const body = `<urlset xmlns="${NS}" xmlns:x="urn:x">\n<url><loc>https://example.com/&lol9;</loc></url>\n` +
    '<url><loc>https://example.com/b</loc><x:title x:note="&lol9;">&lol9;&lol9;</x:title></url>\n</urlset>\n';
  const text = `<?xml version="1.0"?>\n${dtd}${body}`;
  // Memory bounds far tighter than elsewhere: the document is 1 KB.
  const opened = withoutIo(() => open(t, 'billion laughs', text, 'sitemap', 0.7, { ms: 3_000, retainedBytes: 16 * MB, peakRssGrowthBytes: 256 * MB }));
  assert.deepEqual(render(opened.diagnostics), [
    ...each(text, 'doctype', '<!DOCTYPE'), ...each(text, 'doctype', '<!ENTITY'), ...each(text, 'entity-not-expanded', '&lol9;', 0, 6, text.indexOf('<urlset')),
  ]);
  assert.equal(opened.document.length, text.length);
  edit(t, 'billion laughs', opened, text, 25, 12, 0.2);

  // An external DTD, an external entity and a schema location: never read, never fetched.
  const external = `<?xml version="1.0"?>\n<!DOCTYPE urlset SYSTEM "https://example.invalid/sitemap.dtd" [\n <!ENTITY ext SYSTEM "file:///etc/passwd">\n]>\n` +
    `<urlset xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS} https://example.invalid/sitemap.xsd">\n<url><loc>https://example.com/&ext;</loc></url>\n</urlset>\n`;
  const ext = withoutIo(() => open(t, 'external DTD and entity', external, 'sitemap', 0.4));
  assert.deepEqual(render(ext.diagnostics), [
    ...each(external, 'doctype', '<!DOCTYPE'), ...each(external, 'doctype', '<!ENTITY'), ...each(external, 'entity-not-expanded', '&ext;', 0, 5, external.indexOf('<urlset')),
  ]);
});

test('a UTF-16 declaration', (t) => {
  const text = `<?xml version="1.0" encoding="UTF-16"?>\n<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>\n`;
  const opened = open(t, 'UTF-16 declaration', text, 'sitemap', 0.5);
  assert.deepEqual(render(opened.diagnostics), each(text, 'encoding', 'UTF-16'));
  edit(t, 'UTF-16 declaration', opened, text, 25, 13, 0.1);
  // The same file really in UTF-16 (with its BOM) but read as UTF-8: replacement characters and NULs.
  const misread = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).toString('utf8');
  const garbled = open(t, 'UTF-16 bytes read as UTF-8', misread, 'sitemap', 0.5);
  assert.ok(render(garbled.diagnostics).includes('encoding@0-1')); // the BOM's bytes: U+FFFD U+FFFD
  assert.ok(rulesOf(garbled.diagnostics).has('xml-syntax')); // the NULs, and no root element
  edit(t, 'UTF-16 bytes read as UTF-8', garbled, misread, 25, 14, 0.7);
});

/** Line and character of `offset`, counting CRLF, LF and CR as one line break each — the naive way. */
function naivePosition(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  for (let p = 0; p < offset; p++) {
    const c = text[p];
    if (c === '\n' || (c === '\r' && text[p + 1] !== '\n')) {
      line++;
      lineStart = p + 1;
    }
  }
  return { line, character: offset - lineStart };
}

test('CRLF line ends: ranges and positions stay exact', (t) => {
  const text = ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${NS}">`, '  <url>', '    <loc>https://example.com/?a=1&b=2</loc>',
    '    <lastmod>2023-02-30</lastmod>', '    <changefreq>Daily</changefreq>', '    <priority>1.5</priority>', '  </url>', '</urlset>', ''].join('\r\n');
  const opened = open(t, 'CRLF', text, 'sitemap', 0.8);
  assert.deepEqual(render(opened.diagnostics), [
    ...each(text, 'unescaped-ampersand', '&b', 0, 1), ...each(text, 'invalid-lastmod', '2023-02-30', 8, 2), // the impossible day
    ...each(text, 'invalid-changefreq', 'Daily'), ...each(text, 'invalid-priority', '1.5'),
  ]);
  for (const d of opened.diagnostics) {
    assert.deepEqual(opened.document.positionAt(d.start), naivePosition(text, d.start));
    assert.deepEqual(opened.document.positionAt(d.end), naivePosition(text, d.end));
  }
  assert.deepEqual(opened.document.positionAt(text.indexOf('1.5')), { line: 6, character: 14 });
  edit(t, 'CRLF', opened, text, 25, 15, 0.15);
});

test('a BOM before the declaration is no problem', (t) => {
  const text = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>https://example.com/</loc></url>\n</urlset>\n`;
  const opened = open(t, 'BOM', text, 'sitemap', 0.5);
  assert.deepEqual(render(opened.diagnostics), []);
  edit(t, 'BOM', opened, text, 25, 16, 0.2);
  // Offsets count the BOM as the character it is.
  const broken = text.replace('</loc>', '</loc><priority>2</priority>');
  assert.deepEqual(render(open(t, 'BOM, with a problem', broken, 'sitemap', 0.3).diagnostics), each(broken, 'invalid-priority', '>2<', 1, 1));
  // A BOM anywhere else is a character like any other: here, text before the root.
  assert.deepEqual(render(open(t, 'BOM after a line break', `\n${text}`, 'sitemap', 0.3).diagnostics).slice(0, 1), ['xml-syntax@1-2']);
});

test('a text sitemap of 60,000 lines, and one with binary junk', (t) => {
  const lines = Array.from({ length: 60_000 }, (_, n) => `https://example.com/p/${n}`);
  const text = lines.join('\n') + '\n';
  const opened = open(t, '60,000 lines', text, 'sitemap-txt', 116);
  const first = text.indexOf(`\n${lines[50_000]}\n`) + 1;
  assert.deepEqual(render(opened.diagnostics), [`too-many-entries@${first}-${first + lines[50_000].length}`]);
  edit(t, '60,000 lines', opened, text, 25, 18, 2.4);

  const junk = lines.slice(0, 2_000).map((line, n) => (n % 10 === 5 ? binaryGarbage(n, 60).replace(/[\r\n]/g, ' ') : line)).join('\r\n');
  const dirty = open(t, 'text sitemap with binary junk', junk, 'sitemap-txt', 11);
  const rules = rulesOf(dirty.diagnostics);
  assert.ok(rules.has('text-sitemap-line') && rules.has('encoding'), [...rules].join(', '));
  edit(t, 'text sitemap with binary junk', dirty, junk, 25, 19, 13);
});

test('after all of that, a valid document is still served normally', (t) => {
  // Nothing above may leave state behind (the parser's shared regular expressions, caches, the fast path).
  const text = benchSitemap(50);
  assert.deepEqual(render(open(t, 'valid, 50 entries', text, 'sitemap', 0.8).diagnostics), []);
});
