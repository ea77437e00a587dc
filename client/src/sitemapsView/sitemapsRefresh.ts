/** Which of the Sitemaps view's shown levels a `sitemap/siteTreeChanged` asks for again. Pure, no `vscode`, for node:test. */
import type { SiteTreeChangedParams, SiteTreeNode } from '../../../shared/protocol';

export interface ShownNode {
  readonly node: Pick<SiteTreeNode, 'id' | 'kind'>;
}

/**
 * The parents whose children to ask for again, `undefined` for the whole tree. A node's counts come with its parent's
 * level, so a named node refreshes its parent; without nodes, the folder's element (the whole tree when the folder is
 * the top level, as in a workspace of one folder, or not shown).
 */
export function levelsToRefresh<E extends ShownNode>(shown: ReadonlyMap<E | undefined, readonly E[]>, changed: SiteTreeChangedParams): (E | undefined)[] {
  const { folder, nodes } = changed;
  if (nodes === undefined) {
    const folderElement = shown.get(undefined)?.find((element) => element.node.kind === 'folder' && element.node.id === folder);
    return [folderElement];
  }
  const named = new Set(nodes);
  const parents: (E | undefined)[] = [];
  for (const [parent, children] of shown) {
    if (children.some((child) => named.has(child.node.id))) parents.push(parent);
  }
  return parents.includes(undefined) ? [undefined] : parents;
}
