/** The server's site worker thread (dist/siteWorkerMain.js, started by lsp/site/siteWorker.ts): it answers
 * siteWorkerThread.ts's messages and the page rules' (builtSite/pageWorkerMessages.ts). A bundle of its own, apart from
 * sitemap-lint's worker (cli/lint/lintWorker.ts), which needs none of this. */
import { parentPort } from 'node:worker_threads';
import { handleSiteRequest, isSiteRequest, type SiteRequest } from './siteWorkerThread';

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: SiteRequest) => {
    if (isSiteRequest(message)) void handleSiteRequest(port, message);
  });
}
