/** `sitemap/compare`: an open sitemap as the editor holds it (unsaved edits included) against its content at a git
 * revision (Compare with Last Commit) or another file (Compare with File…), as sitemap-diff compares them. */
import * as path from 'node:path';
import { LSPErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';
import { COMPARE_REQUEST, type CompareParams, type CompareRefusalKind, type CompareResult } from '../../../../shared/protocol';
import { listDocument, Listing, ListingComparison, listingOfDocument } from '../../language/languageService';
import { formatDiffMarkdown } from '../../node/diff/diffFormats';
import { fileSource } from '../../node/diff/fileSide';
import { revisionSide } from '../../node/diff/gitSide';
import { SideFailure } from '../../node/diff/sideFailure';
import { SideReader, type ChildFinder } from '../../node/diff/sideReader';
import { isFileOnDisk } from '../../node/fileProbe';
import { childBelow } from '../../../../shared/indexChildren';
import type { Configuration } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import type { ValidationContexts } from '../documents/validationContext';
import { uriToFsPath, type Workspace } from '../documents/workspace';
import { guardRequest } from '../guard';
import { urlToFileAt } from '../site/urlToFile';

export interface CompareDependencies {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  workspace: Workspace;
  /** Whether git may run (the workspace is trusted). */
  trusted: () => boolean;
}

/** What a failure says when an index's child has no local file to be told. */
const UNFOUND_CHILD = 'set sitemap.siteRoots';

export function registerCompare(connection: Connection, deps: CompareDependencies): void {
  connection.onRequest(COMPARE_REQUEST, guardRequest(connection, COMPARE_REQUEST, null,
    (params: CompareParams, token: CancellationToken) => compareOpenDocument(deps, params, token)));
}

/** Cancelled: answered RequestCancelled once git (or the file's reading) has stopped. */
async function compareOpenDocument(deps: CompareDependencies, params: CompareParams, token: CancellationToken): Promise<CompareResult | ResponseError<void>> {
  const entry = typeof params?.uri === 'string' ? deps.store.get(params.uri) : undefined;
  const newName = entry?.fsPath ?? String(params?.uri);
  if (entry === undefined || entry.fsPath === undefined || !['urlset', 'sitemapindex', 'text'].includes(entry.doc.kind)) {
    return refused('', newName, 'not-open', 'Open a sitemap saved as a file first.');
  }
  const controller = new AbortController();
  const cancellation = token.onCancellationRequested(() => controller.abort());
  try {
    return await compareSides(deps, entry, entry.fsPath, params, controller.signal);
  } catch (e) {
    if (!(e instanceof SideFailure)) throw e;
    return e.kind === 'cancelled' ? new ResponseError(LSPErrorCodes.RequestCancelled, 'Compare was cancelled') : refused('', entry.fsPath, e.kind, e.message);
  } finally {
    cancellation.dispose();
  }
}

async function compareSides(deps: CompareDependencies, entry: OpenDocument, file: string, params: CompareParams, signal: AbortSignal): Promise<CompareResult> {
  const settings = await deps.configuration.get(entry.uri);
  const location = deps.contexts.get(entry, settings).location;
  const childFinder: ChildFinder = (index) => {
    const mapped = urlToFileAt(deps.workspace, index, settings, index === file ? location : undefined);
    return (url) => mapped?.(url);
  };
  const onDisk = fileSource((f) => f, () => signal.aborted);
  const before = new Listing();
  let old: string;
  let oldMissing = false;
  const otherFile = typeof params.otherUri === 'string' ? uriToFsPath(params.otherUri) : undefined;
  if (typeof params.otherUri === 'string') {
    if (otherFile === undefined) return refused(params.otherUri, file, 'unreadable', `${params.otherUri}: not a file`);
    old = otherFile;
    await new SideReader(onDisk, before, childFinder, UNFOUND_CHILD).read(otherFile);
  } else {
    const revision = typeof params.revision === 'string' ? params.revision : 'HEAD';
    if (!deps.trusted()) return refused(`${revision}:${path.basename(file)}`, file, 'untrusted', 'Comparing with git needs a trusted workspace: git runs only there.');
    const side = await revisionSide(file, revision, signal);
    old = side.object;
    oldMissing = !side.exists;
    if (side.exists) await new SideReader(side.source, before, childFinder, UNFOUND_CHILD).read(file);
  }
  const comparison = new ListingComparison(before);
  const reader = new SideReader(onDisk, comparison, childFinder, UNFOUND_CHILD);
  await readOpenDocument(entry, file, comparison, (child) => deps.store.getByPath(child), reader, childFinder);
  const diff = comparison.result();
  return { old, new: file, diff, markdown: formatDiffMarkdown(diff, true), ...(oldMissing ? { oldMissing } : {}) };
}

/**
 * The new side as the editor holds it: the document's own entries; an index's children as sitemap-diff follows them,
 * an open child's unsaved text preferred over its file (as Merge Index does).
 */
async function readOpenDocument(entry: OpenDocument, file: string, comparison: ListingComparison, openAt: (file: string) => OpenDocument | undefined,
  reader: SideReader, childFinder: ChildFinder): Promise<void> {
  if (entry.doc.kind !== 'sitemapindex') return listDocument(entry.doc, comparison);
  const listing = listingOfDocument(entry.doc);
  const childOf = childFinder(file);
  const seen = new Set<string>();
  const isThere = (f: string) => openAt(f) !== undefined || isFileOnDisk(f);
  for (const url of listing.locations()) {
    const child = childOf(url) ?? childBelow(file, url, isThere, path.sep);
    if (child === undefined) throw new SideFailure(`${path.basename(file)}: cannot tell which local file ${url} is (${UNFOUND_CHILD})`);
    const open = openAt(child);
    if (open === undefined || open.doc.kind === 'sitemapindex') await reader.read(child);
    else if (!seen.has(child)) listDocument(open.doc, comparison);
    seen.add(child);
  }
}

function refused(old: string, file: string, kind: CompareRefusalKind, message: string): CompareResult {
  return { old, new: file, refused: { kind, message } };
}
