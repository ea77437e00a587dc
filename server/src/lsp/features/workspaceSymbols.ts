/** `workspace/symbol`: a URL across the workspace's sitemaps, open (their live models) or on disk (each parsed once into a
 * compact URL index, cached by path, mtime and size, dropped on a watched-file event). The walk and the results are
 * bounded (MAX_FILES, MAX_RESULTS). */
import { promises as fsp, type Stats } from 'node:fs';
import * as path from 'node:path';
import { FileChangeType, SymbolKind, type CancellationToken, type Connection, type SymbolInformation } from 'vscode-languageserver';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { maySearchSymbolsIn, symbolLanguageOf } from '../../../../shared/documentLanguage';
import {
  indexEntryUrls, parseDocument, searchUrls, type DocumentKind, type SitemapDocument, type SitemapLanguageId, type UrlSearchIndex,
} from '../../language/languageService';
import type { DocumentStore } from '../documents/documentStore';
import { logFailure } from '../guard';
import { decodeFileText, readHeadText } from '../../node/files';
import { walkFolders } from '../../node/folderWalk';
import { fsPathToUri, relativeInside, type Workspace } from '../documents/workspace';

/** Candidate files (`.xml`, `sitemap*.txt`) one walk collects at most. */
export const MAX_FILES = 2000;
/** Directory entries one walk looks at, at most (a huge workspace is not walked to its end). */
export const MAX_VISITED = 100_000;
export const MAX_RESULTS = 1000;
/** Larger files are not indexed (the protocol's limit is 50 MB). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Files whose modification time is asked for at once. */
const CONCURRENCY = 16;

interface IndexedFile {
  mtimeMs: number;
  size: number;
  /** `null` for a file that is not a sitemap. */
  index: UrlSearchIndex | null;
  kind: DocumentKind;
}

interface Source {
  uri: string;
  fsPath: string | undefined;
  kind: DocumentKind;
  index: UrlSearchIndex;
}

export function registerWorkspaceSymbols(connection: Connection, symbols: WorkspaceSymbols): void {
  connection.onWorkspaceSymbol(async (params, token) => {
    try {
      return await symbols.find(typeof params?.query === 'string' ? params.query : '', token);
    } catch (error) {
      logFailure(connection, 'workspace/symbol', error);
      return [];
    }
  });
}

export class WorkspaceSymbols {
  private readonly files = new Map<string, IndexedFile>();
  /** Indexes of open documents, for the version they were made from. */
  private readonly open = new WeakMap<SitemapDocument, { version: number; length: number; index: UrlSearchIndex }>();
  private walked: Promise<string[]> | undefined;
  /** Whether the client reports file changes (then the walk is kept until one says a file came or went). */
  watching = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly workspace: Workspace,
  ) {}

  /** A watched-file event. */
  fileChanged(fsPath: string, type: FileChangeType): void {
    this.files.delete(fsPath);
    if (type !== FileChangeType.Changed && maySearchSymbolsIn(path.basename(fsPath))) this.walked = undefined;
  }

  /** The workspace folders changed. */
  foldersChanged(): void {
    this.walked = undefined;
    this.files.clear();
  }

  async find(query: string, token?: CancellationToken): Promise<SymbolInformation[]> {
    const results: SymbolInformation[] = [];
    const collect = (source: Source): boolean => {
      const containerName = this.containerName(source);
      const kind = source.kind === 'sitemapindex' ? SymbolKind.File : SymbolKind.String;
      searchUrls(source.index, query, (match) => {
        results.push({ name: match.url, kind, containerName, location: { uri: source.uri, range: { start: match.start, end: match.end } } });
        return results.length < MAX_RESULTS;
      });
      return results.length < MAX_RESULTS;
    };

    const openPaths = new Set<string>();
    for (const entry of this.store.all()) {
      if (entry.fsPath !== undefined) openPaths.add(entry.fsPath);
      if (!collect({ uri: entry.uri, fsPath: entry.fsPath, kind: entry.doc.kind, index: this.indexOpen(entry.doc, entry.version) })) return results;
    }

    const files = (await this.walk()).filter((file) => !openPaths.has(file));
    for (let at = 0; at < files.length; at += CONCURRENCY) {
      if (token?.isCancellationRequested === true) return results;
      const batch = files.slice(at, at + CONCURRENCY);
      // Stat a batch at once; read and parse one file at a time (a few large sitemaps must not be in memory together).
      const stats = await Promise.all(batch.map((file) => fsp.stat(file).catch(() => undefined)));
      for (let k = 0; k < batch.length; k++) {
        const file = await this.indexFile(batch[k], stats[k]);
        // Opened while we were reading: its model was searched already.
        if (file?.index == null || this.store.getByPath(batch[k]) !== undefined) continue;
        if (!collect({ uri: fsPathToUri(batch[k]), fsPath: batch[k], kind: file.kind, index: file.index })) return results;
      }
    }
    return results;
  }

  private indexOpen(doc: SitemapDocument, version: number): UrlSearchIndex {
    const cached = this.open.get(doc);
    if (cached !== undefined && cached.version === version && cached.length === doc.length) return cached.index;
    const index = indexEntryUrls(doc);
    this.open.set(doc, { version, length: doc.length, index });
    return index;
  }

  /** The file's index, from the cache while the file is unchanged; `undefined` when it cannot be read. */
  private async indexFile(fsPath: string, stat: Stats | undefined): Promise<IndexedFile | undefined> {
    if (stat === undefined || !stat.isFile()) {
      this.files.delete(fsPath);
      return undefined;
    }
    const cached = this.files.get(fsPath);
    if (cached !== undefined && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    const indexed: IndexedFile = { mtimeMs: stat.mtimeMs, size: stat.size, index: null, kind: 'unknown' };
    const languageId = sitemapLanguageOfFile(fsPath);
    if (languageId !== undefined && stat.size <= MAX_FILE_BYTES) {
      try {
        // Decoded as the editor's document is (UTF-16 too, the byte-order mark dropped): positions must agree with theirs.
        const doc = parseDocument(decodeFileText(await fsp.readFile(fsPath)), languageId);
        indexed.index = indexEntryUrls(doc);
        indexed.kind = doc.kind;
      } catch {
        return undefined;
      }
    }
    this.files.set(fsPath, indexed);
    return indexed;
  }

  private containerName(source: Source): string {
    if (source.fsPath === undefined) return source.uri;
    const folder = this.workspace.folderOf(source.fsPath);
    const relative = folder !== undefined ? relativeInside(folder.fsPath, source.fsPath) : undefined;
    return relative ?? path.basename(source.fsPath);
  }

  private walk(): Promise<string[]> {
    if (this.walked !== undefined) return this.walked;
    const walked = findCandidateFiles(this.workspace.all.map((f) => f.fsPath));
    // Without file events, a cached walk would never learn of new files: walk again on every query.
    if (this.watching) {
      this.walked = walked;
      walked.catch(() => {
        if (this.walked === walked) this.walked = undefined;
      });
    }
    return walked;
  }
}

/**
 * Which sitemap language a file on disk is: `sitemap-txt` by name, `sitemap` by name or (any other `.xml`) by its
 * root element, sniffed from the first bytes; `undefined` for other files.
 */
export function sitemapLanguageOfFile(fsPath: string): SitemapLanguageId | undefined {
  return symbolLanguageOf(path.basename(fsPath), () => readHeadText(fsPath, SNIFF_LENGTH * 4)?.slice(0, SNIFF_LENGTH));
}

/** `.xml` and `sitemap*.txt` files under `roots`, in walk order (node/folderWalk.ts), within the bounds above. */
export async function findCandidateFiles(roots: readonly string[]): Promise<string[]> {
  return (await walkFolders(roots, { wanted: maySearchSymbolsIn, limits: { maxFiles: MAX_FILES, maxVisited: MAX_VISITED } })).files;
}
