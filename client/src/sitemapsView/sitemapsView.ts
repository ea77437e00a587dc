/** The Explorer's Sitemaps view: each site's robots.txt files, indexes and sitemaps, one level per `sitemap/siteTree`
 * request, refreshed on `sitemap/siteTreeChanged`. What an item shows: sitemapsTreeFormat.ts. */
import {
  commands, EventEmitter, MarkdownString, Position, Range, Selection, ThemeColor, ThemeIcon, TreeItem, TreeItemCollapsibleState, Uri,
  window, workspace, type ExtensionContext, type TreeDataProvider, type TreeView,
} from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  SITE_TREE_CHANGED_NOTIFICATION, SITE_TREE_REQUEST,
  type SiteTreeChangedParams, type SiteTreeNode, type SiteTreeParams, type SiteTreeResult,
} from '../../../shared/protocol';
import { isServedDocument } from '../languageServer/clientOptions';
import type { SitemapServer } from '../languageServer/server';
import type { SitemapOutput } from '../output';
import { listedEntrySpan } from './sitemapsEntry';
import { levelsToRefresh } from './sitemapsRefresh';
import { describeSiteTreeNode, type SiteTreeItemView, type SiteTreeLimits } from './sitemapsTreeFormat';
import { setContextKey } from '../contextKeys';
import { remoteUrlOf } from '../../../shared/remoteUri';
import { OPEN_FROM_URL_COMMAND } from '../remote/remoteSitemaps';

export const SITEMAPS_VIEW_ID = 'sitemap.sitemaps';
export const REFRESH_SITEMAPS_COMMAND = 'sitemap.refreshSitemaps';
/** Internal (a click on an item): opens its file, or a missing file's line in the file that lists it. */
const OPEN_NODE_COMMAND = 'sitemap.sitemaps.open';
/** Context key: the workspace has site files (the view's `when`). */
export const HAS_SITE_FILES_CONTEXT_KEY = 'sitemap.hasSiteFiles';
/** Names that make a workspace a site without reading any file; an open sitemap does too. */
const SITE_FILES_GLOB = '**/{robots.txt,*sitemap*.xml,*sitemap*.txt,*sitemap*.xml.gz,*sitemap*.txt.gz}';

/** One shown node; `resourceUri` is what Split, Merge and Compare take from the view's context menu. */
export class SitemapsElement {
  readonly resourceUri: Uri | undefined;
  constructor(readonly node: SiteTreeNode, readonly parent: SitemapsElement | undefined, readonly limits: SiteTreeLimits, readonly treeId: string) {
    this.resourceUri = node.uri !== undefined && node.kind !== 'missing' ? Uri.parse(node.uri) : undefined;
  }
}

/** What the in-editor tests read: an item as shown. */
export interface SitemapsItemSnapshot extends SiteTreeItemView {
  id: string;
  uri?: string;
}

export class SitemapsTreeProvider implements TreeDataProvider<SitemapsElement> {
  private readonly changed = new EventEmitter<SitemapsElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The children last served per parent (`undefined`: the first level), to find what a notification names. */
  private readonly shown = new Map<SitemapsElement | undefined, SitemapsElement[]>();
  private listening: BaseLanguageClient | undefined;
  view: TreeView<SitemapsElement> | undefined;

  constructor(private readonly server: SitemapServer, private readonly output: SitemapOutput) {}

  getTreeItem(element: SitemapsElement): TreeItem {
    const view = describeSiteTreeNode(shownNode(element), element.limits);
    const item = new TreeItem(view.label, COLLAPSIBLE[view.collapsible]);
    item.id = element.treeId;
    item.description = view.description;
    item.tooltip = new MarkdownString(view.tooltip);
    item.iconPath = new ThemeIcon(view.icon, view.iconColor === undefined ? undefined : new ThemeColor(view.iconColor));
    item.contextValue = view.contextValue;
    item.resourceUri = element.resourceUri;
    if (element.node.kind !== 'folder' && element.node.kind !== 'origin') item.command = { command: OPEN_NODE_COMMAND, title: 'Open', arguments: [element] };
    return item;
  }

  getParent(element: SitemapsElement): SitemapsElement | undefined {
    return element.parent;
  }

  async getChildren(parent?: SitemapsElement): Promise<SitemapsElement[]> {
    try {
      const children = elementsOf(parent, await this.level(parent));
      this.forget(parent);
      this.shown.set(parent, children);
      if (this.view !== undefined) this.view.message = undefined;
      return children;
    } catch (error) {
      this.output.error('The Sitemaps view could not read the site', error);
      if (this.view !== undefined) this.view.message = 'The language server is not running (see Sitemap: Show Output).';
      return [];
    }
  }

  /** Everything again. */
  refresh(): void {
    this.shown.clear();
    this.changed.fire(undefined);
  }

  /** The items under the node reached by `path` (node ids: files' URIs) from the top, as the view would show them (the in-editor tests). */
  async snapshot(path: readonly string[] = []): Promise<SitemapsItemSnapshot[]> {
    let parent: SitemapsElement | undefined;
    let children = elementsOf(parent, await this.level(parent));
    for (const id of path) {
      parent = children.find((element) => element.node.id === id);
      if (parent === undefined) return [];
      children = elementsOf(parent, await this.level(parent));
    }
    return children.map((element) => ({ ...describeSiteTreeNode(shownNode(element), element.limits), id: element.node.id, uri: element.node.uri }));
  }

  /**
   * One level; a workspace of one folder shows that folder's first level at the top, as the Explorer does, followed by
   * the groups of the sitemaps opened from their URL.
   */
  private async level(parent: SitemapsElement | undefined): Promise<SiteTreeResult> {
    const result = await this.request(parent === undefined ? {} : { node: parent.node.id });
    const folders = result.nodes.filter((node) => node.kind === 'folder');
    if (parent !== undefined || folders.length !== 1) return result;
    const inFolder = await this.request({ node: folders[0].id });
    return { ...inFolder, nodes: [...inFolder.nodes, ...result.nodes.filter((node) => node.kind !== 'folder')] };
  }

  private async request(params: SiteTreeParams): Promise<SiteTreeResult> {
    this.listen(await this.server.running());
    return this.server.sendRequest<SiteTreeResult>(SITE_TREE_REQUEST, params);
  }

  private forget(parent: SitemapsElement | undefined): void {
    for (const child of this.shown.get(parent) ?? []) this.forget(child);
    this.shown.delete(parent);
  }

  private listen(client: BaseLanguageClient): void {
    if (this.listening === client) return;
    this.listening = client;
    client.onNotification(SITE_TREE_CHANGED_NOTIFICATION, (params: SiteTreeChangedParams) => this.treeChanged(params));
    client.onDidChangeState(() => {
      if (client.isRunning()) this.refresh(); // a restarted server: its answers start afresh
    });
  }

  private treeChanged(changed: SiteTreeChangedParams): void {
    for (const parent of levelsToRefresh(this.shown, changed)) {
      if (parent === undefined) this.refresh();
      else this.changed.fire(parent);
    }
  }
}

/** A first-level file is named by its path in its folder (`site/robots.txt`, `robots.txt`: each its site's); a listed one by its name. */
function shownNode(element: SitemapsElement): SiteTreeNode {
  const { node, parent, resourceUri } = element;
  if ((parent !== undefined && parent.node.kind !== 'folder') || resourceUri === undefined || node.kind === 'folder') return node;
  return { ...node, label: workspace.asRelativePath(resourceUri, false) };
}

function elementsOf(parent: SitemapsElement | undefined, result: SiteTreeResult): SitemapsElement[] {
  const seen = new Map<string, number>();
  return result.nodes.map((node) => {
    const count = (seen.get(node.id) ?? 0) + 1; // an index may list a file twice: each item needs its own id
    seen.set(node.id, count);
    return new SitemapsElement(node, parent, result.limits, `${parent?.treeId ?? ''}/${node.id}${count > 1 ? `#${count}` : ''}`);
  });
}

const COLLAPSIBLE = {
  none: TreeItemCollapsibleState.None, collapsed: TreeItemCollapsibleState.Collapsed, expanded: TreeItemCollapsibleState.Expanded,
} as const;

export function registerSitemapsView(context: ExtensionContext, server: SitemapServer, output: SitemapOutput): SitemapsTreeProvider {
  const provider = new SitemapsTreeProvider(server, output);
  const view = (provider.view = window.createTreeView(SITEMAPS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true }));
  context.subscriptions.push(
    view,
    commands.registerCommand(REFRESH_SITEMAPS_COMMAND, () => provider.refresh()),
    commands.registerCommand(OPEN_NODE_COMMAND, (element: SitemapsElement) => openNode(element)),
    workspace.onDidOpenTextDocument((document) => {
      if (isServedDocument(document)) setHasSiteFiles(true);
    }),
  );
  void detectSiteFiles();
  return provider;
}

async function detectSiteFiles(): Promise<void> {
  if (workspace.textDocuments.some(isServedDocument)) return setHasSiteFiles(true);
  const found = await workspace.findFiles(SITE_FILES_GLOB, '**/node_modules/**', 1);
  if (found.length > 0) setHasSiteFiles(true);
}

function setHasSiteFiles(value: boolean): void {
  setContextKey(HAS_SITE_FILES_CONTEXT_KEY, value);
}

/**
 * A file opens as the Explorer opens it (a `.gz` in its editor); a missing one at its entry in the file that lists it;
 * one listed in a sitemap opened from its URL, not opened, through Open from URL (read now, with its progress and errors).
 */
async function openNode(element: SitemapsElement): Promise<void> {
  const { node, parent } = element;
  const url = node.kind === 'unopened' && node.uri !== undefined ? remoteUrlOf(node.uri) : undefined;
  if (url !== undefined) return void await commands.executeCommand(OPEN_FROM_URL_COMMAND, url);
  if (node.kind !== 'missing') {
    if (element.resourceUri !== undefined) await commands.executeCommand('vscode.open', element.resourceUri);
    return;
  }
  if (parent?.resourceUri === undefined || node.url === undefined) return;
  if (/\.gz$/i.test(parent.resourceUri.path)) return void commands.executeCommand('vscode.open', parent.resourceUri);
  const document = await workspace.openTextDocument(parent.resourceUri);
  const span = listedEntrySpan(node, document.getText(), (at) => document.offsetAt(new Position(at.line, at.character)));
  const editor = await window.showTextDocument(document);
  if (span === undefined) return;
  const range = new Range(document.positionAt(span.start), document.positionAt(span.end));
  editor.selection = new Selection(range.start, range.end);
  editor.revealRange(range);
}
