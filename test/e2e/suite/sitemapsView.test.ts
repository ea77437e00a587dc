/**
 * The Explorer's Sitemaps view, read through the extension's API (`sitemapsTree`) as the view shows it: the first level
 * (the robots.txt files, then the sitemaps nothing lists) and what an index lists, a missing file as missing. The fixture
 * site is test/e2e/workspace/site/ (robots.txt → index.xml → blog.xml, news.xml, a missing archive.xml). Then the view
 * in use: a click, its context menu, the tree following the disk and typing.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SitemapStudioApi } from '../../../client/src/extension';
import type { SitemapsItemSnapshot } from '../../../client/src/sitemapsView/sitemapsView';
import type { CheckSiteResult } from '../../../shared/protocol';
import { CROSS_FILE_RULES } from '../crossFileRules';
import {
  changesUntil, closeAllEditors, diagnosticsSettle, EXTENSION_ID, fixtureUri, formatRange, openAs, poll, revert, runAcceptingDefaults, setSetting, until,
} from './helpers';

const brief = (items: SitemapsItemSnapshot[]) => items.map((item) => `${item.contextValue} ${item.uri ?? ''} ${item.label}`);

describe('Sitemaps view', () => {
  let api: SitemapStudioApi;
  before(async () => {
    api = (await vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID)!.activate());
  });

  it('shows the robots.txt files first, then the sitemaps no one lists; one folder is the top level', async () => {
    const top = await api.sitemapsTree();
    const kinds = top.map((item) => item.contextValue);
    assert.ok(!kinds.includes('folder'), brief(top).join('\n'));
    assert.ok(kinds.lastIndexOf('robots') < kinds.findIndex((kind) => kind !== 'robots'), brief(top).join('\n'));
    const robots = top.find((item) => item.uri === fixtureUri('site/robots.txt').toString());
    assert.equal(robots?.contextValue, 'robots');
    assert.equal(robots?.collapsible, 'collapsed');
    const unlisted = top.find((item) => item.uri === fixtureUri('urls.xml').toString());
    assert.equal(unlisted?.contextValue, 'sitemap', 'urls.xml, listed by no one');
    assert.ok(!top.some((item) => item.uri === fixtureUri('site/blog.xml').toString()), 'a listed sitemap is under its index only');
  });

  it('shows what an index lists, in its order, with its counts once read, a file not in the workspace as missing', async () => {
    const robots = fixtureUri('site/robots.txt').toString();
    const [index] = await api.sitemapsTree([robots]);
    assert.deepEqual([index?.contextValue, index?.uri, index?.collapsible], ['index', fixtureUri('site/index.xml').toString(), 'collapsed']);
    const children = await poll('the children\'s counts', () => api.sitemapsTree([robots, index.id]),
      (items) => items.length === 3 && items.slice(0, 2).every((item) => /\d/.test(item.description)), (items) => brief(items).join('; '));
    assert.deepEqual(children.map((item) => [item.contextValue, item.uri, item.collapsible]), [
      ['sitemap', fixtureUri('site/blog.xml').toString(), 'none'],
      ['sitemap', fixtureUri('site/news.xml').toString(), 'none'],
      ['missing', fixtureUri('site/archive.xml').toString(), 'none'],
    ]);
    assert.equal(children[2].label, 'https://site.example.org/archive.xml');
    assert.equal(children[2].icon, 'warning');
    assert.match(children[0].description, /^2 \/ 50,000 /, 'blog.xml\'s two URLs against the limit');
  });
});

/**
 * The view in use, through its TreeDataProvider and commands as VS Code calls them: a click (the item's command), the
 * context menu (its command with the element), and the tree following the files on disk and an edit. A site of its own,
 * viewsite/, made here and removed afterwards: robots.txt → sitemap-index.xml → big-sitemap.xml, a missing gone.xml.
 */
describe('Sitemaps view in use', () => {
  const ROOT_URL = 'https://view.example.org/';
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const FILES: Record<string, string> = {
    'viewsite/robots.txt': `User-agent: *\nSitemap: ${ROOT_URL}sitemap-index.xml\n`,
    'viewsite/sitemap-index.xml': [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<!-- retired: ${ROOT_URL}gone.xml -->`,
      `<sitemapindex xmlns="${NS}">`,
      `  <sitemap><loc>${ROOT_URL}big-sitemap.xml</loc></sitemap>`,
      `  <sitemap><loc>${ROOT_URL}gone.xml</loc></sitemap>`,
      '</sitemapindex>',
      '',
    ].join('\n'),
    'viewsite/big-sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${['a', 'b', 'c'].map((p) => `  <url><loc>${ROOT_URL}${p}</loc></url>\n`).join('')}</urlset>\n`,
  };
  let api: SitemapStudioApi;
  let provider: NonNullable<SitemapStudioApi['sitemapsProvider']>;
  type Element = Awaited<ReturnType<typeof provider.getChildren>> extends (infer E)[] | null | undefined ? E : never;
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(fixtureUri(name), new TextEncoder().encode(text));
  const idOf = (name: string) => fixtureUri(name).toString();

  /** The elements under the node reached by `ids` from the top, through getChildren as the view asks for them. */
  async function childrenAt(...ids: string[]): Promise<Element[]> {
    let children = (await provider.getChildren()) ?? [];
    for (const id of ids) {
      const parent = children.find((element) => element.node.id === id);
      if (parent === undefined) return [];
      children = (await provider.getChildren(parent)) ?? [];
    }
    return children;
  }

  const treeUntil = <T>(what: string, read: () => Promise<T>, accept: (value: T) => boolean, show: (value: T) => string) =>
    changesUntil(what, provider.onDidChangeTreeData, read, accept, show);
  const kinds = (elements: Element[]) => elements.map((element) => `${element.node.kind} ${element.node.url ?? element.node.id}`);

  before(async () => {
    api = await vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID)!.activate();
    assert.ok(api.sitemapsProvider, 'the Node build\'s API gives the view\'s provider');
    provider = api.sitemapsProvider;
    for (const [name, text] of Object.entries(FILES)) await write(name, text);
    await treeUntil('viewsite/ in the view', () => childrenAt(idOf('viewsite/robots.txt'), idOf('viewsite/sitemap-index.xml')),
      (children) => children.length === 2, (children) => kinds(children).join('; '));
  });

  after(async () => {
    for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.path.includes('/viewsite/'))) await revert(document);
    await closeAllEditors();
    await setSetting('rules', undefined);
    await setSetting('limits.maxEntries', undefined);
    await vscode.workspace.fs.delete(fixtureUri('viewsite'), { recursive: true });
    // A restart clears what Check Site published: the later tests see live problems only.
    const starts = api.serverStarts();
    await vscode.commands.executeCommand('sitemap.restartServer');
    await poll('the restarted server to run', () => api.serverStarts() > starts && api.isClientRunning(), (ok) => ok);
  });

  it('names a first-level file by its path in the folder (each robots.txt its site\'s), a listed one by its name', async () => {
    const top = await api.sitemapsTree();
    const label = (name: string) => top.find((item) => item.id === idOf(name))?.label;
    assert.deepEqual([label('viewsite/robots.txt'), label('site/robots.txt'), label('urls.xml')], ['viewsite/robots.txt', 'site/robots.txt', 'urls.xml']);
    assert.deepEqual((await api.sitemapsTree([idOf('viewsite/robots.txt')])).map((item) => item.label), ['sitemap-index.xml']);
  });

  it('a click on a missing file opens the file that lists it with that entry selected, not the same URL in a comment', async () => {
    const [, gone] = await childrenAt(idOf('viewsite/robots.txt'), idOf('viewsite/sitemap-index.xml'));
    assert.equal(gone?.node.kind, 'missing');
    const { command } = await provider.getTreeItem(gone);
    assert.ok(command, 'the item has a command (what a click runs)');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const editor = await until('the index in the editor', [vscode.window.onDidChangeActiveTextEditor],
      () => vscode.window.activeTextEditor?.document.uri.toString() === idOf('viewsite/sitemap-index.xml') && vscode.window.activeTextEditor);
    assert.equal(formatRange(editor.selection), `4:16-4:${16 + `${ROOT_URL}gone.xml`.length}`);
    assert.equal(editor.document.getText(editor.selection), `${ROOT_URL}gone.xml`);
  });

  it('follows the files on disk: a Sitemap: line and its sitemap added show under the robots.txt', async () => {
    await write('viewsite/extra-sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${ROOT_URL}x</loc></url>\n</urlset>\n`);
    await write('viewsite/robots.txt', `${FILES['viewsite/robots.txt']}Sitemap: ${ROOT_URL}extra-sitemap.xml\n`);
    const children = await treeUntil('the new Sitemap: line\'s sitemap', () => childrenAt(idOf('viewsite/robots.txt')),
      (elements) => elements[1]?.node.kind === 'sitemap', (elements) => kinds(elements).join('; '));
    assert.deepEqual(kinds(children), [`index ${ROOT_URL}sitemap-index.xml`, `sitemap ${ROOT_URL}extra-sitemap.xml`]);
    assert.equal(children[1].node.id, idOf('viewsite/extra-sitemap.xml'));
  });

  it('follows typing: an entry typed into the open index shows as its child', async () => {
    const document = await openAs('viewsite/sitemap-index.xml', 'sitemap');
    const editor = await vscode.window.showTextDocument(document);
    const at = document.positionAt(document.getText().indexOf('</sitemapindex>'));
    await editor.edit((edit) => edit.insert(at, `  <sitemap><loc>${ROOT_URL}typed.xml</loc></sitemap>\n`));
    try {
      const children = await treeUntil('the typed entry', () => childrenAt(idOf('viewsite/robots.txt'), idOf('viewsite/sitemap-index.xml')),
        (elements) => elements.length === 3, (elements) => kinds(elements).join('; '));
      assert.deepEqual(kinds(children).slice(1), [`missing ${ROOT_URL}gone.xml`, `missing ${ROOT_URL}typed.xml`]);
      assert.deepEqual(children[2].node.range, { start: { line: 5, character: 16 }, end: { line: 5, character: 16 + `${ROOT_URL}typed.xml`.length } });
    } finally {
      await revert(document);
    }
  });

  it('Check Site from a node\'s context menu publishes the site\'s problems, and the node counts them', async () => {
    await setSetting('rules', CROSS_FILE_RULES);
    const [robots] = (await childrenAt()).filter((element) => element.node.id === idOf('viewsite/robots.txt'));
    assert.ok(robots);
    const result = await vscode.commands.executeCommand<CheckSiteResult | undefined>('sitemap.checkSite', robots);
    assert.ok(result !== undefined && result.files >= 4, JSON.stringify(result));
    const index = fixtureUri('viewsite/sitemap-index.xml');
    await diagnosticsSettle(index, 'the missing child', (codes) => codes.includes('missing-sitemap-file'));
    const node = await treeUntil('the index\'s problems counted', async () => (await childrenAt(idOf('viewsite/robots.txt')))[0],
      (element) => (element?.node.problems?.warnings ?? 0) > 0, (element) => JSON.stringify(element?.node));
    const warnings = vscode.languages.getDiagnostics(index).filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length;
    assert.equal(node.node.problems?.warnings, warnings);
    const shown = (await api.sitemapsTree([idOf('viewsite/robots.txt')]))[0];
    assert.equal(shown.iconColor, 'list.warningForeground', 'warnings colour the item');
  });

  it('Split from a sitemap node\'s context menu writes the children, and the node becomes an index listing them', async () => {
    await setSetting('limits.maxEntries', 2);
    const path = [idOf('viewsite/robots.txt'), idOf('viewsite/sitemap-index.xml')];
    const big = (await childrenAt(...path)).find((element) => element.node.id === idOf('viewsite/big-sitemap.xml'));
    assert.equal(big?.node.kind, 'sitemap');
    await runAcceptingDefaults('sitemap.splitIntoIndex', big);
    for (const name of ['viewsite/big-sitemap-1.xml', 'viewsite/big-sitemap-2.xml']) {
      assert.ok((await vscode.workspace.fs.stat(fixtureUri(name))).size > 0, name);
    }
    const children = await treeUntil('big-sitemap.xml as an index of two', () => childrenAt(...path, idOf('viewsite/big-sitemap.xml')),
      (elements) => elements.length === 2, (elements) => kinds(elements).join('; '));
    assert.deepEqual(children.map((element) => /big-sitemap-(\d)\.xml$/.exec(element.node.url ?? '')?.[1]), ['1', '2']);
    assert.equal((await childrenAt(...path)).find((element) => element.node.id === idOf('viewsite/big-sitemap.xml'))?.node.kind, 'index');
  });
});
