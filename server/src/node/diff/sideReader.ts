/** One side of a diff read file by file, each once, an index's children followed in its place: from the working tree
 * or a git revision (FileSource), the children found by the caller's site roots (ChildFinder). */
import type { UrlSink } from '../../language/languageService';
import { readListing } from './readListing';
import { SideFailure } from './sideFailure';

/** Where a side's files are read from: the working tree, or a git revision. */
export interface FileSource {
  /** The bytes of the file at `file` (absolute, as in the working tree), named `name` in failures. */
  chunks(file: string, name: string): AsyncIterable<Buffer>;
  /** What a failure calls the file at `file`. */
  nameOf(file: string): string;
}

/** For the index at `file`: the local file each child URL names, undefined when none can be told. */
export type ChildFinder = (file: string) => (url: string) => string | undefined;

/** Reads files, each once, following an index to its children. */
export class SideReader {
  private readonly seen = new Set<string>();

  /** `unfound`: what a failure adds when a child's file cannot be told (the CLI's hint at --site-root). */
  constructor(private readonly source: FileSource, private readonly pages: UrlSink, private readonly childFinder: ChildFinder, private readonly unfound: string) {}

  async read(file: string): Promise<void> {
    if (this.seen.has(file)) return;
    this.seen.add(file);
    const name = this.source.nameOf(file);
    const { kind, children } = await readListing(this.source.chunks(file, name), name, this.pages);
    if (kind !== 'sitemapindex') return;
    const childOf = this.childFinder(file);
    for (const url of children.locations()) {
      const child = childOf(url);
      if (child === undefined) throw new SideFailure(`${name}: cannot tell which local file ${url} is (${this.unfound})`);
      await this.read(child);
    }
  }
}
