/** The parts of a BuiltSite made from a built folder's files, whoever reads them (the Node server from disk, the web
 * worker through the client): where the origin's robots.txt is, the redirects files' rules, a page's facts. */
import type { BuiltRedirects } from './builtSite';
import { readPageHead, type PageFacts } from './pageFacts';
import { urlsOfFile, type SiteRoot } from './pageResolution';
import { parseRedirectsFile } from './redirectsFile';
import { parseVercelJson, vercelImplicitRedirect } from './vercelJson';

export { robotsFileOf } from './robotsFile';

/** `_redirects` (Netlify, Cloudflare Pages) and `vercel.json` at the folder's top, as `readText` gives them; a broken one has no rules. */
export function builtRedirectsOf(readText: (name: '_redirects' | 'vercel.json') => string | undefined): BuiltRedirects[] {
  const found: BuiltRedirects[] = [];
  const netlify = readText('_redirects');
  if (netlify !== undefined) found.push({ file: '_redirects', host: 'netlify', rules: parseRedirectsFile(netlify).rules });
  const vercel = readText('vercel.json');
  if (vercel !== undefined) {
    const config = parseVercelJson(vercel);
    found.push({ file: 'vercel.json', host: 'vercel', rules: config.rules, implicit: (url) => vercelImplicitRedirect(config, url) });
  }
  return found;
}

/** The facts of the page at `file` (relative to the root's folder) from its head's text; undefined when it has no URL. */
export function pageFactsOf(text: string, file: string, root: SiteRoot, truncated: boolean): PageFacts | undefined {
  return pageHeadOf(text, file, root, truncated)?.facts;
}

/** pageFactsOf for a reader that reads a page's start first (PAGE_HEAD_CHUNK): `complete` false asks it for more. */
export function pageHeadOf(text: string, file: string, root: SiteRoot, truncated: boolean): { facts: PageFacts; complete: boolean } | undefined {
  const url = urlsOfFile(file, root)[0];
  if (url === undefined) return undefined;
  try {
    return readPageHead(text, url, { truncated });
  } catch {
    return undefined; // readPageHead never throws; a page is still not worth a crash
  }
}
