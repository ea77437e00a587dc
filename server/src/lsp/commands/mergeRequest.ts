/** `sitemap/mergeIndex`: each `<loc>` of an open index resolved to a local file and read (unsaved text first, gzip
 * too), then merged. A missing child refuses the merge, which would lose its entries, unless the client asks for the
 * others with `allowMissing` once the user agreed. */
import * as path from 'node:path';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { languageOfContent } from '../../../../shared/documentLanguage';
import { indexEntries, mergeIndex, parseDocument, type MergeChild, type SitemapDocument } from '../../language/languageService';
import type { Configuration } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { decodeFileText } from '../../node/files';
import { childCandidates } from '../../../../shared/indexChildren';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { MERGE_INDEX_REQUEST, type MergeIndexChild, type MergeIndexParams, type MergeIndexResult } from '../../../../shared/protocol';
import { urlToFileFor } from '../site/urlToFile';
import type { ValidationContexts } from '../documents/validationContext';
import { fsPathToUri, type Workspace } from '../documents/workspace';

/** Room past `maxBytes` for a child's own prolog and closing, which the merge drops. */
const READ_SLACK_BYTES = 1024 * 1024;

export interface MergeDependencies {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  workspace: Workspace;
  /** Reads a child that is not open: from disk in Node (diskChildFiles.ts), through the client on the web. */
  readChildFile: ChildFileReader;
}

/** A child file's bytes (gunzipped), or why not: over `maxBytes` (its size, or `maxBytes + 1` once inflated past it),
 * a gzip stream that breaks, or no such file. */
export type ChildFile = { bytes: Uint8Array } | { tooLarge: number } | { unreadable: true } | { absent: true };
export type ChildFileReader = (fsPath: string, maxBytes: number) => Promise<ChildFile>;

type ReadChild = { document: SitemapDocument; uri: string } | { problem: NonNullable<MergeIndexChild['problem']>; uri?: string } | { tooLarge: number; uri: string };

export function registerMerge(connection: Connection, deps: MergeDependencies): void {
  connection.onRequest(MERGE_INDEX_REQUEST, guardRequest(connection, MERGE_INDEX_REQUEST, null,
    (params: MergeIndexParams, token: CancellationToken) => mergeOpenIndex(deps, params, token)));
}

async function mergeOpenIndex(deps: MergeDependencies, params: MergeIndexParams, token: CancellationToken): Promise<MergeIndexResult | null> {
  const entry = typeof params?.uri === 'string' ? deps.store.get(params.uri) : undefined;
  if (entry === undefined) return { version: 0, children: [], refused: { kind: 'not-open', message: 'The index is not open as a sitemap.' } };
  const version = entry.version;
  const index = entry.doc;
  const settings = await deps.configuration.get(entry.uri);
  const location = deps.contexts.get(entry, settings).location;
  const mapped = urlToFileFor(deps.workspace, entry, settings, location);
  const listed = indexEntries(index);
  const maxRead = settings.limits.maxBytes + READ_SLACK_BYTES;
  const children: MergeIndexChild[] = [];
  const read: MergeChild[] = [];
  /** The index in `children` of each child in `read`. */
  const readAt: number[] = [];
  for (const { url } of listed) {
    if (token.isCancellationRequested) return null;
    const loc = url ?? '';
    const result = url === undefined ? { problem: 'unmapped' as const } : await readChild(deps, candidates(entry, url, mapped), maxRead);
    if ('tooLarge' in result) {
      const message = `${loc} alone is ${result.tooLarge} bytes; the limit is ${settings.limits.maxBytes}.`;
      return { version, children, refused: { kind: 'too-large', message, uri: result.uri, count: result.tooLarge, limit: settings.limits.maxBytes } };
    }
    if ('problem' in result) {
      children.push({ loc, uri: result.uri, problem: result.problem });
      continue;
    }
    readAt.push(children.length);
    children.push({ loc, uri: result.uri, entries: result.document.entryCount });
    read.push({ loc, document: result.document });
  }
  if (token.isCancellationRequested || deps.store.get(entry.uri) !== entry || entry.version !== version) return null;
  const missing = children.filter((c) => c.problem !== undefined);
  if (missing.length > 0 && (params.allowMissing !== true || read.length === 0)) {
    const message = `${missing.length} of ${children.length} children could not be read: ${missing.map((c) => c.loc || '(no <loc>)').join(', ')}.`;
    return { version, children, refused: { kind: 'missing-children', message } };
  }
  const outcome = mergeIndex(index, read, settings.limits);
  if (outcome.merged !== undefined) {
    const { text, entries, bytes, addedNamespaces, droppedLines, duplicateUrls } = outcome.merged;
    return { version, children, merged: { text, entries, bytes, addedNamespaces, droppedLines, duplicateUrls } };
  }
  const { kind, message, child, offset, count, limit } = outcome.refused;
  const uri = child !== undefined ? children[readAt[child]].uri : offset !== undefined ? entry.uri : undefined;
  const range = offset === undefined ? undefined : rangeOf(child !== undefined ? read[child].document : index, offset, offset);
  return { version, children, refused: { kind, message, uri, range, count, limit } };
}

/**
 * The files a child's URL may be: the site mapping's, then below the index's folder, the longest suffix of the URL's
 * path first, never the index itself (node/indexChildren.ts).
 */
function candidates(entry: OpenDocument, url: string, mapped: ((url: string) => string | undefined) | undefined): string[] {
  const found: string[] = [];
  const viaSite = mapped?.(url);
  if (viaSite !== undefined) found.push(viaSite);
  for (const below of entry.fsPath === undefined ? [] : childCandidates(entry.fsPath, url, path.sep)) if (!found.includes(below)) found.push(below);
  return found;
}

/** The first candidate that is open or on disk. */
async function readChild({ store, readChildFile }: MergeDependencies, files: readonly string[], maxBytes: number): Promise<ReadChild> {
  if (files.length === 0) return { problem: 'unmapped' };
  for (const file of files) {
    const open = store.getByPath(file);
    if (open !== undefined) return { document: open.doc, uri: open.uri };
  }
  for (const file of files) {
    const uri = fsPathToUri(file);
    const read = await readChildFile(file, maxBytes);
    if ('absent' in read) continue;
    if ('tooLarge' in read) return { tooLarge: read.tooLarge, uri };
    if ('unreadable' in read) return { problem: 'unreadable', uri };
    const text = decodeFileText(read.bytes);
    return { document: parseDocument(text, languageOfContent(text)), uri };
  }
  return { problem: 'not-found', uri: fsPathToUri(files[0]) };
}
