/** For `nested-index`: does an index's `<loc>` name a workspace file that is itself an index? The file's root comes from
 * its open document, else is sniffed from its first 4 KB on disk (gzip too), cached by path, mtime and size. */
import * as path from 'node:path';
import { sniffSitemapRoot } from '../../../../shared/contentDetection';
import type { ServerSettings } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { decodeFileText, inflateHead, readHead, stampOf, type FileStamp } from '../../node/files';
import { childBelow } from '../../../../shared/indexChildren';
import { urlToFileFor } from './urlToFile';
import type { Workspace } from '../documents/workspace';

const SNIFF_BYTES = 4096;
/** Bound on what a 4 KB gzip prefix may inflate to (deflate's worst case is about 1:1032). */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

export type IndexLookup = (url: string) => boolean | undefined;

export class NestedIndexResolver {
  private readonly sniffed = new Map<string, { stamp: FileStamp; isIndex: boolean }>();
  /** The last answer given to the language layer per file: when one changes, index documents are re-checked. */
  private readonly answered = new Map<string, boolean | undefined>();

  constructor(
    private readonly store: DocumentStore,
    private readonly workspace: Workspace,
  ) {}

  /** The `isSitemapIndex` of the validation context of `entry` (`undefined` for documents that are not files). */
  lookupFor(entry: OpenDocument, settings: ServerSettings, location: string | undefined): IndexLookup | undefined {
    const urlToFile = urlToFileFor(this.workspace, entry, settings, location);
    const fsPath = entry.fsPath;
    if (urlToFile === undefined || fsPath === undefined) return undefined;
    return (url: string) => {
      // Its location unknown, an index's children are below its folder (never itself), as missing-sitemap-file finds them.
      const targetPath = urlToFile(url) ?? (location === undefined ? childBelow(fsPath, url, (f) => this.existsAsked(f), path.sep) : undefined);
      if (targetPath === undefined) return undefined;
      const answer = this.isIndexFile(targetPath);
      this.answered.set(targetPath, answer);
      return answer;
    };
  }

  /**
   * Something happened to a file (changed on disk, opened, closed, its root edited). Returns whether an answer
   * already given about it is now different, i.e. whether index documents must be re-checked.
   */
  pathChanged(fsPath: string): boolean {
    const file = path.normalize(fsPath);
    this.sniffed.delete(file);
    if (!this.answered.has(file)) return false;
    const before = this.answered.get(file);
    const now = this.isIndexFile(file);
    this.answered.set(file, now);
    return before !== now;
  }

  clear(): void {
    this.sniffed.clear();
    this.answered.clear();
  }

  /** Whether a file is open or on disk; one that is not is remembered as asked about, so that its coming re-checks. */
  private existsAsked(fsPath: string): boolean {
    const there = this.store.getByPath(fsPath) !== undefined || stampOf(fsPath) !== undefined;
    if (!there && !this.answered.has(fsPath)) this.answered.set(fsPath, undefined);
    return there;
  }

  private isIndexFile(fsPath: string): boolean | undefined {
    const open = this.store.getByPath(fsPath);
    if (open !== undefined) return open.doc.kind === 'sitemapindex';
    const stamp = stampOf(fsPath);
    if (stamp === undefined) {
      this.sniffed.delete(fsPath);
      return undefined;
    }
    const cached = this.sniffed.get(fsPath);
    if (cached !== undefined && cached.stamp.mtimeMs === stamp.mtimeMs && cached.stamp.size === stamp.size) return cached.isIndex;
    const isIndex = sniffIsIndex(readHead(fsPath, SNIFF_BYTES));
    this.sniffed.set(fsPath, { stamp, isIndex });
    return isIndex;
  }
}

/** Whether the first bytes of a file (plain or gzipped, UTF-8 or UTF-16) start a `<sitemapindex>` document. */
export function sniffIsIndex(head: Buffer | undefined): boolean {
  if (head === undefined || head.length === 0) return false;
  const bytes = inflateHead(head, MAX_INFLATED_BYTES);
  if (bytes === undefined) return false;
  return sniffSitemapRoot(decodeFileText(bytes).slice(0, SNIFF_BYTES)) === 'sitemapindex';
}
