/**
 * The boundaries between the server's parts, read from the import graph of the sources (every `import`, `export …
 * from` and `require` that TypeScript's pre-processor finds). The per-part tsconfigs keep Node out of the language
 * layer and the server out of the client; these are the boundaries inside the server they cannot express, and the
 * absence of import cycles anywhere (a type-only cycle is still two modules that cannot be read apart).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** Tests compile to out/test/<part>/: the sources are read from the repository, not from out/. */
const ROOT = path.resolve(__dirname, '../../..');
const LANGUAGE = 'server/src/language/';
const FACADE = `${LANGUAGE}languageService.ts`;
const TYPES = `${LANGUAGE}sitemapLanguageTypes.ts`;

interface Import {
  /** Repository-relative, with `/`. */
  from: string;
  to: string;
}

/** Every relative import of every .ts file under `dir`, resolved to a repository-relative file. */
function importsUnder(dir: string): Import[] {
  const found: Import[] = [];
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      found.push({ from: file, to: resolve(path.posix.join(path.posix.dirname(file), ref.fileName)) });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

function resolve(target: string): string {
  for (const candidate of [`${target}.ts`, `${target}/index.ts`, target]) {
    if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  assert.fail(`${target} does not resolve to a source file`);
}

function describe(imports: Import[]): string[] {
  return imports.map((i) => `${i.from} → ${i.to}`);
}

test('nothing in the language layer imports its facade (the facade binds the features, not the other way round)', () => {
  const inward = importsUnder(LANGUAGE).filter((i) => i.to === FACADE && i.from !== FACADE);
  assert.deepEqual(describe(inward), []);
});

test('the types module imports no feature, chore or facade: only other type homes', () => {
  const fromTypes = importsUnder(LANGUAGE).filter((i) => i.from === TYPES);
  assert.ok(fromTypes.length > 0);
  const reachingOut = fromTypes.filter((i) => i.to === FACADE || /\/(features|edits|site)\//.test(i.to));
  assert.deepEqual(describe(reachingOut), []);
});

test('the protocol layer, the command line and the Node-side helpers reach the language layer only through the facade and the types module', () => {
  const imports = [...importsUnder('server/src/lsp/'), ...importsUnder('server/src/cli/'), ...importsUnder('server/src/node/')];
  const past = imports.filter((i) => i.to.startsWith(LANGUAGE) && i.to !== FACADE && i.to !== TYPES);
  assert.deepEqual(describe(past), []);
});

test('what the server and the command line share lives in node/: neither imports the other', () => {
  const crossing = [
    ...importsUnder('server/src/node/').filter((i) => i.to.startsWith('server/src/lsp/') || i.to.startsWith('server/src/cli/')),
    ...importsUnder('server/src/lsp/').filter((i) => i.to.startsWith('server/src/cli/')),
    ...importsUnder('server/src/cli/').filter((i) => i.to.startsWith('server/src/lsp/')),
  ];
  assert.deepEqual(describe(crossing), []);
});

test('the web worker\'s server (browser/) uses the protocol layer and the facade, never node/ or cli/; nothing imports it', () => {
  const imports = importsUnder('server/src/browser/');
  const reaching = imports.filter((i) => i.to.startsWith('server/src/node/') || i.to.startsWith('server/src/cli/') || (i.to.startsWith(LANGUAGE) && i.to !== FACADE && i.to !== TYPES));
  const into = [...importsUnder('server/src/'), ...importsUnder('client/src/')].filter((i) => i.to.startsWith('server/src/browser/') && !i.from.startsWith('server/src/browser/'));
  assert.deepEqual(describe([...reaching, ...into]), []);
  assert.ok(imports.length > 0, 'browser/ is read');
});

test('a module of browser/platform/ (swapped in by the web build) reads of lsp/ and node/ only the module it stands for', () => {
  const imports = importsUnder('server/src/browser/platform/');
  const reaching = imports.filter((i) => (i.to.startsWith('server/src/lsp/') || i.to.startsWith('server/src/node/'))
    && path.posix.basename(i.to) !== path.posix.basename(i.from));
  assert.deepEqual(describe(reaching), []);
  assert.ok(imports.some((i) => i.to.startsWith('server/src/lsp/')), 'browser/platform/ is read');
});

test('the source has no import cycle, type-only ones included (each type lives in the module that owns it)', () => {
  const imports = [...importsUnder('server/src/'), ...importsUnder('client/src/'), ...importsUnder('shared/')];
  assert.deepEqual(cyclesIn(imports), []);
});

/** One cycle per back edge of a depth-first walk, as `a → b → … → a`: empty exactly when the graph has no cycle. */
function cyclesIn(imports: Import[]): string[] {
  const edges = new Map<string, string[]>();
  for (const { from, to } of imports) edges.set(from, [...(edges.get(from) ?? []), to]);
  const done = new Set<string>();
  const path: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      const back = path.indexOf(next);
      if (back >= 0) cycles.push([...path.slice(back), next].join(' → '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of [...edges.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}
