/** Where the origin's robots.txt is, as the site roots map it: apart from builtSiteFiles.ts (which reads pages with
 * htmlparser2), so that the web worker finds a robots.txt without loading the page rules' script. */
import { fileFromSiteRoots } from '../../../../shared/location';
import { parseWebUrl } from '../../../../shared/webUrl';
import type { SiteRoot } from './pageResolution';

/** The workspace-relative robots.txt the site roots map `https://host/robots.txt` to: the origin root's, not a sub-path root's. */
export function robotsFileOf(root: SiteRoot, siteRoots: readonly SiteRoot[]): string | undefined {
  const robotsUrl = parseWebUrl('/robots.txt', root.url)?.href;
  if (robotsUrl === undefined) return undefined;
  return fileFromSiteRoots(robotsUrl, Object.fromEntries([root, ...siteRoots].map((r) => [r.folder, r.url])));
}
