/** The connection to the server's web worker, and the worker's death: an error it does not handle (an uncaught throw,
 * a failed script) ends it and closes the connection, so that the client's crash policy (serverHealth.ts) decides. */
import { BrowserMessageReader, BrowserMessageWriter } from 'vscode-languageserver-protocol/browser';
import type { MessageTransports } from 'vscode-languageclient';

/** What of a `Worker` the connection uses (the DOM's types are not in the client's lib). */
export interface ServerWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'error', listener: () => void): void;
  onmessage: unknown;
}

type Port = ConstructorParameters<typeof BrowserMessageReader>[0];

/** Closes (once) when the worker reports an error, after terminating it: a worker that threw is not trusted further. */
class WorkerMessageReader extends BrowserMessageReader {
  constructor(worker: ServerWorker) {
    super(worker as unknown as Port);
    let ended = false;
    worker.addEventListener('error', () => {
      if (ended) return;
      ended = true;
      worker.terminate();
      this.fireClose();
    });
  }
}

export function workerTransports(worker: ServerWorker): MessageTransports {
  return { reader: new WorkerMessageReader(worker), writer: new BrowserMessageWriter(worker as unknown as Port) };
}
