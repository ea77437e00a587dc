/** `sitemap/siteTree` (the Sitemaps view's data, lazily, for any LSP client) and `sitemap/siteTreeChanged`: built on the
 * folder's scan and the summaries the site checks keep; a sitemap not read yet is read in the background, then notified. */
import * as path from 'node:path';
import { FileChangeType, type Connection, type Diagnostic } from 'vscode-languageserver';
import {
  SITE_TREE_CHANGED_NOTIFICATION, SITE_TREE_REQUEST,
  type SiteTreeChangedParams, type SiteTreeNode, type SiteTreeParams, type SiteTreeResult,
} from '../../../../shared/protocol';
import { MAX_BYTES, MAX_ENTRIES } from '../../../../shared/protocolLimits';
import { siteTreeChildren, siteTreeTopLevel, type SiteTreeItem } from '../../language/languageService';
import { guardRequest } from '../guard';
import { fsPathToUri, uriToFsPath, type Workspace, type WorkspaceFolderInfo } from '../documents/workspace';
import { yieldToEventLoop } from './siteScan';
import type { SiteTreeFacts, SiteTreeSource } from './siteTreeFacts';
import type { RemoteSiteTree } from '../remote/remoteSiteTree';
import { remoteUrlOf } from '../../../../shared/remoteUri';

/** At most one `sitemap/siteTreeChanged` per folder this often. */
export const TREE_CHANGED_INTERVAL_MS = 250;

/** The page rules' verdicts the tree counts, by rule id. */
const PAGE_VERDICTS = new Map<unknown, keyof NonNullable<SiteTreeNode['pages']>>([
  ['blocked-by-robots', 'blocked'], ['noindex-page', 'noindex'], ['page-not-found', 'notFound'], ['page-redirect', 'redirected'],
]);

type Published = Pick<SiteTreeNode, 'problems' | 'pages'>;

export class SiteTree {
  private readonly problems = new Map<string, Published>();
  private readonly pending = new Map<string, Set<string> | undefined>();
  private timer: NodeJS.Timeout | undefined;
  /** Files whose summaries are being read in the background, so that a node's counts come. */
  private readonly toRead = new Set<string>();
  private reading = false;
  /** The robots.txt files and indexes last served: a change to one can move nodes anywhere in its folder's tree. */
  private readonly listing = new Set<string>();

  /** `remote`: the sitemaps opened from their URL, in groups after the workspace folders (the Node server's). */
  constructor(private readonly connection: Connection, private readonly workspace: Workspace, private readonly source: SiteTreeSource, private readonly remote?: RemoteSiteTree) {}

  register(): void {
    this.connection.onRequest(SITE_TREE_REQUEST, guardRequest(this.connection, SITE_TREE_REQUEST, { nodes: [], limits: LIMITS },
      (params: SiteTreeParams | null | undefined) => this.level(params ?? {})));
  }

  /** The problems the server published for `uri` (kept per URI, as the editor shows them), and the page verdicts among them. */
  published(uri: string, diagnostics: readonly Diagnostic[]): void {
    const counts = publishedCounts(diagnostics);
    if (JSON.stringify(this.problems.get(uri)) === JSON.stringify(counts)) return;
    if (counts === undefined) this.problems.delete(uri);
    else this.problems.set(uri, counts);
    if (remoteUrlOf(uri) !== undefined) this.remoteChanged(uri, false);
    else this.changed(uriToFsPath(uri));
  }

  /** A `sitemap-url:` document opened, changed or closed (`whole`: its group's tree), or its problems changed. */
  remoteChanged(uri: string, whole = true): void {
    const group = this.remote?.groupOf(uri);
    if (group !== undefined) this.pend(group, whole ? undefined : uri);
  }

  /** Site files changed on disk or as typed: a file made or deleted changes the folder's tree, else the file's node. */
  filesChanged(changes: readonly { fsPath: string; type: number }[]): void {
    for (const { fsPath, type } of changes) this.changed(fsPath, type !== FileChangeType.Changed || this.listing.has(fsPath));
  }

  /** A node changed (`whole`: the folder's tree): its folder's clients hear of it, throttled. */
  changed(fsPath: string | undefined, whole = false): void {
    const folder = fsPath === undefined ? undefined : this.workspace.folderOf(fsPath);
    if (folder === undefined || fsPath === undefined) return;
    this.pend(folder.uri, whole ? undefined : fsPathToUri(fsPath));
  }

  /** `node` of the tree `folder` (a workspace folder or a group of sitemaps opened from their URL) changed; undefined: its whole tree. */
  private pend(folder: string, node: string | undefined): void {
    const nodes = this.pending.has(folder) ? this.pending.get(folder) : new Set<string>();
    if (node === undefined || nodes === undefined) this.pending.set(folder, undefined);
    else this.pending.set(folder, nodes.add(node));
    this.timer ??= setTimeout(() => this.flush(), TREE_CHANGED_INTERVAL_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.toRead.clear();
    this.listing.clear();
  }

  private flush(): void {
    this.timer = undefined;
    for (const [folder, nodes] of this.pending) {
      const params: SiteTreeChangedParams = nodes === undefined ? { folder } : { folder, nodes: [...nodes] };
      void this.connection.sendNotification(SITE_TREE_CHANGED_NOTIFICATION, params);
    }
    this.pending.clear();
  }

  private async level(params: SiteTreeParams): Promise<SiteTreeResult> {
    const asked = typeof params.node === 'string' ? params.node : typeof params.folder === 'string' ? params.folder : undefined;
    if (asked === undefined) return { nodes: [...this.workspace.all.map(folderNode), ...this.remote?.groups() ?? []], limits: LIMITS };
    const remote = this.remote?.level(asked);
    if (remote !== undefined) return { nodes: remote.map((node) => this.withPublished(node)), limits: LIMITS };
    const folder = this.workspace.all.find((f) => f.uri === asked);
    if (folder !== undefined) return { nodes: await this.topLevel(folder), limits: LIMITS };
    const fsPath = uriToFsPath(asked);
    const within = fsPath === undefined ? undefined : this.workspace.folderOf(fsPath);
    if (fsPath === undefined || within === undefined) return { nodes: [], limits: LIMITS };
    const facts = await this.factsOf(within.fsPath);
    const file = facts.get(fsPath);
    const byPath = new Map([...facts].map(([p, f]) => [p, f.file]));
    if (file === undefined) return { nodes: [], limits: LIMITS };
    const items = siteTreeChildren(file.file, byPath);
    return { nodes: await this.withEntryRanges(fsPath, this.nodes(items, facts), items), limits: LIMITS };
  }

  /** Each listed node's range in the file that lists it, `fsPath` (`items` made `nodes`, in order). */
  private async withEntryRanges(fsPath: string, nodes: SiteTreeNode[], items: readonly SiteTreeItem[]): Promise<SiteTreeNode[]> {
    const at = items.some((item) => item.entry !== undefined) ? await this.source.positionsIn?.(fsPath) : undefined;
    if (at === undefined) return nodes;
    nodes.forEach((node, k) => {
      const entry = items[k]?.entry;
      if (entry !== undefined) node.range = { start: at(entry.start), end: at(entry.end) };
    });
    return nodes;
  }

  private async topLevel(folder: WorkspaceFolderInfo): Promise<SiteTreeNode[]> {
    const facts = await this.factsOf(folder.fsPath);
    return this.nodes(siteTreeTopLevel([...facts.values()].map((f) => f.file)), facts);
  }

  private async factsOf(folderPath: string): Promise<Map<string, SiteTreeFacts>> {
    const facts = await this.source.factsOf(folderPath);
    for (const [file, { file: { kind } }] of facts) {
      if (kind === 'robots' || kind === 'index') this.listing.add(file);
      else this.listing.delete(file);
    }
    return facts;
  }

  private nodes(items: readonly SiteTreeItem[], facts: ReadonlyMap<string, SiteTreeFacts>): SiteTreeNode[] {
    const unread: string[] = [];
    const nodes = items.map((item) => {
      const known = item.path === undefined ? undefined : facts.get(item.path);
      if (known !== undefined && known.entries === undefined) unread.push(known.file.path);
      return this.nodeOf(item, known);
    });
    this.readLater(unread);
    return nodes;
  }

  private nodeOf(item: SiteTreeItem, known: SiteTreeFacts | undefined): SiteTreeNode {
    const uri = item.path === undefined ? undefined : fsPathToUri(item.path);
    if (item.kind === 'missing') {
      return { id: `missing:${item.url ?? uri}`, kind: 'missing', uri, label: item.url ?? path.basename(item.path ?? ''), url: item.url, hasChildren: false };
    }
    const node: SiteTreeNode = { id: uri!, kind: item.kind, uri, label: path.basename(item.path!), hasChildren: item.hasChildren };
    if (item.url !== undefined) node.url = item.url;
    if (known?.entries !== undefined) node.entries = known.entries;
    if (known?.bytes !== undefined) node.bytes = known.bytes;
    if (known?.newestLastmod !== undefined) node.newestLastmod = known.newestLastmod;
    return this.withPublished(node);
  }

  /** The node with the problems published for its file, if any. */
  private withPublished(node: SiteTreeNode): SiteTreeNode {
    const published = node.uri === undefined || node.kind === 'missing' || node.kind === 'unopened' ? undefined : this.problems.get(node.uri);
    if (published?.problems !== undefined) node.problems = { ...published.problems };
    if (published?.pages !== undefined) node.pages = { ...published.pages };
    return node;
  }

  /** Reads the summaries of the sitemaps shown without counts, one per turn; each one read is notified. */
  private readLater(files: readonly string[]): void {
    for (const file of files) this.toRead.add(file);
    if (this.reading || this.toRead.size === 0) return;
    this.reading = true;
    void (async () => {
      try {
        for (const file of this.toRead) {
          this.toRead.delete(file);
          await yieldToEventLoop();
          if (await this.source.read(file)) this.changed(file);
        }
      } finally {
        this.reading = false;
      }
    })();
  }
}

/** Problems by severity, and the page verdicts among them; undefined for none. */
function publishedCounts(diagnostics: readonly Diagnostic[]): Published | undefined {
  if (diagnostics.length === 0) return undefined;
  const problems = { errors: 0, warnings: 0, others: 0 };
  let pages: Published['pages'];
  for (const d of diagnostics) {
    problems[d.severity === 1 ? 'errors' : d.severity === 2 ? 'warnings' : 'others']++;
    const verdict = PAGE_VERDICTS.get(d.code);
    if (verdict !== undefined) (pages ??= { blocked: 0, noindex: 0, notFound: 0, redirected: 0 })[verdict]++;
  }
  return pages === undefined ? { problems } : { problems, pages };
}

const LIMITS = { entries: MAX_ENTRIES, bytes: MAX_BYTES };

function folderNode(folder: WorkspaceFolderInfo): SiteTreeNode {
  return { id: folder.uri, kind: 'folder', uri: folder.uri, label: folder.name, hasChildren: true };
}
