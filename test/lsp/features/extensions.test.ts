/**
 * Google's extensions over stdio: `extension-namespace` published at the declaration's value, and its quick fix as a
 * text edit that writes the right namespace.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, rangeOf } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const SLIP = 'https://www.google.com/schemas/sitemap-image/1.1/';

describe('extension namespaces over stdio', () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start();
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('publishes extension-namespace on the declaration\'s value, and fixes it with the right URI', async () => {
    const uri = 'file:///extensions/sitemap.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"\n        xmlns:image="${SLIP}">\n` +
      '  <url>\n    <loc>https://www.example.com/</loc>\n    <image:image><image:loc>https://cdn.example.net/a.jpg</image:loc></image:image>\n  </url>\n</urlset>\n';
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.open(uri, 'sitemap', text);
    const { diagnostics } = await published;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range]), [['extension-namespace', 1, rangeOf(text, SLIP)]]);
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics: [diagnostics[0] as Diagnostic], only: ['quickfix'] },
    });
    const edits: TextEdit[] = actions[0].edit!.changes![uri];
    assert.deepEqual(edits, [{ range: rangeOf(text, SLIP), newText: IMAGE }]);
    client.close(uri);
  });
});
