/** One side of a diff to its URLs: a file (XML, text, gzip by its magic bytes), standard input, a folder (its sitemaps
 * as sitemap-lint finds them), or `REV:path` read with `git show`; an index's local children followed, each file read
 * once, at the same revision for a git side. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { isRobotsName, isSiteFile, mayBeSiteFile } from '../../../../shared/documentLanguage';
import { compareWalkOrder, SKIPPED_FOLDERS } from '../../node/folderWalk';
import type { UrlSink } from '../../language/languageService';
import { isGzip } from '../../node/files';
import { probeOnDisk } from '../../node/fileProbe';
import { InflatedPastLimit } from '../../node/boundedGunzip';
import { Failure } from '../io/failure';
import { gunzipWhole } from '../io/gunzip';
import { chunksOf, openMaybeGzip } from '../io/inputStream';
import { searchFolder } from '../lint/lintInputs';
import { SiteContext } from '../lint/siteContext';
import { piecesOf } from '../../node/diff/readListing';
import { SideReader, type ChildFinder, type FileSource } from '../../node/diff/sideReader';
import { maybeGunzipChunks } from '../../node/diff/fileSide';
import { gitShow } from '../../node/diff/gitSide';
import { blobHeads, blobsExist } from '../../node/diff/gitObjects';
import { HEAD_BYTES, headText } from '../../node/siteFiles';
import { reasonOf, withCause } from '../../../../shared/causes';

/** The command line's reads are never cancelled: ^C ends the process. */
const NEVER = new AbortController().signal;

/** Reads the side `spec`, its URLs to `pages` in document order (each file once, an index's children in its place). */
export async function readSide(spec: string, pages: UrlSink, site: SiteContext, cwd: string): Promise<void> {
  if (spec === '-') return readStdin(pages, site, cwd);
  const file = path.resolve(cwd, spec);
  const probe = probeOnDisk(file);
  const revision = 'reason' in probe ? /^([^:]+):(.+)$/.exec(spec) : null;
  if (revision !== null) return readRevision(revision[1], revision[2], pages, site, cwd);
  if ('reason' in probe) throw new Failure(`${spec}: ${probe.reason}`);
  const reader = sideReader(workingTree(cwd), pages, site);
  if (!probe.stat.isDirectory()) return reader.read(file);
  for (const found of sitemapsIn(file, spec)) await reader.read(found);
}

/**
 * Children beside the index's own location first (old and new builds may be two folders with the same site root URL),
 * then through the site roots; else the reader places them below the index's folder.
 */
function childFinder(site: SiteContext): ChildFinder {
  const near = new SiteContext({}, site.cwd);
  return (file) => {
    const location = site.locate(file);
    return (url) => (location !== undefined ? near.fileOf(url, file, location) : undefined) ?? site.fileOf(url, file, location);
  };
}

function sideReader(source: FileSource, pages: UrlSink, site: SiteContext): SideReader {
  return new SideReader(source, pages, childFinder(site), 'give --site-root DIR=URL');
}

function workingTree(cwd: string): FileSource {
  return {
    nameOf: (file) => {
      const relative = path.relative(cwd, file);
      return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
    },
    chunks: (file, name) => {
      if (!fs.existsSync(file)) throw new Failure(`${name}: no such file`);
      return chunksOf(openMaybeGzip(file, (e) => withCause(`${name}: cannot read`, reasonOf(e))), name);
    },
  };
}

/** Standard input, read whole (one side at most); an index's children through the site roots. */
async function readStdin(pages: UrlSink, site: SiteContext, cwd: string): Promise<void> {
  const bytes = await readAll(process.stdin);
  const stdinFile = path.join(cwd, '<stdin>');
  const tree = workingTree(cwd);
  const source: FileSource = {
    nameOf: (file) => (file === stdinFile ? '<stdin>' : tree.nameOf(file)),
    chunks: (file, name) => (file === stdinFile ? piecesOf(maybeGunzip(bytes, name)) : tree.chunks(file, name)),
  };
  return sideReader(source, pages, site).read(stdinFile);
}

/**
 * `REV:path` (the path from the repository's root, or from here when it starts with ./ or ../, as git reads it): a
 * file, or a folder whose sitemaps are found as in the working tree (by name, then by their first characters).
 */
async function readRevision(revision: string, spec: string, pages: UrlSink, site: SiteContext, cwd: string): Promise<void> {
  if (revision.startsWith('-')) throw new Failure(`${revision}:${spec}: not a git revision`);
  const top = topOf(cwd, `${revision}:${spec}: not in a git repository`);
  const file = /^\.\.?[/\\]/.test(spec) ? path.resolve(cwd, spec) : path.resolve(top, spec);
  const at = revisionSource(revision, top);
  const reader = sideReader(at.source, pages, site);
  const type = git(top, ['cat-file', '-t', at.object(file)], `${at.object(file)}: not in git at that revision`).toString('utf8').trim();
  if (type !== 'tree') return reader.read(file);
  const listed = git(top, ['ls-tree', '-r', '-z', '--name-only', at.object(file)], `${at.object(file)}: cannot list the folder`).toString('utf8').split('\0');
  const heads = await at.headsOf(listed.filter((name) => mayBeSiteFile(path.posix.basename(name))).map((name) => path.join(file, name)));
  const found = sitemapsAmong(file, listed, (f) => heads.get(f));
  if (found.length === 0) throw new Failure(`${at.object(file)}: no sitemap in this folder`);
  for (const f of found.sort(compareWalkOrder)) await reader.read(f);
}

/**
 * The files `files` (absolute, as in the working tree) at `revision` as one side, each read once, an index's children
 * followed at that revision; no folder walked (the GitHub Action's base: the sitemaps its lint found). One
 * `cat-file --batch-check` tells which are there; returns those that are not (not read: no URLs).
 */
export async function readRevisionFiles(revision: string, files: readonly string[], pages: UrlSink, site: SiteContext, cwd: string): Promise<string[]> {
  if (revision.startsWith('-')) throw new Failure(`${revision}: not a git revision`);
  const at = revisionSource(revision, topOf(cwd, `${revision}: not in a git repository`));
  const there = await at.existing(files);
  const reader = sideReader(at.source, pages, site);
  for (const f of files) if (there.has(f)) await reader.read(f);
  return files.filter((f) => !there.has(f));
}

/** The files `files` (absolute) in the working tree as one side, each read once, an index's children followed. */
export async function readFiles(files: readonly string[], pages: UrlSink, site: SiteContext, cwd: string): Promise<void> {
  const reader = sideReader(workingTree(cwd), pages, site);
  for (const f of files) await reader.read(f);
}

/**
 * The sitemaps under `paths` (relative to `cwd`) at `revision` that the working tree no longer has (deleted or
 * renamed since): one `git diff --diff-filter=D`, no folder listed; each found as a folder's sitemaps are.
 */
export function sitemapsDeletedSince(revision: string, paths: readonly string[], cwd: string): string[] {
  const top = topOf(cwd, `${revision}: not in a git repository`);
  const deleted = git(cwd, ['--literal-pathspecs', 'diff', '--no-renames', '--no-ext-diff', '--name-only', '-z', '--diff-filter=D', revision, '--', ...paths],
    `${revision}: cannot compare the working tree with it`).toString('utf8').split('\0');
  return sitemapsAmong(top, deleted, revisionSource(revision, top).headOf).sort(compareWalkOrder);
}

/** Those of `names` (`/`-separated, below `folder`) that are sitemaps as a folder's are found: outside skipped
 * folders, by name, then by their first characters; absolute. */
function sitemapsAmong(folder: string, names: readonly string[], headOf: (file: string) => string | undefined): string[] {
  return names.filter((name) => name !== '' && !name.split('/').some((part) => SKIPPED_FOLDERS.has(part)))
    .map((name) => path.join(folder, name))
    .filter((f) => isSitemapNamed(path.basename(f), () => headOf(f)));
}

function topOf(cwd: string, failure: string): string {
  return git(cwd, ['rev-parse', '--show-toplevel'], failure).toString('utf8').trim();
}

interface RevisionSource {
  source: FileSource;
  /** `REV:path` of a file, its path from the repository's top. */
  object(file: string): string;
  existing(files: readonly string[]): Promise<ReadonlySet<string>>;
  /** A file's first characters at that revision (read whole, kept for the read that follows). */
  headOf(file: string): string;
  /** Files' first characters at that revision, in one git process (undefined: no blob, or not one that can be told). */
  headsOf(files: readonly string[]): Promise<ReadonlyMap<string, string | undefined>>;
}

/** The files of the repository at `top` as they are at `revision`. */
function revisionSource(revision: string, top: string): RevisionSource {
  const object = (f: string) => `${revision}:${path.relative(top, f).split(path.sep).join('/')}`;
  /** The last blob read whole: a folder's sitemap whose name leaves it open is read once to tell it is one, then
   * taken from here. Any other blob streams from `git show`, never held whole. */
  let last: { file: string; bytes: Buffer } | undefined;
  const blob = (f: string, name: string): Buffer => {
    if (last?.file !== f) last = { file: f, bytes: maybeGunzip(git(top, ['show', object(f)], `${name}: not in git at that revision`), name) };
    return last.bytes;
  };
  const streamed = (f: string, name: string) => maybeGunzipChunks(gitShow(top, object(f), name, NEVER), name);
  const existing = async (files: readonly string[]) => {
    const found = await blobsExist(top, files.map(object));
    return new Set(files.filter((_, k) => found[k]));
  };
  const source: FileSource = { nameOf: object, chunks: (f, name) => (last?.file === f ? piecesOf(last.bytes) : streamed(f, name)), existing };
  const headOf = (f: string) => blob(f, object(f)).toString('utf8', 0, SNIFF_LENGTH * 4).slice(0, SNIFF_LENGTH);
  const headsOf = async (files: readonly string[]) => {
    const heads = await blobHeads(top, files.map(object), HEAD_BYTES);
    return new Map(files.map((f, k) => [f, headText(heads[k])]));
  };
  return { source, object, existing, headOf, headsOf };
}

/** A site file that is no robots.txt, by `name` and, where it leaves the question open, `head`. */
function isSitemapNamed(name: string, head: () => string | undefined): boolean {
  return mayBeSiteFile(name) && !isRobotsName(name) && isSiteFile(name, head);
}

/** git's standard output for fixed arguments (no shell); a Failure with `failure` when git fails. */
function git(dir: string, args: readonly string[], failure: string): Buffer {
  try {
    return execFileSync('git', ['-C', dir, '-c', 'core.fsmonitor=false', ...args], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  } catch {
    throw new Failure(failure);
  }
}

function maybeGunzip(bytes: Buffer, name: string): Buffer {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipWhole(bytes, name);
  } catch (e) {
    if (e instanceof InflatedPastLimit) throw new Failure(e.message);
    throw new Failure(`${name}: not a valid gzip file (${(e as Error).message})`);
  }
}

/** The sitemaps in a folder, as sitemap-lint finds them (robots.txt files left out). */
function sitemapsIn(folder: string, spec: string): string[] {
  const found = searchFolder(folder).filter((f) => !isRobotsName(path.basename(f)));
  if (found.length === 0) throw new Failure(`${spec}: no sitemap in this folder`);
  return found;
}

async function readAll(input: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of input) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
