/** What the page behind a `<loc>` says, for the hover: how it is served, its title, robots directives, canonical,
 * redirect, the robots.txt line that blocks it, its last commit. Data, then markdown as the other hovers give it. */
import type { BuiltSite } from '../builtSite';
import { robotsFor, type PageProblemKind } from '../pageFacts';
import { resolvePage, siteRootOf } from '../pageResolution';
import { isAllowed } from '../robotsMatcher';
import { hostRedirect } from './hostRedirect';
import { describeChange } from '../lastmodJudgement';

export interface PageDescription {
  url: string;
  /** `file`: relative to the root's folder; `slashMismatch`: only `expectedUrl` is served, by that file; `unknown`: the
   * root's folder holds no pages (or was not read), only its robots.txt is known. */
  served: { file: string } | { slashMismatch: string; expectedUrl: string } | { notFound: true } | { unknown: true };
  /** A host's redirect (rule or Vercel's own) or the page's meta refresh. */
  redirect?: { target: string; by: 'host' | 'refresh' };
  title?: string;
  /** The robots directives for the crawler, merged (`robots` and its own meta). */
  robots?: string[];
  canonicals: string[];
  blockedBy?: { file: string; line: number };
  commit?: { hash: string; subject: string; time: number | undefined };
  /** The newest commit that changed the page's content, when it is not the newest commit. */
  contentCommit?: { hash: string; subject: string; time: number; changed: string };
  /** What kept the page from being read whole (not UTF-8, head ended early, template syntax, …). */
  readProblems: PageProblemKind[];
}

/** Undefined when the URL is under no site root with built pages, nor blocked by the robots.txt of a root without. */
export function pageDescription(url: string, sites: readonly BuiltSite[], userAgent: string): PageDescription | undefined {
  const root = siteRootOf(url, sites.map((site) => site.root));
  const site = sites.find((s) => s.root === root);
  if (site === undefined) return undefined;
  const verdict = site.robots === undefined ? undefined : isAllowed(site.robots.rules, userAgent, url);
  const blockedBy = verdict !== undefined && !verdict.allowed && verdict.rule !== undefined ? { file: site.robots!.file, line: verdict.rule.lineNumber } : undefined;
  const served = site.hasPages ? resolvePage(url, site.root, site.files) : blockedBy && { unknown: true as const };
  if (served === undefined) return undefined;
  const description: PageDescription = { url, served, canonicals: [], readProblems: [] };
  if (blockedBy !== undefined) description.blockedBy = blockedBy;
  if ('unknown' in served) return description;
  const redirect = hostRedirect(site, url, 'file' in served);
  if (redirect !== undefined) description.redirect = { target: redirect.target, by: 'host' };
  if (!('file' in served)) return description;
  const facts = site.page(served.file);
  if (facts !== undefined) {
    description.title = facts.title;
    description.robots = robotsFor(facts, userAgent).directives;
    description.canonicals = facts.canonicals.flatMap((c) => (c.href === undefined ? [] : [c.href]));
    if (description.redirect === undefined && facts.refresh?.url !== undefined) description.redirect = { target: facts.refresh.url, by: 'refresh' };
    description.readProblems = facts.problems.map((p) => p.kind);
  }
  const source = site.source(url, served.file);
  if (source?.commit !== undefined) description.commit = { hash: source.commit.hash, subject: source.commit.subject, time: source.commit.time };
  const content = source?.contentCommit;
  if (content !== undefined && content.hash !== source?.commit?.hash) description.contentCommit = { hash: content.hash, subject: content.subject, time: content.time, changed: describeChange(content.changed) };
  return description;
}

/** The page's facts as hover markdown; undefined when the URL is under no site root with built pages. */
export function describePage(url: string, sites: readonly BuiltSite[], userAgent: string): string | undefined {
  const d = pageDescription(url, sites, userAgent);
  if (d === undefined) return undefined;
  const lines: string[] = [];
  // Google's order, as the page rules judge: robots.txt first (what follows is what a fetch would show, and none is made).
  if (d.blockedBy !== undefined) lines.push(`**Blocked by:** \`${d.blockedBy.file}\` line ${d.blockedBy.line}: Google never fetches this URL, so what follows is unseen`);
  if ('notFound' in d.served) lines.push('**Page:** no built file serves this URL');
  else if ('slashMismatch' in d.served) lines.push(`**Page:** only \`${d.served.expectedUrl}\` is served (\`${d.served.slashMismatch}\`)`);
  else if ('file' in d.served) lines.push(`**Page:** \`${d.served.file}\`${d.title !== undefined ? ` — ${escapeMarkdown(d.title)}` : ''}`);
  if (d.redirect !== undefined) lines.push(`**Redirects to:** \`${d.redirect.target}\` (${d.redirect.by === 'host' ? 'the host' : 'meta refresh'})`);
  if (d.robots !== undefined && d.robots.length > 0) lines.push(`**Robots:** ${d.robots.join(', ')}`);
  if (d.canonicals.length > 0) lines.push(`**Canonical:** ${d.canonicals.map((c) => `\`${c}\``).join(', ')}`);
  if (d.commit !== undefined) lines.push(`**Last commit:** \`${d.commit.hash}\` ${escapeMarkdown(d.commit.subject)}${d.commit.time === undefined ? '' : ` (${new Date(d.commit.time).toISOString().slice(0, 10)})`}`);
  if (d.contentCommit !== undefined) lines.push(`**Last content change:** \`${d.contentCommit.hash}\` ${escapeMarkdown(d.contentCommit.subject)} (${new Date(d.contentCommit.time).toISOString().slice(0, 10)}): ${d.contentCommit.changed}`);
  if (d.readProblems.length > 0) lines.push(`**Read:** ${d.readProblems.join(', ')}`);
  return lines.join('  \n');
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!<>|]/g, (c) => `\\${c}`);
}
