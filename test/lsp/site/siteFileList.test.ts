/**
 * A workspace folder's site files as the server keeps them (lsp/site/siteFileList.ts): the watched-file events that
 * come while the folder's first search is still under way are not lost, whatever the search saw of them.
 */
import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileChangeType } from 'vscode-languageserver';
import { SiteFileList } from '../../../server/src/lsp/site/siteFileList';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET = `<urlset xmlns="${NS}">\n<url><loc>https://a.example/</loc></url>\n</urlset>\n`;

/** A search the test finishes when it wants, with the files it says the search found. */
function controlledScan(): { scan: () => Promise<{ files: string[] }>; finish: (files: string[]) => void; started: () => number } {
  let finish: (files: string[]) => void = () => undefined;
  let started = 0;
  const scan = (): Promise<{ files: string[] }> => {
    started++;
    return new Promise((resolve) => (finish = (files) => resolve({ files })));
  };
  return { scan, finish: (files) => finish(files), started: () => started };
}

describe('the site files of a folder while its first search runs', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-file-list-')));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string): string => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, URLSET);
    return file;
  };

  it('keeps a file made after the search listed its folder, its event heard before the search ended', async () => {
    const old = write('made/a.xml');
    const { scan, finish } = controlledScan();
    const list = new SiteFileList(scan);
    const asked = list.get();
    // The search has listed made/ (a.xml only); then b.xml is written and its event comes; then the search ends.
    const made = write('made/b.xml');
    list.changed({ fsPath: made, type: FileChangeType.Created });
    finish([old]);
    assert.deepEqual(await asked, [old, made]);
    assert.deepEqual(await list.get(), [old, made]);
  });

  it('drops a file deleted after the search listed it, and everything under a deleted folder', async () => {
    const kept = write('gone/keep.xml');
    const deleted = write('gone/deleted.xml');
    const under = write('gone/sub/under.xml');
    const { scan, finish } = controlledScan();
    const list = new SiteFileList(scan);
    const asked = list.get();
    list.changed({ fsPath: deleted, type: FileChangeType.Deleted });
    list.changed({ fsPath: path.dirname(under), type: FileChangeType.Deleted });
    finish([deleted, kept, under]);
    assert.deepEqual(await asked, [kept]);
  });

  it('applies the events in the order they came: made then deleted is gone, a file the search also found is listed once', async () => {
    const both = write('order/both.xml');
    const brief = write('order/brief.xml');
    const { scan, finish } = controlledScan();
    const list = new SiteFileList(scan);
    const asked = list.get();
    list.changed({ fsPath: both, type: FileChangeType.Created });
    list.changed({ fsPath: brief, type: FileChangeType.Created });
    list.changed({ fsPath: brief, type: FileChangeType.Deleted });
    finish([both]);
    assert.deepEqual(await asked, [both]);
  });

  it('searches once, and an event before any search is left to the search', async () => {
    const early = write('early/a.xml');
    const { scan, finish, started } = controlledScan();
    const list = new SiteFileList(scan);
    list.changed({ fsPath: early, type: FileChangeType.Created });
    const first = list.get();
    const second = list.get();
    finish([early]);
    assert.deepEqual([await first, await second], [[early], [early]]);
    assert.equal(started(), 1);
  });
});
