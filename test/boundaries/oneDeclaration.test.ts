/**
 * Shapes declared once (issue 21, "decisions made twice"): the entry fields, the split's parameters and its refusals
 * each have one declaration in the sources, which the other records extend, pick from or name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const PARTS = ['server/src/', 'client/src/', 'shared/'];

function sourceFiles(): string[] {
  return PARTS.flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/'))));
}

/** Every node of every source file whose text holds `needle`, with the file. */
function eachNode(needle: string, visit: (node: ts.Node, source: ts.SourceFile, file: string) => void): void {
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (!text.includes(needle)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const walk = (node: ts.Node): void => {
      visit(node, source, file);
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
}

/** `file: Interface` for each interface or type literal that declares a member named `member`. */
function declarationsOf(member: string): string[] {
  const found: string[] = [];
  eachNode(member, (node, source, file) => {
    if (!ts.isPropertySignature(node) || node.name.getText(source) !== member) return;
    const owner = node.parent;
    found.push(`${file}: ${ts.isInterfaceDeclaration(owner) ? owner.name.text : 'a type literal'}`);
  });
  return found;
}

/** Each union of string literals that holds `literal`, by file. */
function unionsWith(literal: string): string[] {
  const found: string[] = [];
  eachNode(literal, (node, source, file) => {
    if (ts.isUnionTypeNode(node) && node.types.some((t) => ts.isLiteralTypeNode(t) && t.literal.getText(source) === `'${literal}'`)) found.push(file);
  });
  return found;
}

test('an entry\'s URL and lastmod fields are declared once (EntryFields), which the parser\'s, the fast path\'s and the site\'s records extend', () => {
  for (const member of ['lastmodStart', 'lastmodEnd']) {
    assert.deepEqual(declarationsOf(member), ['server/src/language/syntax/parseState.ts: EntryFields'], member);
  }
  for (const member of ['urlStart', 'urlEnd']) {
    const inLanguage = declarationsOf(member).filter((d) => d.startsWith('server/src/language/'));
    assert.deepEqual(inLanguage, ['server/src/language/syntax/parseState.ts: EntryFields'], member);
  }
});

test('the split\'s parameters are declared once (SplitParameters), which the editor\'s choices, the request and the command line take', () => {
  assert.deepEqual(declarationsOf('namePattern'), ['shared/protocol.ts: SplitParameters']);
});

test('the reasons a split is refused are one union (SplitRefusalKind)', () => {
  assert.deepEqual(unionsWith('entry-too-large'), ['shared/kinds.ts']);
});
