/** The redirect a host applies to a URL before it serves a file: a rule of a redirects file it reads (Netlify's and
 * Cloudflare Pages' `_redirects`, vercel.json's `redirects`) or one Vercel adds itself (`cleanUrls`, `trailingSlash`). */
import type { BuiltSite } from '../builtSite';
import type { SiteRoot } from '../pageResolution';
import { matchRedirect } from '../redirectsFile';

export interface HostRedirect {
  target: string;
  /** The redirects file (as siteFilePath gives it) and the rule's range; 0–0 for a redirect Vercel adds itself. */
  path: string;
  start: number;
  end: number;
  host: 'netlify' | 'vercel';
  /** The rule's status; undefined for Vercel's own (308). */
  status: number | undefined;
}

/**
 * The first redirect that applies to `url`, redirects files in the site's order. `served`: a file serves the URL's
 * path, so Netlify skips its rules that are not forced (`301!`); Vercel applies its redirects before its files.
 */
export function hostRedirect(site: BuiltSite, url: string, served: boolean): HostRedirect | undefined {
  for (const redirects of site.redirects) {
    const path = siteFilePath(site.root, redirects.file);
    const match = matchRedirect(redirects.rules, url, { fileExists: served && redirects.host === 'netlify' });
    if (match !== undefined) return { target: match.target, path, start: match.rule.start, end: match.rule.end, host: redirects.host, status: match.rule.status };
    const implicit = redirects.implicit?.(url);
    if (implicit !== undefined) return { target: implicit, path, start: 0, end: 0, host: redirects.host, status: undefined };
  }
  return undefined;
}

/** A file of the root's folder (relative to it) as the problems name it: in the space of `root.folder` (workspace-relative). */
export function siteFilePath(root: SiteRoot, file: string): string {
  const folder = root.folder.replace(/[\\/]+$/, '');
  return folder === '' ? file : `${folder}/${file}`;
}
