/**
 * Sitemap: Split into Index in a real editor: run on the active sitemap as the command palette runs it, every prompt
 * answered with its default by accepting the quick input (what Enter does), the children read back from disk and
 * the original's new text compared byte for byte; then one Undo in the original's editor restores its text and
 * removes the children. From the explorer on a gzip file (which VS Code does not hand to extensions as text), the
 * bundled sitemap-split runs on the file on disk: its gzip children and the new index are read back. A text sitemap
 * split from its quick fix gets text children and a new XML index, shown in an editor where one Undo removes them all.
 */
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, compressedUriOf, diagnosticsSettle, fixtureUri, openAs, poll, revert, ruleId, runAcceptingDefaults, setSetting } from './helpers';

/** Three entries, a comment before the second, a non-ASCII URL; over the limit of 2 set below. */
const FIXTURE = 'split/products-sitemap.xml';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;

/** What the defaults give: 2 entries per child (sitemap.limits.maxEntries), the folder of the siteRoots location. */
const CHILDREN: Record<string, string> = {
  'split/products-sitemap-1.xml': HEAD
    + '  <url>\n    <loc>https://www.example.com/shop/</loc>\n    <lastmod>2024-05-01</lastmod>\n  </url>\n'
    + '  <!-- teas -->\n'
    + '  <url>\n    <loc>https://www.example.com/shop/tea</loc>\n    <lastmod>2024-05-03</lastmod>\n  </url>\n'
    + '</urlset>\n',
  'split/products-sitemap-2.xml': HEAD
    + '  <url>\n    <loc>https://www.example.com/shop/café</loc>\n  </url>\n'
    + '</urlset>\n',
};

/** A text sitemap of three URLs: text children, an XML index beside it (it never replaces the .txt). */
const TEXT = 'split/sitemap-links.txt';
const TEXT_CHILDREN: Record<string, string> = {
  'split/sitemap-links-1.txt': 'https://www.example.com/shop/\nhttps://www.example.com/shop/tea\n',
  'split/sitemap-links-2.txt': 'https://www.example.com/shop/coffee\n',
};
const TEXT_INDEX = 'split/sitemap-links-index.xml';
const TEXT_INDEX_TEXT = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<sitemapindex xmlns="${NS}">`,
  '  <sitemap>',
  '    <loc>https://www.example.com/shop/sitemap-links-1.txt</loc>',
  '  </sitemap>',
  '  <sitemap>',
  '    <loc>https://www.example.com/shop/sitemap-links-2.txt</loc>',
  '  </sitemap>',
  '</sitemapindex>',
  '',
].join('\n');

const INDEX = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<sitemapindex xmlns="${NS}">`,
  '  <sitemap>',
  '    <loc>https://www.example.com/shop/products-sitemap-1.xml</loc>',
  '    <lastmod>2024-05-03</lastmod>',
  '  </sitemap>',
  '  <sitemap>',
  '    <loc>https://www.example.com/shop/products-sitemap-2.xml</loc>',
  '  </sitemap>',
  '</sitemapindex>',
  '',
].join('\n');

async function readText(relative: string, gunzip = false): Promise<string | undefined> {
  try {
    const bytes = await vscode.workspace.fs.readFile(fixtureUri(relative));
    return new TextDecoder().decode(gunzip ? zlib.gunzipSync(bytes) : bytes);
  } catch {
    return undefined;
  }
}

describe('Split into Index', () => {
  before(async () => {
    await setSetting('limits.maxEntries', 2);
    await setSetting('siteRoots', { split: 'https://www.example.com/shop/' });
  });

  after(async () => {
    await closeAllEditors();
    await setSetting('limits.maxEntries', undefined);
    await setSetting('siteRoots', undefined);
  });

  it('splits the active sitemap with every default, and one Undo restores it and removes the children', async () => {
    const document = await openAs(FIXTURE, 'sitemap');
    const original = document.getText();
    // The server has the document and the limit: the problem the split solves is shown.
    await diagnosticsSettle(document.uri, 'too-many-entries', (codes) => codes.includes('too-many-entries'));

    try {
      await runAcceptingDefaults('sitemap.splitIntoIndex');
    } catch (error) {
      await revert(document);
      throw error;
    }

    for (const [name, text] of Object.entries(CHILDREN)) assert.equal(await readText(name), text, name);
    assert.equal(await readText('split/products-sitemap-3.xml'), undefined);
    assert.equal(await readText('split/products-sitemap-index.xml'), undefined, 'the index replaces the original');
    assert.equal(document.getText(), INDEX);

    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('undo');
    await poll('the original text back and the children gone', async () => ({
      text: document.getText(),
      children: await Promise.all(Object.keys(CHILDREN).map((name) => readText(name))),
    }), (state) => state.text === original && state.children.every((c) => c === undefined));
  });

  it('from the explorer on a gzip file: the bundled CLI writes gzip children and a new index (sitemap.split.replaceOriginal off)', async () => {
    const original = await readText(FIXTURE);
    assert.ok(original !== undefined);
    const gz = fixtureUri('split/feed-sitemap.xml.gz');
    await vscode.workspace.fs.writeFile(gz, zlib.gzipSync(Buffer.from(original)));
    await setSetting('split.replaceOriginal', false);
    try {
      await runAcceptingDefaults('sitemap.splitIntoIndex', gz);
      for (const [name, text] of Object.entries(CHILDREN)) {
        assert.equal(await readText(name.replace('products-sitemap', 'feed-sitemap') + '.gz', true), text, name);
      }
      assert.equal(await readText('split/feed-sitemap-index.xml'), INDEX.replace(/products-sitemap-(\d)\.xml/g, 'feed-sitemap-$1.xml.gz'));
      assert.equal(await readText('split/feed-sitemap.xml.gz', true), original, 'the original stays');
    } finally {
      await setSetting('split.replaceOriginal', undefined);
    }
  });

  it('a compressed sitemap open as text: gzip children compressed once, the index in its editor; Undo removes them', async () => {
    const original = await readText(FIXTURE);
    assert.ok(original !== undefined);
    const gz = fixtureUri('split/open-sitemap.xml.gz');
    await vscode.workspace.fs.writeFile(gz, zlib.gzipSync(Buffer.from(original)));
    await vscode.commands.executeCommand('vscode.open', gz); // as the explorer opens it: a sitemap-gz: text editor
    const compressed = compressedUriOf(gz);
    await diagnosticsSettle(compressed, 'too-many-entries', (codes) => codes.includes('too-many-entries'));
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === compressed.toString());
    assert.ok(document);

    await runAcceptingDefaults('sitemap.splitIntoIndex');
    const names = Object.keys(CHILDREN).map((name) => name.replace('products-sitemap', 'open-sitemap') + '.gz');
    for (const [k, text] of Object.values(CHILDREN).entries()) assert.equal(await readText(names[k], true), text, names[k]);
    assert.equal(document.getText(), INDEX.replace(/products-sitemap-(\d)\.xml/g, 'open-sitemap-$1.xml.gz'));

    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('undo');
    await poll('the original text back and the children gone', async () => ({
      text: document.getText(),
      children: await Promise.all(names.map((name) => readText(name))),
    }), (state) => state.text === original && state.children.every((c) => c === undefined));
  });

  it('from the quick fix on a text sitemap: text children and a new XML index; Undo in the index editor removes them all', async () => {
    const document = await openAs(TEXT, 'sitemap-txt');
    const original = document.getText();
    await diagnosticsSettle(document.uri, 'too-many-entries', (codes) => codes.includes('too-many-entries'));

    // Through the quick fix on too-many-entries: its command, with its arguments.
    const limit = vscode.languages.getDiagnostics(document.uri).find((d) => ruleId(d) === 'too-many-entries');
    assert.ok(limit);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, limit.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.command?.command === 'sitemap.splitIntoIndex');
    assert.ok(fix?.command, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);
    await runAcceptingDefaults(fix.command.command, ...(fix.command.arguments ?? []));

    for (const [name, text] of Object.entries(TEXT_CHILDREN)) assert.equal(await readText(name), text, name);
    assert.equal(await readText(TEXT_INDEX), TEXT_INDEX_TEXT);
    assert.equal(document.getText(), original, 'a text sitemap is never replaced by XML');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), fixtureUri(TEXT_INDEX).toString(), 'the new index is shown');

    await vscode.commands.executeCommand('undo');
    await poll('the children and the index gone', () => Promise.all([TEXT_INDEX, ...Object.keys(TEXT_CHILDREN)].map((name) => readText(name))),
      (texts) => texts.every((t) => t === undefined));
    assert.equal(await readText(TEXT), original);
  });
});
