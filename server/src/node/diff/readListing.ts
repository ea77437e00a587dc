/** Bytes to URLs: decoded as they come (UTF-8, or UTF-16 by its first bytes), told XML or text by content as the
 * editor tells them (documentLanguage.ts), fed to the language layer's ListingStream. One file at a time (sitemap-diff's sides, Compare with Last Commit's). */
import * as path from 'node:path';
import { TextDecoder } from 'node:util';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { siteFileType } from '../../../../shared/documentLanguage';
import { ListingStream, NotASitemap, type ListingResult, type UrlSink } from '../../language/languageService';
import { sniffEncoding, SNIFF_BYTES } from '../../../../shared/fileEncoding';
import { SideFailure } from './sideFailure';
import { InflatedPastLimit } from '../boundedGunzip';
import { withCause } from '../../../../shared/causes';

/**
 * Reads the sitemap whose bytes `chunks` gives, its URLs to `pages`: its kind, and an index's children. `name` names
 * it in a failure and tells a robots.txt by name. gzip inflated past the limit (InflatedPastLimit) is a SideFailure.
 */
export async function readListing(chunks: AsyncIterable<Buffer>, name: string, pages: UrlSink): Promise<ListingResult> {
  try {
    return await streamListing(chunks, name, pages);
  } catch (e) {
    if (e instanceof NotASitemap) throw new SideFailure(withCause(`${name}: not a sitemap`, e.message));
    if (e instanceof InflatedPastLimit) throw new SideFailure(e.message);
    throw e;
  }
}

async function streamListing(chunks: AsyncIterable<Buffer>, name: string, pages: UrlSink): Promise<ListingResult> {
  let decoder: TextDecoder | undefined;
  let stream: ListingStream | undefined;
  let pending = '';
  for await (const chunk of chunks) {
    if (decoder === undefined) {
      const encoding = sniffEncoding(chunk.subarray(0, SNIFF_BYTES));
      if (encoding.kind === 'binary') throw new SideFailure(`${name}: not a sitemap (binary content)`);
      decoder = new TextDecoder(encoding.kind);
    }
    const text = decoder.decode(chunk, { stream: true });
    if (stream === undefined) {
      pending += text;
      if (pending.length < SNIFF_LENGTH) continue;
      stream = streamFor(name, pending, pages);
      continue;
    }
    stream.push(text);
  }
  const rest = decoder?.decode() ?? '';
  if (stream === undefined) stream = streamFor(name, pending + rest, pages);
  else stream.push(rest);
  return stream.end();
}

/** The stream for a sitemap that starts with `opening`, given it. */
function streamFor(name: string, opening: string, pages: UrlSink): ListingStream {
  const type = siteFileType(path.basename(name), opening.slice(0, SNIFF_LENGTH));
  if (type === 'robots') throw new SideFailure(`${name}: not a sitemap (a robots.txt)`);
  const stream = new ListingStream(type === 'sitemap', pages);
  stream.push(opening);
  return stream;
}

/** `bytes` in pieces, as a file streams (a git blob, standard input). */
export async function* piecesOf(bytes: Buffer, size = 1 << 20): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
