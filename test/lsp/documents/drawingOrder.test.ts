/**
 * The order of published problems: VS Code squiggles only the first 500 of a file, in the order received, so the
 * server publishes errors first, then warnings, information and hints, each in document order.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { LspClient, rangeOf } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const WARNED_ENTRIES = 600;

function entry(n: number, priority = '0.5'): string {
  return `  <url><loc>https://www.example.com/p${n}</loc><lastmod>2999-01-01</lastmod><priority>${priority}</priority></url>\n`;
}

describe('published problems over stdio, in drawing order', () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start();
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('an error below 600 warnings comes first; each severity keeps document order', async () => {
    const uri = 'file:///order/sitemap.xml';
    const entries = Array.from({ length: WARNED_ENTRIES }, (_, n) => entry(n, n === 550 ? 'high' : '0.5'));
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries.join('')}</urlset>\n`;
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.open(uri, 'sitemap', text);
    const { diagnostics } = await published;

    assert.equal(diagnostics[0].code, 'invalid-priority');
    assert.deepEqual(diagnostics[0].range, rangeOf(text, 'high'));
    const warnings = diagnostics.slice(1);
    assert.equal(warnings.length, WARNED_ENTRIES);
    assert.ok(warnings.every((d) => d.code === 'future-lastmod'));
    warnings.forEach((d, n) => assert.deepEqual(d.range, rangeOf(text, '2999-01-01', n)));
  });

  it('a file whose problems are all of one severity keeps document order', async () => {
    const uri = 'file:///order/two.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entry(0, '2')}${entry(1)}${entry(2, '-1')}</urlset>\n`;
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.open(uri, 'sitemap', text);
    const { diagnostics } = await published;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity]), [
      ['invalid-priority', 1], ['invalid-priority', 1], ['future-lastmod', 2], ['future-lastmod', 2], ['future-lastmod', 2],
    ]);
    assert.deepEqual(diagnostics[1].range, rangeOf(text, '-1'));
  });
});
