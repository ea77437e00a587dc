/** One side of a diff read file by file, each once, an index's children followed in its place: from the working tree
 * or a git revision (FileSource), the children found by the caller's site roots (ChildFinder), else, the index's
 * location unknown, below its folder among the side's own files (node/indexChildren.ts). */
import type { UrlSink } from '../../language/languageService';
import { childrenBelow } from '../../../../shared/indexChildren';
import { childPathSuffixes } from '../../../../shared/location';
import * as path from 'node:path';
import { readListing } from './readListing';
import { SideFailure } from './sideFailure';
import { isFileOnDisk } from '../fileProbe';

/** Where a side's files are read from: the working tree, or a git revision. */
export interface FileSource {
  /** The bytes of the file at `file` (absolute, as in the working tree), named `name` in failures. */
  chunks(file: string, name: string): AsyncIterable<Buffer>;
  /** What a failure calls the file at `file`. */
  nameOf(file: string): string;
  /** Which of `files` the side has (a git revision's own files); by default, those on disk. */
  existing?(files: readonly string[]): Promise<ReadonlySet<string>>;
}

/** For the index at `file`: the local file each child URL names through the site roots or the index's location,
 * undefined when they do not tell (the child is then looked for below the index). */
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
    const urls = [...children.locations()];
    const below = await this.childrenBelow(file, urls.filter((url) => childOf(url) === undefined));
    for (const url of urls) {
      const child = childOf(url) ?? below.get(url);
      if (child === undefined) throw new SideFailure(`${name}: cannot tell which local file ${url} is: no file below the index's folder ends as its path does (${this.unfound})`);
      await this.read(child);
    }
  }

  /** The index's children its site roots do not place, placed below its folder among the side's files. */
  private async childrenBelow(index: string, urls: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (urls.length === 0) return new Map();
    const folder = path.dirname(index);
    const candidates = [...new Set(urls.flatMap((url) => childPathSuffixes(url).map((s) => path.join(folder, ...s.path.split('/')))))];
    const existing = await (this.source.existing?.(candidates) ?? onDisk(candidates));
    return childrenBelow(index, urls, (f) => existing.has(f), path.sep);
  }
}

function onDisk(files: readonly string[]): Promise<ReadonlySet<string>> {
  return Promise.resolve(new Set(files.filter(isFileOnDisk)));
}
