/**
 * What a newer edit does to the work for an older one, over the wire: a request the client sent before a change
 * (both read at once, as from a busy editor) is answered ContentModified without the work, a cancelled one
 * RequestCancelled; a request sent after the change gets the new text's answer; a burst of changes read at once is
 * validated once, for its last version.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, LSPErrorCodes, ResponseError, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver-protocol';
import { LspClient, positionAt } from '../lspClient';
import { benchSitemap } from '../../support/generate';

/** The error code a request was answered with, or `answered` with its result. */
async function outcome(answer: Promise<unknown>): Promise<number | 'answered'> {
  try {
    await answer;
    return 'answered';
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return error.code;
  }
}

describe('a newer edit supersedes the work for an older one', () => {
  let client: LspClient;
  let root: string;
  const text = benchSitemap(3);
  const uriOf = (name: string): string => pathToFileURL(path.join(root, name)).href;
  const symbolsOf = (uri: string): Promise<DocumentSymbol[]> => client.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  /** Replaces the first entry's `<loc>` with a one-character shorter URL. */
  const shortenFirstUrl = (uri: string): number => {
    const at = text.indexOf('item-000000');
    return client.change(uri, { range: { start: positionAt(text, at), end: positionAt(text, at + 1) }, text: '' });
  };
  const openAndWait = async (uri: string): Promise<void> => {
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    await opened;
  };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-keystrokes-')));
    client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }],
      textDocumentCapabilities: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } },
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('answers ContentModified to requests sent before a change the server read with them, and the new text after it', async () => {
    const uri = uriOf('modified.xml');
    await openAndWait(uri);
    const [symbols, folding, links] = await client.together(4, () => {
      const pending = [
        symbolsOf(uri),
        client.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } }),
        client.connection.sendRequest('textDocument/documentLink', { textDocument: { uri } }),
      ];
      shortenFirstUrl(uri);
      return pending;
    });
    assert.equal(await outcome(symbols), LSPErrorCodes.ContentModified);
    assert.equal(await outcome(folding), LSPErrorCodes.ContentModified);
    // A urlset has no links to compute: answered at once, before the change.
    assert.deepEqual(await links, []);
    const [rootSymbol] = await symbolsOf(uri);
    assert.ok(rootSymbol.children![0].name.includes('/tem-000000'), rootSymbol.children![0].name);
    client.close(uri);
  });

  it('applies a change and answers a request read in one write with the open (the open parses on a later turn) on the changed text', async () => {
    const uri = uriOf('opened-then-changed.xml');
    let version = 0;
    const published = client.nextDiagnostics(uri, (_, params) => params.version === version);
    const [symbols] = await client.together(3, () => {
      client.open(uri, 'sitemap', text);
      version = shortenFirstUrl(uri);
      return [symbolsOf(uri)];
    });
    await published;
    const [rootSymbol] = await symbols;
    assert.ok(rootSymbol.children![0].name.includes('/tem-000000'), rootSymbol.children![0].name);
    client.close(uri);
  });

  it('answers RequestCancelled to a request the client cancelled before the server got to it', async () => {
    const uri = uriOf('cancelled.xml');
    await openAndWait(uri);
    const source = new CancellationTokenSource();
    const [answer] = await client.together(2, () => {
      const pending = client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }, source.token);
      source.cancel();
      return [pending];
    });
    assert.equal(await outcome(answer), LSPErrorCodes.RequestCancelled);
    client.close(uri);
  });

  it('validates a burst of changes read at once once, for its last version', async () => {
    const uri = uriOf('burst.xml');
    await openAndWait(uri);
    const at = text.indexOf('item-000001') + 5;
    const keystrokes = 'abcdefgh';
    const published: (number | undefined)[] = [];
    let last = 0;
    const settled = client.nextDiagnostics(uri, (_, params) => {
      published.push(params.version);
      return params.version === last;
    });
    await client.together(keystrokes.length, () => {
      for (let k = 0; k < keystrokes.length; k++) {
        const position = positionAt(text, at + k);
        last = client.change(uri, { range: { start: position, end: position }, text: keystrokes[k] });
      }
    });
    await settled;
    assert.deepEqual(published, [last]);
    client.close(uri);
  });
});
