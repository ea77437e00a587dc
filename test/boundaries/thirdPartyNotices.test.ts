/** Every npm package bundled into dist/ ships its licence: dist/THIRD-PARTY-NOTICES.md (written by build.mjs) has a
 * section with its licence text for each package whose modules a bundle holds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const DIST = path.resolve(__dirname, '../../../dist');

/** The packages a bundle holds, from esbuild's `// node_modules/<package>/…` markers (the innermost package of a nested path). */
function bundledPackages(bundle: string): Set<string> {
  const names = new Set<string>();
  for (const [, marked] of bundle.matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm)) {
    const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(marked!)?.[1];
    if (name !== undefined) names.add(name);
  }
  return names;
}

test('each package bundled into dist/ has its licence text in THIRD-PARTY-NOTICES.md', () => {
  const notices = fs.readFileSync(path.join(DIST, 'THIRD-PARTY-NOTICES.md'), 'utf8');
  const sections = new Map([...notices.matchAll(/^## (\S+) \S+ \([^)]*\)\n\n```\n([\s\S]*?)\n```$/gm)].map(([, name, text]) => [name!, text!]));
  const bundled = new Set(fs.readdirSync(DIST).filter((f) => f.endsWith('.js')).flatMap((f) => [...bundledPackages(fs.readFileSync(path.join(DIST, f), 'utf8'))]));
  assert.ok(bundled.has('htmlparser2') && bundled.has('vscode-languageserver'), `the markers are read: ${[...bundled]}`);
  for (const name of bundled) {
    assert.ok(sections.has(name), `${name} has a section`);
    assert.match(sections.get(name)!, /copyright/i, `${name}'s section holds its licence text, not the note that the package has none`);
  }
});
