/** The `sitemap-gz:` file system: a `.gz` file read gunzipped and written gzipped (gzipFile.ts), so that VS Code's
 * ordinary text editor, with its undo, dirty state and save, works on it. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  Disposable, EventEmitter, FileChangeType, FileSystemError, FileType, RelativePattern, Uri, workspace,
  type FileChangeEvent, type FileStat, type FileSystemProvider,
} from 'vscode';
import { compressedToFileUri, toCompressedUri } from '../../../shared/compressedUri';
import { COMPRESSED_SCHEME } from '../../../shared/protocol';
import { readGzipFile, writeGzipFile } from './gzipFile';

/** `file:` (or already `sitemap-gz:`) → the `sitemap-gz:` URI of the same file. */
export function compressedUri(uri: Uri): Uri {
  if (uri.scheme === COMPRESSED_SCHEME) return uri;
  const file = Uri.file(uri.fsPath);
  const folder = workspace.getWorkspaceFolder(file)?.uri;
  const inFolder = folder?.scheme === 'file' ? { uri: folder.toString(), path: folder.fsPath } : undefined;
  return Uri.parse(toCompressedUri(file.toString(), inFolder), true);
}

/** The file on disk a `sitemap-gz:` URI stands for (other URIs are returned as they are). */
export function fileOfCompressed(uri: Uri): Uri {
  return uri.scheme === COMPRESSED_SCHEME ? Uri.parse(compressedToFileUri(uri.toString()), true) : uri;
}

/** The path on disk of a `sitemap-gz:` URI. */
function diskPath(uri: Uri): string {
  return fileOfCompressed(uri).fsPath;
}

export class CompressedFileSystem implements FileSystemProvider {
  private readonly changes = new EventEmitter<FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;

  /** Through VS Code's own watcher of the file on disk, so an external rewrite reaches an open editor. */
  watch(uri: Uri, options: { readonly recursive: boolean }): Disposable {
    const fsPath = diskPath(uri);
    const pattern = options.recursive
      ? new RelativePattern(Uri.file(fsPath), '**/*')
      : new RelativePattern(Uri.file(path.dirname(fsPath)), path.basename(fsPath));
    const watcher = workspace.createFileSystemWatcher(pattern);
    const fire = (type: FileChangeType) => (file: Uri) => this.changes.fire([{ type, uri: compressedUri(file) }]);
    return Disposable.from(
      watcher,
      watcher.onDidChange(fire(FileChangeType.Changed)),
      watcher.onDidCreate(fire(FileChangeType.Created)),
      watcher.onDidDelete(fire(FileChangeType.Deleted)),
    );
  }

  async stat(uri: Uri): Promise<FileStat> {
    const stat = await io(uri, () => fs.promises.stat(diskPath(uri)));
    return { type: typeOf(stat), ctime: stat.ctimeMs, mtime: stat.mtimeMs, size: stat.size };
  }

  async readDirectory(uri: Uri): Promise<[string, FileType][]> {
    const entries = await io(uri, () => fs.promises.readdir(diskPath(uri), { withFileTypes: true }));
    return entries.map((entry) => [entry.name, typeOf(entry)]);
  }

  async createDirectory(uri: Uri): Promise<void> {
    await io(uri, () => fs.promises.mkdir(diskPath(uri)));
  }

  readFile(uri: Uri): Promise<Uint8Array> {
    return io(uri, () => readGzipFile(diskPath(uri)));
  }

  async writeFile(uri: Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    const exists = await fs.promises.stat(diskPath(uri)).then(() => true, () => false);
    if (!exists && !options.create) throw FileSystemError.FileNotFound(uri);
    if (exists && !options.overwrite) throw FileSystemError.FileExists(uri);
    await io(uri, () => writeGzipFile(diskPath(uri), content));
    this.changes.fire([{ type: exists ? FileChangeType.Changed : FileChangeType.Created, uri }]);
  }

  async delete(uri: Uri, options: { readonly recursive: boolean }): Promise<void> {
    await io(uri, () => fs.promises.rm(diskPath(uri), { recursive: options.recursive }));
    this.changes.fire([{ type: FileChangeType.Deleted, uri }]);
  }

  async rename(oldUri: Uri, newUri: Uri, options: { readonly overwrite: boolean }): Promise<void> {
    if (!options.overwrite && (await fs.promises.stat(diskPath(newUri)).then(() => true, () => false))) throw FileSystemError.FileExists(newUri);
    await io(oldUri, () => fs.promises.rename(diskPath(oldUri), diskPath(newUri)));
    this.changes.fire([{ type: FileChangeType.Deleted, uri: oldUri }, { type: FileChangeType.Created, uri: newUri }]);
  }
}

function typeOf(entry: fs.Stats | fs.Dirent): FileType {
  if (entry.isFile()) return FileType.File;
  if (entry.isDirectory()) return FileType.Directory;
  return entry.isSymbolicLink() ? FileType.SymbolicLink : FileType.Unknown;
}

/** Runs a file operation, turning Node's errors into the FileSystemErrors VS Code acts on (not found, exists…). */
async function io<T>(uri: Uri, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    switch ((error as NodeJS.ErrnoException).code) {
      case 'ENOENT': throw FileSystemError.FileNotFound(uri);
      case 'EEXIST': throw FileSystemError.FileExists(uri);
      case 'EISDIR': throw FileSystemError.FileIsADirectory(uri);
      case 'ENOTDIR': throw FileSystemError.FileNotADirectory(uri);
      case 'EACCES': case 'EPERM': throw FileSystemError.NoPermissions(uri);
      default: throw new FileSystemError(error instanceof Error ? error.message : String(error));
    }
  }
}
