/**
 * The site files (sitemaps, text sitemaps, robots.txt, their .gz forms) of a workspace folder, found as `sitemap-lint`
 * finds them in a folder (node/siteFiles.ts) and in the same order (names sorted at each level), without blocking the
 * server: folders are read asynchronously and the loop yields between files. Bounded: a huge workspace is cut short.
 */
import { promises as fsp, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { SKIPPED_FOLDERS } from '../../language/languageService';
import { compareNames, isSiteFile } from '../../node/siteFiles';

export interface ScanLimits {
  /** Site files kept; the search stops at this many. */
  maxFiles: number;
  /** Folder entries looked at (files and folders, site files or not); the search stops past this many. */
  maxVisited: number;
}

export const SCAN_LIMITS: ScanLimits = { maxFiles: 1_000, maxVisited: 50_000 };

export interface ScanResult {
  files: string[];
  /** Whether a limit cut the search short. */
  truncated: boolean;
}

export async function scanSiteFiles(folder: string, limits: ScanLimits = SCAN_LIMITS, cancelled: () => boolean = () => false): Promise<ScanResult> {
  const result: ScanResult = { files: [], truncated: false };
  let visited = 0;
  const walk = async (dir: string): Promise<boolean> => {
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return true; // unreadable folder: skipped
    }
    entries.sort((a, b) => compareNames(a.name, b.name));
    for (const entry of entries) {
      if (cancelled()) return false;
      if (++visited > limits.maxVisited || result.files.length >= limits.maxFiles) {
        result.truncated = true;
        return false;
      }
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !(await walk(file))) return false;
      } else if (entry.isFile() && mayBeSiteFile(entry.name)) {
        await yieldToEventLoop();
        if (isSiteFile(file, entry.name)) result.files.push(file);
      }
    }
    return true;
  };
  await walk(folder);
  return result;
}

/** What isSiteFile may accept, by name alone: the others are not opened. */
export function mayBeSiteFile(name: string): boolean {
  return /\.(?:xml|txt|gz)$/i.test(name);
}

/** Orders paths as the search meets them: by their names at each level. */
export function compareWalkOrder(a: string, b: string): number {
  const as = a.split(path.sep);
  const bs = b.split(path.sep);
  for (let k = 0; k < Math.min(as.length, bs.length); k++) {
    const c = compareNames(as[k], bs[k]);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

/** Lets other messages through (a keystroke waiting) between two files. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
