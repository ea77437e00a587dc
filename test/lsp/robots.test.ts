/**
 * robots.txt over the wire: a `robots-txt` document (or plain text named robots.txt, as other editors send it) gets
 * robots-sitemap-url at the exact range, ranged edits fix it, and the quick fix and the hover arrive as the editor
 * asks for them. Rule ids and ranges, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, CompletionList, Hover } from 'vscode-languageserver-protocol';
import { formatRange, hasCode, lacksCode, LspClient, rangeOf, summarize } from './lspClient';

const ERROR = 1;
const RULE = 'robots-sitemap-url';
const ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'Sitemap: /sitemap.xml',
  'Sitemaps: https://www.example.com/news.xml # the news',
  'Sitemap: https://www.example.com/ok.xml',
  '',
].join('\n');

describe('robots.txt over stdio', () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start({ settings: {} });
  });

  after(async () => {
    const code = await client.stop();
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('reports robots-sitemap-url at the value and at a misspelt directive; an edit fixes each', async () => {
    const uri = 'file:///site/robots.txt';
    let published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', ROBOTS);
    assert.deepEqual(summarize((await published).diagnostics), [
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(ROBOTS, '/sitemap.xml')) },
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(ROBOTS, 'Sitemaps')) },
    ]);

    // The relative path made absolute, keystrokes apart: one ranged change.
    const at = rangeOf(ROBOTS, '/sitemap.xml').start;
    published = client.nextDiagnostics(uri, (d) => d.length === 1);
    client.change(uri, { range: { start: at, end: at }, text: 'https://www.example.com' });
    assert.deepEqual(summarize((await published).diagnostics), [{ code: RULE, severity: ERROR, range: formatRange(rangeOf(ROBOTS, 'Sitemaps')) }]);

    // The quick fix for the directive, applied as the editor would.
    const typo = rangeOf(ROBOTS, 'Sitemaps');
    const diagnostics = client.lastDiagnostics(uri)!.diagnostics;
    const actions = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: typo, context: { diagnostics, only: ['quickfix'] },
    }) as CodeAction[];
    const edits = actions.flatMap((a) => a.edit?.changes?.[uri] ?? []);
    assert.deepEqual(edits, [{ range: typo, newText: 'Sitemap' }]);
    published = client.nextDiagnostics(uri, lacksCode(RULE));
    client.change(uri, { range: edits[0].range, text: edits[0].newText });
    assert.deepEqual((await published).diagnostics, []);

    // Breaking a line again brings the rule back, on that line only.
    const ok = rangeOf(ROBOTS, 'https://www.example.com/ok.xml');
    published = client.nextDiagnostics(uri, hasCode(RULE));
    client.change(uri, { range: { start: ok.start, end: { line: ok.start.line, character: ok.start.character + 8 } }, text: 'ftp://' });
    assert.deepEqual(summarize((await published).diagnostics).map((d) => d.range), [`${ok.start.line}:${ok.start.character}-${ok.end.line}:${ok.end.character - 2}`]);
    client.close(uri);
  });

  it('hovers on the Sitemap directive', async () => {
    const uri = 'file:///site/hover/robots.txt';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', ROBOTS);
    await published;
    const directive = rangeOf(ROBOTS, 'Sitemap: https://www.example.com/ok.xml', 0, 'Sitemap'.length);
    const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: directive.start.line, character: 3 } }) as Hover | null;
    assert.deepEqual(hover?.range, directive);
    const none = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    assert.equal(none, null);
    client.close(uri);
  });

  it('completes "Sitemap: " at the start of a line', async () => {
    const uri = 'file:///site/complete/robots.txt';
    const text = 'User-agent: *\nsit';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', text);
    await published;
    const answer = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 3 } }) as CompletionList | CompletionItem[];
    const items = Array.isArray(answer) ? answer : answer.items;
    assert.deepEqual(items.map((i) => i.textEdit), [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, newText: 'Sitemap: ' }]);
    client.close(uri);
  });

  it('serves plain text named robots.txt (other editors), and only the robots rule runs', async () => {
    const uri = 'file:///other/robots.txt';
    const text = 'Sitemap: http://localhost/s.xml#x\nSitemap: relative.xml\n';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'plaintext', text);
    assert.deepEqual(summarize((await published).diagnostics), [{ code: RULE, severity: ERROR, range: formatRange(rangeOf(text, 'relative.xml')) }]);
    client.close(uri);
  });
});
