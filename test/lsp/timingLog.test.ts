/**
 * SITEMAP_TIMING_LOG (server/src/lsp/timingLog.ts): the stamps bench:editor splits the user's wait with — the start,
 * then per document its text arriving, parsed, its settings answered (once: they are kept), prepared and its diagnostics
 * sent, in that order (over stdio the settings request leaves after the parse).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient } from './lspClient';

const TEXT = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/</loc><priority>2</priority></url></urlset>\n';

test('the server stamps its start and each open and change of a document, in order, in the file named', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-timing-'));
  const log = path.join(folder, 'timing.jsonl');
  const client = await LspClient.start({ env: { SITEMAP_TIMING_LOG: log } });
  try {
    const uri = 'file:///site/sitemap.xml';
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', TEXT);
    await opened;
    const changed = client.nextDiagnostics(uri, (_, params) => params.version === 2);
    client.change(uri, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' });
    await changed;
    const stamps = fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { t: number; event: string; uri?: string; version?: number });
    assert.deepEqual(stamps.map((s) => [s.event, s.uri, s.version]), [
      ['process', undefined, undefined], ['loaded', undefined, undefined], ['initialize', undefined, undefined], ['initialized', undefined, undefined],
      ['didOpen', uri, 1], ['parsed', uri, 1], ['settings', uri, undefined], ['prepared', uri, 1], ['published', uri, 1],
      ['didChange', uri, 2], ['prepared', uri, 2], ['published', uri, 2],
    ]);
    const times = stamps.map((s) => s.t);
    assert.deepEqual(times, [...times].sort((a, b) => a - b), 'stamps in time order');
    assert.ok(Math.abs(times[0] - Date.now()) < 60_000, 'epoch milliseconds');
  } finally {
    await client.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
