/**
 * What a document is read as, by its content, over the wire: a declaration that lost its "?>" (the document after it is
 * read), XML in a text sitemap (read as XML, said once, a quick fix that changes the language where the client can),
 * and which plain-text files other editors send are text sitemaps. Asserts rule ids, ranges, edits and commands.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { formatRange, LspClient, summarize } from '../lspClient';
import { SET_LANGUAGE_COMMAND, STATUS_NOTIFICATION, type StatusParams } from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ERROR = 1;
const INFORMATION = 3;

const entries = (count: number, extra = ''): string =>
  Array.from({ length: count }, (_, n) => `  <url><loc>https://www.example.com/${n}${n === 0 ? extra : ''}</loc></url>\n`).join('');

describe('reading by content over stdio', () => {
  let client: LspClient;
  /** A client that does not run sitemap.setLanguage (any other editor). */
  let other: LspClient;
  let counter = 0;
  const fresh = (name: string): string => `file:///content/doc${++counter}/${name}`;

  const openAndWait = async (target: LspClient, uri: string, languageId: string, text: string): Promise<Diagnostic[]> => {
    const published = target.nextDiagnostics(uri);
    target.open(uri, languageId, text);
    return (await published).diagnostics;
  };
  const quickFixes = (target: LspClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> =>
    target.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] },
    });

  before(async () => {
    [client, other] = await Promise.all([
      LspClient.start({ initializationOptions: { statusNotifications: true, setLanguageCommand: true } }),
      LspClient.start({}),
    ]);
  });

  after(async () => {
    for (const c of [client, other]) {
      assert.equal(await c.stop(), 0, c.stderr);
      assert.deepEqual(c.protocolErrors, []);
    }
  });

  it('reads the document after a declaration that lost its ">": one problem, its fix, 40 entries', async () => {
    const uri = fresh('sitemap.xml');
    const text = `<?xml version="1.0" encoding="UTF-8"?\n<urlset xmlns="${NS}">\n${entries(40)}</urlset>\n`;
    const status = new Promise<StatusParams>((resolve) => {
      const listener = client.connection.onNotification(STATUS_NOTIFICATION, (params: StatusParams) => {
        if (params.uri !== uri) return;
        listener.dispose();
        resolve(params);
      });
    });
    const diagnostics = await openAndWait(client, uri, 'sitemap', text);
    assert.deepEqual(summarize(diagnostics), [{ code: 'xml-syntax', severity: ERROR, range: '0:0-0:37' }]);
    assert.equal((await status).entries, 40);
    const [fix] = await quickFixes(client, uri, diagnostics[0]);
    const edits: TextEdit[] = fix.edit!.changes![uri];
    assert.deepEqual(edits, [{ range: { start: { line: 0, character: 37 }, end: { line: 0, character: 37 } }, newText: '>' }]);
    client.close(uri);
  });

  it('reads XML in a text sitemap as XML, says so once, and offers the language change where the client can', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries(40, '?a=1&b=2')}</urlset>\n`;
    for (const target of [client, other]) {
      const uri = fresh('sitemap.txt');
      const diagnostics = await openAndWait(target, uri, target === client ? 'sitemap-txt' : 'plaintext', text);
      assert.deepEqual(summarize(diagnostics), [
        { code: 'unescaped-ampersand', severity: ERROR, range: `2:${'  <url><loc>https://www.example.com/0?a=1'.length}-2:${'  <url><loc>https://www.example.com/0?a=1&'.length}` },
        { code: 'language-mismatch', severity: INFORMATION, range: '1:1-1:7' },
      ]);
      const actions = await quickFixes(target, uri, diagnostics[1]);
      if (target === client) {
        assert.deepEqual(actions.map((a) => ({ kind: a.kind, edit: a.edit, command: a.command?.command, arguments: a.command?.arguments })), [
          { kind: 'quickfix', edit: undefined, command: SET_LANGUAGE_COMMAND, arguments: [uri, 'sitemap'] },
        ]);
      } else {
        assert.deepEqual(actions, [], 'no command the client cannot run');
      }
      target.close(uri);
    }
  });

  it('follows the content as it is typed: a text sitemap that becomes XML', async () => {
    const uri = fresh('sitemap.txt');
    const diagnostics = await openAndWait(client, uri, 'sitemap-txt', 'https://www.example.com/a\n');
    assert.deepEqual(diagnostics, []);
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.change(uri, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: `<urlset xmlns="${NS}">\n` });
    // The URL is now stray text in the root, and the root is never closed.
    assert.deepEqual((await published).diagnostics.map((d) => `${d.code} ${formatRange(d.range)}`), [
      'xml-syntax 0:1-0:7', 'unknown-element 1:0-1:25', 'no-entries 0:1-0:7', 'language-mismatch 0:1-0:7',
    ]);
    client.close(uri);
  });

  it('serves plain text from other editors: urllist.txt and URL lists by content, never a robots.txt look-alike', async () => {
    const urllist = fresh('urllist.txt');
    assert.deepEqual(summarize(await openAndWait(other, urllist, 'plaintext', 'https://www.example.com/a\nnot a url\n')), [
      { code: 'text-sitemap-line', severity: ERROR, range: '1:0-1:9' },
    ]);
    const byContent = fresh('pages.txt');
    assert.deepEqual(await openAndWait(other, byContent, 'plaintext', 'https://www.example.com/a\nhttps://www.example.com/b\n'), []);
    // Served: it has an outline. A robots.txt look-alike named like a text sitemap is not: no outline, no diagnostics.
    const robots = fresh('sitemap-robots.txt');
    other.open(robots, 'plaintext', 'User-agent: *\nDisallow: /tmp/\nSitemap: https://www.example.com/sitemap.xml\n');
    const outline = (uri: string) => other.connection.sendRequest<unknown[] | null>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal((await outline(byContent))?.length, 2);
    assert.equal(await outline(robots), null);
    assert.equal(other.lastDiagnostics(robots), undefined);
    for (const uri of [urllist, byContent, robots]) other.close(uri);
  });
});
