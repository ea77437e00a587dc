/** A bundle that starts a worker thread finds the worker's bundle beside itself (`path.join(__dirname, "x.js")`): each
 * shipping (the .vsix by .vscodeignore, the npm tarball by .npmignore, the Action's release by release-action.sh) holds
 * every bundle that its bundles start, or that thread silently never starts and its work falls back to one thread. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** The bundles in dist/ that `bundle` starts beside itself. */
function startedBeside(bundle: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'dist', bundle), 'utf8');
  return [...text.matchAll(/\.join\(__dirname, "([\w.-]+\.js)"\)/g)].map(([, name]) => name!);
}

/** Each shipped bundle's started bundles that the shipping lacks. */
function missing(shipped: string[]): string[] {
  const names = new Set(shipped);
  return shipped.flatMap((bundle) => startedBeside(bundle).filter((name) => !names.has(name)).map((name) => `${bundle} starts ${name}`));
}

/** The dist/ bundles (top level) an allow-list names with `!dist/x.js` or `!/dist/x.js`; a glob expanded over dist/. */
function allowed(listFile: string): string[] {
  const patterns = fs.readFileSync(path.join(ROOT, listFile), 'utf8').split('\n').flatMap((line) => /^!\/?dist\/([^/\s]+\.js)$/.exec(line.trim())?.[1] ?? []);
  const inDist = fs.readdirSync(path.join(ROOT, 'dist')).filter((name) => name.endsWith('.js'));
  return inDist.filter((name) => patterns.some((pattern) => new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(name)));
}

describe('worker bundles ship with the bundles that start them', () => {
  it('finds the workers the bundles start', () => {
    assert.deepEqual(startedBeside('sitemap-lint.js').sort(), ['http.js', 'lintWorker.js', 'pageHeadWorker.js']);
    assert.deepEqual(startedBeside('sitemap-diff.js'), ['http.js']);
    assert.ok(startedBeside('server.js').includes('siteWorkerMain.js'));
  });

  it('the .vsix (.vscodeignore)', () => {
    const shipped = allowed('.vscodeignore');
    assert.ok(shipped.includes('server.js') && shipped.includes('check-site.js'), String(shipped));
    assert.deepEqual(missing(shipped), []);
  });

  it('the npm tarball (.npmignore)', () => {
    const shipped = allowed('.npmignore');
    assert.ok(shipped.includes('sitemap-lint.js'), String(shipped));
    assert.deepEqual(missing(shipped), []);
  });

  it('the Action\'s release (.ci/release-action.sh)', () => {
    const added = /git add -f ([^\n]+)/.exec(fs.readFileSync(path.join(ROOT, '.ci/release-action.sh'), 'utf8'))![1]!;
    const shipped = added.split(' ').flatMap((file) => /^dist\/([^/]+\.js)$/.exec(file)?.[1] ?? []);
    assert.ok(shipped.includes('action.js'), String(shipped));
    assert.deepEqual(missing(shipped), []);
  });
});
