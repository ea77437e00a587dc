/** Entry point of the bundled language server (`dist/server.js`), over `--stdio`, `--node-ipc`, `--socket=` or `--pipe`.
 * Under `--stdio` stdout carries the protocol alone: console output goes to stderr until the client is initialized,
 * then to the client's log. */
import { format } from 'node:util';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { describe } from './lsp/guard';
import { MessageQueue } from './lsp/documents/messageQueue';
import { startServer } from './lsp/startServer';
import { stampTiming } from './lsp/timingLog';

stampTiming('process', undefined, performance.timeOrigin);
stampTiming('loaded');

let connected = false;
const toStderr = (...args: unknown[]): void => {
  process.stderr.write(format(...args) + '\n');
};
console.log = console.info = console.debug = console.warn = console.trace = console.error = toStderr;
console.dir = (item: unknown): void => toStderr(item);

const queue = new MessageQueue();
const connection = createConnection(ProposedFeatures.all, { messageStrategy: queue.strategy });

const redirect = (send: (message: string) => void) => (...args: unknown[]): void => {
  if (connected) send(format(...args));
  else toStderr(...args);
};
console.log = console.debug = console.trace = redirect((m) => connection.console.log(m));
console.info = redirect((m) => connection.console.info(m));
console.warn = redirect((m) => connection.console.warn(m));
console.error = redirect((m) => connection.console.error(m));
console.dir = (item: unknown): void => console.log(item);

process.on('uncaughtException', (error) => console.error(`Uncaught exception (the server keeps running): ${describe(error)}`));
process.on('unhandledRejection', (reason) => console.error(`Unhandled rejection (the server keeps running): ${describe(reason)}`));

startServer(connection, { onInitialized: () => { connected = true; }, queue });
