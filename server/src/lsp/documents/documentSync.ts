/** `didOpen`, `didChange` and `didClose` keep the store, the diagnostics and the cross-file checks in step: a document's
 * own diagnostics first, everything that reads other files after them. Both servers' (what differs: DocumentSite). */
import type { Connection, DidOpenTextDocumentParams } from 'vscode-languageserver';
import type { CheckSiteCommand } from '../commands/checkSite';
import type { Configuration } from './configuration';
import type { DiagnosticsPublisher } from './diagnostics';
import type { DiskEncodings } from './diskEncodings';
import type { DocumentStore, OpenDocument } from './documentStore';
import type { MessageQueue } from './messageQueue';
import type { ValidationContexts } from './validationContext';
import { guard } from '../guard';
import { stampTiming } from '../timingLog';

/** The per-document parts, the same classes in both servers. */
export interface DocumentParts {
  store: DocumentStore;
  configuration: Configuration;
  queue: MessageQueue;
  diagnostics: DiagnosticsPublisher;
  contexts: ValidationContexts;
}

/** What reads other files, as each server has it (the Node server's site parts, the web worker's over the client). */
export interface DocumentSite {
  /** The cross-file checks: told of an opened document after its own diagnostics. */
  checks: { documentOpened(entry: OpenDocument): void; documentChanged(entry: OpenDocument): void; documentClosed(entry: OpenDocument): void };
  /** Check Site's results, held back while their document is open. */
  checkSite: Pick<CheckSiteCommand, 'opened' | 'closed'>;
  /** The live check's verdicts, kept per open document (the Node server's). */
  liveCheck?: { closed(uri: string): void };
  /** A document opened, closed or changed kind: the index documents that may list its file check again. */
  fileChanged(fsPath: string | undefined): void;
  /** The encodings of open documents' files, read from their bytes on open and save (the Node server's). */
  diskEncodings?: Pick<DiskEncodings, 'readFor' | 'closed'>;
}

export function registerDocumentSync(connection: Connection, parts: DocumentParts, site: DocumentSite): void {
  const { store, configuration, queue, diagnostics } = parts;

  connection.onDidOpenTextDocument(guard(connection, 'textDocument/didOpen', (params) => {
    stampTiming('didOpen', { uri: params.textDocument.uri, version: params.textDocument.version });
    // The settings are asked for before the parse, so that the answer is back by the time a large document is parsed
    // instead of costing a round trip after it (and letting the editor's requests for the outline, folding and links
    // run first). Over IPC the request leaves at once; over stdio vscode-jsonrpc writes it on the next turn, so the
    // parse waits for that turn, still ahead of the next message.
    void configuration.get(params.textDocument.uri);
    queue.defer(guard(connection, 'textDocument/didOpen', () => open(parts, site, params)));
  }));

  connection.onDidChangeTextDocument(guard(connection, 'textDocument/didChange', (params) => {
    stampTiming('didChange', { uri: params.textDocument.uri, version: params.textDocument.version });
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return;
    const kindBefore = entry.doc.kind;
    try {
      store.change(params);
    } finally {
      if (entry.doc.kind !== kindBefore) site.fileChanged(entry.fsPath);
      diagnostics.schedule(entry.uri);
      site.checks.documentChanged(entry);
    }
  }));

  // A file saved in another encoding (VS Code's Save with Encoding) no longer has the problem its bytes had.
  if (site.diskEncodings !== undefined) {
    const encodings = site.diskEncodings;
    connection.onDidSaveTextDocument(guard(connection, 'textDocument/didSave', (params) => {
      const entry = store.get(params.textDocument.uri);
      if (entry !== undefined) encodings.readFor(entry);
    }));
  }

  connection.onDidCloseTextDocument(guard(connection, 'textDocument/didClose', (params) => {
    const entry = store.close(params.textDocument.uri);
    if (entry !== undefined) forget(parts, site, entry);
  }));
}

function open(parts: DocumentParts, site: DocumentSite, params: DidOpenTextDocumentParams): void {
  const { store, configuration, diagnostics } = parts;
  const previous = store.get(params.textDocument.uri);
  const entry = store.open(params);
  stampTiming('parsed', { uri: params.textDocument.uri, version: params.textDocument.version });
  if (previous !== undefined && entry === undefined) forget(parts, site, previous);
  if (entry === undefined) {
    configuration.forget(params.textDocument.uri);
    return;
  }
  site.checkSite.opened(entry);
  site.fileChanged(entry.fsPath);
  site.diskEncodings?.readFor(entry);
  // The cross-file checks (a scan of the folder, other files read) and the rest of the parse (the URL index) come
  // after the document's own diagnostics.
  void diagnostics.validateNow(entry.uri).then(() => {
    store.completeOpen(entry);
    site.checks.documentOpened(entry);
  });
}

/** A document is no longer ours (closed, or reopened as something else): whatever was kept for it goes. */
function forget(parts: DocumentParts, site: DocumentSite, entry: OpenDocument): void {
  site.checks.documentClosed(entry);
  parts.diagnostics.clear(entry.uri);
  site.diskEncodings?.closed(entry.uri);
  site.checkSite.closed(entry);
  site.liveCheck?.closed(entry.uri);
  parts.contexts.forget(entry.uri);
  parts.configuration.forget(entry.uri);
  site.fileChanged(entry.fsPath);
}
