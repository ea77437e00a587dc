/** The `base` input: sitemap-diff's engine on the sitemaps the lint read (no folder walked at either side: a site's
 * folder can hold thousands of .xml files whose first bytes a walk at a revision reads with one `git show` each), read
 * at the base revision (absent there: no URLs) and in the working tree, as one old side and one new side, plus the
 * sitemaps under `path` that the working tree no longer has. A revision the checkout lacks is a skip. */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { isRobotsName } from '../../../../shared/documentLanguage';
import { Listing, ListingComparison, type SitemapDiff } from '../../language/languageService';
import { readFiles, readRevisionFiles, sitemapsDeletedSince } from '../diff/diffSides';
import { SideFailure } from '../../node/diff/sideFailure';
import { Failure } from '../io/failure';
import { SiteContext } from '../lint/siteContext';

export type BaseDiff =
  | { kind: 'diff'; base: string; commit: string; diff: SitemapDiff; newPaths: string[] }
  | { kind: 'skipped'; base: string; reason: string };

/** `files`: the absolute files the lint read (robots.txt files left out here); `paths`: the `path` input, relative to `cwd`. */
export async function diffAgainstBase(base: string, files: readonly string[], paths: readonly string[], siteRoots: Record<string, string>, cwd: string): Promise<BaseDiff> {
  const commit = git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${base}^{commit}`]);
  if (commit === undefined) return { kind: 'skipped', base, reason: missingRevision(base, cwd) };
  const sitemaps = files.filter((f) => !isRobotsName(path.basename(f)));
  const site = new SiteContext(siteRoots, cwd);
  const before = new Listing();
  try {
    const gone = sitemapsDeletedSince(commit, paths, cwd);
    const absent = await readRevisionFiles(commit, [...sitemaps, ...gone], before, site, cwd);
    const comparison = new ListingComparison(before);
    await readFiles(sitemaps, comparison, site, cwd);
    return { kind: 'diff', base, commit, diff: comparison.result(), newPaths: absent.map((f) => fromHere(f, cwd)) };
  } catch (e) {
    if (!(e instanceof Failure || e instanceof SideFailure)) throw e;
    return { kind: 'skipped', base, reason: `the sitemap diff against ${base} is skipped: ${e.message}` };
  }
}

/** Why `base` cannot be read, and what to do about it. */
function missingRevision(base: string, cwd: string): string {
  const shallow = git(cwd, ['rev-parse', '--is-shallow-repository']);
  if (shallow === undefined) return `base: ${cwd} is not a git repository, so there is no ${base} to diff the sitemaps against`;
  return `base: this checkout does not have ${base}${shallow === 'true' ? ' (a shallow clone)' : ''}: `
    + 'check out with actions/checkout\'s fetch-depth: 0 to diff the sitemaps against it';
}

/** A file's name for the job summary: relative to the current directory, `/`-separated, when below it. */
function fromHere(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/** git's trimmed standard output for fixed arguments (no shell); undefined when git fails or is missing. */
function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
