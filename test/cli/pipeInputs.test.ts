/**
 * A named pipe as a file argument (`sitemap-diff <(gunzip -c old.xml.gz) new.xml`, a FIFO), as child processes: read
 * where it stands, as a file is read from its start; gzip told by its first bytes as a file's is. Before, sitemap-diff
 * died on ESPIPE with a stack (it read the gzip magic at position 0) and sitemap-split said one line about a seek.
 * Found while writing the fuzzer's FIFO mutation (issue 35), which names no FIFO on a command line.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { tempFolders } from '../support/tempFolders';

const DIST = path.resolve(__dirname, '../../../dist');
const folder = tempFolders('pipe-inputs-');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`
  + paths.map((p) => `<url><loc>https://www.example.com/${p}</loc></url>\n`).join('') + '</urlset>\n';

const OLD = urlset('a', 'b', 'c');
const NEW = urlset('a', 'b', 'd');

/** Runs `tool` with `args` in `dir` while `bytes` are written into the FIFO `fifo`; its exit code and output. */
async function runWithFifo(dir: string, tool: string, args: string[], fifo: string, bytes: Buffer) {
  const child = spawn(process.execPath, [path.join(DIST, `${tool}.js`), ...args], { cwd: dir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => { stdout += b.toString(); });
  child.stderr.on('data', (b: Buffer) => { stderr += b.toString(); });
  // Opening a FIFO to write waits for its reader; the reader's end then sees the bytes and their end.
  const writer = fs.createWriteStream(path.join(dir, fifo));
  writer.on('error', () => undefined);
  writer.end(bytes);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

function fifoFolder(): string {
  const dir = folder({ 'new.xml': NEW });
  execFileSync('mkfifo', [path.join(dir, 'old.xml')]);
  return dir;
}

describe('a named pipe as an input', { timeout: 60_000 }, () => {
  for (const [name, bytes] of [['plain', Buffer.from(OLD)], ['gzip', zlib.gzipSync(OLD)]] as const) {
    it(`sitemap-diff reads a ${name} pipe`, async () => {
      const r = await runWithFifo(fifoFolder(), 'sitemap-diff', ['--format', 'json', 'old.xml', 'new.xml'], 'old.xml', bytes);
      assert.equal(r.stderr, '');
      assert.equal(r.code, 0);
      const diff = JSON.parse(r.stdout) as { added: string[]; removed: string[] };
      assert.deepEqual([diff.added, diff.removed], [['https://www.example.com/d'], ['https://www.example.com/c']]);
    });

    it(`sitemap-split reads a ${name} pipe`, async () => {
      const dir = fifoFolder();
      const r = await runWithFifo(dir, 'sitemap-split', ['--max-entries', '2', '--out', 'out', '--json', 'old.xml'], 'old.xml', bytes);
      assert.equal(r.code, 0, r.stderr);
      const written = JSON.parse(r.stdout) as { children: Array<{ entries: number }> };
      assert.deepEqual(written.children.map((c) => c.entries), [2, 1]);
    });
  }
});
