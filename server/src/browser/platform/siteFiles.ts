/** The web build's `node/siteFiles.ts` (build.mjs, webPlatform): what the site parts of the web worker use of it; the
 * folder scans that sniff every file (isSiteFile) run in the Node server only. */
import * as path from 'node:path';
import { urlFileName } from '../../../../shared/location';

/** As node/siteFiles.ts: the file named as the URL's last segment, beside `file`. */
export function fileBesideNamed(file: string, url: string): string | undefined {
  const name = urlFileName(url);
  return name === undefined ? undefined : path.join(path.dirname(file), name);
}
