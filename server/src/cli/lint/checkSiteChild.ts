/** The child process of the editor's Check Site (dist/check-site.js): sitemap-lint's pipeline over each workspace folder
 * as a site. Over IPC: one job in, progress, one result out, then exit — also when the server goes away. Why a child
 * process: docs/architecture.md, "The site checks". */
import * as path from 'node:path';
import type { CheckSiteJob, CheckSiteMessage, Unreadable } from '../../node/checkSiteMessages';
import type { FileResult } from '../../node/lintResults';
import { collectInputs, type Input } from './lintInputs';
import { lintFiles } from './lintFiles';
import { Failure } from '../io/failure';
import { SiteContext } from './siteContext';

async function run(job: CheckSiteJob): Promise<CheckSiteMessage> {
  const inputs = job.folders.map((f) => findInputs(f.path));
  const known = inputs.reduce((n, i) => n + i.length, 0);
  const files: FileResult[] = [];
  const unreadable: Unreadable[] = [];
  let before = 0; // files of the folders before this one
  for (const [k, folder] of job.folders.entries()) {
    const linted = await lintFiles(inputs[k], {
      settings: folder.settings, site: new SiteContext(folder.siteRoots, folder.path), follow: false, cwd: folder.path, now: job.now,
      // The page rules, git only in a trusted workspace; their notes go to the server's log.
      pageRules: { git: job.git }, onNote: (text) => send({ type: 'note', text }),
      onProgress: (done) => send({ type: 'progress', done: Math.min(known, before + done), known }),
      // A corrupt .gz must not cost the whole site its check: it is left out and named in the summary.
      onUnreadable: (input, message) => unreadable.push({ file: input.name, reason: message.startsWith(`${input.name}: `) ? message.slice(input.name.length + 2) : message }),
    });
    files.push(...linted.map((file) => withAbsoluteRelated(file, folder.path)));
    before += inputs[k].length;
  }
  return { type: 'done', files, unreadable };
}

/** sitemap-lint names a page rule's evidence (a page, robots.txt) relative to its cwd, the folder; the editor wants
 * absolute paths, as the files linted are named. */
function withAbsoluteRelated(file: FileResult, folder: string): FileResult {
  for (const problem of file.problems) {
    for (const related of problem.related ?? []) related.file = path.resolve(folder, related.file);
  }
  return file;
}

/** A folder's sitemaps and robots.txt files, named by absolute path; none when it has no sitemap or cannot be read. */
function findInputs(folder: string): Input[] {
  try {
    return collectInputs([folder], folder);
  } catch (error) {
    if (error instanceof Failure) return [];
    throw error;
  }
}

function send(message: CheckSiteMessage, then?: () => void): void {
  process.send!(message, undefined, undefined, then);
}

process.on('disconnect', () => process.exit(0));
process.once('message', (job: CheckSiteJob) => {
  run(job).then(
    (message) => send(message, () => process.exit(0)),
    (error: unknown) => send({ type: 'failed', reason: error instanceof Error ? error.stack ?? error.message : String(error) }, () => process.exit(1)),
  );
});
