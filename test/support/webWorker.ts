/** The web build's server bundle (dist/web/server.js) run as a browser worker runs it, in a Node worker thread whose only
 * way out is a browser worker's `self`, spoken to over LSP: for the web server's tests and the web start bench. */
import { Worker } from 'node:worker_threads';
import { createMessageConnection, PortMessageReader, PortMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

/** A browser worker's global scope over the thread's port, then the bundle, with Node's own globals out of its reach
 * (the bundle is an IIFE run by `new Function`, and a Node builtin would have failed its build). */
const WORKER_SHIM = `
const { parentPort, workerData } = require('node:worker_threads');
const source = require('node:fs').readFileSync(workerData, 'utf8');
const self = { onmessage: null, addEventListener() {}, removeEventListener() {}, postMessage: (message) => parentPort.postMessage(message) };
parentPort.on('message', (data) => self.onmessage?.({ data }));
const hidden = ['process', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'Buffer', 'setImmediate', 'clearImmediate'];
new Function('self', ...hidden, source)(self, ...hidden.map(() => undefined));
`;

export interface WebWorker {
  connection: MessageConnection;
  worker: Worker;
  /** Rejects when the worker fails or exits: a test ends then rather than waiting for an answer that cannot come. */
  failed: Promise<never>;
}

/** The bundle at `bundlePath` in a worker, its connection not listening yet (handlers first). */
export function startWebWorker(bundlePath: string): WebWorker {
  const worker = new Worker(WORKER_SHIM, { eval: true, workerData: bundlePath });
  const failed = new Promise<never>((_, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the web server's worker exited with ${code}`)));
  });
  const connection = createMessageConnection(new PortMessageReader(worker), new PortMessageWriter(worker));
  return { connection, worker, failed };
}
