/**
 * A server killed in the middle of Split into Index's request: the rejection vscode-jsonrpc gives (pending responses
 * rejected when the client disposes the closed connection, as vscode-languageclient does) and a request sent after it
 * are both recognised as the server gone (client/src/languageServer/serverGone.ts), so the editor says "the language server stopped"
 * instead of the library's words; a request the server refuses is not.
 */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { isServerGone } from '../../../client/src/languageServer/serverGone';
import { LspClient } from '../lspClient';
import { SPLIT_PLAN_REQUEST } from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('Split into Index when the server dies', () => {
  it('reports a server killed mid-request as stopped, not as a failed request', async () => {
    const client = await LspClient.start();
    const uri = 'file:///site/sitemap.xml';
    const entries = Array.from({ length: 20_000 }, (_, n) => `<url><loc>https://www.example.com/${n}</loc></url>\n`).join('');
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', `<urlset xmlns="${NS}">\n${entries}</urlset>\n`);
    await published;

    const refused = await client.connection.sendRequest(SPLIT_PLAN_REQUEST, { uri, maxEntries: 0 }).then(() => undefined, (e: unknown) => e);
    assert.ok(refused instanceof Error && !isServerGone(refused), 'invalid parameters are the request\'s fault');

    // As vscode-languageclient does when the server's stream closes: dispose the connection.
    client.process.once('exit', () => client.connection.dispose());
    const pending = client.connection.sendRequest(SPLIT_PLAN_REQUEST, {
      uri, maxEntries: 1000, maxBytes: 52_428_800, baseUrl: 'https://www.example.com/', namePattern: 'sitemap-{n}.xml',
    });
    // vscode-jsonrpc registers a request's promise only once its message is written: kill the server after that, or
    // a dispose that comes first leaves the request pending forever (an empty write's callback follows the request's).
    await new Promise<void>((resolve) => client.process.stdin!.write('', () => setImmediate(resolve)));
    client.process.kill('SIGKILL');
    const error = await pending.then(() => undefined, (e: unknown) => e);
    assert.ok(isServerGone(error), `the rejection of a killed server's request: ${String(error)}`);
    const after = await Promise.resolve().then(() => client.connection.sendRequest(SPLIT_PLAN_REQUEST, { uri })).then(() => undefined, (e: unknown) => e);
    assert.ok(isServerGone(after), `a request after it: ${String(after)}`);
  });
});
