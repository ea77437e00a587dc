/** The web server bundle (dist/web/server.js) imports nothing of Node: its build's metafile, written by build.mjs. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const METAFILE = path.resolve(__dirname, '../../../web-server.meta.json');

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
}

test('the web server bundle has no node: import, no Node builtin and no module of server/src/node/', () => {
  const metafile = JSON.parse(fs.readFileSync(METAFILE, 'utf8')) as Metafile;
  const builtins = new Set(builtinModules);
  const inputs = Object.keys(metafile.inputs);
  assert.ok(inputs.some((input) => input.endsWith('server/src/browser/browserServer.ts')), 'the metafile is the web server\'s');
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
  assert.deepEqual(imports.filter((p) => p.startsWith('node:') || builtins.has(p) || builtins.has(p.split('/')[0])), []);
  assert.deepEqual(inputs.filter((input) => input.includes('server/src/node/') || input.includes('server/src/cli/')), []);
});
