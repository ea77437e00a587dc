/** Split into Index on the desktop: children gzipped by zlib, the disk's free space checked first, and a file the editor
 * will not hold split on disk by the bundled CLI (splitStream.ts). */
import * as fs from 'node:fs';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { SplitPlatform } from './split';
import { splitFileOnDisk } from './splitStream';

const gzip = promisify(zlib.gzip);

export const nodeSplit: SplitPlatform = {
  gzip: (bytes) => gzip(bytes),
  freeBytes: async (folder) => {
    if (folder.scheme !== 'file') return undefined;
    const stats = await fs.promises.statfs(folder.fsPath);
    return stats.bavail * stats.bsize;
  },
  splitOnDisk: splitFileOnDisk,
  // As sitemap-split reads it: SITEMAP_SPLIT_FAIL_WRITE=n; unset, nothing changes.
  failWriteAt: () => Number(process.env.SITEMAP_SPLIT_FAIL_WRITE ?? 0),
};
