/**
 * The authoring features over the wire, against the bundled server: completion (with pages of the workspace),
 * hover, code actions (quick fix and source.fixAll.sitemap), document symbols (and their cap), folding, selection
 * ranges and links. Asserts shapes, ranges and edits, never wording; waits on answers, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CompletionItemKind, FileChangeType, InsertTextFormat, type CodeAction, type CompletionList, type Diagnostic, type DocumentLink, type DocumentSymbol, type FoldingRange, type Hover,
  type MarkupContent, type Position, type SelectionRange, type TextEdit,
} from 'vscode-languageserver-protocol';
import { LspClient, positionAt, rangeOf } from '../lspClient';
import { snippetToPlain } from '../../../server/src/lsp/features/completion';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
const FILE_SNIPPETS = ['urlset', 'urlset-xsd', 'urlset-extensions', 'urlset-image', 'urlset-video', 'urlset-news', 'urlset-hreflang', 'sitemapindex', 'sitemapindex-xsd'];

function offsetAt(text: string, position: Position): number {
  let line = 0;
  let offset = 0;
  while (line < position.line) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
    line++;
  }
  return offset + position.character;
}

function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The position just after the first `needle` (or at its start with `atStart`). */
function positionOf(text: string, needle: string, atStart = false): Position {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  return positionAt(text, atStart ? at : at + needle.length);
}

describe('authoring features over stdio', () => {
  let client: LspClient;
  let root: string;
  let settings: Record<string, unknown> = {};
  const write = (relative: string, text: string): string => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return pathToFileURL(file).href;
  };
  const uriOf = (relative: string): string => pathToFileURL(path.join(root, relative)).href;
  const request = <R>(method: string, params: unknown): Promise<R> => client.connection.sendRequest<R>(method, params);
  const openAndWait = async (uri: string, text: string): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    return (await published).diagnostics;
  };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-features-')));
    for (const page of ['public/index.html', 'public/about/index.html', 'public/contact.html', 'public/node_modules/pkg/readme.html', 'public/.git/x.html', 'public/style.css']) {
      write(page, '<!doctype html>');
    }
    write('public/sitemap-pages.xml', `<urlset xmlns="${NS}"/>`);
    settings = { siteRoots: { public: 'https://www.example.com/' } };
    client = await LspClient.start({
      // A completion waits 150 ms for the walk of the site's pages, which a loaded machine outlasts: wait for the walk.
      env: { SITEMAP_PAGE_WALK_BUDGET_MS: '60000' },
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }],
      settings: () => settings,
      textDocumentCapabilities: {
        completion: { completionItem: { snippetSupport: true } },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        foldingRange: { rangeLimit: 5000 },
      },
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('advertises the features', () => {
    const capabilities = client.initializeResult!.capabilities;
    assert.ok(capabilities.completionProvider?.triggerCharacters?.includes('<'));
    assert.equal(capabilities.hoverProvider, true);
    const kinds = (capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds;
    assert.ok(kinds.includes('quickfix') && kinds.includes('source.fixAll.sitemap'));
    assert.ok(capabilities.documentSymbolProvider);
    assert.ok(capabilities.foldingRangeProvider);
    assert.ok(capabilities.selectionRangeProvider);
    assert.ok(capabilities.documentLinkProvider);
  });

  it('completes a url block in the root, as a snippet', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n  \n</urlset>\n`;
    const uri = uriOf('public/sitemap.xml');
    await openAndWait(uri, text);
    const position = positionOf(text, '</url>\n  ');
    const list = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    assert.deepEqual(list.items.map((i) => i.label), ['url', 'url-full']);
    const item = list.items[0];
    assert.equal(item.insertTextFormat, 2);
    const edit = item.textEdit as TextEdit;
    assert.deepEqual(edit.range, { start: position, end: position });
    assert.match(edit.newText, /^<url>\n    <loc>https:\/\/www\.example\.com\/\$1<\/loc>\n    <lastmod>\d{4}-\d\d-\d\d<\/lastmod>\n  <\/url>\$0$/);
    client.close(uri);
  });

  it('completes a field that does not fit at the cursor with an additional edit at its schema place (issue 20)', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n    <priority>0.5</priority>\n    <la\n  </url>\n</urlset>\n`;
    const uri = uriOf('public/order.xml');
    await openAndWait(uri, text);
    const position = positionOf(text, '<la');
    const list = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    const item = list.items.find((i) => i.label === 'lastmod')!;
    const edits = [item.textEdit as TextEdit, ...(item.additionalTextEdits ?? [])];
    const accepted = applyTextEdits(text, edits);
    assert.match(accepted, /<loc>https:\/\/www\.example\.com\/<\/loc>\n    <lastmod>\d{4}-\d\d-\d\d<\/lastmod>\n    <priority>0\.5<\/priority>\n    \n  <\/url>/);
    const published = client.nextDiagnostics(uri);
    client.change(uri, { text: accepted });
    assert.deepEqual((await published).diagnostics.map((d) => d.code), []);
    client.close(uri);
  });

  it('serves the whole-file snippets in an empty document only', async () => {
    const uri = uriOf('public/new.xml');
    await openAndWait(uri, '');
    const empty = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(empty.items.map((i) => i.label), FILE_SNIPPETS);
    assert.ok(empty.items.every((i) => i.kind === CompletionItemKind.Snippet && i.insertTextFormat === InsertTextFormat.Snippet));
    const urlset = empty.items.find((i) => i.label === 'urlset')!.textEdit as TextEdit;
    assert.deepEqual(urlset.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    // The base URL of public/ (sitemap.siteRoots) in the <loc>, the cursor after it.
    assert.match(urlset.newText, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="[^"]+">\n  <url>\n    <loc>https:\/\/www\.example\.com\/\$1<\/loc>\n/);
    // Once there is a root, no whole file any more.
    client.change(uri, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: `<urlset xmlns="${NS}">\n  \n</urlset>\n` });
    const inRoot = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 2 } });
    assert.deepEqual(inRoot.items.map((i) => i.label), ['url', 'url-full']);
    client.close(uri);
  });

  it('offers an extension block inside <url> with an edit that declares its namespace on the root', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n    \n  </url>\n</urlset>\n`;
    const uri = uriOf('public/sitemap.xml');
    await openAndWait(uri, text);
    const position = positionOf(text, '</loc>\n    ');
    const list = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    assert.deepEqual(list.items.map((i) => i.label), ['lastmod', 'changefreq', 'priority', 'image:image', 'video:video', 'news:news', 'xhtml:link']);
    const image = list.items.find((i) => i.label === 'image:image')!;
    const declaration = positionOf(text, `xmlns="${NS}"`);
    assert.deepEqual(image.additionalTextEdits, [{ range: { start: declaration, end: declaration }, newText: ` xmlns:image="${IMAGE}"` }]);
    const applied = applyTextEdits(text, [image.textEdit as TextEdit, ...image.additionalTextEdits!]);
    assert.equal(applied, text
      .replace(`xmlns="${NS}"`, `xmlns="${NS}" xmlns:image="${IMAGE}"`)
      .replace('</loc>\n    \n', '</loc>\n    <image:image>\n      <image:loc>${1:https://www.example.com/images/photo.jpg}</image:loc>\n    </image:image>$0\n'));
    client.close(uri);
  });

  it('offers the workspace\'s pages the sitemap does not list yet in a <loc>, and sees new pages', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n  <url>\n    <loc></loc>\n  </url>\n</urlset>\n`;
    const uri = uriOf('public/sitemap.xml');
    await openAndWait(uri, text);
    const position = positionOf(text, '<loc></loc>', true);
    const inLoc = { line: position.line, character: position.character + 5 };
    const labels = async (): Promise<string[]> => (await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: inLoc })).items.map((i) => i.label).sort();
    assert.deepEqual(await labels(), ['https://www.example.com/', 'https://www.example.com/about/', 'https://www.example.com/contact.html']);
    const created = write('public/blog/index.html', '<!doctype html>');
    client.filesChanged([{ uri: created, type: FileChangeType.Created }]);
    assert.deepEqual(await labels(), ['https://www.example.com/', 'https://www.example.com/about/', 'https://www.example.com/blog/', 'https://www.example.com/contact.html']);
    client.close(uri);
  });

  it('offers the workspace\'s other sitemaps in an index', async () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc></loc>\n  </sitemap>\n</sitemapindex>\n`;
    const uri = uriOf('public/sitemap_index.xml');
    await openAndWait(uri, text);
    const position = positionOf(text, '<loc>');
    const list = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    assert.deepEqual(list.items.map((i) => i.label).sort(), ['https://www.example.com/', 'https://www.example.com/sitemap-pages.xml']);
    client.close(uri);
  });

  it('hovers a lastmod with its UTC value', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-03-01T10:00:00+02:00</lastmod>\n  </url>\n</urlset>\n`;
    const uri = uriOf('public/hover/sitemap.xml');
    await openAndWait(uri, text);
    const hover = await request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, '2024-03') });
    assert.equal((hover.contents as MarkupContent).kind, 'markdown');
    assert.ok((hover.contents as MarkupContent).value.includes('2024-03-01T08:00:00Z'));
    assert.deepEqual(hover.range, rangeOf(text, '2024-03-01T10:00:00+02:00'));
    const nothing = await request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 8 } });
    assert.equal(nothing, null);
    client.close(uri);
  });

  it('quick-fixes a diagnostic and fixes all safe problems at once', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <changefreq>Daily</changefreq>\n    <loc>https://www.example.com/?a=1&b=2</loc>\n    <priority>1.5</priority>\n  </url>\n</urlset>\n`;
    const uri = uriOf('public/fix/sitemap.xml');
    const diagnostics = await openAndWait(uri, text);
    const ampersand = diagnostics.find((d) => d.code === 'unescaped-ampersand');
    assert.ok(ampersand);
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: ampersand.range, context: { diagnostics: [ampersand], only: ['quickfix'] },
    });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'quickfix');
    assert.equal(actions[0].isPreferred, true);
    assert.deepEqual(actions[0].diagnostics, [ampersand]);
    assert.equal(applyTextEdits(text, actions[0].edit!.changes![uri]), text.replace('&b=2', '&amp;b=2'));

    const fixAll = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: positionAt(text, text.length) }, context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.deepEqual(fixAll.map((a) => a.kind), ['source.fixAll.sitemap']);
    const fixed = applyTextEdits(text, fixAll[0].edit!.changes![uri]);
    assert.equal(fixed, `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/?a=1&amp;b=2</loc>\n    <changefreq>daily</changefreq>\n    <priority>1.5</priority>\n  </url>\n</urlset>\n`);

    // The lightbulb (no `only`): the quick fixes of the diagnostics at hand, and the bundle next to a safe one.
    const priority = diagnostics.find((d) => d.code === 'invalid-priority')!;
    const lightbulb = await request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: priority.range, context: { diagnostics: [priority, ampersand] } });
    assert.deepEqual(lightbulb.map((a) => a.kind), ['quickfix', 'quickfix', 'source.fixAll.sitemap']);
    client.close(uri);
  });

  it('gives the outline: the root with one symbol per entry, capped by sitemap.symbols.maxItems', async () => {
    const entries = ['a', 'b', 'c'].map((p) => `  <url>\n    <loc>https://www.example.com/${p}?x=1&amp;y=2</loc>\n  </url>\n`).join('');
    const text = `<urlset xmlns="${NS}">\n${entries}</urlset>\n`;
    const uri = uriOf('public/outline/sitemap.xml');
    await openAndWait(uri, text);
    const [rootSymbol] = await request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(rootSymbol.name, 'urlset');
    assert.deepEqual(rootSymbol.children!.map((c) => c.name), ['a', 'b', 'c'].map((p) => `https://www.example.com/${p}?x=1&y=2`));
    assert.deepEqual(rootSymbol.children![0].selectionRange, rangeOf(text, 'https://www.example.com/a?x=1&amp;y=2'));

    settings = { ...settings, symbols: { maxItems: 2 } };
    const revalidated = client.nextDiagnostics(uri);
    client.configurationChanged();
    await revalidated;
    const [capped] = await request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(capped.children!.length, 3);
    assert.match(capped.children![2].name, /\b1\b/);
    settings = { siteRoots: settings.siteRoots };
    client.close(uri);
  });

  it('folds the root and entries, selects outwards, and links no loc of a urlset (the editor links URLs itself)', async () => {
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/k%C3%BCche</loc>\n  </url>\n</urlset>\n`;
    const uri = uriOf('public/misc/sitemap.xml');
    await openAndWait(uri, text);
    const folds = await request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 3], [1, 2]]);
    const [selection] = await request<SelectionRange[]>('textDocument/selectionRange', { textDocument: { uri }, positions: [positionOf(text, 'example.com/k')] });
    const chain: string[] = [];
    for (let s: SelectionRange | undefined = selection; s !== undefined; s = s.parent) chain.push(text.slice(offsetAt(text, s.range.start), offsetAt(text, s.range.end)));
    assert.deepEqual(chain.slice(0, 3), ['https://www.example.com/k%C3%BCche', '<loc>https://www.example.com/k%C3%BCche</loc>', '<url>\n    <loc>https://www.example.com/k%C3%BCche</loc>\n  </url>']);
    assert.deepEqual(await request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } }), []);
    client.close(uri);
  });

  it('links an index entry to the workspace file it maps to, and only such entries', async () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://www.example.com/sitemap-pages.xml</loc>\n  </sitemap>\n  <sitemap>\n    <loc>https://www.example.com/elsewhere.xml</loc>\n  </sitemap>\n</sitemapindex>\n`;
    const uri = uriOf('public/sitemap_index.xml');
    await openAndWait(uri, text);
    const links = await request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(links.map((l) => [l.range, l.target]), [[rangeOf(text, 'https://www.example.com/sitemap-pages.xml'), uriOf('public/sitemap-pages.xml')]]);
    client.close(uri);
  });

  it('hovers an index entry with its workspace file, relative to the workspace folder', async () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://www.example.com/sitemap-pages.xml</loc>\n  </sitemap>\n</sitemapindex>\n`;
    const uri = uriOf('public/hover-index/sitemap_index.xml');
    await openAndWait(uri, text);
    const hover = await request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'sitemap-pages') });
    const value = (hover.contents as MarkupContent).value;
    assert.ok(value.includes('`public/sitemap-pages.xml`'), value);
    assert.ok(!value.includes(root), value);
    client.close(uri);
  });

  it('answers null for documents it does not hold, and survives junk', async () => {
    const uri = uriOf('nothing.xml');
    assert.equal(await request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } }), null);
    assert.equal(await request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }), null);
    const text = `<urlset xmlns="${NS}">\n</urlset>\n`;
    const open = uriOf('public/junk/sitemap.xml');
    await openAndWait(open, text);
    const junk = await request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri: open }, range: { start: { line: 99, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [{ source: 'sitemap', code: 'unescaped-ampersand', message: '', range: { start: { line: 50, character: 3 }, end: { line: 0, character: 0 } } }] } });
    assert.deepEqual(junk, []);
    client.close(open);
  });
});

describe('snippets for clients without snippet support', () => {
  it('become their default text', () => {
    assert.equal(snippetToPlain('<loc>https://www.example.com/$1</loc>$0'), '<loc>https://www.example.com/</loc>');
    assert.equal(snippetToPlain('<lastmod>${1:2025-06-15}</lastmod>$0'), '<lastmod>2025-06-15</lastmod>');
    assert.equal(snippetToPlain('a ${1|one,two|} \\$x \\} b'), 'a one $x } b');
    assert.equal(snippetToPlain('<${1|a,b|}>${2:x}</$1> $2 $3'), '<a>x</a> x ');
  });
});

describe('completion for a client without snippet support', () => {
  let client: LspClient;
  let folder: string;
  before(async () => {
    folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-plain-')));
    client = await LspClient.start({});
  });
  after(async () => {
    const code = await client.stop();
    fs.rmSync(folder, { recursive: true, force: true });
    assert.equal(code, 0, client.stderr);
  });

  it('inserts each snippet as its default text, mirrors included', async () => {
    const text = `<urlset xmlns="${NS}" xmlns:video="${VIDEO}">\n  <url>\n    <loc>https://www.example.com/</loc>\n    \n  </url>\n</urlset>\n`;
    const uri = pathToFileURL(path.join(folder, 'sitemap.xml')).href;
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    await published;
    const position = positionOf(text, '</loc>\n    ');
    const list = await client.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    const video = list.items.find((i) => i.label === 'video:video')!;
    assert.equal(video.insertTextFormat, InsertTextFormat.PlainText);
    assert.equal(video.additionalTextEdits, undefined);
    assert.equal((video.textEdit as TextEdit).newText, '<video:video>\n      <video:thumbnail_loc>https://www.example.com/thumbnails/video.jpg</video:thumbnail_loc>\n'
      + '      <video:title>Video title</video:title>\n      <video:description>What the video shows</video:description>\n'
      + '      <video:content_loc>https://www.example.com/videos/video.mp4</video:content_loc>\n    </video:video>');
    client.close(uri);
  });
});
