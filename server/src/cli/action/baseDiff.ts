/** The `base` input: sitemap-diff's engine on the `path` inputs, each read at the base revision (`REV:./path`, absent
 * there: no URLs) and in the working tree, as one old side and one new side. A revision the checkout lacks is a skip. */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { isRobotsName } from '../../../../shared/documentLanguage';
import { Listing, ListingComparison, type SitemapDiff } from '../../language/languageService';
import { readSide } from '../diff/diffSides';
import { SideFailure } from '../../node/diff/sideFailure';
import { Failure } from '../io/failure';
import { SiteContext } from '../lint/siteContext';

export type BaseDiff =
  | { kind: 'diff'; base: string; commit: string; diff: SitemapDiff; newPaths: string[] }
  | { kind: 'skipped'; base: string; reason: string };

export async function diffAgainstBase(base: string, paths: readonly string[], siteRoots: Record<string, string>, cwd: string): Promise<BaseDiff> {
  const commit = git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${base}^{commit}`]);
  if (commit === undefined) return { kind: 'skipped', base, reason: missingRevision(base, cwd) };
  const sides = paths.filter((p) => !isRobotsName(path.basename(p)));
  const site = new SiteContext(siteRoots, cwd);
  const before = new Listing();
  const newPaths: string[] = [];
  try {
    for (const p of sides) {
      const object = `${commit}:${fromHere(p, cwd)}`;
      if (git(cwd, ['cat-file', '-e', object]) === undefined) newPaths.push(p);
      else await readSide(object, before, site, cwd);
    }
    const comparison = new ListingComparison(before);
    for (const p of sides) await readSide(p, comparison, site, cwd);
    return { kind: 'diff', base, commit, diff: comparison.result(), newPaths };
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

/** `./path` from the current directory, as git reads a path after `REV:` relative to it. */
function fromHere(p: string, cwd: string): string {
  return `./${path.relative(cwd, path.resolve(cwd, p)).split(path.sep).join('/')}`;
}

/** git's trimmed standard output for fixed arguments (no shell); undefined when git fails or is missing. */
function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
