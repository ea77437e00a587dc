/**
 * The site files (sitemaps, text sitemaps, robots.txt, their .gz forms) of a workspace folder, found as `sitemap-lint`
 * finds them in a folder, by the same walk (node/folderWalk.ts) and in the same order, without blocking the server.
 */
import { isSiteFile } from '../../node/siteFiles';
import { mayBeSiteFile } from '../../../../shared/documentLanguage';
import { walkFolders, type WalkLimits } from '../../node/folderWalk';

export { compareWalkOrder, turn } from '../../node/folderWalk';
export { mayBeSiteFile };

export type ScanLimits = WalkLimits;

export const SCAN_LIMITS: ScanLimits = { maxFiles: 1_000, maxVisited: 50_000 };

export interface ScanResult {
  files: string[];
  /** Whether a limit cut the search short. */
  truncated: boolean;
}

export async function scanSiteFiles(folder: string, limits: ScanLimits = SCAN_LIMITS, cancelled: () => boolean = () => false): Promise<ScanResult> {
  const { files, truncated } = await walkFolders([folder], { wanted: mayBeSiteFile, accept: isSiteFile, limits, cancelled });
  return { files, truncated };
}
