/** The web build's `node:path` (server/src/browser/platform/path.ts) answers as Node's POSIX one does. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as webPath from '../../../server/src/browser/platform/path';

const PATHS = [
  '/', '', '.', '..', '/a', '/a/', '/a//b', '/a/./b/../c', '/../a', 'a/b', 'a/../..', './a/', '/vscode-vfs:github/o/r/x.xml',
  '/file:/home/u/site/robots.txt', 'a/b.c.d', '.hidden', '/a/b/',
];

test('normalize, dirname, basename and extname answer as node:path.posix', () => {
  for (const p of PATHS) {
    assert.equal(webPath.normalize(p), path.posix.normalize(p), `normalize(${JSON.stringify(p)})`);
    assert.equal(webPath.dirname(p), path.posix.dirname(p), `dirname(${JSON.stringify(p)})`);
    assert.equal(webPath.basename(p), path.posix.basename(p), `basename(${JSON.stringify(p)})`);
    assert.equal(webPath.extname(p), path.posix.extname(p), `extname(${JSON.stringify(p)})`);
    assert.equal(webPath.isAbsolute(p), path.posix.isAbsolute(p), `isAbsolute(${JSON.stringify(p)})`);
  }
  assert.equal(webPath.basename('/a/b.xml', '.xml'), 'b');
});

test('join, resolve and relative answer as node:path.posix (absolute paths: a web worker has no current folder)', () => {
  for (const a of PATHS.filter((p) => p.startsWith('/'))) {
    for (const b of PATHS) {
      assert.equal(webPath.join(a, b), path.posix.join(a, b), `join(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
      assert.equal(webPath.resolve(a, b), path.posix.resolve(a, b), `resolve(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
      if (b.startsWith('/')) assert.equal(webPath.relative(a, b), path.posix.relative(a, b), `relative(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
    }
  }
  assert.equal(webPath.join('a', '', 'b'), 'a/b');
  assert.equal(webPath.join(), '.');
});
