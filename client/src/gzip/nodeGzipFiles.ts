/** The desktop's `.gz` files: Node's file system and zlib (gzipFile.ts: an atomic save that keeps permissions and the
 * compression level, a limit on inflating), with Node's errors turned into the FileSystemErrors VS Code acts on. */
import * as fs from 'node:fs';
import { FileSystemError, FileType, type Uri } from 'vscode';
import { fileOfCompressed } from './compressedUris';
import type { GzipFiles } from './provider';
import { readGzipFile, writeGzipFile } from './gzipFile';
import { inflateLimitFor } from './inflateBound';

/** The path on disk of a `sitemap-gz:` URI. */
function diskPath(uri: Uri): string {
  return fileOfCompressed(uri).fsPath;
}

export const nodeGzipFiles: GzipFiles = {
  async stat(uri) {
    const stat = await io(uri, () => fs.promises.stat(diskPath(uri)));
    return { type: typeOf(stat), ctime: stat.ctimeMs, mtime: stat.mtimeMs, size: stat.size };
  },
  async readDirectory(uri) {
    const entries = await io(uri, () => fs.promises.readdir(diskPath(uri), { withFileTypes: true }));
    return entries.map((entry) => [entry.name, typeOf(entry)]);
  },
  createDirectory: (uri) => io(uri, () => fs.promises.mkdir(diskPath(uri))).then(() => undefined),
  read: (uri) => io(uri, () => readGzipFile(diskPath(uri), inflateLimitFor(fileOfCompressed(uri)))),
  write: (uri, content) => io(uri, () => writeGzipFile(diskPath(uri), content)),
  delete: (uri, recursive) => io(uri, () => fs.promises.rm(diskPath(uri), { recursive })),
  rename: (oldUri, newUri) => io(oldUri, () => fs.promises.rename(diskPath(oldUri), diskPath(newUri))),
};

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
