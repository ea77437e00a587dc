/** Between a `.gz` file's URI and the `sitemap-gz:` URI of its text (shared/compressedUri.ts), on any file system: `file:`
 * in the desktop, the workspace's own (`vscode-vfs:`, `vscode-remote:`) in VS Code for the Web. No Node. */
import { Uri, workspace } from 'vscode';
import { compressedToFileUri, toCompressedUri, type CompressedFolder } from '../../../shared/compressedUri';
import { COMPRESSED_SCHEME } from '../../../shared/protocol';

/** `file:` (or another scheme's file, or already `sitemap-gz:`) → the `sitemap-gz:` URI of the same file. */
export function compressedUri(uri: Uri): Uri {
  if (uri.scheme === COMPRESSED_SCHEME) return uri;
  const file = uri.scheme === 'file' ? Uri.file(uri.fsPath) : uri;
  return Uri.parse(toCompressedUri(file.toString(), folderOf(file)), true);
}

/** The workspace folder holding `file`; outside every folder, none for `file:` (the path is absolute) and the root of
 * its file system for other schemes (which the path alone would not name). */
function folderOf(file: Uri): CompressedFolder | undefined {
  const folder = workspace.getWorkspaceFolder(file)?.uri;
  if (folder?.scheme === file.scheme) return { uri: folder.toString(), path: folder.scheme === 'file' ? folder.fsPath : folder.path };
  return file.scheme === 'file' ? undefined : { uri: file.with({ path: '', query: '', fragment: '' }).toString(), path: '' };
}

/** The file a `sitemap-gz:` URI stands for (other URIs are returned as they are). */
export function fileOfCompressed(uri: Uri): Uri {
  return uri.scheme === COMPRESSED_SCHEME ? Uri.parse(compressedToFileUri(uri.toString()), true) : uri;
}
