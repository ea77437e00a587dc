/** The web build's `lsp/documents/workspace.ts` (build.mjs, webPlatform): URIs of any scheme with a path (`file:`,
 * `vscode-vfs:`…) map to pseudo-paths `/<scheme>:<authority>/<path>` and back, read through the client (fileMirror.ts);
 * `untitled:` documents have none and are checked alone. */
import * as path from 'node:path';
import type { WorkspaceFolder } from 'vscode-languageserver';
import { compressedToFileUri } from '../../../../shared/compressedUri';
import { COMPRESSED_SCHEME } from '../../../../shared/protocol';
import type { WorkspaceFolderInfo } from '../../lsp/documents/workspace';

export class Workspace {
  private folders: WorkspaceFolderInfo[] = [];

  get all(): readonly WorkspaceFolderInfo[] {
    return this.folders;
  }

  set(folders: readonly WorkspaceFolder[] | null | undefined): void {
    this.folders = [];
    this.add(folders ?? []);
  }

  add(folders: readonly WorkspaceFolder[]): void {
    for (const folder of folders) {
      const fsPath = uriToFsPath(folder?.uri);
      if (fsPath === undefined || this.folders.some((f) => f.fsPath === fsPath)) continue;
      this.folders.push({ uri: folder.uri, name: typeof folder.name === 'string' ? folder.name : path.basename(fsPath), fsPath });
    }
  }

  remove(folders: readonly WorkspaceFolder[]): void {
    const gone = new Set(folders.map((f) => uriToFsPath(f?.uri)));
    this.folders = this.folders.filter((f) => !gone.has(f.fsPath));
  }

  folderOf(fsPath: string): WorkspaceFolderInfo | undefined {
    let best: WorkspaceFolderInfo | undefined;
    for (const folder of this.folders) {
      if (relativeInside(folder.fsPath, fsPath) !== undefined && (best === undefined || folder.fsPath.length > best.fsPath.length)) best = folder;
    }
    return best;
  }

  displayPath(fsPath: string): string {
    const folder = this.folderOf(fsPath);
    const relative = folder !== undefined ? relativeInside(folder.fsPath, fsPath) : undefined;
    if (folder === undefined || relative === undefined || relative === '') return fsPath;
    return this.folders.length > 1 ? `${folder.name}/${relative}` : relative;
  }
}

/** `scheme://authority/path…`: the schemes whose documents are files somewhere (not `untitled:Untitled-1`). */
const HIERARCHICAL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i;

/** The pseudo-path of a URI with a path, `/scheme:authority/decoded/path`; `undefined` for others and malformed ones. */
export function uriToFsPath(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  const fileUri = uri.toLowerCase().startsWith(COMPRESSED_SCHEME + ':') ? compressedToFileUri(uri) : uri;
  const match = HIERARCHICAL.exec(fileUri);
  if (match === null) return undefined;
  const [, scheme, authority, uriPath] = match;
  try {
    const segments = uriPath.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
    if (segments.some((s) => s.includes('/'))) return undefined;
    return path.normalize(`/${scheme.toLowerCase()}:${decodeURIComponent(authority)}/${segments.join('/')}`);
  } catch {
    return undefined;
  }
}

/** The URI of a pseudo-path made by {@link uriToFsPath}. */
export function fsPathToUri(fsPath: string): string {
  const [root, ...segments] = fsPath.split('/').filter((s) => s !== '');
  const colon = root?.indexOf(':') ?? -1;
  if (root === undefined || colon < 0) return `file://${fsPath}`;
  return `${root.slice(0, colon)}://${encodeURIComponent(root.slice(colon + 1))}/${segments.map(encodeURIComponent).join('/')}`;
}

/** `target` relative to the folder `base`, with `/` separators (`''` for the folder itself); `undefined` outside it. */
export function relativeInside(base: string, target: string): string | undefined {
  const relative = path.relative(base, target);
  if (relative === '') return '';
  if (path.isAbsolute(relative) || relative === '..' || relative.startsWith('..' + path.sep)) return undefined;
  return relative;
}
