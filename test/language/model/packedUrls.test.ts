/**
 * PackedUrls gives back every URL exactly as pushed: URLs sharing long prefixes, none, all of the one before, characters
 * above U+00FF (kept as strings) before and after packed ones, a URL longer than one decoding chunk and one sharing
 * more than 65,535 characters with the one before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PackedUrls } from '../../../server/src/language/model/packedUrls';
import { random } from '../../support/generate';

test('PackedUrls gives back every URL pushed, in any order', () => {
  const next = random(42);
  const long = `https://www.example.com/${'x'.repeat(70_000)}`;
  const urls: string[] = [];
  for (let n = 0; n < 3000; n++) {
    const r = next();
    if (r < 0.05) urls.push(`https://www.example.com/\u65e5\u672c/${n}`);
    else if (r < 0.1) urls.push(urls.length > 0 ? urls[urls.length - 1] : '');
    else if (r < 0.12) urls.push(`${long}${n}`);
    else if (r < 0.15) urls.push(`ftp://other/${n}`);
    else if (r < 0.17) urls.push('');
    else urls.push(`https://www.example.com/products/category-${n % 97}/item-${n}?caf\u00e9=${Math.floor(r * 1000)}`);
  }
  const packed = new PackedUrls();
  for (const url of urls) packed.push(url);
  const order = urls.map((_, n) => n).sort(() => next() - 0.5);
  for (const n of order) assert.equal(packed.get(n), urls[n], `URL ${n}`);
});
