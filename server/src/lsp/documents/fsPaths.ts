/** The platform's side of workspace.ts: a document URI's file-system path and back. On Node, `file:` URIs; the web
 * build swaps in browser/platform/fsPaths.ts (build.mjs, webPlatform). */
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The path of a `file:` URI; `undefined` for other schemes (`untitled:`, …) and malformed URIs. */
export function fsPathOfUri(uri: string): string | undefined {
  if (!/^file:/i.test(uri)) return undefined;
  try {
    return path.normalize(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function fsPathToUri(fsPath: string): string {
  return pathToFileURL(fsPath).href;
}
