/** The web's `.gz` files: through `workspace.fs` (so github.dev's virtual file system works too) and the browser's
 * streams (webGzip.ts). Compressed whole before the write, so a failed compression never truncates the file. */
import { FileSystemError, workspace } from 'vscode';
import { fileOfCompressed } from './compressedUris';
import type { GzipFiles } from './provider';
import { deflateGzip, inflateGzip } from './webGzip';
import { inflateLimitFor } from './inflateBound';

export const webGzipFiles: GzipFiles = {
  stat: async (uri) => workspace.fs.stat(fileOfCompressed(uri)),
  readDirectory: async (uri) => workspace.fs.readDirectory(fileOfCompressed(uri)),
  createDirectory: async (uri) => workspace.fs.createDirectory(fileOfCompressed(uri)),
  read: async (uri) => {
    const file = fileOfCompressed(uri);
    const bytes = await workspace.fs.readFile(file);
    try {
      return await inflateGzip(bytes, file.path.slice(file.path.lastIndexOf('/') + 1), inflateLimitFor(file));
    } catch (error) {
      throw new FileSystemError(error instanceof Error ? error.message : String(error));
    }
  },
  write: async (uri, content) => workspace.fs.writeFile(fileOfCompressed(uri), await deflateGzip(content)),
  delete: async (uri, recursive) => workspace.fs.delete(fileOfCompressed(uri), { recursive, useTrash: false }),
  rename: async (oldUri, newUri) => workspace.fs.rename(fileOfCompressed(oldUri), fileOfCompressed(newUri), { overwrite: true }),
};
