/** The web build's `lsp/documents/fsPaths.ts` (build.mjs, webPlatform): URIs of any scheme with a path (`file:`,
 * `vscode-vfs:`…) map to pseudo-paths `/<scheme>:<authority>/<path>` and back, read through the client (fileMirror.ts);
 * `untitled:` documents have none and are checked alone. */
import * as path from 'node:path';

/** `scheme://authority/path…`: the schemes whose documents are files somewhere (not `untitled:Untitled-1`). */
const HIERARCHICAL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i;

/** The pseudo-path of a URI with a path, `/scheme:authority/decoded/path`; `undefined` for others and malformed ones. */
export function fsPathOfUri(uri: string): string | undefined {
  const match = HIERARCHICAL.exec(uri);
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

/** The URI of a pseudo-path made by {@link fsPathOfUri}. */
export function fsPathToUri(fsPath: string): string {
  const [root, ...segments] = fsPath.split('/').filter((s) => s !== '');
  const colon = root?.indexOf(':') ?? -1;
  if (root === undefined || colon < 0) return `file://${fsPath}`;
  return `${root.slice(0, colon)}://${encodeURIComponent(root.slice(colon + 1))}/${segments.map(encodeURIComponent).join('/')}`;
}
