/** `didOpen`, `didChange` and `didClose` keep the store, the diagnostics and the cross-file checks in step: a document's
 * own diagnostics first, everything that reads other files after them. */
import type { Connection, DidOpenTextDocumentParams } from 'vscode-languageserver';
import type { OpenDocument } from './documentStore';
import { guard } from '../guard';
import { fileChanged, type ServerParts } from '../serverParts';
import { stampTiming } from '../timingLog';

export function registerDocumentSync(connection: Connection, parts: ServerParts): void {
  const { store, configuration, queue, diagnostics, site } = parts;

  connection.onDidOpenTextDocument(guard(connection, 'textDocument/didOpen', (params) => {
    stampTiming('didOpen', { uri: params.textDocument.uri, version: params.textDocument.version });
    // The settings are asked for before the parse, so that the answer is back by the time a large document is parsed
    // instead of costing a round trip after it (and letting the editor's requests for the outline, folding and links
    // run first). Over IPC the request leaves at once; over stdio vscode-jsonrpc writes it on the next turn, so the
    // parse waits for that turn, still ahead of the next message.
    void configuration.get(params.textDocument.uri);
    queue.defer(guard(connection, 'textDocument/didOpen', () => open(parts, params)));
  }));

  connection.onDidChangeTextDocument(guard(connection, 'textDocument/didChange', (params) => {
    stampTiming('didChange', { uri: params.textDocument.uri, version: params.textDocument.version });
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return;
    const kindBefore = entry.doc.kind;
    try {
      store.change(params);
    } finally {
      if (entry.doc.kind !== kindBefore) fileChanged(parts, entry.fsPath);
      diagnostics.schedule(entry.uri);
      site.documentChanged(entry);
    }
  }));

  connection.onDidCloseTextDocument(guard(connection, 'textDocument/didClose', (params) => {
    const entry = store.close(params.textDocument.uri);
    if (entry !== undefined) forget(parts, entry);
  }));
}

function open(parts: ServerParts, params: DidOpenTextDocumentParams): void {
  const { store, configuration, diagnostics, site, checkSiteCommand } = parts;
  const previous = store.get(params.textDocument.uri);
  const entry = store.open(params);
  stampTiming('parsed', { uri: params.textDocument.uri, version: params.textDocument.version });
  if (previous !== undefined && entry === undefined) forget(parts, previous);
  if (entry === undefined) {
    configuration.forget(params.textDocument.uri);
    return;
  }
  checkSiteCommand.opened(entry);
  fileChanged(parts, entry.fsPath);
  // The cross-file checks (a scan of the folder, other files read) and the rest of the parse (the URL index) come
  // after the document's own diagnostics.
  void diagnostics.validateNow(entry.uri).then(() => {
    store.completeOpen(entry);
    site.documentOpened(entry);
  });
}

/** A document is no longer ours (closed, or reopened as something else): whatever was kept for it goes. */
function forget(parts: ServerParts, entry: OpenDocument): void {
  parts.site.documentClosed(entry);
  parts.diagnostics.clear(entry.uri);
  parts.checkSiteCommand.closed(entry);
  parts.contexts.forget(entry.uri);
  parts.configuration.forget(entry.uri);
  fileChanged(parts, entry.fsPath);
}
