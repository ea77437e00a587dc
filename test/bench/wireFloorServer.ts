/** The wire's floor for coldBench: a language server on the real server's connection (vscode-languageserver over stdio)
 * that does no language work — it answers didOpen with empty diagnostics at once, so didOpen → diagnostics is the
 * message alone (the client's serialisation and write, the pipe, the server's read and JSON.parse, a small reply). */
import { createConnection, DidChangeWatchedFilesNotification, ProposedFeatures } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: { textDocumentSync: 1 } }));
connection.onInitialized(() => {
  // LspClient.start waits for this registration, as the real server makes it.
  void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.xml' }] });
});
connection.onDidOpenTextDocument(({ textDocument }) => {
  void connection.sendDiagnostics({ uri: textDocument.uri, version: textDocument.version, diagnostics: [] });
});
connection.listen();
