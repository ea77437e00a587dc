/** Sharded lint: a shard's share of the inputs (by a hash of each path, so adding a file moves no other), linted (with
 * --live, the URLs its files list asked), and the merge of the shards' summary files that runs the cross-file rules
 * (and the page rules) over them (docs/command-line.md). */
import * as path from 'node:path';
import { urlHashIn, type RuleId } from '../../language/languageService';
import type { FileResult } from '../../node/lintResults';
import type { Input } from './lintInputs';
import type { Part } from './lintArgs';
import type { LintOptions, LiveLintOptions } from './lintContract';
import { liveShare, liveShareNote, shardBytes } from './liveShare';
import { finishSiteLint, SiteLint, startBuiltSites } from './lintSite';
import { pageRulesMayApply } from './lintPages';
import { readSummary, summaryBytesRead } from './summary/summaryReader';
import { summarizedFile } from './summary/summarizedFile';
import { bucketsOf } from './summary/summaryFormat';
import { Failure } from '../io/failure';
import { lintFiles } from './lintFiles';
import { SummaryWriter } from './summary/summaryWriter';


/** Stable by path: FNV-1a of the path relative to the current directory, '/'-separated, so every machine of a matrix agrees. */
export function shardOfPath(file: string, cwd: string, count: number): number {
  const relative = path.relative(cwd, file).split(path.sep).join('/');
  return ((urlHashIn(relative, 0, relative.length) >>> 0) % count) + 1;
}

/** The inputs of shard `part`, each with its place in the whole list (the merge adds files in that order, as one run does). */
export function shardInputs(inputs: readonly Input[], part: Part, cwd: string): Array<{ input: Input; order: number }> {
  const mine: Array<{ input: Input; order: number }> = [];
  inputs.forEach((input, order) => {
    if (input.file === undefined) throw new Failure('--shard does not take standard input');
    if (shardOfPath(input.file, cwd, part.count) === part.index) mine.push({ input, order });
  });
  return mine;
}

/**
 * Shard `part` of the inputs linted: each file's own problems, and its summary written for the merge. With --live, the
 * URLs its own files list are asked, each verdict placed on its own files' entries, so that a verdict lands where one
 * whole run puts it (a URL listed in two shards' files, itself a cross-file duplicate, is asked by each).
 */
export async function lintShard(inputs: readonly Input[], part: Part, options: LintOptions, summaryOut: { file: string | undefined; pageFacts: boolean }): Promise<FileResult[]> {
  const mine = shardInputs(inputs, part, options.cwd);
  if (options.live !== undefined && part.count > 1) options = { ...options, live: shareOfLive(options.live, inputs, part, options) };
  const summary = summaryOut.file === undefined ? undefined : new SummaryWriter(summaryOut.file, part, options.cwd, summaryOut.pageFacts);
  const live = options.live === undefined ? undefined : new SiteLint(options, false);
  try {
    const results = await lintFiles(mine.map((m) => m.input), {
      ...options, onSiteFacts: (linted, k) => {
        summary?.add(mine[k].order, linted);
        live?.add(linted);
      },
    });
    if (live !== undefined) await live.finishLive({ ...options, live: options.live! });
    return results;
  } finally {
    summary?.close();
  }
}

/** The shard's share of --live's per-origin budget (liveShare.ts), said once in a note. */
function shareOfLive(live: LiveLintOptions, inputs: readonly Input[], part: Part, options: LintOptions): LiveLintOptions {
  const bytes = shardBytes(inputs, part.count, (file) => shardOfPath(file, options.cwd, part.count));
  const share = liveShare(live, part, bytes);
  options.onNote?.(liveShareNote(live, share, part));
  return { ...live, ...share };
}

const DUPLICATE: RuleId = 'cross-file-duplicate-url';

/** The cross-file rules over the summary files; with `partition`, the duplicates of its URL-hash buckets only (and the per-file rules in partition 1). */
export async function mergeSummaries(files: readonly string[], options: LintOptions, partition?: Part): Promise<FileResult[]> {
  const part = partition === undefined || partition.count === 1 ? undefined : partition;
  // The page rules read every URL: they run in a merge that is not partitioned.
  const pageFacts = part === undefined && options.pageRules !== undefined && pageRulesMayApply(options.settings, options.site.siteRoots);
  const request = { buckets: bucketsOf(part), pageFacts };
  const all = files.flatMap((f) => readSummary(f, request).map((section) => summarizedFile(section, options.cwd)));
  if (process.env.SITEMAP_LINT_REPORT_READ === '1') process.stderr.write(`sitemap-lint: summary bytes read ${summaryBytesRead()}\n`);
  all.sort((a, b) => a.order - b.order);
  const siteLint = new SiteLint(options);
  for (const { linted } of all) siteLint.add(linted);
  await finishSiteLint(siteLint, pageFacts ? startBuiltSites(options, siteLint) : undefined, options);
  const results = all.map((f) => f.linted.result);
  if (part === undefined) return results;
  const ownRule = (rule: string): boolean => (part.index === 1 ? true : rule === DUPLICATE);
  return results.map((r) => ({ file: r.file, problems: r.problems.filter((p) => ownRule(p.rule)) }));
}
