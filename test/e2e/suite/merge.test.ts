/**
 * Sitemap: Merge Index into One Sitemap in a real editor: an index whose children lie beside it (one gzip) becomes
 * the merged sitemap in one edit, exact to the byte; one Undo restores the index; the child files are unchanged.
 */
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, fixtureUri, openAs, revert } from './helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const opening = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">`;
const unit = (p: string): string => `\n  <url><loc>https://www.example.com/${p}</loc></url>`;
const INDEX = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<sitemapindex xmlns="${NS}">`,
  '  <sitemap><loc>https://www.example.com/merge/part-1.xml</loc></sitemap>',
  '  <sitemap><loc>https://www.example.com/merge/part-2.xml.gz</loc></sitemap>',
  '</sitemapindex>',
  '',
].join('\n');

describe('Merge Index into One Sitemap', () => {
  const written: vscode.Uri[] = [];
  const write = async (relative: string, data: string | Buffer): Promise<Buffer> => {
    const uri = fixtureUri(relative);
    const bytes = Buffer.from(data);
    await vscode.workspace.fs.writeFile(uri, bytes);
    written.push(uri);
    return bytes;
  };

  after(async () => {
    await closeAllEditors();
    for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('replaces the index with the merged sitemap in one undoable edit and leaves the children as they are', async () => {
    const part1 = await write('merge/part-1.xml', `${opening}\n  <!-- first -->${unit('a')}${unit('b')}\n</urlset>\n`);
    const part2 = await write('merge/part-2.xml.gz', zlib.gzipSync(`${opening}${unit('c')}\n  <!-- end -->\n</urlset>\n`));
    await write('merge/sitemap_index.xml', INDEX);
    const document = await openAs('merge/sitemap_index.xml', 'sitemap');
    try {
      await vscode.commands.executeCommand('sitemap.mergeIndex');
      assert.equal(document.getText(), `${opening}\n  <!-- first -->${unit('a')}${unit('b')}${unit('c')}\n  <!-- end -->\n</urlset>\n`);
      await vscode.commands.executeCommand('undo');
      assert.equal(document.getText(), INDEX);
      assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(fixtureUri('merge/part-1.xml'))), part1);
      assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(fixtureUri('merge/part-2.xml.gz'))), part2);
    } finally {
      await revert(document);
    }
  });
});
