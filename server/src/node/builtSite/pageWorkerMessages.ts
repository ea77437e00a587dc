/** The site worker's page messages: read or forget a root's built site, run the page rules for the open documents,
 * answer the `<loc>` hover and the page commands, all from the BuiltSites the worker keeps (builtSiteStore.ts). */
import type { MessagePort } from 'node:worker_threads';
import type { NewEntry } from '../../language/languageService';
import { BuiltSiteStore, type BuiltSiteInfo, type BuiltSiteSpec, type PageCheckFile, type PageCheckRequest, type PageCheckResult, type PageHistories } from './builtSiteStore';
import { unpackSummary, type PackedSummary } from '../packedSummary';
import type { KnownFile } from '../siteProblems';

/** A file crossing to the worker: a closed one by path (the worker holds it), an open one's summary packed in chunks. */
export type PageWireFile = Omit<PageCheckFile, 'summary'> & { packed?: PackedSummary[] };

export type PageQuestion =
  | { describe: { keys: string[]; url: string; userAgent: string } }
  /** `location`: the sitemap's; the pages of its site root. */
  | { unlisted: { keys: string[]; files: PageWireFile[]; userAgent: string; location: string } }
  | { histories: { keys: string[]; urls: string[] } };

export type PageAnswer = string | undefined | { pages: NewEntry[]; now: number } | PageHistories;

export type PageRequest =
  /** `early`: answered before git's history (BuiltSiteStore.read). */
  | { pageSite: { id: number; key: string; spec: BuiltSiteSpec; early?: boolean } }
  | { pageForget: { key: string } }
  | { pageCheck: { id: number; request: Omit<PageCheckRequest, 'files'>; files: PageWireFile[] } }
  | { pageAsk: { id: number; question: PageQuestion } };

/** `error`: the request failed in the worker (the caller answers without the page facts). */
export type PageReply =
  | { pageSite: { id: number; info?: BuiltSiteInfo; error?: string } }
  | { pageCheck: { id: number; result?: PageCheckResult; error?: string } }
  | { pageAsk: { id: number; answer?: PageAnswer; error?: string } };

export function isPageRequest(message: object): message is PageRequest {
  return 'pageSite' in message || 'pageForget' in message || 'pageCheck' in message || 'pageAsk' in message;
}

const store = new BuiltSiteStore();

export async function handlePageRequest(port: MessagePort, message: PageRequest, known: (path: string) => KnownFile | undefined): Promise<void> {
  if ('pageForget' in message) return store.forget(message.pageForget.key);
  if ('pageSite' in message) {
    const { id, key, spec, early } = message.pageSite;
    return answer(port, 'pageSite', id, async () => ({ info: await store.read(key, spec, early === true) }));
  }
  if ('pageCheck' in message) {
    const { id, request, files } = message.pageCheck;
    return answer(port, 'pageCheck', id, async () => ({ result: await store.check({ ...request, files: files.map(unpacked) }, known) }));
  }
  const { id, question } = message.pageAsk;
  return answer(port, 'pageAsk', id, async () => ({ answer: await askStore(store, question, known) }));
}

/** A question put to a store: in the worker, or in the server's thread when no worker runs. */
export function askStore(on: BuiltSiteStore, question: PageQuestion, known: (path: string) => KnownFile | undefined): Promise<PageAnswer> {
  if ('describe' in question) return on.describe(question.describe.keys, question.describe.url, question.describe.userAgent);
  if ('unlisted' in question) {
    const { keys, files, userAgent, location } = question.unlisted;
    return on.unlisted(keys, files.map(unpacked), userAgent, location, known);
  }
  return on.histories(question.histories.keys, question.histories.urls);
}

async function answer(port: MessagePort, kind: 'pageSite' | 'pageCheck' | 'pageAsk', id: number, work: () => Promise<object>): Promise<void> {
  let body: object;
  try {
    body = await work();
  } catch (error) {
    body = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage({ [kind]: { id, ...body } });
}

export function unpacked({ packed, ...file }: PageWireFile): PageCheckFile {
  if (packed === undefined) return file;
  const summaries = packed.map(unpackSummary);
  return { ...file, summary: { ...summaries[0], entries: summaries.flatMap((s) => s.entries) } };
}
