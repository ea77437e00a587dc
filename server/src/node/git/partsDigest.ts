/** A digest of a page version's content parts as written (pageParts): sitemap-lint's page workers, which read every
 * working file anyway, hand one back per page, and the content history compares a committed version with the working
 * file by it instead of reading that file again. Equal digests are taken as equal parts (SHA-1 over each part's length
 * and text: an accidental collision between two versions of one page is not a risk worth a second read); unequal ones
 * send the walk to the file itself, which tells which parts changed. */
import * as crypto from 'node:crypto';
import { CONTENT_PARTS, type PageContent } from '../../language/languageService';

/** `crypto.hash` (Node 20.12+): one call, no Hash object; else createHash. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'base64') => string }).hash;

export function partsDigest(parts: PageContent): string {
  const text = CONTENT_PARTS.map((part) => `${parts[part].length}:${parts[part]}`).join('');
  return oneShot !== undefined ? oneShot('sha1', text, 'base64') : crypto.createHash('sha1').update(text).digest('base64');
}
