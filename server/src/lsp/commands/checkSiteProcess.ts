/** Check Site's run on the desktop: sitemap-lint's pipeline in a child process (dist/check-site.js,
 * cli/lint/checkSiteChild.ts), one job in over IPC, progress and one result out. */
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { CheckSiteDone, CheckSiteMessage, CheckSiteRunner } from './checkSite';

/** Beside dist/server.js. */
const CHILD_BUNDLE = path.join(__dirname, 'check-site.js');

export function forkCheckSite(logFailure: (what: string, error: unknown) => void): CheckSiteRunner {
  return (job, tell) => {
    let child: ChildProcess | undefined;
    const result = new Promise<CheckSiteDone>((resolve, reject) => {
      child = fork(CHILD_BUNDLE, [], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      child.on('message', (message: CheckSiteMessage) => {
        if (message.type === 'done') resolve(message);
        else if (message.type === 'failed') reject(new Error(message.reason));
        else tell(message);
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => reject(new Error(`The Check Site process ended (${signal ?? `exit code ${code}`}) without results. ${stderr}`)));
      child.send(job, (error) => {
        if (error !== null && error !== undefined) logFailure('Starting Check Site', error);
      });
    });
    return { result, cancel: () => child?.kill() };
  };
}
