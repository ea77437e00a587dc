/**
 * The comparison for the split benchmark: sitemap.js (npm `sitemap`) parses a sitemap with XMLToSitemapItemStream
 * and writes it again as children of `limit` entries plus an index with SitemapAndIndexStream, as its README shows.
 * Run as a child process: node sitemapJsSplit.js <input> <out dir> <limit>.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import * as path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { ErrorLevel, SitemapAndIndexStream, SitemapStream, XMLToSitemapItemStream } from 'sitemap';

async function main(input: string, out: string, limit: number): Promise<void> {
  const children: Promise<unknown>[] = [];
  const sms = new SitemapAndIndexStream({
    limit,
    getSitemapStream: (i) => {
      const sitemap = new SitemapStream();
      const file = path.join(out, `sitemap-${i + 1}.xml`);
      const ws = sitemap.pipe(createWriteStream(file));
      children.push(finished(ws));
      return [`https://www.example.com/sitemap-${i + 1}.xml`, sitemap, ws];
    },
  });
  await pipeline(createReadStream(input), new XMLToSitemapItemStream({ level: ErrorLevel.SILENT }), sms, createWriteStream(path.join(out, 'sitemap-index.xml')));
  await Promise.all(children);
}

main(process.argv[2], process.argv[3], Number(process.argv[4])).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
