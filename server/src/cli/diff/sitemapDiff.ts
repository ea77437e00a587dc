/** `sitemap-diff <old> <new>`: the URLs a build added to or removed from its sitemaps, and the `<lastmod>`s it changed.
 * Exit 0; 1 when a --fail-on threshold is passed; 2 on bad usage (the error and the usage line on stderr) or with one
 * line on stderr on unreadable input. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { asksVersion, VERSION } from '../io/version';
import { Listing, ListingComparison, type SitemapDiff, type UrlSink } from '../../language/languageService';
import { exitQuietlyOnClosedPipe } from '../io/closedPipe';
import { exitWhenFlushed } from '../io/exitWhenFlushed';
import { reportMaxRss } from '../io/reportRss';
import { Failure, UsageError } from '../io/failure';
import { SiteContext, siteRootOptions, withInferredRoots } from '../lint/siteContext';
import { COMMAND, HELP, parseDiffArgs, passes, type DiffArgs } from './diffArgs';
import { usageErrorText } from '../io/commandHelp';
import { formatDiffJson, formatDiffMarkdown, formatDiffStylish } from '../../node/diff/diffFormats';
import { SideFailure } from '../../node/diff/sideFailure';
import { readSide } from './diffSides';
import { readUrlSide } from './urlSide';
import { isUrlInput } from '../http/urlInput';
import { UrlSitemaps } from '../http/urlSitemaps';
import { inflateLimit } from '../../../../shared/protocolLimits';

async function main(argv: readonly string[]): Promise<number> {
  const cwd = process.cwd();
  let args: DiffArgs;
  let diff: SitemapDiff;
  if (asksVersion(argv)) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  try {
    args = parseDiffArgs(argv);
    if (args.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const note = (text: string) => process.stderr.write(`sitemap-diff: note: ${text}\n`);
    // A REV:path side names its path as the working tree has it (from here, as the repository's top usually is).
    const named = args.sides.filter((side) => side !== '-' && !isUrlInput(side)).map((side) => (fs.existsSync(path.resolve(cwd, side)) ? side : side.replace(/^[^:]+:/, '')));
    const site = new SiteContext(withInferredRoots(siteRootOptions(args.siteRoots, cwd), named, cwd, note, 'give --site-root DIR=URL'), cwd);
    // The old side's URLs held; the new side's compared as they come, only the added ones kept.
    const before = new Listing();
    await readAnySide(args, 0, before, site, cwd, note);
    const comparison = new ListingComparison(before);
    await readAnySide(args, 1, comparison, site, cwd, note);
    diff = comparison.result();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(usageErrorText(COMMAND, e.message));
      return 2;
    }
    if (e instanceof Failure || e instanceof SideFailure) {
      process.stderr.write(`sitemap-diff: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  process.stdout.write(args.format === 'json' ? formatDiffJson(diff) : args.format === 'markdown' ? formatDiffMarkdown(diff, args.all) : formatDiffStylish(diff, args.all));
  const { counts } = diff;
  return passes(args.failOnRemoved, counts.removed, counts.old) || passes(args.failOnAdded, counts.added, counts.old) ? 1 : 0;
}

/** A side from disk, git or standard input (diffSides.ts), or over HTTP with a client of its own (each side reads its files once). */
async function readAnySide(args: DiffArgs, k: 0 | 1, pages: UrlSink, site: SiteContext, cwd: string, note: (text: string) => void): Promise<void> {
  const spec = args.sides[k];
  if (!isUrlInput(spec)) return readSide(spec, pages, site, cwd);
  const urls = new UrlSitemaps({ insecure: args.insecure, userAgent: args.httpUserAgent, timeoutMs: args.timeoutSeconds * 1000, allowedHosts: [], maxBytes: inflateLimit(), onNote: note });
  try {
    await readUrlSide(spec, pages, urls);
  } finally {
    await urls.close();
  }
}

exitQuietlyOnClosedPipe();
void main(process.argv.slice(2)).then((code) => {
  reportMaxRss('sitemap-diff');
  exitWhenFlushed(code);
});
