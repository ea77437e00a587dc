/** A thread of sitemap-lint's page read-ahead (dist/pageHeadWorker.js, started by pageHeadPool.ts): it reads each batch
 * of a folder's pages it is sent and sends their facts back. A bundle of its own: reading page heads needs the HTML
 * parser, which the lint's workers (cli/lint/lintWorker.ts) do not, and none of the page rules or git. */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { readPages } from './builtPages';
import type { PageHeadsReply, PageHeadsRequest } from './pageHeadPool';

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: PageHeadsRequest) => {
    if ('pageHeads' in message) answer(port, message.pageHeads);
  });
}

/** A batch that cannot be read is answered with its error (the pool's caller then reads those pages itself). */
function answer(port: MessagePort, { id, folder, root, files, digests }: PageHeadsRequest['pageHeads']): void {
  let reply: PageHeadsReply;
  try {
    reply = { pageHeads: { id, read: readPages(folder, root, files, digests === true) } };
  } catch (error) {
    reply = { pageHeads: { id, error: error instanceof Error ? error.message : String(error) } };
  }
  port.postMessage(reply);
}
