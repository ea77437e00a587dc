import { workspace, type Uri } from 'vscode';

/** Whether a file (or folder) is at `uri`, on any file system VS Code knows (`file:`, `sitemap-gz:`, remote). */
export async function fileExists(uri: Uri): Promise<boolean> {
  try {
    await workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
