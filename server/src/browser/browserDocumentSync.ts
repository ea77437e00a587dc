/** `didOpen`, `didChange`, `didClose`, settings and watched-file changes in the web worker: the document's own
 * diagnostics, with the site look-ups of browserSite.ts (the Node server's documentSync.ts also drives the site checks). */
import type { Connection } from 'vscode-languageserver';
import { guard } from '../lsp/guard';
import { uriToFsPath } from '../lsp/documents/workspace';
import { resetAll, type BrowserParts } from './browserParts';

export function registerBrowserDocumentSync(connection: Connection, parts: BrowserParts): void {
  const { store, configuration, diagnostics, queue, site, checks } = parts;
  connection.onDidOpenTextDocument(guard(connection, 'textDocument/didOpen', (params) => {
    void configuration.get(params.textDocument.uri);
    queue.defer(guard(connection, 'textDocument/didOpen', () => {
      const previous = store.get(params.textDocument.uri);
      const entry = store.open(params);
      if (previous !== undefined && entry === undefined) forget(parts, previous.uri, previous.fsPath);
      if (entry === undefined) {
        configuration.forget(params.textDocument.uri);
        return;
      }
      site.documentChanged(entry.fsPath);
      void diagnostics.validateNow(entry.uri).then(() => {
        store.completeOpen(entry);
        checks.documentOpened(entry);
        parts.checkSite?.opened(entry);
      });
    }));
  }));
  connection.onDidChangeTextDocument(guard(connection, 'textDocument/didChange', (params) => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return;
    const kindBefore = entry.doc.kind;
    try {
      store.change(params);
    } finally {
      if (entry.doc.kind !== kindBefore) site.documentChanged(entry.fsPath);
      diagnostics.schedule(entry.uri);
      checks.documentChanged(entry);
    }
  }));
  connection.onDidCloseTextDocument(guard(connection, 'textDocument/didClose', (params) => {
    const entry = store.close(params.textDocument.uri);
    if (entry !== undefined) forget(parts, entry.uri, entry.fsPath);
    if (entry !== undefined) checks.documentClosed(entry);
    if (entry !== undefined) parts.checkSite?.closed(entry);
  }));
  connection.onDidChangeConfiguration(guard(connection, 'workspace/didChangeConfiguration', (params) => {
    configuration.changed(params);
    resetAll(parts);
  }));
  connection.onDidChangeWatchedFiles(guard(connection, 'workspace/didChangeWatchedFiles', (params) => {
    const changes = (params.changes ?? []).flatMap((change) => {
      const fsPath = uriToFsPath(change?.uri);
      return fsPath === undefined ? [] : [{ fsPath, type: change.type }];
    });
    site.watchedFilesChanged(changes.map((change) => change.fsPath));
    checks.filesChanged(changes);
  }));
}

function forget({ diagnostics, contexts, configuration, site }: BrowserParts, uri: string, fsPath: string | undefined): void {
  diagnostics.clear(uri);
  contexts.forget(uri);
  configuration.forget(uri);
  site.documentChanged(fsPath);
}
