/** The web bundles (dist/web/server.js, dist/web/client.js) import nothing of Node: their builds' metafiles, written by
 * build.mjs. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const metafileOf = (name: 'server' | 'client'): string => path.resolve(__dirname, `../../../web-${name}.meta.json`);

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
}

/** The bundle's inputs, after checking that none imports a Node builtin. */
function inputsWithoutNode(name: 'server' | 'client'): string[] {
  const metafile = JSON.parse(fs.readFileSync(metafileOf(name), 'utf8')) as Metafile;
  const builtins = new Set(builtinModules);
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
  assert.deepEqual(imports.filter((p) => p.startsWith('node:') || builtins.has(p) || builtins.has(p.split('/')[0])), []);
  return Object.keys(metafile.inputs);
}

test('the web server bundle has no node: import, no Node builtin and no module of server/src/node/', () => {
  const inputs = inputsWithoutNode('server');
  assert.ok(inputs.some((input) => input.endsWith('server/src/browser/browserServer.ts')), 'the metafile is the web server\'s');
  assert.deepEqual(inputs.filter((input) => input.includes('server/src/node/') || input.includes('server/src/cli/')), []);
});

test('the web client bundle has no node: import and no Node builtin, and uses vscode-languageclient/browser', () => {
  const inputs = inputsWithoutNode('client');
  assert.ok(inputs.some((input) => input.endsWith('client/src/browser/extension.ts')), 'the metafile is the web client\'s');
  assert.ok(inputs.some((input) => input.includes('vscode-languageclient/lib/browser/')));
  assert.deepEqual(inputs.filter((input) => input.includes('vscode-languageclient/lib/node/')), []);
});

test('the web client bundle holds the per-file commands, Split and Merge as edits, and the web gzip file system', () => {
  const inputs = inputsWithoutNode('client');
  for (const module of ['commands/editCommands.ts', 'commands/split/split.ts', 'commands/merge.ts', 'gzip/provider.ts', 'gzip/webGzipFiles.ts']) {
    assert.ok(inputs.some((input) => input.endsWith(`client/src/${module}`)), module);
  }
  assert.deepEqual(inputs.filter((input) => /client\/src\/(?:gzip\/(?:gzipFile|nodeGzipFiles)|commands\/split\/(?:splitStream|nodeSplit))\.ts$/.test(input)), []);
});
