/** The web build's `lsp/documents/workspace.ts` (build.mjs, webPlatform): in a web worker no document has a path the
 * server could read, so every document is treated as the server treats `untitled:` ones — checked alone. */
import type { WorkspaceFolder } from 'vscode-languageserver';
import type { WorkspaceFolderInfo } from '../../lsp/documents/workspace';

export class Workspace {
  all: WorkspaceFolderInfo[] = [];
  set(_folders: WorkspaceFolder[]): void {}
  folderOf(_fsPath: string): WorkspaceFolderInfo | undefined { return undefined; }
  displayPath(fsPath: string): string { return fsPath; }
}

export function uriToFsPath(_uri: unknown): string | undefined {
  return undefined;
}

export function fsPathToUri(fsPath: string): string {
  return fsPath;
}

export function relativeInside(_base: string, _target: string): string | undefined {
  return undefined;
}
