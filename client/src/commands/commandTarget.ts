/** The file a command runs on: a URI (the Explorer's and the editor title's menus, the tests) or a view item's
 * `resourceUri` (the Sitemaps view's context menu passes its element). */
import { Uri } from 'vscode';

export function commandTargetUri(target: unknown): Uri | undefined {
  if (target instanceof Uri) return target;
  const resourceUri = (target as { resourceUri?: unknown } | null | undefined)?.resourceUri;
  return typeof target === 'object' && resourceUri instanceof Uri ? resourceUri : undefined;
}
