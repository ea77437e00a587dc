/** Split into Index in VS Code for the Web: children gzipped by the browser's CompressionStream; no free space to read
 * and no file split on disk (a `.gz` file is split as its text, one over 50 MB not at all). */
import type { SplitPlatform } from '../commands/split/split';
import { deflateGzip } from '../gzip/webGzip';

export const webSplit: SplitPlatform = {
  gzip: deflateGzip,
  freeBytes: async () => undefined,
  failWriteAt: () => 0,
};
