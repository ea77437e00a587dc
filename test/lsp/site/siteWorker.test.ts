/**
 * The cross-file rules' closed files are read in the server's summary worker, not on its main thread: a keystroke's
 * diagnostics are published while a large closed file is being summarized (by the order of events: the keystroke's
 * publish comes between the server's "reading" and "summarized" reports), and the result is the same as in one
 * thread (SITEMAP_LINT_WORKERS=0). SITEMAP_LINT_REPORT_POOL=1 makes the server log each read and where it ran.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { formatRange, hasCode, LspClient, rangeOf, WAIT_TIMEOUT_MS } from '../lspClient';
import { benchEntry, benchSitemap } from '../../support/generate';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Large enough that parsing it takes far longer than a small document's keystroke (hundreds of ms against a few). */
const LARGE_ENTRIES = 40_000;

/** The `<loc>` of benchSitemap's entry n. */
function locOf(n: number): string {
  return /<loc>([^<]*)<\/loc>/.exec(benchEntry(n))![1];
}

function urlset(...locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;
}

describe('the site checks read closed files in a worker thread', () => {
  let root: string;
  const large = benchSitemap(LARGE_ENTRIES);
  const open = urlset(locOf(7), 'https://www.example.com/only-here');

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-site-worker-')));
    // a.xml comes first in the folder's order: the open b.xml gets the duplicate.
    fs.writeFileSync(path.join(root, 'a.xml'), large);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const start = (env: Record<string, string>): Promise<LspClient> =>
    LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], env: { SITEMAP_LINT_REPORT_POOL: '1', ...env } });

  it('publishes a keystroke\'s diagnostics while the closed file is summarized, then the cross-file problem', async () => {
    const client = await start({});
    try {
      const uri = pathToFileURL(path.join(root, 'b.xml')).href;
      const closed = path.join(root, 'a.xml');
      const events: string[] = [];
      let keystrokeVersion = -1;
      const reading = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no read reported:\n${client.logMessages.join('\n')}`)), WAIT_TIMEOUT_MS);
        client.onNotificationSeen = (method, params) => {
          if (method === 'window/logMessage') {
            const message = (params as { message: string }).message;
            if (message === `site: reading ${closed}`) {
              events.push('reading');
              clearTimeout(timer);
              resolve();
            } else if (message.startsWith(`site: summarized ${closed} in `)) events.push(`summarized in ${message.slice(`site: summarized ${closed} in `.length)}`);
          } else {
            const p = params as PublishDiagnosticsParams;
            if (p.uri === uri && p.version === keystrokeVersion) events.push(p.diagnostics.some((d) => d.code === 'cross-file-duplicate-url') ? 'keystroke+site' : 'keystroke');
          }
        };
      });
      const duplicate = client.nextDiagnostics(uri, hasCode('cross-file-duplicate-url'));
      client.open(uri, 'sitemap', open);
      await reading;
      // Typed while the large file is being read: inside the second URL, far from the duplicate.
      const at = rangeOf(open, 'only-here').start;
      keystrokeVersion = client.change(uri, { range: { start: at, end: at }, text: 'x' });
      const published = await duplicate;
      assert.equal(published.version, keystrokeVersion);
      assert.deepEqual(events.filter((e) => e !== 'keystroke+site').slice(0, 3), ['reading', 'keystroke', 'summarized in a worker']);
      const found = published.diagnostics.filter((d) => d.code === 'cross-file-duplicate-url');
      assert.deepEqual(found.map((d) => formatRange(d.range)), [formatRange(rangeOf(open, locOf(7)))]);
      // The related location's position comes from the line table the worker made.
      assert.deepEqual(found[0].relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]), [[pathToFileURL(closed).href, formatRange(rangeOf(large, locOf(7)))]]);
    } finally {
      await client.stop();
    }
  });

  it('finds the same problems in one thread (SITEMAP_LINT_WORKERS=0)', async () => {
    const client = await start({ SITEMAP_LINT_WORKERS: '0' });
    try {
      const uri = pathToFileURL(path.join(root, 'b.xml')).href;
      const published = client.nextDiagnostics(uri, hasCode('cross-file-duplicate-url'));
      client.open(uri, 'sitemap', open);
      const { diagnostics } = await published;
      assert.deepEqual(diagnostics.filter((d) => d.code === 'cross-file-duplicate-url').map((d) => formatRange(d.range)), [formatRange(rangeOf(open, locOf(7)))]);
      assert.ok(client.logMessages.includes(`site: summarized ${path.join(root, 'a.xml')} in this thread`));
    } finally {
      await client.stop();
    }
  });
});
