/** The `sitemap-gz:` file system: a `.gz` file read gunzipped and written gzipped, so that VS Code's ordinary text
 * editor, with its undo, dirty state and save, works on it. The files themselves: nodeGzipFiles.ts or webGzipFiles.ts. */
import {
  Disposable, EventEmitter, FileChangeType, FileSystemError, RelativePattern, Uri, workspace,
  type FileChangeEvent, type FileStat, type FileSystemProvider, type FileType,
} from 'vscode';
import { compressedUri, fileOfCompressed } from './compressedUris';

/** The operations on the `.gz` files a `sitemap-gz:` URI stands for: `read`/`write` inflate and deflate. */
export interface GzipFiles {
  stat(uri: Uri): Promise<FileStat>;
  readDirectory(uri: Uri): Promise<[string, FileType][]>;
  createDirectory(uri: Uri): Promise<void>;
  read(uri: Uri): Promise<Uint8Array>;
  write(uri: Uri, content: Uint8Array): Promise<void>;
  delete(uri: Uri, recursive: boolean): Promise<void>;
  rename(oldUri: Uri, newUri: Uri): Promise<void>;
}

export class CompressedFileSystem implements FileSystemProvider {
  private readonly changes = new EventEmitter<FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;

  constructor(private readonly files: GzipFiles) {}

  /** Through VS Code's own watcher of the file, so an external rewrite reaches an open editor. */
  watch(uri: Uri, options: { readonly recursive: boolean }): Disposable {
    const file = fileOfCompressed(uri);
    const pattern = options.recursive
      ? new RelativePattern(file, '**/*')
      : new RelativePattern(Uri.joinPath(file, '..'), file.path.slice(file.path.lastIndexOf('/') + 1));
    const watcher = workspace.createFileSystemWatcher(pattern);
    const fire = (type: FileChangeType) => (changed: Uri) => this.changes.fire([{ type, uri: compressedUri(changed) }]);
    return Disposable.from(
      watcher,
      watcher.onDidChange(fire(FileChangeType.Changed)),
      watcher.onDidCreate(fire(FileChangeType.Created)),
      watcher.onDidDelete(fire(FileChangeType.Deleted)),
    );
  }

  stat(uri: Uri): Promise<FileStat> {
    return this.files.stat(uri);
  }

  readDirectory(uri: Uri): Promise<[string, FileType][]> {
    return this.files.readDirectory(uri);
  }

  createDirectory(uri: Uri): Promise<void> {
    return this.files.createDirectory(uri);
  }

  readFile(uri: Uri): Promise<Uint8Array> {
    return this.files.read(uri);
  }

  async writeFile(uri: Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    const exists = await this.exists(uri);
    if (!exists && !options.create) throw FileSystemError.FileNotFound(uri);
    if (exists && !options.overwrite) throw FileSystemError.FileExists(uri);
    await this.files.write(uri, content);
    this.changes.fire([{ type: exists ? FileChangeType.Changed : FileChangeType.Created, uri }]);
  }

  async delete(uri: Uri, options: { readonly recursive: boolean }): Promise<void> {
    await this.files.delete(uri, options.recursive);
    this.changes.fire([{ type: FileChangeType.Deleted, uri }]);
  }

  async rename(oldUri: Uri, newUri: Uri, options: { readonly overwrite: boolean }): Promise<void> {
    if (!options.overwrite && (await this.exists(newUri))) throw FileSystemError.FileExists(newUri);
    await this.files.rename(oldUri, newUri);
    this.changes.fire([{ type: FileChangeType.Deleted, uri: oldUri }, { type: FileChangeType.Created, uri: newUri }]);
  }

  private exists(uri: Uri): Promise<boolean> {
    return this.files.stat(uri).then(() => true, () => false);
  }
}
