/** The server's side of the worker thread it shares with sitemap-lint (cli/lint/lintWorker.ts hands it these messages):
 * closed site files summarized and kept here, and an open document's cross-file problems computed against them. Only
 * what the server needs goes back: a file's kind and entry count, and an index's or a robots.txt's summary. */
import type { MessagePort } from 'node:worker_threads';
import { newestLastmodOf, type SiteFileKind } from '../language/languageService';
import { packSummary, transferables, unpackSummary, type PackedSummary } from './packedSummary';
import { summarizeSiteFile } from './siteFileSummary';
import { checkSiteProblems, type CheckedProblem, type CheckFile, type CheckRequest, type KnownFile } from './siteProblems';
import { handlePageRequest, isPageRequest, type PageReply, type PageRequest } from './builtSite/pageWorkerMessages';

export type SiteRequest =
  | { siteSummary: { id: number; file: string; maxFileBytes: number } }
  | { siteForget: { file: string; id: number } }
  /** Open documents' summaries come packed, in chunks (packed a slice at a time in the server's thread). */
  | { siteCheck: { id: number; request: Omit<CheckRequest, 'files'>; files: (Omit<CheckFile, 'summary'> & { packed?: PackedSummary[] })[] } }
  /** The page rules' (pageWorkerMessages.ts): built sites kept here, checked against the closed files held here. */
  | PageRequest;

export interface SummaryRead {
  kind: SiteFileKind;
  entries: number;
  length: number;
  /** The newest `<lastmod>` as written (the Sitemaps view). */
  newestLastmod?: string;
  /** An index's or a robots.txt's summary. */
  packed?: PackedSummary;
}

export type SiteReply =
  | { siteSummary: { id: number; read?: SummaryRead } }
  | { siteCheck: { id: number; problems: CheckedProblem[] } }
  | PageReply;

export function isSiteRequest(message: object): message is SiteRequest {
  return 'siteSummary' in message || 'siteForget' in message || 'siteCheck' in message || isPageRequest(message);
}

/** The closed files, each with the id of the read that made it. */
const held = new Map<string, KnownFile & { id: number }>();

export async function handleSiteRequest(port: MessagePort, message: SiteRequest): Promise<void> {
  if (isPageRequest(message)) {
    await handlePageRequest(port, message, (file) => held.get(file));
  } else if ('siteForget' in message) {
    const { file, id } = message.siteForget;
    if (held.get(file)?.id === id) held.delete(file);
  } else if ('siteSummary' in message) {
    const { id, file, maxFileBytes } = message.siteSummary;
    held.delete(file);
    const read = await summarizeSiteFile(file, maxFileBytes);
    if (read === undefined) return port.postMessage({ siteSummary: { id } } satisfies SiteReply);
    held.set(file, { ...read, id });
    const { kind, entries } = read.summary;
    const packed = kind === 'sitemapindex' || kind === 'robots' ? packSummary(read.summary) : undefined;
    port.postMessage({ siteSummary: { id, read: { kind, entries: entries.length, length: read.length, newestLastmod: newestLastmodOf(entries), packed } } } satisfies SiteReply, packed === undefined ? [] : transferables(packed));
  } else {
    const { id, request, files } = message.siteCheck;
    const checkFiles = files.map(({ packed, ...file }): CheckFile => (packed === undefined ? file : { ...file, summary: joined(packed) }));
    port.postMessage({ siteCheck: { id, problems: checkSiteProblems({ ...request, files: checkFiles }, (file) => held.get(file)) } } satisfies SiteReply);
  }
}

function joined(chunks: PackedSummary[]): ReturnType<typeof unpackSummary> {
  const summaries = chunks.map(unpackSummary);
  return { ...summaries[0], entries: summaries.flatMap((s) => s.entries) };
}
