/** Where an index's children are when its own location is unknown (no site root, no robots.txt naming it): below its
 * folder, by the longest suffix of each child's URL path that is a file there, never the index itself
 * (location.ts, placeIndexChildren). One answer for sitemap-lint, sitemap-diff, the Action and both servers, so pure:
 * paths are the caller's, `sep` its separator (`path.sep`). */
import { childPathSuffixes, placeIndexChildren } from './location';

/** URL → path of each child that can be placed; `exists` says whether a file is there (open, on disk, in git). */
export function childrenBelow(index: string, urls: readonly string[], exists: (file: string) => boolean, sep: string): Map<string, string> {
  const { folder, name } = splitPath(index, sep);
  const toFile = (relative: string) => folder + sep + relative.split('/').join(sep);
  const placed = placeIndexChildren(name, urls, (relative) => exists(toFile(relative)));
  return new Map([...placed].map(([url, relative]) => [url, toFile(relative)]));
}

/** Where a child of the index may be below its folder, the longest suffix of its URL's path first; never the index. */
export function childCandidates(index: string, url: string, sep: string): string[] {
  const { folder, name } = splitPath(index, sep);
  return childPathSuffixes(url).filter((s) => s.path !== name).map((s) => folder + sep + s.path.split('/').join(sep));
}

/** One child of the index, placed alone (no sibling to agree with): its path, or undefined. */
export function childBelow(index: string, url: string, exists: (file: string) => boolean, sep: string): string | undefined {
  return childrenBelow(index, [url], exists, sep).get(url);
}

/**
 * The resolver's `fileBeside` for one pass: each index's children placed once (all its URLs at the first question),
 * and the children that could not be placed (URLs that may name a file), for the note that says so.
 */
export class IndexChildren {
  private readonly byIndex = new Map<string, Map<string, string>>();
  /** Index → its child URLs that could not be placed. */
  readonly unplaced = new Map<string, string[]>();

  constructor(private readonly exists: (file: string) => boolean, private readonly sep: string) {}

  fileOf(index: string, url: string, urls: () => readonly string[]): string | undefined {
    let placed = this.byIndex.get(index);
    if (placed === undefined) {
      const all = urls();
      const found = childrenBelow(index, all, this.exists, this.sep);
      const lost = all.filter((u) => !found.has(u) && childPathSuffixes(u).length > 0);
      if (lost.length > 0) this.unplaced.set(index, lost);
      this.byIndex.set(index, (placed = found));
    }
    return placed.get(url);
  }
}

/** What a note says of an index's children that could not be placed (`name`: the index as the reader shows it). */
export function unplacedNote(name: string, urls: readonly string[], hint: string): string {
  const more = urls.length > 1 ? ` and ${urls.length - 1} more` : '';
  return `${name}: its location is unknown and no file below its folder ends as ${urls[0]}${more} does, so missing-sitemap-file, `
    + `nested-index and stale-index-lastmod cannot judge ${urls.length > 1 ? 'these children' : 'this child'} (${hint})`;
}

function splitPath(file: string, sep: string): { folder: string; name: string } {
  const at = Math.max(file.lastIndexOf(sep), file.lastIndexOf('/'));
  return { folder: file.slice(0, at), name: file.slice(at + 1) };
}
