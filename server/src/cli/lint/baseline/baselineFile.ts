/** The baseline file of `sitemap-lint --write-baseline FILE` and `--baseline FILE` (docs/command-line.md, "Baselines"):
 * JSON meant to be committed, grouped as ESLint's suppressions file is — per file (relative to the baseline's folder,
 * `/`-separated), per rule, how many problems each entry URL (`urls`) or line text (`texts`) has — its keys sorted, so
 * that a rewrite changes only the lines of what changed. Written whole or not at all: a temporary file beside it, then
 * a link (which refuses an existing file) or, with --force, a rename. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject } from '../../../language/languageService';
import { Failure } from '../../io/failure';
import { reasonOf, withCause } from '../../../../../shared/causes';
import { isFolderOnDisk } from '../../../node/fileProbe';

/** The file's format; a later one is refused rather than misread. */
const VERSION_KEY = 'sitemap-lint-baseline';
const VERSION = 1;
const KINDS = ['urls', 'texts'] as const;

export type EntryKind = (typeof KINDS)[number];

/** Per file key (baselineKeys.ts's fileKey), per entry key (entryKey): the count recorded. */
export type Baseline = Map<string, Map<string, number>>;

/** What one recorded problem is known by in its file: its rule, and its entry's URL or its line's text. */
export function entryKey(rule: string, kind: EntryKind, value: string): string {
  return `${rule}\u0000${kind}\u0000${value}`;
}

function splitEntryKey(key: string): [string, EntryKind, string] {
  const [rule, kind, ...value] = key.split('\u0000');
  return [rule, kind as EntryKind, value.join('\u0000')];
}

/** The baseline in `file`; a missing, unreadable or malformed file is a one-line Failure. */
export function readBaseline(file: string, cwd: string): Baseline {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(path.resolve(cwd, file), 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Failure(`${file}: ${code === 'ENOENT' ? `no such baseline file (--write-baseline ${file} records one)` : e instanceof SyntaxError ? `not valid JSON (${e.message})` : withCause('cannot read', reasonOf(e))}`);
  }
  const bad = (what: string) => new Failure(`${file}: not a sitemap-lint baseline (${what})`);
  if (!isObject(json) || !isObject(json.files)) throw bad('it needs an object "files"');
  if (json[VERSION_KEY] !== VERSION) throw bad(`"${VERSION_KEY}" must be ${VERSION}, the format this version reads`);
  const baseline: Baseline = new Map();
  for (const [name, rules] of Object.entries(json.files)) {
    if (!isObject(rules)) throw bad(`files → ${name} must be an object of rules`);
    const entries = new Map<string, number>();
    for (const [rule, groups] of Object.entries(rules)) {
      if (!isObject(groups) || Object.keys(groups).some((k) => !(KINDS as readonly string[]).includes(k))) throw bad(`files → ${name} → ${rule} must hold "urls" and "texts" only`);
      for (const kind of KINDS) {
        const counts = groups[kind];
        if (counts === undefined) continue;
        if (!isObject(counts)) throw bad(`files → ${name} → ${rule} → ${kind} must be an object of counts`);
        for (const [value, count] of Object.entries(counts)) {
          if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) throw bad(`files → ${name} → ${rule} → ${kind} → ${value}: a count is a whole number from 1`);
          entries.set(entryKey(rule, kind, value), count);
        }
      }
    }
    baseline.set(name, entries);
  }
  return baseline;
}

/** The file's text: keys in code-unit order, one count a line, a total to read at a glance (not read back). */
export function serializeBaseline(baseline: Baseline): string {
  const files: Record<string, Record<string, Partial<Record<EntryKind, Record<string, number>>>>> = {};
  let total = 0;
  for (const name of sorted(baseline.keys())) {
    const rules: Record<string, Partial<Record<EntryKind, Record<string, number>>>> = {};
    for (const key of sorted(baseline.get(name)!.keys())) {
      const [rule, kind, value] = splitEntryKey(key);
      const count = baseline.get(name)!.get(key)!;
      ((rules[rule] ??= {})[kind] ??= {})[value] = count;
      total += count;
    }
    files[name] = rules;
  }
  return `${JSON.stringify({ [VERSION_KEY]: VERSION, problems: total, files }, null, 2)}\n`;
}

function sorted(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Refuses, before any linting, a target that exists (without --force) or whose folder does not. */
export function checkWritable(file: string, cwd: string, force: boolean): void {
  const target = path.resolve(cwd, file);
  if (!force && fs.existsSync(target)) throw new Failure(`${file} exists (use --force to overwrite)`);
  if (!isFolderOnDisk(path.dirname(target))) throw new Failure(`${file}: no such folder`);
}

/** Writes `text` to `file` (relative to `cwd`) whole or not at all; nothing is left behind on failure. */
export function writeBaselineFile(file: string, cwd: string, text: string, force: boolean): void {
  const target = path.resolve(cwd, file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  let placing = false;
  try {
    fs.writeFileSync(temp, text, { flag: 'wx' });
    placing = true;
    if (force) fs.renameSync(temp, target);
    else placeNew(temp, target);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    const exists = placing && !force && (e as NodeJS.ErrnoException).code === 'EEXIST';
    // Node's message names the temporary file: the reason alone.
    throw new Failure(exists ? `${file} exists (use --force to overwrite)` : `${withCause(`${file}: cannot write the baseline`, reasonOf(e))}; nothing was written`);
  }
}

/** The temporary file as `target`, which must not exist: a link refuses an existing file, as the check before linting
 * did, so that nothing written meanwhile is lost; where links are not supported, that check again and a rename. */
function placeNew(temp: string, target: string): void {
  try {
    fs.linkSync(temp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    if (fs.existsSync(target)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    fs.renameSync(temp, target);
    return;
  }
  fs.rmSync(temp);
}
