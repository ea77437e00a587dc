/**
 * Authoring the extensions over stdio: the quick fix and Fix All for an undeclared extension prefix, the missing self
 * link as a text edit, completion inside an extension element and hover on an hreflang value.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, positionAt, rangeOf } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
const XHTML = 'http://www.w3.org/1999/xhtml';

describe('authoring the extensions over stdio', () => {
  let client: LspClient;
  const request = <R>(method: string, params: unknown): Promise<R> => client.connection.sendRequest<R>(method, params);
  const openAndWait = async (uri: string, text: string): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.open(uri, 'sitemap', text);
    return (await published).diagnostics;
  };

  before(async () => {
    client = await LspClient.start({ textDocumentCapabilities: { completion: { completionItem: { snippetSupport: true } } } });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('an undeclared image prefix: extension-namespace on each prefix, one declaration on the root fixes them, Fix All too', async () => {
    const uri = 'file:///authoring/undeclared.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n`
      + '    <image:image><image:loc>https://cdn.example.net/a.jpg</image:loc></image:image>\n  </url>\n</urlset>\n';
    const diagnostics = await openAndWait(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [
      ['extension-namespace', rangeOf(text, 'image', 0)], ['extension-namespace', rangeOf(text, 'image', 2)],
    ]);
    const declaration: TextEdit = { range: rangeOf(text, '>\n  <url>', 0, 0), newText: ` xmlns:image="${IMAGE}"` };
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics: [diagnostics[0]], only: ['quickfix'] },
    });
    assert.deepEqual(actions.map((a) => [a.isPreferred, a.edit!.changes![uri]]), [[true, [declaration]]]);
    const fixAll = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics, only: ['source.fixAll.sitemap'] },
    });
    assert.deepEqual(fixAll.map((a) => a.edit!.changes![uri]), [[declaration]]);
    client.close(uri);
  });

  it('unexpected-attribute (issue 20): a warning on the attribute, a quick fix that removes it, nothing in Fix All', async () => {
    const uri = 'file:///authoring/attribute.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url id="e1">\n    <loc>https://www.example.com/</loc>\n  </url>\n</urlset>\n`;
    const diagnostics = await openAndWait(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range]), [['unexpected-attribute', 2, rangeOf(text, 'id="e1"')]]);
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics, only: ['quickfix'] },
    });
    assert.deepEqual(actions.map((a) => a.edit!.changes![uri]), [[{ range: rangeOf(text, ' id="e1"'), newText: '' }]]);
    const fixAll = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics, only: ['source.fixAll.sitemap'] },
    });
    assert.deepEqual(fixAll.flatMap((a) => a.edit?.changes?.[uri] ?? []), []);
    client.close(uri);
  });

  it('hreflang-missing-self: the page\'s own link, inserted before its other links', async () => {
    const uri = 'file:///authoring/hreflang.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:xhtml="${XHTML}">\n  <url>\n    <loc>https://www.example.com/en/</loc>\n`
      + '    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/"/>\n  </url>\n</urlset>\n';
    const diagnostics = await openAndWait(uri, text);
    const missing = diagnostics.filter((d) => d.code === 'hreflang-missing-self');
    assert.deepEqual(missing.map((d) => d.range), [rangeOf(text, 'https://www.example.com/en/')]);
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: missing[0].range, context: { diagnostics: missing, only: ['quickfix'] },
    });
    assert.deepEqual(actions.map((a) => a.edit!.changes![uri]), [[{
      range: rangeOf(text, '<xhtml:link', 0, 0), newText: '<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/en/"/>\n    ',
    }]]);
    client.close(uri);
  });

  it('completes the children of a video and hovers an hreflang value', async () => {
    const uri = 'file:///authoring/video.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:video="${VIDEO}" xmlns:xhtml="${XHTML}">\n  <url>\n`
      + '    <loc>https://www.example.com/</loc>\n    <xhtml:link rel="alternate" hreflang="pt-BR" href="https://www.example.com/"/>\n'
      + '    <video:video>\n      <video:title>T</video:title>\n      \n    </video:video>\n  </url>\n</urlset>\n';
    await openAndWait(uri, text);
    const position = positionAt(text, text.indexOf('</video:title>\n      ') + '</video:title>\n      '.length);
    const list = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    const labels = list.items.filter((i) => i.label.startsWith('video:')).map((i) => i.label);
    assert.deepEqual(labels.slice(0, 4), ['video:thumbnail_loc', 'video:description', 'video:content_loc', 'video:player_loc']);
    assert.ok(!labels.includes('video:title') && !labels.includes('video:category'));
    const hover = await request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(text, text.indexOf('pt-BR') + 2) });
    assert.deepEqual(hover.range, rangeOf(text, 'pt-BR'));
    assert.ok(JSON.stringify(hover.contents).includes('Brazil'));
    client.close(uri);
  });
});
