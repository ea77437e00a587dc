/**
 * The test files that run in the runner's own process — the language layer, shared code, Node helpers, the client's
 * pure modules, the docs and the bundles' boundaries — loaded into one process, instead of `node --test` starting one
 * for each: a process costs about 0.4 CPU-s before its first test, and these are 134 files of small, quick tests
 * (docs/performance.md, "npm test under load"). Their tests run as they would alone, one file after another; one file
 * still runs alone with `node --test out/test/<group>/<file>.test.js`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const GROUPS = ['language', 'shared', 'node', 'client', 'docs', 'boundaries'];

function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.js') ? [file] : [];
  }).sort();
}

for (const group of GROUPS) {
  for (const file of testFiles(path.join(__dirname, '..', group))) require(file);
}
