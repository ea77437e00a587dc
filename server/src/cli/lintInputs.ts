/**
 * What `sitemap-lint` reads: the files named, the sitemaps and robots.txt files found in the folders named (searched
 * recursively, skipping dependencies and version control), and standard input for `-`. Each file is told apart by
 * name and content as the editor does; gzip by its magic bytes, whatever the name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { looksLikeXml, sniffPlainText, sniffSitemapRoot, SNIFF_LENGTH } from '../language/contentDetection';
import { SITEMAP_TXT_NAME, SITEMAP_XML_NAME, SKIPPED_FOLDERS } from '../language/fileNames';
import { isGzip } from '../lsp/files';
import { gunzipWhole } from './gunzip';
import { Failure } from './lintSettings';

export const STDIN_NAME = '<stdin>';

export type InputKind = 'sitemap' | 'sitemap-txt' | 'robots';

export interface Input {
  /** As given or found (`<stdin>` for standard input): what the report says. */
  name: string;
  /** Absolute path; undefined for standard input. */
  file: string | undefined;
}

export interface ReadInput extends Input {
  kind: InputKind;
  text: string;
}

/** The inputs named on the command line, folders expanded; a missing file or a folder without sitemaps fails. */
export function collectInputs(names: readonly string[], cwd: string): Input[] {
  const inputs: Input[] = [];
  for (const name of names) {
    if (name === '-') {
      inputs.push({ name: STDIN_NAME, file: undefined });
      continue;
    }
    const file = path.resolve(cwd, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) throw new Failure(`${name}: no such file or folder`);
    if (!stat.isDirectory()) {
      inputs.push({ name, file });
      continue;
    }
    const found = searchFolder(file);
    if (!found.some((f) => path.basename(f).toLowerCase() !== 'robots.txt')) throw new Failure(`${name}: no sitemap in this folder`);
    for (const f of found) inputs.push({ name: path.join(name, path.relative(file, f)), file: f });
  }
  return inputs;
}

/** The sitemaps and robots.txt files under `folder`, in name order. */
function searchFolder(folder: string): string[] {
  const found: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch (e) {
    throw new Failure(`${folder}: cannot read the folder (${(e as Error).message})`);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...searchFolder(file));
    } else if (entry.isFile() && isFound(file, entry.name)) {
      found.push(file);
    }
  }
  return found;
}

/** A robots.txt, or a .xml/.txt (maybe .gz) file that is a sitemap by name or content. */
function isFound(file: string, name: string): boolean {
  const plain = name.replace(/\.gz$/i, '');
  if (plain.toLowerCase() === 'robots.txt') return true;
  const xml = /\.xml$/i.test(plain);
  if (!xml && !/\.txt$/i.test(plain) && !/\.gz$/i.test(name)) return false;
  const head = readHeadText(file);
  if (head === undefined) return false;
  if (sniffSitemapRoot(head) !== undefined) return true;
  if (xml || /\.gz$/i.test(name) && !/\.txt$/i.test(plain)) return SITEMAP_XML_NAME.test(plain);
  const kind = sniffPlainText(head);
  return kind === 'text-sitemap' || (kind !== 'robots' && SITEMAP_TXT_NAME.test(plain));
}

/** The first characters of a file, gunzipped when it is gzip; undefined when unreadable. */
function readHeadText(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(SNIFF_LENGTH * 4);
    let bytes = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0));
    if (isGzip(bytes)) bytes = zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 1 << 20 });
    return bytes.toString('utf8').slice(0, SNIFF_LENGTH);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Reads and decodes an input (UTF-8, malformed bytes as U+FFFD for the `encoding` rule, as an editor reads them). */
export function readInput(input: Input): ReadInput {
  let bytes: Buffer;
  try {
    bytes = input.file === undefined ? fs.readFileSync(0) : fs.readFileSync(input.file);
  } catch (e) {
    throw new Failure(`${input.name}: cannot read (${(e as Error).message})`);
  }
  if (isGzip(bytes)) {
    try {
      bytes = gunzipWhole(bytes);
    } catch (e) {
      throw new Failure(`${input.name}: not a valid gzip file (${(e as Error).message})`);
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  return { ...input, kind: kindOf(input.name, text), text };
}

/** robots.txt by name, XML by content or name, else robots.txt by content, else a text sitemap. */
export function kindOf(name: string, text: string): InputKind {
  const plain = path.basename(name).replace(/\.gz$/i, '').toLowerCase();
  if (plain === 'robots.txt') return 'robots';
  if (looksLikeXml(text) || plain.endsWith('.xml')) return 'sitemap';
  return sniffPlainText(text) === 'robots' ? 'robots' : 'sitemap-txt';
}
