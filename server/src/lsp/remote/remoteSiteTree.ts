/** The Sitemaps view's sitemaps opened from their URL (`sitemap-url:` documents, Sitemap: Open from URL…): a group per
 * origin their text came from, holding its robots.txt files and the sitemaps no opened file lists, as a workspace
 * folder holds its files; below a robots.txt or an index, what it lists: an opened one as itself, any other http(s) URL
 * as `unopened` — the view reads nothing over HTTP itself, a click opens it. Built from the open documents alone, so a
 * closed one leaves the tree. */
import { siteTreeChildren, siteTreeTopLevel, type SiteSummary, type SiteTreeItem } from '../../language/languageService';
import type { SiteTreeNode } from '../../../../shared/protocol';
import { remoteUrlOf, toRemoteUri } from '../../../../shared/remoteUri';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { factsOfSummary, type SiteTreeFacts } from '../site/siteTreeSummary';

/** An origin group's node id: not a document's URI (those have the URL in their query). */
const ORIGIN_ID = 'sitemap-url-origin:';

/** An opened document as the tree takes it: its facts keyed by its URL, the group it is in. */
interface Opened {
  entry: OpenDocument;
  url: string;
  origin: string;
  facts: SiteTreeFacts;
}

export class RemoteSiteTree {
  constructor(
    private readonly store: DocumentStore,
    /** Where a `sitemap-url:` document's text came from (after its redirects): its group's origin. */
    private readonly locationOf: (uri: string) => string | undefined,
    private readonly summaryOf: (entry: OpenDocument) => SiteSummary,
  ) {}

  /** The groups, one per origin with an opened document, in the origins' order. */
  groups(): SiteTreeNode[] {
    const origins = [...new Set(this.opened().map((file) => file.origin))].sort();
    return origins.map((origin) => ({ id: `${ORIGIN_ID}${origin}`, kind: 'origin', label: origin, hasChildren: true }));
  }

  /** The id of the group a `sitemap-url:` document is (or was) in; undefined for any other URI. */
  groupOf(uri: string): string | undefined {
    const origin = originOf(this.locationOf(uri));
    return origin === undefined ? undefined : `${ORIGIN_ID}${origin}`;
  }

  /** The children of a group or of an opened document; undefined when `id` is neither (a workspace node). */
  level(id: string): SiteTreeNode[] | undefined {
    if (!id.startsWith(ORIGIN_ID) && remoteUrlOf(id) === undefined) return undefined;
    const opened = this.opened();
    const byUrl = new Map(opened.map((file) => [file.url, file]));
    if (id.startsWith(ORIGIN_ID)) {
      const origin = id.slice(ORIGIN_ID.length);
      const top = siteTreeTopLevel(opened.map((file) => file.facts.file)).filter((item) => byUrl.get(item.path!)?.origin === origin);
      return top.map((item) => this.nodeOf(item, byUrl, origin));
    }
    const parent = opened.find((file) => file.entry.uri === id);
    if (parent === undefined) return [];
    const files = new Map(opened.map((file) => [file.url, file.facts.file]));
    return siteTreeChildren(parent.facts.file, files).map((item) => {
      const node = this.nodeOf(item, byUrl, parent.origin);
      if (item.entry !== undefined) node.range = { start: parent.entry.doc.positionAt(item.entry.start), end: parent.entry.doc.positionAt(item.entry.end) };
      return node;
    });
  }

  /** The open `sitemap-url:` documents, by URL. */
  private opened(): Opened[] {
    const opened: Opened[] = [];
    for (const entry of this.store.all()) {
      const url = remoteUrlOf(entry.uri);
      const origin = url === undefined ? undefined : originOf(this.locationOf(entry.uri));
      if (url === undefined || origin === undefined) continue;
      const facts = factsOfSummary(url, this.summaryOf(entry), entry.doc.length, listedTarget);
      opened.push({ entry, url, origin, facts });
    }
    return opened.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  }

  private nodeOf(item: SiteTreeItem, byUrl: ReadonlyMap<string, Opened>, origin: string): SiteTreeNode {
    const file = item.path === undefined ? undefined : byUrl.get(item.path);
    if (file === undefined) return notOpened(item, origin);
    const { entry, url, facts } = file;
    const node: SiteTreeNode = { id: entry.uri, kind: item.kind, uri: entry.uri, label: labelOf(url, origin), hasChildren: item.hasChildren };
    if (item.url !== undefined) node.url = item.url;
    if (facts.entries !== undefined) node.entries = facts.entries;
    if (facts.bytes !== undefined) node.bytes = facts.bytes;
    if (facts.newestLastmod !== undefined) node.newestLastmod = facts.newestLastmod;
    return node;
  }
}

/** A listed URL not opened: `unopened` with the URI that opens it when it is an http(s) URL, else `missing`. */
function notOpened(item: SiteTreeItem, origin: string): SiteTreeNode {
  const url = item.url ?? '';
  if (item.path === undefined) return { id: `missing:${url}`, kind: 'missing', label: url, url, hasChildren: false };
  const uri = toRemoteUri(item.path);
  return { id: uri, kind: 'unopened', uri, label: labelOf(item.path, origin), url, hasChildren: false };
}

/** What a listed URL of a document read from its URL opens: itself, when it is an http(s) URL (as its document link). */
function listedTarget(url: string): string | undefined {
  return /^https?:\/\//i.test(url) && URL.canParse(url) ? url : undefined;
}

/** A URL by its path and query in its own origin's group, else whole. */
function labelOf(url: string, origin: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const { origin } = new URL(url);
  return origin === 'null' ? undefined : origin;
}
