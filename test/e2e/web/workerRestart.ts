/** In the browser: the server's worker dies of an uncaught error; the client ends it and starts another (the crash
 * policy of serverHealth.ts), whose problems then follow the edits again. */
import type { Worker } from 'playwright-core';
import { openFile } from '../smoke';
import { FIX } from './webFixtures';
import { cursorAt, errorCount, errorsUntil, type WebCheck } from './webSteps';

/** VS Code's name for a worker an extension starts in the web worker extension host: the server's is the only one. */
const NESTED_WORKER = /^ExtensionHostWorker -> /;
/** As the page's default timeout (runWeb.ts), which a worker's events do not take. */
const WAIT_MS = 30_000;

export async function checkWorkerRestart({ page, log }: WebCheck): Promise<void> {
  const nested = async () => {
    const named = await Promise.all(page.workers().map(async (w) => ({ w, name: await w.evaluate(() => (globalThis as unknown as { name: string }).name).catch(() => '') })));
    return named.filter((n) => NESTED_WORKER.test(n.name)).map((n) => n.w);
  };
  const [first] = await nested();
  if (first === undefined) throw new Error('no server worker among the page\'s workers');
  const closed = first.waitForEvent('close', { timeout: WAIT_MS });
  const started = page.waitForEvent('worker', { predicate: (w: Worker) => w !== first, timeout: WAIT_MS });
  await first.evaluate(() => void setTimeout(() => {
    throw new Error('the web e2e test makes the server worker crash');
  }));
  await closed;
  await started;
  log('the crashed server worker ended, another started');

  // The new server checks again: an error typed into a clean file shows, and goes with Undo.
  await openFile(page, FIX.name);
  const base = await errorCount(page);
  await cursorAt(page, 3, FIX.text.split('\n')[2].indexOf('<priority>') + '<priority>'.length + 1);
  await page.keyboard.type('x');
  await errorsUntil(page, base, 1);
  await page.keyboard.press('Control+Z');
  await errorsUntil(page, base, 0);
  log('the restarted server checks the edits');
}
