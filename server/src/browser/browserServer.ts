/** Entry point of the web build's language server (`dist/web/server.js`), run by the web client in a web worker:
 * the protocol over the worker's messages. */
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { MessageQueue } from '../lsp/documents/messageQueue';
import { startBrowserServer } from './startBrowserServer';

/** The worker's global scope (the DOM's types are not in this project's lib). */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const queue = new MessageQueue();
const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self), { messageStrategy: queue.strategy });
startBrowserServer(connection, queue);
