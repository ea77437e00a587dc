/**
 * What `sitemap-lint` loads for a plain file, seen from inside the real binary's process (a --require'd probe prints
 * Node's list of loaded built-in modules at exit): node:zlib, 3–10 ms of start-up, only when an input is gzip.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '<url><loc>https://www.example.com/</loc></url>\n</urlset>\n';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-lint-startup-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Whether the linter's process had loaded node:zlib when it exited, and its exit code. */
function loadsZlib(file: string): { zlib: boolean; status: number | null } {
  const probe = path.join(dir, 'probe.js');
  fs.writeFileSync(probe, `process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(process.moduleLoadList) + '\\n'));\n`);
  const r = spawnSync(process.execPath, ['--require', probe, BIN, file], { encoding: 'utf8' });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line !== undefined, r.stderr);
  return { zlib: (JSON.parse(line.slice(7)) as string[]).includes('NativeModule zlib'), status: r.status };
}

test('a plain sitemap is linted without loading node:zlib; a gzipped one loads it', () => {
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), SITEMAP);
  fs.writeFileSync(path.join(dir, 'sitemap.xml.gz'), gzipSync(SITEMAP));
  assert.deepEqual(loadsZlib(path.join(dir, 'sitemap.xml')), { zlib: false, status: 0 });
  assert.deepEqual(loadsZlib(path.join(dir, 'sitemap.xml.gz')), { zlib: true, status: 0 });
});
