/**
 * The server says who it is: `serverInfo.version` from the package.json beside the bundle, and a start-up line in
 * the client's log (the output channel) with that version and its transport. Facts only, never wording.
 */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LspClient, SERVER_PATH } from './lspClient';

describe('server start-up over stdio', () => {
  it('reports its version in initialize and logs a start-up line with it', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.resolve(path.dirname(SERVER_PATH), '..', 'package.json'), 'utf8')) as { version: string };
    const client = await LspClient.start();
    try {
      assert.equal(client.initializeResult?.serverInfo?.version, version);
      // Messages keep their order: the answer to a later request comes after the line logged on `initialized`.
      await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///none.xml' }, position: { line: 0, character: 0 } });
      const line = client.logMessages.find((m) => m.includes(version) && m.includes('--stdio'));
      assert.ok(line, `a start-up line with ${version} and --stdio in ${JSON.stringify(client.logMessages)}`);
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });
});
