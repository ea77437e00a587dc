/** A lint worker thread (dist/lintWorker.js): reads, decodes and lints one input at a time and posts back lintOne's
 * result, its summary packed and transferred, or a Failure's one line. Only the lint: the server's site worker and the
 * page-head readers have bundles of their own (node/siteWorkerMain.ts, node/builtSite/pageHeadWorker.ts), so that each
 * of the lint's threads loads and starts no page rules, no git and no HTML parser. */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { SiteFileKind } from '../../language/languageService';
import type { SitemapSettings } from '../../language/sitemapLanguageTypes';
import type { LintedOne, LintOptions, SiteFacts } from './lintContract';
import type { Input } from './lintInputs';
import { lintInput } from './lintOne';
import {
  packedSitemapOf, packedSitemapSummary, packSummary, sitemapTransferables, transferables, type PackedSitemap, type PackedSummary,
} from '../../node/packedSummary';
import { Failure } from '../io/failure';
import { SiteContext } from './siteContext';

/** What a worker needs of LintOptions, in a form that crosses threads. */
export interface WorkerInit {
  settings: SitemapSettings;
  siteRoots: Record<string, string>;
  cwd: string;
  now: number;
}

/** LintedOne with its summary packed (packedSummary.ts). */
export interface WorkerLinted extends Omit<LintedOne, 'site'> {
  site: (Omit<SiteFacts, 'summary'> & { summary: PackedSummary | PackedSitemap }) | undefined;
}

export type WorkerReply =
  | { linted: WorkerLinted }
  | { failure: string }
  | { error: { message: string; stack: string | undefined } };

/** Posted once, when the worker's modules are loaded and it listens (lintPool.ts waits for it before terminating). */
export interface WorkerLoaded {
  loaded: true;
}

if (parentPort !== null) {
  const port = parentPort;
  const init = workerData as WorkerInit;
  const options: LintOptions = { settings: init.settings, site: new SiteContext(init.siteRoots, init.cwd), follow: false, cwd: init.cwd, now: init.now, sitemapSummary: packedSitemapSummary };
  // The pool posts a file before the last is answered (lintPool.ts, IN_FLIGHT): one at a time still, in the order
  // posted (a streamed file awaits its reads), so that the answers come in that order and one file is held at a time.
  let lintedBefore: Promise<void> = Promise.resolve();
  port.on('message', (message: Input) => {
    // A file that cannot be answered stops the worker, as an uncaught error (the pool then stops).
    lintedBefore = lintedBefore.then(() => lintAndAnswer(port, message, options)).catch((e) => process.nextTick(() => { throw e; }));
  });
  port.postMessage({ loaded: true } satisfies WorkerLoaded);
}

async function lintAndAnswer(port: MessagePort, input: Input, options: LintOptions): Promise<void> {
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const { result, children, site } = await lintInput(input, options, false);
    const sitemap = site === undefined ? undefined : packedSitemapOf(site.summary);
    const summary = site === undefined ? undefined : sitemap ?? packSummary(site.summary, isSitemap(site.summary.kind));
    reply = { linted: { result, children, site: site === undefined ? undefined : { ...site, summary: summary! } } };
    // lineTableOf and lintStream give each table a buffer of its own, so moving it takes nothing from anything else.
    if (site !== undefined) transfer.push(site.lines.buffer as ArrayBuffer, ...(sitemap !== undefined ? sitemapTransferables(sitemap) : transferables(summary as PackedSummary)));
  } catch (e) {
    reply = e instanceof Failure ? { failure: e.message } : { error: { message: String((e as Error)?.message ?? e), stack: (e as Error)?.stack } };
  }
  port.postMessage(reply, transfer);
}

/** The kinds whose URLs the cross-file duplicate check reads (their hashes go with them). */
function isSitemap(kind: SiteFileKind): boolean {
  return kind === 'urlset' || kind === 'text';
}
