/** Every bundle in dist/ requires at run time only what its host gives: Node's builtins and (the clients) `vscode`. A
 * package bundled from a UMD wrapper (jsonc-parser's `main`) keeps a `require("./impl/…")` esbuild cannot follow, which
 * fails as soon as the bundle loads. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const DIST = path.resolve(__dirname, '../../../dist');

function bundles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? bundles(file) : entry.name.endsWith('.js') ? [file] : [];
  });
}

test('the bundles in dist/ require only Node\'s builtins and vscode', () => {
  const found = bundles(DIST);
  assert.ok(found.some((file) => file.endsWith(`${path.sep}client.js`)), 'the client bundle is there');
  // node:sqlite is a builtin of Node 22.5 and later: undici (dist/http.js) probes for it and catches
  // ERR_UNKNOWN_BUILTIN_MODULE on Node 20, whose builtinModules do not name it.
  const allowed = new Set(['vscode', 'node:sqlite', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  for (const file of found) {
    const required = [...fs.readFileSync(file, 'utf8').matchAll(/\brequire\d*\(\s*["']([^"']+)["']\s*\)/g)].map(([, name]) => name!);
    assert.deepEqual([...new Set(required.filter((name) => !allowed.has(name)))], [], path.relative(DIST, file));
  }
});
