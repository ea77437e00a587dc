/** The action's inputs (action.yml) as the runner passes them, `INPUT_<NAME>` with the name upper-cased and its hyphens
 * kept, read and checked: a bad one is a UsageError, one `::error::` line. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizeSiteRootUrl } from '../../../../shared/location';
import { UsageError } from '../io/failure';

/** The inputs action.yml declares, in its order (a test holds the two to each other). */
export const INPUT_NAMES = ['path', 'site-root', 'config', 'fail-on', 'sarif', 'base', 'baseline', 'live', 'live-origin', 'live-concurrency', 'live-rate'] as const;
/** The outputs action.yml declares. */
export const OUTPUT_NAMES = ['errors', 'warnings', 'added', 'removed', 'suppressed', 'gone'] as const;

export type FailOn = 'error' | 'warning' | 'never';

export interface ActionInputs {
  /** Files and folders, relative to the current directory (the workspace). */
  paths: string[];
  siteRoots: Array<{ dir: string; url: string }>;
  config: string | undefined;
  failOn: FailOn;
  /** Where to write the SARIF log; undefined for none. */
  sarif: string | undefined;
  /** A git revision to diff the paths' sitemaps against. */
  base: string | undefined;
  /** A baseline file (sitemap-lint's --baseline), relative to the workspace: only the problems it does not record count. */
  baseline: string | undefined;
  /** sitemap-lint's --live and its options, as given (sitemap-lint's parser checks them): [] without `live`. */
  live: string[];
}

const FAIL_ON: readonly string[] = ['error', 'warning', 'never'];
const DEFAULT_SARIF = 'sitemap-lint.sarif';

export function readInputs(cwd: string, env: NodeJS.ProcessEnv = process.env): ActionInputs {
  const input = (name: (typeof INPUT_NAMES)[number]): string | undefined => env[`INPUT_${name.toUpperCase()}`]?.trim();
  const failOn = input('fail-on') || 'error';
  if (!FAIL_ON.includes(failOn)) throw new UsageError(`fail-on must be error, warning or never, not "${failOn}"`);
  const base = input('base') || undefined;
  // git would read a revision starting with - as an option.
  if (base?.startsWith('-') === true) throw new UsageError(`base must be a git revision, not "${base}"`);
  const sarif = input('sarif');
  return {
    paths: pathsOf(input('path') || '.', cwd),
    siteRoots: linesOf(input('site-root') ?? '').map(siteRootOf),
    config: input('config') || undefined,
    failOn: failOn as FailOn,
    // Unset outside a runner: the default. Set empty: no SARIF.
    sarif: sarif === undefined ? DEFAULT_SARIF : sarif || undefined,
    base,
    baseline: input('baseline') || undefined,
    live: liveOptions(input),
  };
}

/** `live: true` (or a `live-origin`) as sitemap-lint's --live options; `live-concurrency`/`live-rate` only with it. */
function liveOptions(input: (name: (typeof INPUT_NAMES)[number]) => string | undefined): string[] {
  const live = (input('live') || 'false').toLowerCase();
  if (live !== 'true' && live !== 'false') throw new UsageError(`live must be true or false, not "${input('live')}"`);
  const origin = input('live-origin') || undefined;
  const tuning = (['live-concurrency', 'live-rate'] as const).flatMap((name) => (input(name) ? [`--${name}`, input(name)!] : []));
  if (live === 'false' && origin === undefined) {
    if (tuning.length > 0) throw new UsageError(`${tuning[0]!.slice(2)} needs live: true (or a live-origin)`);
    return [];
  }
  return ['--live', ...(origin !== undefined ? ['--live-origin', origin] : []), ...tuning];
}

/** One per line or separated by spaces; a line that names an existing file or folder whole is one path (spaces and all). */
function pathsOf(value: string, cwd: string): string[] {
  const paths = linesOf(value).flatMap((line) => (fs.existsSync(path.resolve(cwd, line)) ? [line] : line.split(/\s+/)));
  const missing = paths.find((p) => !fs.existsSync(path.resolve(cwd, p)));
  if (missing !== undefined) throw new UsageError(`path: no such file or folder: ${missing}`);
  return paths;
}

function siteRootOf(line: string): { dir: string; url: string } {
  const eq = line.indexOf('=');
  const dir = line.slice(0, eq).trim();
  const url = line.slice(eq + 1).trim();
  if (eq <= 0 || dir === '' || normalizeSiteRootUrl(url) === undefined) {
    throw new UsageError(`site-root needs DIR=URL lines with an absolute http(s) URL, not "${line}"`);
  }
  return { dir, url };
}

function linesOf(value: string): string[] {
  return value.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}
