/** Changes around the open documents in the web worker — settings, watched files, workspace folders (the Node server's
 * workspaceEvents.ts): each drops what it made stale and has the documents it concerns checked again. */
import type { Connection } from 'vscode-languageserver';
import { guard } from '../lsp/guard';
import { uriToFsPath } from '../lsp/documents/workspace';
import { watchedChanges } from '../lsp/documents/watchedFiles';
import { inferenceChanged, resetAll, type BrowserParts } from './browserParts';

export function registerBrowserWorkspaceEvents(connection: Connection, parts: BrowserParts): void {
  const { configuration, site, checks } = parts;
  connection.onDidChangeConfiguration(guard(connection, 'workspace/didChangeConfiguration', (params) => {
    configuration.changed(params);
    resetAll(parts);
  }));
  connection.onDidChangeWatchedFiles(guard(connection, 'workspace/didChangeWatchedFiles', (params) => {
    const changes = watchedChanges((params.changes ?? []).flatMap((change) => {
      const fsPath = uriToFsPath(change?.uri);
      return fsPath === undefined ? [] : [{ fsPath, type: change.type }];
    }));
    site.watchedFilesChanged(changes.map((change) => change.fsPath));
    checks.filesChanged(changes);
    parts.checkSite.filesChanged(changes);
    // A CNAME or a generator's config is read again through the client: what it says comes later (inferenceChanged).
    for (const change of changes) if (!change.folder) parts.inferred.fileChanged(change.fsPath);
  }));
}

/** Registered once `initialized` shows that the client sends folder changes. */
export function registerBrowserWorkspaceFolders(connection: Connection, parts: BrowserParts): void {
  connection.workspace.onDidChangeWorkspaceFolders(guard(connection, 'workspace/didChangeWorkspaceFolders', (event) => {
    parts.site.workspace.remove(event.removed ?? []);
    parts.site.workspace.add(event.added ?? []);
    parts.inferred.reset();
    // A document may now be in a folder whose files say its root (or no longer be).
    inferenceChanged(parts);
  }));
}
