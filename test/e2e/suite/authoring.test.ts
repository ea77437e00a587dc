/**
 * The authoring features in a real editor, through VS Code's own commands (the same requests the UI makes):
 * completion in three contexts with one item applied, a quick fix and `source.fixAll.sitemap` (on request and on
 * save), hover, document and workspace symbols, snippets by context, and the status bar item. Asserts
 * behaviour — labels, kinds, resulting text, rule ids — never message wording. Every edit is reverted.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  closeAllEditors, codes, diagnosticsSettle, EXTENSION_ID, fixtureUri, openAs, poll, revert, ruleId, setSetting, until,
} from './helpers';

/** Three entries; an empty line in <urlset>, an entry lacking <lastmod> and <priority>, an empty <changefreq>. */
const SHOP = 'authoring/shop-sitemap.xml';
/** An empty file, in the sitemap language by its name. */
const EMPTY = 'authoring/empty-sitemap.xml';
/** The snippets the server offers in an empty document, in the order shown. */
const FILE_SNIPPETS = ['urlset', 'urlset-xsd', 'urlset-extensions', 'urlset-image', 'urlset-video', 'urlset-news', 'urlset-hreflang', 'sitemapindex', 'sitemapindex-xsd'];
/** One problem of each safe fix: namespace, `&`, `Daily`, `0,8`, child order, `&eacute;`. */
const FIXES = 'authoring/fixes-sitemap.xml';

/** FIXES after every safe fix (what `source.fixAll.sitemap` must make of it, byte for byte). */
const FIXED = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url>',
  '    <loc>https://www.example.com/search?q=tea&amp;page=2</loc>',
  '    <changefreq>daily</changefreq>',
  '    <priority>0.8</priority>',
  '  </url>',
  '  <url>',
  '    <loc>https://www.example.com/caf&#233;</loc>',
  '    <priority>0.5</priority>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

const FIX_ALL = 'source.fixAll.sitemap';
const FIXES_RULES = ['bad-namespace', 'unescaped-ampersand', 'invalid-changefreq', 'invalid-priority', 'element-order', 'unknown-entity'];
const SHOP_URLS = ['https://www.example.com/shop/', 'https://www.example.com/shop/tea', 'https://www.example.com/shop/coffee'];

interface StatusBarState {
  text: string;
  tooltip: string;
  level: 'normal' | 'warning' | 'error';
  command: string | undefined;
}

interface SitemapStudioApi {
  isClientRunning(): boolean;
  statusBar(): StatusBarState | undefined;
}

async function extensionApi(): Promise<SitemapStudioApi> {
  const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is loaded`);
  const api = await until('the extension to activate', [vscode.extensions.onDidChange, vscode.languages.onDidChangeDiagnostics], () => extension.isActive && extension.exports);
  await poll('the language client to run', () => api.isClientRunning(), (running) => running);
  return api;
}

/** On the empty line before </urlset> in SHOP, after its indentation. */
function endOfUrlset(document: vscode.TextDocument): vscode.Position {
  const line = positionAfter(document, '\n  \n</urlset>').line - 1;
  assert.equal(document.lineAt(line).text, '  ');
  return new vscode.Position(line, 2);
}

/** The position right after `needle` (at its first occurrence after `after`). */
function positionAfter(document: vscode.TextDocument, needle: string, after = ''): vscode.Position {
  const text = document.getText();
  const at = text.indexOf(after + needle);
  assert.ok(at >= 0, `fixture ${vscode.workspace.asRelativePath(document.uri)} has no ${JSON.stringify(after + needle)}`);
  return document.positionAt(at + after.length + needle.length);
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

/**
 * The language server's items. VS Code adds its own providers' items to the command's answer: the contributed
 * snippets (labels with a description) and word-based suggestions (kind Text).
 */
function serverItems(list: vscode.CompletionList): vscode.CompletionItem[] {
  return list.items.filter((item) => typeof item.label === 'string' && item.kind !== vscode.CompletionItemKind.Text);
}

/** Items in the order the editor shows them for an empty prefix: by sort text, then label. */
function inShownOrder(items: vscode.CompletionItem[]): vscode.CompletionItem[] {
  const key = (item: vscode.CompletionItem) => item.sortText ?? labelOf(item);
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function complete(document: vscode.TextDocument, position: vscode.Position): Thenable<vscode.CompletionList> {
  return vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
}

function replaceRange(item: vscode.CompletionItem, fallback: vscode.Position): vscode.Range {
  const range = item.range;
  if (range === undefined) return new vscode.Range(fallback, fallback);
  return range instanceof vscode.Range ? range : range.replacing;
}

function codeActions(uri: vscode.Uri, range: vscode.Range, kind?: string): Thenable<vscode.CodeAction[]> {
  return vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, kind);
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

function documentSymbols(uri: vscode.Uri): Thenable<vscode.DocumentSymbol[] | undefined> {
  return vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', uri);
}

/** Entries and the limit from the status bar text (`3 / 50,000 URLs · <0.1 / 50 MB`). */
function statusCounts(state: StatusBarState | undefined): { entries: number; maxEntries: number } | undefined {
  const match = state === undefined ? null : /(\d[\d,]*) \/ (\d[\d,]*)/.exec(state.text);
  return match === null ? undefined : { entries: Number(match[1].replace(/,/g, '')), maxEntries: Number(match[2].replace(/,/g, '')) };
}

describe('authoring', () => {
  afterEach(closeAllEditors);

  describe('completion', () => {
    it('offers a <url> entry inside <urlset>, never a <sitemap>', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const position = endOfUrlset(document);
      const list = await poll('completion items in <urlset>', () => complete(document, position), (l) => serverItems(l).length > 0);
      const labels = serverItems(list).map(labelOf);
      assert.ok(labels.includes('url'), `no url item: ${JSON.stringify(labels)}`);
      assert.ok(!labels.includes('sitemap') && !labels.includes('loc'), `an item that does not belong in <urlset>: ${JSON.stringify(labels)}`);
    });

    it('offers inside <url> only the children it lacks, in schema order', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      // The second entry has <loc> and <changefreq>; the cursor is on the empty line between them.
      const position = positionAfter(document, '    ', 'https://www.example.com/shop/tea</loc>\n');
      const list = await poll('completion items in <url>', () => complete(document, position), (l) => serverItems(l).length > 0);
      // No extension block either: it would go before <changefreq> (extensions come last).
      assert.deepEqual(inShownOrder(serverItems(list)).map(labelOf), ['lastmod', 'priority']);
    });

    it('offers the seven changefreq values, and applying one fixes the empty <changefreq>', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const uri = document.uri;
      await diagnosticsSettle(uri, 'the empty changefreq', (c) => c.includes('invalid-changefreq'));
      const position = positionAfter(document, '<changefreq>', 'shop/tea</loc>\n    \n    ');
      const list = await poll('changefreq values', () => complete(document, position), (l) => serverItems(l).length > 0);
      const values = inShownOrder(serverItems(list));
      assert.deepEqual(values.map(labelOf), ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
      assert.ok(values.every((item) => item.kind === vscode.CompletionItemKind.Value));

      const weekly = values.find((item) => labelOf(item) === 'weekly')!;
      const before = document.getText();
      try {
        const edit = new vscode.WorkspaceEdit();
        const insert = weekly.insertText ?? labelOf(weekly);
        edit.replace(uri, replaceRange(weekly, position), typeof insert === 'string' ? insert : insert.value);
        assert.ok(await vscode.workspace.applyEdit(edit));
        assert.equal(document.getText(), before.replace('<changefreq></changefreq>', '<changefreq>weekly</changefreq>'));
        assert.deepEqual(await diagnosticsSettle(uri, 'no invalid-changefreq', (c) => !c.includes('invalid-changefreq')), []);
      } finally {
        await revert(document);
      }
    });

    it('expands the <url> item as a snippet: a new entry with the base URL and today, counted in the status bar', async () => {
      const document = await openAs(SHOP, 'sitemap');
      const api = await extensionApi();
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      await poll('the status bar to count 3 entries', () => api.statusBar(), (s) => statusCounts(s)?.entries === 3, (s) => JSON.stringify(s));
      const position = endOfUrlset(document);
      const list = await poll('completion items in <urlset>', () => complete(document, position), (l) => serverItems(l).length > 0);
      const url = serverItems(list).find((item) => labelOf(item) === 'url');
      assert.ok(url, 'no url item');
      assert.ok(url.insertText instanceof vscode.SnippetString, 'the url item is a snippet');
      try {
        // As accepting the item does: the server has indented every line already (insertTextMode asIs), so the
        // editor must not indent them again. (`keepWhitespace` is in the API since VS Code 1.98; the types are 1.90.)
        const asIs = { undoStopBefore: true, undoStopAfter: true, keepWhitespace: true };
        assert.ok(await editor.insertSnippet(url.insertText, replaceRange(url, position), asIs));
        const entry = /\n  <url>\n    <loc>([^<]*)<\/loc>\n    <lastmod>([^<]*)<\/lastmod>\n  <\/url>\n<\/urlset>/.exec(document.getText());
        assert.ok(entry, `no new entry, indented as the others, before </urlset>:\n${document.getText()}`);
        assert.equal(entry[1], 'https://www.example.com/'); // the origin of the file's URLs
        assert.match(entry[2], /^\d{4}-\d{2}-\d{2}$/);
        assert.ok(Math.abs(Date.parse(entry[2]) - Date.now()) < 2 * 86_400_000, `lastmod ${entry[2]} is not today`);
        await poll('the status bar to count 4 entries', () => api.statusBar(), (s) => statusCounts(s)?.entries === 4, (s) => JSON.stringify(s));
      } finally {
        await revert(document);
      }
    });

  });

  describe('snippets by context', () => {
    /** What the user's list holds, apart from word-based suggestions (kind Text; a setting decides those). */
    const offered = (list: vscode.CompletionList): vscode.CompletionItem[] => list.items.filter((item) => item.kind !== vscode.CompletionItemKind.Text);
    /** A contributed snippet's label has a description: it shows as an object here. */
    const shown = (item: vscode.CompletionItem): string => (typeof item.label === 'string' ? item.label : JSON.stringify(item.label));
    // As accepting an item does: the server has indented every line already (insertTextMode asIs).
    const asIs = { undoStopBefore: true, undoStopAfter: true, keepWhitespace: true };

    it('in <urlset>: one url item and url-full, and no contributed static snippet', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const position = endOfUrlset(document);
      const list = await poll('completion items in <urlset>', () => complete(document, position), (l) => serverItems(l).length > 0);
      const items = inShownOrder(offered(list));
      assert.deepEqual(items.map(shown), ['url', 'url-full']);
      assert.ok(items.every((item) => item.kind === vscode.CompletionItemKind.Snippet && item.insertText instanceof vscode.SnippetString));
    });

    it('in an empty sitemap: the whole-file snippets only, and one inserted is a sitemap without problems', async () => {
      const document = await openAs(EMPTY, 'sitemap');
      await extensionApi();
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      await diagnosticsSettle(document.uri, 'the empty document\'s problem', (c) => c.length > 0);
      const position = new vscode.Position(0, 0);
      const list = await poll('completion items in an empty sitemap', () => complete(document, position), (l) => serverItems(l).length > 0);
      const items = inShownOrder(offered(list));
      assert.deepEqual(items.map(shown), FILE_SNIPPETS);
      const image = items.find((item) => labelOf(item) === 'urlset-image')!;
      try {
        assert.ok(await editor.insertSnippet(image.insertText as vscode.SnippetString, replaceRange(image, position), asIs));
        assert.match(document.getText(), /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="[^"]+" xmlns:image="[^"]+">\n  <url>\n    <loc>/);
        assert.deepEqual(await diagnosticsSettle(document.uri, 'no problems', (c) => c.length === 0), []);
      } finally {
        await revert(document);
      }
    });

    it('inside a <url>: an extension block whose namespace the root lacks declares it there, keeping every other byte', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      const problemsBefore = JSON.stringify((await diagnosticsSettle(document.uri, 'its problems', (c) => c.includes('invalid-changefreq'))).map((v) => v.code));
      try {
        // A new line after the last child of the third entry: where an extension may go.
        const last = positionAfter(document, '<priority>0.8</priority>', 'shop/coffee</loc>\n    ');
        assert.ok(await editor.edit((builder) => builder.insert(last, '\n    ')));
        const position = new vscode.Position(last.line + 1, 4);
        const list = await poll('completion items in <url>', () => complete(document, position), (l) => serverItems(l).length > 0);
        const image = serverItems(list).find((item) => labelOf(item) === 'image:image');
        assert.ok(image?.additionalTextEdits?.length === 1, `no image:image with one additional edit: ${JSON.stringify(image)}`);
        const before = document.getText();
        assert.ok(await editor.insertSnippet(image.insertText as vscode.SnippetString, replaceRange(image, position), asIs));
        const edit = new vscode.WorkspaceEdit();
        edit.set(document.uri, image.additionalTextEdits);
        assert.ok(await vscode.workspace.applyEdit(edit));
        const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
        assert.equal(document.getText(), before
          .replace(`<urlset xmlns="${ns}">`, `<urlset xmlns="${ns}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`)
          .replace('<priority>0.8</priority>\n    \n', '<priority>0.8</priority>\n    <image:image>\n      <image:loc>https://www.example.com/images/photo.jpg</image:loc>\n    </image:image>\n'));
        // The fixture's own problems, none from the new block.
        await diagnosticsSettle(document.uri, `the problems from before (${problemsBefore})`, (c) => JSON.stringify(c) === problemsBefore);
      } finally {
        await revert(document);
      }
    });
  });

  describe('code actions', () => {
    it('fixes an unescaped & with its quick fix, and only that', async () => {
      const document = await openAs(FIXES, 'sitemap');
      const uri = document.uri;
      await diagnosticsSettle(uri, 'its problems', (c) => c.includes('unescaped-ampersand'));
      assert.deepEqual(codes(uri), FIXES_RULES);
      const diagnostic = vscode.languages.getDiagnostics(uri).find((d) => ruleId(d) === 'unescaped-ampersand')!;
      const before = document.getText();
      const actions = await codeActions(uri, diagnostic.range);
      // Asked for the diagnostic's range, the editor passes that diagnostic (and no other) to the server.
      const fixes = actions.filter((a) => a.kind !== undefined && vscode.CodeActionKind.QuickFix.contains(a.kind));
      assert.equal(fixes.length, 1, `one quick fix for unescaped-ampersand, not ${fixes.length}`);
      const fix = fixes[0];
      assert.ok(fix.edit);
      assert.equal(fix.isPreferred, true);
      // Next to a fix it includes, the lightbulb also offers the safe fixes all at once.
      assert.ok(actions.some((a) => a.kind?.value === FIX_ALL), `no ${FIX_ALL} among ${JSON.stringify(actions.map((a) => a.kind?.value))}`);
      try {
        assert.ok(await vscode.workspace.applyEdit(fix.edit));
        assert.equal(document.getText(), before.replace('q=tea&page', 'q=tea&amp;page'));
        const seen = await diagnosticsSettle(uri, 'no unescaped-ampersand', (c) => !c.includes('unescaped-ampersand'));
        assert.deepEqual(seen.map((v) => v.code), FIXES_RULES.filter((r) => r !== 'unescaped-ampersand'));
      } finally {
        await revert(document);
      }
    });

    it(`applies every safe fix with ${FIX_ALL}`, async () => {
      const document = await openAs(FIXES, 'sitemap');
      const uri = document.uri;
      await diagnosticsSettle(uri, 'its problems', (c) => c.length === FIXES_RULES.length);
      const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
      const actions = await codeActions(uri, whole, FIX_ALL);
      assert.deepEqual(actions.map((a) => a.kind?.value), [FIX_ALL]);
      try {
        assert.ok(await vscode.workspace.applyEdit(actions[0].edit!));
        assert.equal(document.getText(), FIXED);
        assert.deepEqual(await diagnosticsSettle(uri, 'no problems', (c) => c.length === 0), []);
      } finally {
        await revert(document);
      }
    });

    it(`runs ${FIX_ALL} on save with editor.codeActionsOnSave`, async () => {
      const document = await openAs(FIXES, 'sitemap');
      const uri = document.uri;
      await diagnosticsSettle(uri, 'its problems', (c) => c.length === FIXES_RULES.length);
      const original = await vscode.workspace.fs.readFile(uri);
      const editor = vscode.workspace.getConfiguration('editor');
      await editor.update('codeActionsOnSave', { [FIX_ALL]: 'explicit' }, vscode.ConfigurationTarget.Workspace);
      try {
        // A change to save (the participants run only on a real save): a blank line at the end.
        const edit = new vscode.WorkspaceEdit();
        edit.insert(uri, document.positionAt(document.getText().length), '\n');
        assert.ok(await vscode.workspace.applyEdit(edit));
        assert.ok(await document.save());
        assert.equal(document.getText(), FIXED + '\n');
        assert.equal(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'), FIXED + '\n');
        assert.deepEqual(await diagnosticsSettle(uri, 'no problems', (c) => c.length === 0), []);
      } finally {
        await editor.update('codeActionsOnSave', undefined, vscode.ConfigurationTarget.Workspace);
        // Restore the file on disk and the document.
        await vscode.workspace.fs.writeFile(uri, original);
        await until('the document to reload the restored file', [vscode.workspace.onDidChangeTextDocument], () => document.getText() === Buffer.from(original).toString('utf8') && !document.isDirty);
      }
      const back = await diagnosticsSettle(uri, 'the problems back', (c) => c.length === FIXES_RULES.length);
      assert.deepEqual(back.map((v) => v.code), FIXES_RULES);
    });
  });

  describe('hover, symbols, status bar', () => {
    it('shows a <lastmod> in UTC on hover', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const position = positionAfter(document, '2024-05-01T10', '<lastmod>');
      const hovers = await poll('a hover on the lastmod', () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position), (h) => hoverText(h).length > 0);
      assert.ok(hoverText(hovers).includes('2024-05-01T08:30:00Z'), `the hover does not show 2024-05-01T10:30:00+02:00 in UTC:\n${hoverText(hovers)}`);
      const range = hovers.find((h) => h.range !== undefined)?.range;
      assert.equal(range && document.getText(range), '2024-05-01T10:30:00+02:00');
    });

    it('names the entries by their URLs in the outline, up to sitemap.symbols.maxItems', async () => {
      const document = await openAs(SHOP, 'sitemap');
      await extensionApi();
      const symbols = await poll('document symbols', () => documentSymbols(document.uri), (s) => (s?.length ?? 0) > 0);
      assert.deepEqual(symbols!.map((s) => s.name), ['urlset']);
      const entries = symbols![0].children;
      assert.deepEqual(entries.map((s) => s.name), SHOP_URLS);
      assert.deepEqual(entries.map((s) => document.getText(s.selectionRange)), SHOP_URLS);
      assert.ok(entries.every((s) => document.getText(s.range).startsWith('<url>') && document.getText(s.range).endsWith('</url>')));

      try {
        await setSetting('symbols.maxItems', 2);
        // VS Code keeps a document's symbols until the document changes (there is no refresh request for them in
        // LSP): the new cap shows from the next edit on.
        const edit = new vscode.WorkspaceEdit();
        edit.insert(document.uri, document.positionAt(document.getText().length), '\n');
        assert.ok(await vscode.workspace.applyEdit(edit));
        // Two entries, then a note saying how many are not shown.
        const capped = await poll('an outline capped at 2 entries', () => documentSymbols(document.uri), (s) => s?.[0]?.children[2]?.kind === vscode.SymbolKind.Null, (s) => JSON.stringify(s?.[0]?.children.map((c) => c.name)));
        const children = capped![0].children;
        assert.equal(children.length, 3);
        assert.deepEqual(children.slice(0, 2).map((s) => s.name), SHOP_URLS.slice(0, 2));
      } finally {
        await setSetting('symbols.maxItems', undefined);
        await revert(document);
      }
      await poll('the whole outline back', () => documentSymbols(document.uri), (s) => JSON.stringify(s?.[0]?.children.map((c) => c.name)) === JSON.stringify(SHOP_URLS));
    });

    it('finds a URL across the workspace\'s sitemaps (workspace symbols)', async () => {
      await openAs(FIXES, 'sitemap');
      await extensionApi();
      const shop = fixtureUri(SHOP);
      const found = await poll('a workspace symbol for shop/coffee', () => vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'shop/coffee'), (s) => s.length > 0);
      const match = found.find((s) => s.name === SHOP_URLS[2]);
      assert.ok(match, `no symbol named ${SHOP_URLS[2]}: ${JSON.stringify(found.map((s) => s.name))}`);
      assert.equal(match.location.uri.toString(), shop.toString());
      const document = await openAs(SHOP, 'sitemap');
      assert.equal(document.getText(match.location.range), SHOP_URLS[2]);
    });

    it('counts the entries in the status bar, warns near the limit, errs past it, hides for other files', async () => {
      const document = await openAs(SHOP, 'sitemap');
      const api = await extensionApi();
      const show = (s: StatusBarState | undefined) => JSON.stringify(s);
      let state = await poll('the status bar item', () => api.statusBar(), (s) => statusCounts(s) !== undefined, show);
      assert.deepEqual(statusCounts(state), { entries: 3, maxEntries: 50_000 });
      assert.equal(state!.level, 'normal');
      assert.equal(state!.command, undefined);
      try {
        await setSetting('limits.maxEntries', 3);
        state = await poll('the warning level at 3 of 3', () => api.statusBar(), (s) => s?.level === 'warning', show);
        assert.deepEqual(statusCounts(state), { entries: 3, maxEntries: 3 });
        await setSetting('limits.maxEntries', 2);
        state = await poll('the error level at 3 of 2', () => api.statusBar(), (s) => s?.level === 'error', show);
        assert.deepEqual(statusCounts(state), { entries: 3, maxEntries: 2 });
        assert.equal(state!.command, 'sitemap.splitIntoIndex'); // over the limit, a click splits
      } finally {
        await setSetting('limits.maxEntries', undefined);
      }
      state = await poll('the normal level back', () => api.statusBar(), (s) => s?.level === 'normal', show);
      assert.deepEqual(statusCounts(state), { entries: 3, maxEntries: 50_000 });

      await openAs('unrelated.xml', 'xml');
      await poll('the item to hide for an XML file', () => api.statusBar(), (s) => s === undefined, show);
      await vscode.window.showTextDocument(document);
      await poll('the item back for the sitemap', () => api.statusBar(), (s) => statusCounts(s)?.entries === 3, show);
    });
  });
});

