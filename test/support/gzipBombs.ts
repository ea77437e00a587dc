/**
 * gzip bombs written by the tests: a valid sitemap's start, then megabytes of spaces (or zeros), then its end. One
 * gzip member streamed from a generator (2 GB of spaces is 2 MB of gzip, some 6 s of deflate), or many members
 * repeated (`cat a.gz b.gz`: as zlib reads them, and written in milliseconds).
 */
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

export const MB = 1 << 20;
export const BOMB_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/</loc></url>';
export const BOMB_TAIL = '</urlset>\n';

export interface BombShape {
  /** Megabytes of filler. */
  megabytes: number;
  /** The filler's byte: a space (valid XML, the default) or 0 (binary). */
  byte?: number;
  /** Around the filler; the default is a valid one-entry sitemap for spaces, nothing for zeros. */
  head?: string;
  tail?: string;
}

function* pieces(shape: BombShape): Generator<Buffer> {
  const byte = shape.byte ?? 0x20;
  yield Buffer.from(shape.head ?? (byte === 0x20 ? BOMB_HEAD : ''));
  const megabyte = Buffer.alloc(MB, byte);
  for (let n = 0; n < shape.megabytes; n++) yield megabyte;
  yield Buffer.from(shape.tail ?? (byte === 0x20 ? BOMB_TAIL : ''));
}

/** One gzip member, deflated as it streams (never held inflated). */
export async function writeBomb(file: string, shape: BombShape): Promise<void> {
  await pipeline(Readable.from(pieces(shape)), zlib.createGzip({ level: 9 }), fs.createWriteStream(file));
}

/** Many gzip members, one per piece of the shape, the megabyte of filler's member repeated. */
export function memberBomb(shape: BombShape): Buffer {
  const byte = shape.byte ?? 0x20;
  const filler = zlib.gzipSync(Buffer.alloc(MB, byte), { level: 9 });
  const head = zlib.gzipSync(shape.head ?? (byte === 0x20 ? BOMB_HEAD : ''));
  const tail = zlib.gzipSync(shape.tail ?? (byte === 0x20 ? BOMB_TAIL : ''));
  return Buffer.concat([head, ...Array.from({ length: shape.megabytes }, () => filler), tail]);
}

/** The kB of a tool's `<tool>: maxRSS N kB` line on stderr (SITEMAP_*_REPORT_RSS=1); undefined without one. */
export function reportedRss(stderr: string): number | undefined {
  const match = /: maxRSS (\d+) kB$/m.exec(stderr);
  return match === null ? undefined : Number(match[1]);
}

/** stderr without the maxRSS line: what the user reads. */
export function withoutRss(stderr: string): string {
  return stderr.replace(/^[a-z-]+: maxRSS \d+ kB\n/m, '');
}
