/** The disk half of site root inference (shared/siteInference.ts): the few files it looks at, read small and once. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evidenceFolders, inferSiteRoots, MAX_EVIDENCE_BYTES, type SiteInference } from '../../../shared/siteInference';
import { SKIPPED_FOLDERS } from '../../../shared/walkOrder';
import { readHeadText } from './files';
import { isFileOnDisk } from './fileProbe';

/** The roots the files under `top` say, looking in `folders` (relative to `top`, `/`-separated). */
export function inferSiteRootsOnDisk(top: string, folders: readonly string[]): SiteInference {
  return inferSiteRoots(folders, (relative) => {
    const file = path.join(top, ...relative.split('/'));
    return isFileOnDisk(file) ? readHeadText(file, MAX_EVIDENCE_BYTES) : undefined;
  });
}

/** The roots a workspace folder's files say: in it, its docs/ and its first-level folders (as the editor looks). */
export function inferWorkspaceSiteRoots(top: string): SiteInference {
  return inferSiteRootsOnDisk(top, evidenceFolders(subfolders(top)));
}

/**
 * Where inference looks besides the workspace folder and its docs/: its first-level folders (a generator's project in
 * `site/`, a CNAME in the built `public/`); hidden and dependency folders skipped.
 */
function subfolders(top: string): string[] {
  try {
    return fs.readdirSync(top, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Whether a folder holds built pages: an `.html` file at its top or in a folder of its own (a pretty URL's). */
export function holdsBuiltPages(folder: string): boolean {
  try {
    const entries = fs.readdirSync(folder, { withFileTypes: true });
    if (entries.some((entry) => entry.isFile() && /\.html?$/i.test(entry.name))) return true;
    return entries.some((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, 'index.html')));
  } catch {
    return false;
  }
}
