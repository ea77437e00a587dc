/** `didOpen`, `didChange`, `didClose` and settings changes in the web worker: the document's own diagnostics only (the
 * Node server's documentSync.ts also drives the site checks, which the worker has not). */
import type { Connection } from 'vscode-languageserver';
import { guard } from '../lsp/guard';
import type { BrowserParts } from './browserParts';

export function registerBrowserDocumentSync(connection: Connection, parts: BrowserParts): void {
  const { store, configuration, contexts, diagnostics, queue } = parts;
  connection.onDidOpenTextDocument(guard(connection, 'textDocument/didOpen', (params) => {
    void configuration.get(params.textDocument.uri);
    queue.defer(guard(connection, 'textDocument/didOpen', () => {
      const previous = store.get(params.textDocument.uri);
      const entry = store.open(params);
      if (previous !== undefined && entry === undefined) forget(parts, previous.uri);
      if (entry === undefined) configuration.forget(params.textDocument.uri);
      else void diagnostics.validateNow(entry.uri).then(() => store.completeOpen(entry));
    }));
  }));
  connection.onDidChangeTextDocument(guard(connection, 'textDocument/didChange', (params) => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return;
    try {
      store.change(params);
    } finally {
      diagnostics.schedule(entry.uri);
    }
  }));
  connection.onDidCloseTextDocument(guard(connection, 'textDocument/didClose', (params) => {
    const entry = store.close(params.textDocument.uri);
    if (entry !== undefined) forget(parts, entry.uri);
  }));
  connection.onDidChangeConfiguration(guard(connection, 'workspace/didChangeConfiguration', (params) => {
    configuration.changed(params);
    for (const entry of store.all()) contexts.forget(entry.uri);
    for (const entry of store.all()) void diagnostics.validateNow(entry.uri);
  }));
}

function forget({ diagnostics, contexts, configuration }: BrowserParts, uri: string): void {
  diagnostics.clear(uri);
  contexts.forget(uri);
  configuration.forget(uri);
}
