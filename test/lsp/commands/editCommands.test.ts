/**
 * The chores over the wire: `workspace/executeCommand` → the server's `workspace/applyEdit` (versioned) → the text it
 * produces, exact; the version check (a stale request edits nothing); a refused edit; convert returning text.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ApplyWorkspaceEditParams, Range, TextDocumentEdit, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, positionAt, rangeOf } from '../lspClient';
import {
  EDIT_COMMANDS, CONVERT_COMMAND, REMOVE_DUPLICATES_COMMAND, SET_LASTMOD_NOW_COMMAND, SORT_ENTRIES_COMMAND,
  type EditCommandResult, type ConvertCommandResult,
} from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="${NS}">\r\n${locs.map((loc) => `  <url>\r\n    <loc>${loc}</loc>\r\n  </url>\r\n`).join('')}</urlset>\r\n`;

function offsetAt(text: string, position: { line: number; character: number }): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.slice(offset).search(/\r\n|\r|\n/);
    offset += next + (text.startsWith('\r\n', offset + next) ? 2 : 1);
  }
  return offset + position.character;
}

/** Applies an LSP edit's text edits (non-overlapping, against the same text). */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const offsets = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText }));
  offsets.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of offsets) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function onlyDocumentEdit(params: ApplyWorkspaceEditParams): TextDocumentEdit {
  const changes = params.edit.documentChanges ?? [];
  assert.equal(changes.length, 1);
  return changes[0] as TextDocumentEdit;
}

describe('chores over stdio', () => {
  let client: LspClient;
  let n = 0;
  const uri = (): string => `file:///tmp/chores-${++n}.xml`;

  before(async () => {
    client = await LspClient.start({ workspaceCapabilities: { workspaceEdit: { documentChanges: true } } });
  });
  after(async () => {
    await client.stop();
  });

  const open = async (text: string, languageId = 'sitemap'): Promise<string> => {
    const u = uri();
    const published = client.nextDiagnostics(u);
    client.open(u, languageId, text);
    await published;
    return u;
  };
  const run = (command: string, ...args: unknown[]): Promise<EditCommandResult & ConvertCommandResult> =>
    client.connection.sendRequest('workspace/executeCommand', { command, arguments: args });

  it('advertises its commands', () => {
    assert.deepEqual(client.initializeResult?.capabilities.executeCommandProvider?.commands, [...EDIT_COMMANDS]);
  });

  it('removes duplicates through workspace/applyEdit at the document\'s version, then has nothing left to do', async () => {
    const text = urlset('https://e.com/a', 'https://e.com/b', 'https://e.com/a', 'https://e.com/a');
    const u = await open(text);
    const before = client.applyEditRequests.length;
    assert.deepEqual(await run(REMOVE_DUPLICATES_COMMAND, u, 1), { status: 'applied', count: 2 });
    const edit = onlyDocumentEdit(client.applyEditRequests[before]);
    assert.deepEqual(edit.textDocument, { uri: u, version: 1 });
    const result = applyTextEdits(text, edit.edits);
    assert.equal(result, urlset('https://e.com/a', 'https://e.com/b'));
    // The editor applies it and tells the server; then there is nothing to remove.
    const changed = client.nextDiagnostics(u);
    const version = client.change(u, ...[...edit.edits].reverse().map((e) => ({ range: e.range, text: e.newText })));
    await changed;
    assert.deepEqual(await run(REMOVE_DUPLICATES_COMMAND, u, version), { status: 'unchanged' });
    assert.equal(client.applyEditRequests.length, before + 1);
  });

  it('does nothing for a version the server no longer holds', async () => {
    const text = urlset('https://e.com/b', 'https://e.com/a');
    const u = await open(text);
    const changed = client.nextDiagnostics(u);
    client.change(u, { range: rangeOf(text, 'https://e.com/b'), text: 'https://e.com/c' });
    await changed;
    const before = client.applyEditRequests.length;
    assert.deepEqual(await run(SORT_ENTRIES_COMMAND, u, 1), { status: 'stale' });
    assert.equal(client.applyEditRequests.length, before);
  });

  it('sorts, and reports an edit the client refused', async () => {
    const text = urlset('https://e.com/b', 'https://e.com/a');
    const u = await open(text);
    const before = client.applyEditRequests.length;
    assert.deepEqual(await run(SORT_ENTRIES_COMMAND, u, 1), { status: 'applied', count: 2 });
    assert.equal(applyTextEdits(text, onlyDocumentEdit(client.applyEditRequests[before]).edits), urlset('https://e.com/a', 'https://e.com/b'));
    client.applyEditAnswer = () => ({ applied: false, failureReason: 'version mismatch' });
    try {
      assert.deepEqual(await run(SORT_ENTRIES_COMMAND, u, 1), { status: 'rejected' });
    } finally {
      client.applyEditAnswer = () => ({ applied: true });
    }
  });

  it('sets lastmod for the entries of the selections', async () => {
    const text = urlset('https://e.com/a', 'https://e.com/b', 'https://e.com/c');
    const u = await open(text);
    const before = client.applyEditRequests.length;
    const cursor = (needle: string): Range => ({ start: rangeOf(text, needle).start, end: rangeOf(text, needle).start });
    const result = await run(SET_LASTMOD_NOW_COMMAND, u, 1, [cursor('https://e.com/a'), cursor('https://e.com/c')]);
    assert.equal(result.status, 'applied');
    assert.equal(result.count, 2);
    assert.match(result.value ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    const lastmod = `\r\n    <lastmod>${result.value}</lastmod>`;
    const expected = text.replace('https://e.com/a</loc>', `https://e.com/a</loc>${lastmod}`).replace('https://e.com/c</loc>', `https://e.com/c</loc>${lastmod}`);
    assert.equal(applyTextEdits(text, onlyDocumentEdit(client.applyEditRequests[before]).edits), expected);
    assert.deepEqual(await run(SET_LASTMOD_NOW_COMMAND, u, 1, [{ start: positionAt(text, 0), end: positionAt(text, 0) }]), { status: 'unchanged' });
  });

  it('converts a text sitemap to XML and back, without editing', async () => {
    const u = await open('https://e.com/a&b\nhttps://e.com/c\n', 'sitemap-txt');
    const before = client.applyEditRequests.length;
    const xml = await run(CONVERT_COMMAND, u, 1, 'xml');
    assert.equal(xml.status, 'converted');
    assert.equal(xml.entries, 2);
    assert.equal(xml.text, `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url>\n    <loc>https://e.com/a&amp;b</loc>\n  </url>\n  <url>\n    <loc>https://e.com/c</loc>\n  </url>\n</urlset>\n`);
    const back = await run(CONVERT_COMMAND, await open(xml.text ?? ''), 1, 'text');
    assert.deepEqual(back, { status: 'converted', text: 'https://e.com/a&b\nhttps://e.com/c\n', entries: 2, dropped: {} });
    assert.equal(client.applyEditRequests.length, before);
  });

  it('sends plain changes to a client without documentChanges', async () => {
    const plain = await LspClient.start();
    try {
      const text = urlset('https://e.com/a', 'https://e.com/a');
      const u = 'file:///tmp/chores-plain.xml';
      const published = plain.nextDiagnostics(u);
      plain.open(u, 'sitemap', text);
      await published;
      assert.deepEqual(await plain.connection.sendRequest('workspace/executeCommand', { command: REMOVE_DUPLICATES_COMMAND, arguments: [u, 1] }), { status: 'applied', count: 1 });
      assert.equal(applyTextEdits(text, plain.applyEditRequests[0].edit.changes?.[u] ?? []), urlset('https://e.com/a'));
    } finally {
      await plain.stop();
    }
  });

  it('answers for a document it does not hold and survives bad arguments', async () => {
    assert.deepEqual(await run(SORT_ENTRIES_COMMAND, 'file:///nowhere.xml', 1), { status: 'not-open' });
    assert.deepEqual(await run(SET_LASTMOD_NOW_COMMAND, 42, 'x', { nope: true }), { status: 'not-open' });
    const u = await open(urlset('https://e.com/a'));
    assert.deepEqual(await run(SET_LASTMOD_NOW_COMMAND, u, 1, 'not ranges'), { status: 'unchanged' });
  });
});
