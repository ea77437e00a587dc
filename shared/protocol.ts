/** The project's own messages between client and server, beyond LSP: method names and parameter types, shared by
 * client/src and server/src so that both sides agree on them. */
import type { Range } from 'vscode-languageserver-types';
import type { DocumentKind, MergeRefusalKind, SplitRefusalKind } from './kinds';

/** What a client asks for in `initialize`'s `initializationOptions`. */
export interface InitializationOptions {
  /** Send {@link STATUS_NOTIFICATION} (other LSP clients do not know it, so it is opt-in). */
  statusNotifications?: boolean;
  /** The client runs {@link SET_LANGUAGE_COMMAND}, so a quick fix may change a document's language. */
  setLanguageCommand?: boolean;
  /** The client runs {@link SPLIT_COMMAND}, so `too-many-entries` and `file-too-large` get a quick fix running it. */
  splitCommand?: boolean;
  /** The client runs {@link ALLOW_HOST_COMMAND}, so `out-of-scope` gets a quick fix allowing the entry's origin. */
  allowHostCommand?: boolean;
  /** The client hears {@link SITE_ROOT_FOUND_NOTIFICATION} (offers to set `sitemap.siteRoots`). */
  siteRootOffer?: boolean;
  /**
   * Whether the workspace is trusted: git runs only then (a repository's config can name programs git runs). Absent
   * (a client without workspace trust): trusted. {@link TRUST_GRANTED_NOTIFICATION} says when trust comes later.
   */
  workspaceTrusted?: boolean;
}

/** Client → server: the user granted the workspace trust; git may run from now on. No parameters. */
export const TRUST_GRANTED_NOTIFICATION = 'sitemap/trustGranted';

/** Client command changing the language of an open document; arguments: its URI and the language id. */
export const SET_LANGUAGE_COMMAND = 'sitemap.setLanguage';

/** Client command adding an origin to the `sitemap.allowedHosts` setting; arguments: the document's URI, the origin. */
export const ALLOW_HOST_COMMAND = 'sitemap.allowHost';

/** Server → client after each validation of a document: its size, from the server's incremental model. */
export const STATUS_NOTIFICATION = 'sitemap/status';

export interface StatusParams {
  /** The document's URI as the client sent it. */
  uri: string;
  kind: DocumentKind;
  /** `<url>` entries of a urlset, `<sitemap>` entries of an index, URL lines of a text sitemap. */
  entries: number;
  /** UTF-8 bytes of the whole text. */
  bytes: number;
}

/** Whether `initializationOptions` (any JSON from any client) turns `option` on. */
export function isOptionOn(initializationOptions: unknown, option: keyof InitializationOptions): boolean {
  return typeof initializationOptions === 'object' && initializationOptions !== null
    && (initializationOptions as InitializationOptions)[option] === true;
}

/**
 * The URI scheme of gzip-compressed sitemaps opened as text (client/src/gzip/): `sitemap-gz:/abs/path/x.xml.gz` names
 * the file at that path, read gunzipped and saved gzipped by the client's file system provider; a file in a workspace
 * folder has its path in the folder and the folder in the query (compressedUri.ts).
 */
export const COMPRESSED_SCHEME = 'sitemap-gz';

/**
 * The URI scheme of sitemaps read from their URL (Sitemap: Open from URL…): read-only documents whose text the client's
 * file system provider asks of the server ({@link REMOTE_SITEMAP_REQUEST}); their location is the URL (remoteUri.ts).
 */
export const REMOTE_SCHEME = 'sitemap-url';

// ---------------------------------------------------------------- edit commands (workspace/executeCommand, any LSP client)

/** Arguments: the document's URI and version. The server applies the edit with `workspace/applyEdit`. */
export const SORT_ENTRIES_COMMAND = 'sitemap.server.sortEntries';
/** Arguments: the document's URI and version. */
export const REMOVE_DUPLICATES_COMMAND = 'sitemap.server.removeDuplicates';
/** Arguments: the document's URI and version, then the selections as LSP ranges (a cursor is an empty range). */
export const SET_LASTMOD_NOW_COMMAND = 'sitemap.server.setLastmodNow';
/** Arguments: the document's URI and version, then `'xml'` or `'text'`. Returns the text; the client writes the file. */
export const CONVERT_COMMAND = 'sitemap.server.convert';

/** Arguments: the document's URI and version. Appends the site's unlisted pages (the page rules' sites), dated from git. */
export const ADD_UNLISTED_PAGES_COMMAND = 'sitemap.server.addUnlistedPages';
/** Arguments: the document's URI and version, then the selections as LSP ranges (all empty: the whole file). */
export const SET_LASTMOD_FROM_HISTORY_COMMAND = 'sitemap.server.setLastmodFromHistory';

export const EDIT_COMMANDS: readonly string[] = [
  SORT_ENTRIES_COMMAND, REMOVE_DUPLICATES_COMMAND, SET_LASTMOD_NOW_COMMAND, CONVERT_COMMAND, ADD_UNLISTED_PAGES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND,
];

/**
 * What a server can do beyond the per-file features and the edits above, in its `initialize` answer as
 * `capabilities.experimental.sitemap`: the VS Code client offers the commands that need it only where the server says so
 * (context keys in package.json's `when` clauses), whatever the workbench (a browser's, on a Node extension host).
 */
export interface ServerAbilities {
  /** Add Unlisted Pages: the server reads the built pages under a site root (the Node server). */
  pageEdits: boolean;
  /** Set lastmod from Git History: the server runs git (the Node server; git itself may still be missing). */
  gitHistory: boolean;
}

export interface EditCommandResult {
  /**
   * `applied`: the client applied the edit; `unchanged`: nothing to do (already sorted, no duplicates, no entry in
   * the selections); `not-editable`: no sitemap root, or `xml-syntax` errors; `stale`: the document is no longer at
   * that version; `rejected`: the client did not apply the edit; `not-open`: the server does not hold the document.
   */
  status: 'applied' | 'unchanged' | 'not-editable' | 'stale' | 'rejected' | 'not-open';
  /** Entries moved (sort), removed (duplicates) or set (lastmod). */
  count?: number;
  /** The lastmod value written. */
  value?: string;
  /**
   * The page commands, when nothing applied: `no-site`: no site root maps a folder of built pages for the document;
   * `no-history`: git dates none of the entries (`detail` says why: untrusted workspace, shallow clone, no git…);
   * `too-many`: the pages would take the file past sitemap.limits.maxEntries (`count` more fit).
   */
  reason?: 'no-site' | 'no-history' | 'too-many';
  detail?: string;
  /** Add Unlisted Pages: the entries written with a `<lastmod>` from git. */
  dated?: number;
}

export interface ConvertCommandResult {
  status: 'converted' | 'not-editable' | 'stale' | 'not-open';
  text?: string;
  entries?: number;
  /** What the other form cannot hold, by kind (`lastmod`, `image:image`, `comment`, …) → count. */
  dropped?: Record<string, number>;
  /** To XML: the lines that are no URL (1-based number, trimmed text). */
  skippedLines?: Array<{ line: number; text: string }>;
  /** To XML: the URL lines written percent-encoded. */
  encodedLines?: Array<{ line: number; text: string }>;
}

// ---------------------------------------------------------------- Merge Index into One Sitemap

/** Client → server: the sitemap an open index merges into, from its children (open documents, else files, gzip too). */
export const MERGE_INDEX_REQUEST = 'sitemap/mergeIndex';

export interface MergeIndexParams {
  /** The index document's URI (it must be open). */
  uri: string;
  /** Merge the children that can be read when others cannot (the user accepted losing their entries); refused otherwise. */
  allowMissing?: boolean;
}

export interface MergeIndexChild {
  /** The `<loc>` as the index lists it (decoded). */
  loc: string;
  /** The file it was read from (its open document's, when open). */
  uri?: string;
  /** Why it could not be read: no local file for the URL, no such file, or unreadable (corrupt gzip…). */
  problem?: 'unmapped' | 'not-found' | 'unreadable';
  /** Its entries, when read. */
  entries?: number;
}

export interface MergeIndexResult {
  /** The index's version the merge was made from: apply only onto that version. */
  version: number;
  children: MergeIndexChild[];
  /** Present when every child was read and merged (or, with `allowMissing`, every child that could be read). */
  merged?: {
    text: string; entries: number; bytes: number; addedNamespaces: string[]; droppedLines: number;
    /** Entries whose URL an earlier entry of the merged sitemap already lists. */
    duplicateUrls: number;
  };
  /** Why there is no merge: a child missing (unless `allowMissing`), a limit, an ill-formed child… */
  refused?: {
    kind: 'not-open' | 'missing-children' | MergeRefusalKind;
    message: string;
    /** Where: the child (or the index) and the range of the cause. */
    uri?: string;
    range?: Range;
    /** The merged sitemap's entries or bytes against the limit. */
    count?: number;
    limit?: number;
  };
}

// ---------------------------------------------------------------- Add to robots.txt

/**
 * Client → server: which of the sitemaps a robots.txt lists are indexes that list a given sitemap (Add to robots.txt
 * says the sitemap is reachable already). Each URL is mapped to a workspace file as the robots.txt's own links are.
 */
export const LISTING_INDEXES_REQUEST = 'sitemap/listingIndexes';

export interface ListingIndexesParams {
  /** The robots.txt's URI (a file; it need not be open). */
  robotsUri: string;
  /** The URLs of its `Sitemap:` lines. */
  urls: string[];
  /** The sitemap's public URL. */
  sitemapUrl: string;
}

export interface ListingIndexesResult {
  /** Those of `urls` whose file is a sitemap index listing `sitemapUrl`, in the order given. */
  indexes: string[];
}

// ---------------------------------------------------------------- Split into Index

/** Client command splitting a sitemap into children and an index; argument: a document or file URI (optional). */
export const SPLIT_COMMAND = 'sitemap.splitIntoIndex';

/**
 * Client → server: what the commands' prompts need about a document (Split into Index, Add to robots.txt). For a file
 * that is not open (one too large for the editor, split from disk) only where it is published: `open` false, `kind`
 * unknown, no counts.
 */
export const DOCUMENT_INFO_REQUEST = 'sitemap/documentInfo';

export interface DocumentInfoParams {
  uri: string;
}

export interface DocumentInfo {
  open: boolean;
  kind: DocumentKind;
  entries: number;
  /** UTF-8 bytes of the whole text. */
  bytes: number;
  /** The sitemap's public URL, from `sitemap.siteRoots` or a robots.txt. */
  location?: string;
  /** The origin of the first entry URL (`https://www.example.com`). */
  firstOrigin?: string;
  /** The first `xml-syntax` problem: the split refuses the document. */
  syntaxError?: Range;
}

/** Client → server: the children and the index for the document's current text. Answers `null` when it is not open. */
export const SPLIT_PLAN_REQUEST = 'sitemap/splitPlan';

/** How Split into Index cuts a sitemap: what the editor asks, this request carries and sitemap-split's options set. */
export interface SplitParameters {
  maxEntries: number;
  maxBytes: number;
  /** The children's public folder, ending in `/`. */
  baseUrl: string;
  /** The children's file names relative to the original's folder; `{n}` is the child's number from 1. */
  namePattern: string;
}

export interface SplitPlanParams extends SplitParameters {
  uri: string;
}

export interface SplitPlanChild {
  name: string;
  /** Its `<loc>` in the index. */
  loc: string;
  text: string;
  entries: number;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  lastmod?: string;
}

export interface SplitPlanResult {
  /** The document version the plan was made from. */
  version: number;
  children?: SplitPlanChild[];
  index?: string;
  refused?: { reason: SplitRefusalKind; range: Range };
}

// ---------------------------------------------------------------- Check Site

/**
 * Client → server: lint every sitemap and robots.txt of each workspace folder (a site each, as `sitemap-lint <folder>`
 * lints it) and publish every checked file's problems, clean ones too; progress with a `workDoneToken`. Cancelling
 * stops at once: nothing published, the previous run's problems stay, the answer is RequestCancelled. A new request
 * cancels one running.
 */
export const CHECK_SITE_REQUEST = 'sitemap/checkSite';

export interface CheckSiteParams {
  workDoneToken?: string | number;
}

export interface CheckSiteResult {
  /** Workspace folders checked (file-system folders only). */
  folders: number;
  /** Sitemaps and robots.txt files checked; 0 when the workspace has none. */
  files: number;
  /** Problems found, by severity. */
  errors: number;
  warnings: number;
  /** Information and hints. */
  others: number;
  /** Files left out because they could not be read (a corrupt gzip…), with why. */
  unreadable: Array<{ uri: string; reason: string }>;
  /** Files kept changing on disk while it ran, also when run again: the results may mix what they held before and after. */
  changedWhileChecking?: boolean;
}

// ---------------------------------------------------------------- Check Listed URLs Live (issue 34)

/**
 * Client → server: asks each URL an open urlset or text sitemap lists (as the editor holds it) what it answers over HTTP
 * (the live check: robots.txt first, politely), on the document's own origin, or `sitemap.live.origin`'s. Progress
 * with a `workDoneToken` ("1,204 of 5,000 URLs"); the verdicts are published with the document's own problems as they
 * are known, on the `<loc>` of each entry listing the URL, until the command runs again on it or it closes.
 * Cancelling stops every request at once: the answer is then RequestCancelled, the verdicts known so far stay. Fails
 * with a one-line message for a document it cannot check (no location, an index, the web worker's server).
 */
export const CHECK_LIVE_REQUEST = 'sitemap/checkLive';

export interface CheckLiveParams {
  /** The open document's URI. */
  uri: string;
  workDoneToken?: string | number;
}

export interface CheckLiveResult {
  /** Distinct URLs asked (the sitemap's own origin's). */
  checked: number;
  /** Distinct URLs with a verdict the settings report, by rule id. */
  problems: Record<string, number>;
  /** Distinct listed URLs on another origin than the sitemap's: never asked (out-of-scope says so). */
  otherOrigins: number;
  /** Said once per origin: a robots.txt that could not be read, so nothing was asked. */
  notes: string[];
}

// ---------------------------------------------------------------- Compare with Last Commit / with File (sitemap-diff in the editor)

/**
 * Request comparing an open sitemap, as the editor holds it (unsaved edits included; an index with its children from
 * disk), with an old side: `otherUri` (a file), else `revision` (`HEAD` when neither is given: the last commit).
 */
export const COMPARE_REQUEST = 'sitemap/compare';

export interface CompareParams {
  uri: string;
  /** A git revision (`HEAD`, `HEAD~3`, a branch, a tag, a hash): the open file's content there, read with `git show`. */
  revision?: string;
  /** Another sitemap file (`file:` URI): its content on disk. */
  otherUri?: string;
}

/** Why no comparison: the old side could not be read (git runs only in a trusted workspace). */
export type CompareRefusalKind = 'not-open' | 'untrusted' | 'no-git' | 'not-in-repository' | 'missing-revision' | 'unreadable';

export interface CompareDiff {
  added: string[];
  removed: string[];
  lastmodChanged: { url: string; from: string | null; to: string | null }[];
  counts: { old: number; new: number; added: number; removed: number; lastmodChanged: number };
}

export interface CompareResult {
  /** What each side is: `HEAD:path/in/repository` or a path, and the open document's path. */
  old: string;
  new: string;
  /** sitemap-diff's JSON; absent when refused. */
  diff?: CompareDiff;
  /** The lists as `sitemap-diff --format markdown --all` prints them. */
  markdown?: string;
  /** The file is not at that revision (new since): the old side is empty, every URL added. */
  oldMissing?: boolean;
  refused?: { kind: CompareRefusalKind; message: string };
}

// ---------------------------------------------------------------- the Sitemaps view (issue 24)

/**
 * Request for one level of a workspace's sitemap tree, lazily. No params (or `{}`): the workspace folders, then a group
 * (`origin`) per origin of the sitemaps opened from their URL (`sitemap-url:` documents, as long as they are open).
 * `{ folder }` or `{ node }` naming a folder or a group: its first level (its robots.txt files, then the sitemaps
 * nothing lists). `{ node }` naming a robots.txt or an index: what it lists, in its order (a file missing from the
 * workspace as `missing`; in a `sitemap-url:` document, an http(s) URL not opened as `unopened`).
 */
export const SITE_TREE_REQUEST = 'sitemap/siteTree';

export interface SiteTreeParams {
  /** A workspace folder's URI. */
  folder?: string;
  /** A node's `id`, from an earlier answer. */
  node?: string;
}

/**
 * `origin`: the group of the sitemaps opened from their URL whose text came from that origin (after redirects).
 * `unopened`: a URL a `sitemap-url:` robots.txt or index lists, not open: nothing is read until its `uri` is opened.
 */
export type SiteTreeNodeKind = 'folder' | 'origin' | 'robots' | 'index' | 'sitemap' | 'text' | 'missing' | 'unopened';

export interface SiteTreeNode {
  /** What to send back as `node` for its children; a file's URI for a file. */
  id: string;
  kind: SiteTreeNodeKind;
  /** The file's (a folder's) URI; a missing file's where its URL maps to a path in the workspace; an unopened one's `sitemap-url:` URI. */
  uri?: string;
  /** The file's name; a missing file's URL; an origin; a `sitemap-url:` document's path and query (its URL on another origin). */
  label: string;
  /** The URL its parent lists it by. */
  url?: string;
  /** Where its parent lists it: the `<loc>`'s text, a robots.txt `Sitemap:` line's URL (absent in a `.gz` parent). */
  range?: Range;
  /** `<url>`s, `<sitemap>`s, URL lines or `Sitemap:` lines; absent while not read yet (a `sitemap/siteTreeChanged` follows). */
  entries?: number;
  /** Uncompressed size in bytes (a gzip file's inflated text, in UTF-16 units); absent while not read. */
  bytes?: number;
  /** The newest `<lastmod>`, as written. */
  newestLastmod?: string;
  /** Problems the server published for the file (its own and cross-file, Check Site's for a closed file). */
  problems?: { errors: number; warnings: number; others: number };
  /**
   * A sitemap under a site root with built pages: its entries by the page rules' verdict, as published (`blocked-by-robots`,
   * `noindex-page`, `page-not-found`, `page-redirect`); absent when none was published. Capped as the problems are.
   */
  pages?: { blocked: number; noindex: number; notFound: number; redirected: number };
  hasChildren: boolean;
}

export interface SiteTreeResult {
  nodes: SiteTreeNode[];
  /** The protocol's limits, for the entries and bytes of each node. */
  limits: { entries: number; bytes: number };
}

/** Notification: the tree changed (files on disk, an edit, new problems); at most one per folder every 250 ms. */
export const SITE_TREE_CHANGED_NOTIFICATION = 'sitemap/siteTreeChanged';

export interface SiteTreeChangedParams {
  /** The workspace folder's URI, or an `origin` group's id (without `nodes`: groups may have come or gone). */
  folder: string;
  /** The changed nodes' ids (files' URIs): refresh these; absent: refresh the folder's whole tree. */
  nodes?: string[];
}

// ---------------------------------------------------------------- workspace files read through the client (server → client)

export interface InitializationOptions {
  /**
   * The client answers {@link READ_FILE_REQUEST} for any URI of its workspace (VS Code for the Web: through
   * `workspace.fs`, so on virtual file systems too). Asked by the web worker's server only; without it, no document
   * there has a site (checked alone, as an `untitled:` one).
   */
  workspaceFiles?: boolean;
}

/**
 * Client → server request: a sitemap, index, text sitemap or robots.txt read from its URL (Sitemap: Open from URL…,
 * the `sitemap-url:` file system): redirects followed as Google follows them, gzip undone, never past the protocol's
 * limit. Fails with a one-line message when it cannot be read (not http(s), refused address, an answer other than 2xx,
 * a timeout); a server without the live check (the web worker's) fails it so too.
 */
export const REMOTE_SITEMAP_REQUEST = 'sitemap/readUrl';

export interface RemoteSitemapParams {
  /** The http(s) URL. */
  url: string;
}

export interface RemoteSitemapResult {
  /** The bytes read, gzip undone, base64. */
  data: string;
  /** Where the text came from, after the redirects: the document's location. */
  finalUrl: string;
  /** Each redirect's target, in order (empty when none). */
  redirects: string[];
}

/** Server → client request: a file's first bytes and its stamp; answers null when there is no such file. */
export const READ_FILE_REQUEST = 'sitemap/readFile';

export interface ReadFileParams {
  /** The file's URI (any scheme the client reads: `file:`, `vscode-vfs:`…). */
  uri: string;
  /** How many bytes from the start are wanted (the client may send fewer when the file is shorter). */
  maxBytes: number;
  /**
   * False: no stamp is wanted (the page rules' reads of built pages, robots.txt, redirects files), so the client need
   * not stat the file, one call less to where the files are; it may answer `mtime` 0. Absent: true.
   */
  stamp?: boolean;
}

export interface ReadFileResult {
  /** Modification time, milliseconds since the epoch. */
  mtime: number;
  /** The file's whole size in bytes. */
  size: number;
  /** Its first `maxBytes` bytes, base64. */
  data: string;
}

/**
 * Server → client request, with `workspaceFiles`: the site files of a workspace folder (robots.txt, `*.xml`, `*.txt`,
 * their `.gz`), as URIs, at most `maxFiles`; the server reads them with {@link READ_FILE_REQUEST} for the cross-file rules.
 */
export const FIND_SITE_FILES_REQUEST = 'sitemap/findSiteFiles';

export interface FindSiteFilesParams {
  /** The workspace folder's URI. */
  folder: string;
  maxFiles: number;
  /**
   * `built`: every file under `folder` (a site root's built folder: its pages, redirects files, assets), for the page
   * rules; `pages`: the built pages at its top or one folder down (`*.html`, `*.htm`, `*\/index.html`), to tell whether
   * it holds any (asked with `maxFiles` 1); `siteRootEvidence`: the files site roots are inferred from
   * (shared/siteInference.ts's ROOT_EVIDENCE_FILES) in `folder` and its first-level folders; else (absent) the site files
   * (robots.txt, sitemaps). The client owns the globs.
   */
  kind?: 'built' | 'pages' | 'siteRootEvidence';
}

// ---------------------------------------------------------------- the web worker's scripts loaded on first need (server → client)

/**
 * Server → client request, web build only: the text of one of the extension's own scripts that the web worker loads
 * when first needed (`pageRules`: dist/web/pageRules.js, htmlparser2 and the page rules). The worker cannot fetch the
 * extension's files itself (a `vscode-remote:` URL is the extension host's to resolve); the client reads them.
 */
export const READ_SCRIPT_REQUEST = 'sitemap/readScript';

export type ServerScriptName = 'pageRules';

export interface ReadScriptParams {
  name: ServerScriptName;
}

// ---------------------------------------------------------------- a site root the files name (server → client, issue 32)

/**
 * Notification: a folder of built pages whose origin the workspace's files name (a robots.txt's `Sitemap:` lines, a
 * generator's config, a CNAME file) while `sitemap.siteRoots` maps no folder of it. The VS Code client offers to set the
 * setting; other clients may ignore it (the server uses the inferred root anyway, and says so in its log). Sent once
 * per workspace folder, folder and URL in a server's life.
 */
export const SITE_ROOT_FOUND_NOTIFICATION = 'sitemap/siteRootFound';

export interface SiteRootFoundParams {
  /** The workspace folder's URI. */
  workspaceFolder: string;
  /** The built folder, relative to the workspace folder with `/` (`''` for the workspace folder itself). */
  folder: string;
  /** The site's root URL. */
  url: string;
  /** Where it was read, for the offer: `hugo.toml's baseURL`, `public/CNAME`. */
  source: string;
}

// ---------------------------------------------------------------- a sitemap.pageSources mapping that maps nothing (server → client, issue 32)

export interface InitializationOptions {
  /**
   * The client shows {@link PAGE_SOURCES_UNMAPPED_NOTIFICATION} as a warning on the setting itself: the server then only
   * logs the note it would otherwise show as a message.
   */
  pageSourcesWarnings?: boolean;
}

/**
 * Notification, with `pageSourcesWarnings`: the `sitemap.pageSources` mappings of a workspace folder that map none of
 * their built folder's pages to a file git tracks, as the folder's last page check found them (read while a lastmod rule
 * is on in a trusted workspace). Sent when the list changes; an empty list clears what an earlier one said.
 */
export const PAGE_SOURCES_UNMAPPED_NOTIFICATION = 'sitemap/pageSourcesUnmapped';

export interface PageSourcesUnmappedParams {
  /** The workspace folder's URI. */
  workspaceFolder: string;
  mappings: UnmappedPageSources[];
}

export interface UnmappedPageSources {
  /** The built folder whose mapping maps nothing, relative to the workspace folder with `/` (`''`: the folder itself),
   * as {@link pageSourcesFolder} reads the setting's keys. */
  folder: string;
  /** The note, for a client that cannot show it on the setting (the user settings). */
  message: string;
}

/** The built folder a `sitemap.pageSources` key names, normalised as `sitemap.siteRoots`' keys are (`./public/` is `public`, `.` is `''`). */
export function pageSourcesFolder(key: string): string {
  return key.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '').replace(/^\.$/, '');
}
