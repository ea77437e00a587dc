/**
 * The tests' and the wire bench's client when the server dies unasked: a request pending then and a wait for
 * diagnostics fail at once, saying how the server ended (they used to wait forever: the wire bench's `cross` hang).
 */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { LspClient, WAIT_TIMEOUT_MS } from './lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('a server that dies under the client', () => {
  it('fails the pending request and the wait for diagnostics at once, with how it ended', { timeout: WAIT_TIMEOUT_MS }, async () => {
    const client = await LspClient.start();
    const uri = 'file:///site/sitemap.xml';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', `<urlset xmlns="${NS}">\n<url><loc>https://www.example.com/</loc></url>\n</urlset>\n`);
    await published;
    // Stopped first, so that the request is still unanswered when the server dies.
    client.process.kill('SIGSTOP');
    const pending = client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    const waiting = client.nextDiagnostics(uri, () => false);
    // vscode-jsonrpc registers a request's promise once its message is written: kill the server after that.
    await new Promise<void>((resolve) => client.process.stdin.write('', () => setImmediate(resolve)));
    client.process.kill('SIGKILL');
    await assert.rejects(pending);
    await assert.rejects(waiting, (error: Error) => error.message.includes('SIGKILL'));
    assert.match(client.gone() ?? '', /SIGKILL/);
    await assert.rejects(client.nextDiagnostics(uri), (error: Error) => error.message.includes('SIGKILL'), 'a wait begun after');
    assert.equal(await client.stop(), null);
  });
});
