/** A side of sitemap-diff read over HTTP (issue 34): a sitemap's URL, an index's children read in its place (on its
 * origin only: another origin is said once in a note and not read), or a robots.txt URL's sitemaps in turn. */
import { siteFileType } from '../../../../shared/documentLanguage';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { robotsSitemapUrls, type UrlSink } from '../../language/languageService';
import { InflatedPastLimit } from '../../node/boundedGunzip';
import { piecesOf, readListing } from '../../node/diff/readListing';
import { isGzip } from '../../node/files';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { Failure } from '../io/failure';
import { gunzipWhole } from '../io/gunzip';
import { MissingUrl, type UrlHandle } from '../http/urlInput';
import type { UrlSitemaps } from '../http/urlSitemaps';

/** Reads the side at `spec` (a URL), its URLs to `pages` in document order, each file once. */
export async function readUrlSide(spec: string, pages: UrlSink, urls: UrlSitemaps): Promise<void> {
  const { name, url } = urls.input(spec);
  await readUrl(name, url, pages, urls);
}

async function readUrl(name: string, url: UrlHandle, pages: UrlSink, urls: UrlSitemaps): Promise<void> {
  const { bytes, location } = await bodyOf(name, url);
  // A robots.txt by its name or its content, as sitemap-lint tells one (its Sitemap: lines are the side's sitemaps).
  const robots = siteFileType(new URL(url.key).pathname.split('/').pop() ?? '', bytes.toString('utf8', 0, SNIFF_LENGTH * 4).slice(0, SNIFF_LENGTH)) === 'robots';
  const listed = robots
    ? robotsSitemapUrls(bytes.toString('utf8'))
    : [...(await readListing(piecesOf(bytes), name, pages)).children.locations()];
  for (const child of listed) {
    let absolute: string;
    try {
      absolute = new URL(child, location).href;
    } catch {
      continue;
    }
    const input = urls.child(absolute, { name, url });
    if (input !== undefined) await readUrl(input.name, input.url, pages, urls);
  }
}

/** The body, gzip undone by its magic bytes within the size limit; what cannot be read is a one-line Failure. */
async function bodyOf(name: string, url: UrlHandle): Promise<{ bytes: Buffer; location: string }> {
  const limit = inflateLimit();
  let body;
  try {
    body = await url.read();
  } catch (e) {
    if (e instanceof MissingUrl) throw new Failure(e.message);
    throw e;
  }
  if (body.tooLarge) throw new Failure(new InflatedPastLimit(name, limit).message);
  let bytes = Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength);
  if (isGzip(bytes)) {
    try {
      bytes = gunzipWhole(bytes, name, limit);
    } catch (e) {
      throw new Failure(e instanceof InflatedPastLimit ? e.message : `${name}: not a valid gzip file (${(e as Error).message})`);
    }
  }
  return { bytes, location: body.location };
}
