/**
 * Diagnostics of a document with thousands of entries after its root element once the model's line index is built
 * (by any request that takes a position, as an editor sends them after opening): everything after the root is one
 * segment, and placing each problem counted its line breaks from that segment's start again — half a second at the
 * default cap of 1,000 problems, minutes at 20,000. The count now resumes from the previous problem, as the command
 * line's walk does (test/cli/contentAfterRoot.test.ts, the command line's case, which the fuzzer found: seed 101, issue 35;
 * this one was noticed beside its fix).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const STRAY = 20_000;
const TEXT = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"></urlset>\n`
  + Array.from({ length: STRAY }, (_, k) => `<url><loc>https://www.example.com/grown/${k}</loc></url>\r\n`).join('');

let maxProblems = STRAY + 100;
let client: LspClient;
before(async () => {
  client = await LspClient.start({ settings: () => ({ maxProblems }) });
});
after(async () => {
  await client.stop();
});

test(`places ${STRAY.toLocaleString('en')} problems after the root in one pass once the line index is built`, { timeout: 60_000 }, async () => {
  const uri = 'untitled:grown.xml';
  const opened = client.nextDiagnostics(uri);
  client.open(uri, 'sitemap', TEXT);
  await opened;
  // A hover builds the line index; a change of settings then validates the same model again, through it.
  await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 12 } });
  // Placed one by one from the segment's start, they took minutes: the wait is that bound, generously.
  const again = client.nextDiagnostics(uri, () => true, 50_000);
  maxProblems = STRAY + 101;
  client.configurationChanged();
  const syntax = (await again).diagnostics.filter((d) => d.code === 'xml-syntax');
  assert.equal(syntax.length, STRAY);
  // Each stray entry's `url` name, a line each from line 2 (0-based), after CRLFs.
  for (const k of [0, 1, STRAY - 1]) {
    assert.deepEqual(syntax[k].range, { start: { line: 2 + k, character: 1 }, end: { line: 2 + k, character: 4 } });
  }
});
