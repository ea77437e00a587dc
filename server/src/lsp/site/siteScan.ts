/** A workspace folder's site files, found as `sitemap-lint` finds them in a folder (node/folderWalk.ts) and in the same
 * order, without blocking the server. Bounded: a huge workspace is cut short. */
import { isSiteFile } from '../../node/siteFiles';
import { mayBeSiteFile } from '../../../../shared/documentLanguage';
import { walkFolders, type WalkLimits } from '../../node/folderWalk';

export { compareWalkOrder, yieldToEventLoop } from '../../node/folderWalk';
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
