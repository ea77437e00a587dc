/** The workspace folders the client told us about, and the conversions between document URIs and paths, for both
 * servers: what differs (`file:` URIs on Node, pseudo-paths in the web worker) is fsPaths.ts. */
import * as path from 'node:path';
import type { WorkspaceFolder } from 'vscode-languageserver';
import { compressedToFileUri } from '../../../../shared/compressedUri';
import { COMPRESSED_SCHEME } from '../../../../shared/protocol';
import { fsPathOfUri } from './fsPaths';

// Re-exported so that the many users of the workspace keep one import.
export { fsPathToUri } from './fsPaths';

export interface WorkspaceFolderInfo {
  readonly uri: string;
  readonly name: string;
  /** Absolute file-system path. */
  readonly fsPath: string;
}

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

  /** The innermost workspace folder containing `fsPath`, if any. */
  folderOf(fsPath: string): WorkspaceFolderInfo | undefined {
    let best: WorkspaceFolderInfo | undefined;
    for (const folder of this.folders) {
      if (relativeInside(folder.fsPath, fsPath) !== undefined && (best === undefined || folder.fsPath.length > best.fsPath.length)) best = folder;
    }
    return best;
  }

  /** `fsPath` as VS Code's `asRelativePath` shows it: relative to its folder (`name/…` with several), else absolute. */
  displayPath(fsPath: string): string {
    const folder = this.folderOf(fsPath);
    const relative = folder !== undefined ? relativeInside(folder.fsPath, fsPath) : undefined;
    if (folder === undefined || relative === undefined || relative === '') return fsPath;
    return this.folders.length > 1 ? `${folder.name}/${relative}` : relative;
  }
}

/**
 * The path of a document's URI (fsPaths.ts), also of a compressed sitemap's `sitemap-gz:` URI (the same path, read
 * through the client's gzip provider); `undefined` for URIs without one (`untitled:`, …) and malformed URIs.
 */
export function uriToFsPath(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  return fsPathOfUri(uri.toLowerCase().startsWith(COMPRESSED_SCHEME + ':') ? compressedToFileUri(uri) : uri);
}

/** `target` relative to the folder `base`, with `/` separators (`''` for the folder itself); `undefined` outside it. */
export function relativeInside(base: string, target: string): string | undefined {
  const relative = path.relative(base, target);
  if (relative === '') return '';
  if (path.isAbsolute(relative) || relative === '..' || relative.startsWith('..' + path.sep)) return undefined;
  return relative.split(path.sep).join('/');
}
