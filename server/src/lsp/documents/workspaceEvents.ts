/** Changes around the open documents — settings, files on disk, workspace folders: each drops what it made stale and
 * has the documents it concerns checked again. */
import type { Connection, DidChangeWatchedFilesParams } from 'vscode-languageserver';
import { guard } from '../guard';
import { resetAll, type ServerParts } from '../serverParts';
import { recheckIndexes } from './recheckIndexes';
import { uriToFsPath } from './workspace';
import { watchedChanges } from './watchedFiles';

export function registerWorkspaceEvents(connection: Connection, parts: ServerParts): void {
  connection.onDidChangeConfiguration(guard(connection, 'workspace/didChangeConfiguration', (params) => {
    parts.configuration.changed(params);
    resetAll(parts, false);
  }));

  connection.onDidChangeWatchedFiles(guard(connection, 'workspace/didChangeWatchedFiles', (params) => watchedFilesChanged(parts, params)));
}

/** Registered once `initialized` shows that the client sends folder changes. */
export function registerWorkspaceFolders(connection: Connection, parts: ServerParts): void {
  connection.workspace.onDidChangeWorkspaceFolders(guard(connection, 'workspace/didChangeWorkspaceFolders', (event) => {
    parts.workspace.remove(event.removed ?? []);
    parts.workspace.add(event.added ?? []);
    parts.inferred.reset();
    parts.locator.invalidate();
    parts.pages.invalidate();
    parts.symbols.foldersChanged();
    resetAll(parts, true);
  }));
}

function watchedFilesChanged(parts: ServerParts, params: DidChangeWatchedFilesParams): void {
  const { locator, nested, contexts, diagnostics, pages, symbols, site } = parts;
  const changes = watchedChanges((params.changes ?? []).flatMap((change) => {
    const fsPath = uriToFsPath(change?.uri);
    return fsPath === undefined ? [] : [{ fsPath, type: change.type }];
  }));
  let robotsChanged = false;
  let indexesChanged = false;
  let inferenceChanged = false;
  pages.filesChanged(changes);
  for (const { fsPath, type, folder } of changes) {
    if (folder) {
      // It may have held robots.txt files and sitemaps: what was read of them is read again.
      locator.invalidate();
      nested.clear();
      symbols.foldersChanged();
      robotsChanged = indexesChanged = true;
      continue;
    }
    symbols.fileChanged(fsPath, type);
    if (parts.inferred.fileChanged(fsPath)) inferenceChanged = true;
    if (locator.fileChanged(fsPath)) robotsChanged = true;
    if (nested.pathChanged(fsPath)) indexesChanged = true;
  }
  if (robotsChanged) {
    contexts.invalidateLocations();
    diagnostics.scheduleAll();
  }
  if (indexesChanged) recheckIndexes(parts);
  site.filesChanged(changes);
  parts.checkSiteCommand.filesChanged(changes);
  if (inferenceChanged) {
    // A CNAME or a generator's config: the site roots it says are part of every document's settings.
    parts.configuration.forgetAll();
    resetAll(parts, false);
  }
}
