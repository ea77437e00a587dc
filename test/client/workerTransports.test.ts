/** The web client's connection to its server's worker (client/src/browser/workerTransports.ts): an error the worker
 * reports ends it and closes the connection once, which is what makes the client's crash policy restart it. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { workerTransports } from '../../client/src/browser/workerTransports';

class FakeWorker extends EventTarget {
  onmessage: unknown = null;
  terminated = 0;
  posted: unknown[] = [];
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated++;
  }
}

describe('the web server worker\'s transports', () => {
  it('carry messages both ways', async () => {
    const worker = new FakeWorker();
    const { reader, writer } = workerTransports(worker);
    const received: unknown[] = [];
    reader.listen((message) => received.push(message));
    (worker.onmessage as (event: { data: unknown }) => void)({ data: { jsonrpc: '2.0', method: 'ping' } });
    await writer.write({ jsonrpc: '2.0', method: 'pong' } as never);
    assert.deepEqual(received, [{ jsonrpc: '2.0', method: 'ping' }]);
    assert.deepEqual(worker.posted, [{ jsonrpc: '2.0', method: 'pong' }]);
    assert.equal(worker.terminated, 0);
  });

  it('close once, the worker terminated, when it reports an uncaught error (twice or not)', () => {
    const worker = new FakeWorker();
    const { reader } = workerTransports(worker);
    let closes = 0;
    let errors = 0;
    reader.onClose(() => closes++);
    reader.onError(() => errors++);
    worker.dispatchEvent(new Event('error'));
    worker.dispatchEvent(new Event('error'));
    assert.equal(closes, 1);
    assert.equal(worker.terminated, 1);
    assert.ok(errors >= 1);
  });
});
