/** A workspace folder's site files: searched for once (the search the cross-file passes and the Sitemaps view share),
 * then kept current by the watched-file events. */
import * as path from 'node:path';
import { FileChangeType } from 'vscode-languageserver';
import { isSiteFile } from '../../node/siteFiles';
import { compareWalkOrder, mayBeSiteFile } from './siteScan';

export interface FileChange {
  fsPath: string;
  type: number;
}

export class SiteFileList {
  /** In search order; undefined until the search has finished. */
  private files: string[] | undefined;
  private scanning: Promise<void> | undefined;
  /** The events heard while the search runs: applied to what it found, since it may have listed their folders before. */
  private heard: FileChange[] = [];
  /** Bumped by {@link searchAgain}: a search started before it is not taken. */
  private searches = 0;

  /** `scan`: the folder's search (siteScan.ts's), run once, when the files are first asked for. */
  constructor(private readonly scan: () => Promise<{ files: string[] }>) {}

  /** The files, searched for the first time (a search under way is shared). */
  async get(): Promise<readonly string[]> {
    for (;;) {
      const search = this.searches;
      this.scanning ??= this.scan().then((result) => {
        if (search !== this.searches) return;
        this.files = this.heard.reduce(applied, result.files);
        this.heard = [];
      });
      await this.scanning;
      if (search === this.searches) return this.files ?? [];
    }
  }

  /** A watched-file event: a site file made, changed or deleted (a deleted folder takes its files with it). */
  changed(change: FileChange): void {
    if (this.files !== undefined) this.files = applied(this.files, change);
    else if (this.scanning !== undefined) this.heard.push(change);
    // Before any search: the search will see the folder as it is then.
  }

  /** A folder came (renamed, moved in): what it holds is only known by searching, so the next `get` searches again. */
  searchAgain(): void {
    this.searches++;
    this.files = undefined;
    this.scanning = undefined;
    this.heard = [];
  }
}

function applied(files: readonly string[], { fsPath, type }: FileChange): string[] {
  if (type === FileChangeType.Deleted) {
    const prefix = fsPath + path.sep;
    return files.filter((f) => f !== fsPath && !f.startsWith(prefix));
  }
  const kept = files.filter((f) => f !== fsPath);
  const name = path.basename(fsPath);
  if (!mayBeSiteFile(name) || !isSiteFile(fsPath, name)) return kept;
  kept.push(fsPath);
  return kept.sort(compareWalkOrder);
}
