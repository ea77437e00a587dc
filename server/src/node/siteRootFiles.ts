/** The disk half of site root inference (shared/siteInference.ts): the few files it looks at, read small and once. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inferSiteRoots, type SiteInference } from '../../../shared/siteInference';
import { readHeadText } from './files';

/** A config or CNAME is small; one past this is not read whole, and its keys may be missed. */
const MAX_EVIDENCE_BYTES = 256 * 1024;

/** The roots the files under `top` say, looking in `folders` (relative to `top`, `/`-separated). */
export function inferSiteRootsOnDisk(top: string, folders: readonly string[]): SiteInference {
  return inferSiteRoots(folders, (relative) => {
    const file = path.join(top, ...relative.split('/'));
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true ? readHeadText(file, MAX_EVIDENCE_BYTES) : undefined;
  });
}
