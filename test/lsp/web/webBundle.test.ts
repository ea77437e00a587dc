/** The web bundles (dist/web/server.js, pageRules.js, client.js) import nothing of Node (their builds' metafiles, written
 * by build.mjs), and the worker's start script keeps within its budget. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { transformSync } from 'esbuild';

type WebBundle = 'server' | 'pageRules' | 'client';

const metafileOf = (name: WebBundle): string => path.resolve(__dirname, `../../../web-${name}.meta.json`);

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The inputs of which some code is in the bundle (the metafile's inputs also list what tree-shaking left out). */
function inputsInOutput(name: WebBundle): string[] {
  const metafile = JSON.parse(fs.readFileSync(metafileOf(name), 'utf8')) as Metafile;
  return Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0).map(([input]) => input));
}

/** The bundle's inputs, after checking that none imports a Node builtin. */
function inputsWithoutNode(name: WebBundle): string[] {
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

test('the page rules and htmlparser2 are in their own script, loaded on first need, not in the worker\'s start script', () => {
  const isPageRules = (input: string): boolean => input.includes('node_modules/htmlparser2/') || input.includes('server/src/language/site/pageRules/');
  inputsWithoutNode('server');
  assert.deepEqual(inputsInOutput('server').filter(isPageRules), []);
  inputsWithoutNode('pageRules');
  const inputs = inputsInOutput('pageRules');
  assert.ok(inputs.some((input) => input.endsWith('server/src/browser/pageRulesEngine.ts')), 'the metafile is the page rules\'');
  assert.ok(inputs.some((input) => input.includes('node_modules/htmlparser2/')));
  assert.deepEqual(inputs.filter((input) => input.includes('server/src/node/') || input.includes('server/src/lsp/')), []);
});

/** Issue 24's budget for what the worker parses at each start. The build here is not minified: esbuild minifies it as
 * `node build.mjs --production` would (a few KB larger than the production bundle, which the README states). */
test('the web server\'s start script is under 500 KB minified', () => {
  const code = fs.readFileSync(path.resolve(__dirname, '../../../../dist/web/server.js'), 'utf8');
  const minified = transformSync(code, { minify: true, target: 'es2022' }).code;
  assert.ok(minified.length < 500_000, `${minified.length} bytes`);
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
