/**
 * The page commands over the wire, on the fixture site of test/support/pageSite.ts: Add Unlisted Pages and Set lastmod
 * from Git History as one versioned `workspace/applyEdit` each (text in → text out), the quick fixes of the lastmod
 * rules and of a slash mismatch from the data their diagnostics carry, and what each says when nothing applies.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource, FileChangeType, LSPErrorCodes, type CodeAction, type ResponseError, type Diagnostic, type TextDocumentEdit, type TextEdit,
} from 'vscode-languageserver-protocol';
import { LspClient, rangeOf } from '../lspClient';
import { ADD_UNLISTED_PAGES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND, type EditCommandResult } from '../../../shared/protocol';
import { BASE, fixtureSite, SETTINGS, SITEMAP } from '../../support/pageSite';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from '../site/pageSiteClient';

/** Applies LSP text edits (non-overlapping, against the same text); `\n` line ends. */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = edits.map((e) => ({ start: offset(e.range.start), end: offset(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  return sorted.reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);
}

describe('the page commands over stdio', () => {
  const temp = tempFolders('sitemap-page-commands-');
  let client: LspClient;
  let uri: string;
  let diagnostics: Diagnostic[];

  before(async () => {
    const repo = fixtureSite(temp());
    uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    client = await startOnSite(repo, { workspaceCapabilities: { workspaceEdit: { documentChanges: true } } });
    const checked = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'lastmod-inflated'));
    client.open(uri, 'sitemap', SITEMAP);
    diagnostics = (await checked).diagnostics;
  });

  after(async () => {
    await client?.stop();
  });

  const run = async (command: string, ...args: unknown[]): Promise<{ result: EditCommandResult; text: string | undefined }> => {
    const before = client.applyEditRequests.length;
    const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command, arguments: [uri, 1, ...args] });
    const request = client.applyEditRequests[before];
    if (request === undefined) return { result, text: undefined };
    const edit = request.edit.documentChanges![0] as TextDocumentEdit;
    assert.equal(request.edit.documentChanges!.length, 1, 'one edit: one Undo');
    assert.deepEqual(edit.textDocument, { uri, version: 1 });
    return { result, text: applyTextEdits(SITEMAP, edit.edits as TextEdit[]) };
  };

  it('Add Unlisted Pages appends the indexable page no sitemap lists, its lastmod from git, in the file\'s layout', async () => {
    const { result, text } = await run(ADD_UNLISTED_PAGES_COMMAND);
    assert.deepEqual(result, { status: 'applied', count: 1, dated: 1 });
    assert.equal(text, SITEMAP.replace('</urlset>', `  <url><loc>${BASE}unlisted.html</loc><lastmod>2024-01-01</lastmod></url>\n</urlset>`));
  });

  it('Set lastmod from Git History dates every entry a file serves by its page\'s last commit, with none selected', async () => {
    const { result, text } = await run(SET_LASTMOD_FROM_HISTORY_COMMAND, [rangeOf(SITEMAP, 'urlset', 0, 0)]);
    assert.deepEqual(result, { status: 'applied', count: 6 });
    let expected = SITEMAP
      .replace(`${BASE}stale</loc><lastmod>2024-01-01`, `${BASE}stale</loc><lastmod>2024-03-01`)
      .replace(`${BASE}inflated</loc><lastmod>2024-06-01`, `${BASE}inflated</loc><lastmod>2024-01-01`);
    // Served by a file: dated (a redirect, a slash mismatch and a missing page are not).
    for (const loc of ['blocked/', 'noindex', 'canon', 'old']) expected = expected.replace(`${BASE}${loc}</loc>`, `${BASE}${loc}</loc><lastmod>2024-01-01</lastmod>`);
    assert.equal(text, expected);
  });

  it('Set lastmod from Git History dates only the selected entries', async () => {
    const selected = rangeOf(SITEMAP, `<url><loc>${BASE}inflated</loc><lastmod>2024-06-01</lastmod></url>`);
    const { result, text } = await run(SET_LASTMOD_FROM_HISTORY_COMMAND, [selected]);
    assert.deepEqual(result, { status: 'applied', count: 1 });
    assert.equal(text, SITEMAP.replace(`${BASE}inflated</loc><lastmod>2024-06-01`, `${BASE}inflated</loc><lastmod>2024-01-01`));
  });

  it('offers the quick fixes the page problems carry: git\'s lastmod, the served URL of a slash mismatch', async () => {
    const fixOf = async (rule: string): Promise<string | undefined> => {
      const diagnostic = diagnostics.find((d) => d.code === rule && d.data !== undefined)!;
      const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] },
      });
      const fix = actions.find((a) => a.diagnostics?.[0]?.code === rule);
      const edit = fix?.edit?.documentChanges?.[0] as TextDocumentEdit | undefined;
      return edit && applyTextEdits(SITEMAP, edit.edits as TextEdit[]);
    };
    assert.equal(await fixOf('lastmod-stale'), SITEMAP.replace(`${BASE}stale</loc><lastmod>2024-01-01`, `${BASE}stale</loc><lastmod>2024-03-01`));
    assert.equal(await fixOf('lastmod-inflated'), SITEMAP.replace(`${BASE}inflated</loc><lastmod>2024-06-01`, `${BASE}inflated</loc><lastmod>2024-01-01`));
    assert.equal(await fixOf('page-not-found'), SITEMAP.replace(`<loc>${BASE}a</loc>`, `<loc>${BASE}a/</loc>`));
  });
});

describe('the page commands without a site', () => {
  const temp = tempFolders('sitemap-page-commands-none-');

  it('say that no site root maps a folder of pages, and edit nothing', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const client = await startOnSite(repo, { settings: {} });
    try {
      const published = client.nextDiagnostics(uri);
      client.open(uri, 'sitemap', SITEMAP);
      await published;
      for (const [command, args] of [[ADD_UNLISTED_PAGES_COMMAND, []], [SET_LASTMOD_FROM_HISTORY_COMMAND, [[]]]] as const) {
        const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command, arguments: [uri, 1, ...args] });
        assert.deepEqual(result, { status: 'unchanged', reason: 'no-site' }, command);
      }
      assert.equal(client.applyEditRequests.length, 0);
    } finally {
      await client.stop();
    }
  });
});

describe('Set lastmod from Git History in an untrusted workspace', () => {
  const temp = tempFolders('sitemap-page-commands-untrusted-');

  it('says git dates nothing, and why (the note), and edits nothing', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const client = await startOnSite(repo, { initializationOptions: { workspaceTrusted: false } });
    try {
      const checked = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'unlisted-page'));
      client.open(uri, 'sitemap', SITEMAP);
      await checked;
      const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command: SET_LASTMOD_FROM_HISTORY_COMMAND, arguments: [uri, 1, []] });
      assert.equal(result.status, 'unchanged');
      assert.equal(result.reason, 'no-history');
      assert.equal(result.detail, client.shownMessages[0]?.message, 'the note said when the page rules ran');
      assert.equal(client.applyEditRequests.length, 0);
    } finally {
      await client.stop();
    }
  });

  it('says why with the lastmod rules off too, when no note was said (the command reads the history itself)', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const settings = { ...SETTINGS, rules: { 'lastmod-stale': 'off', 'lastmod-inflated': 'off' } };
    const client = await startOnSite(repo, { settings, initializationOptions: { workspaceTrusted: false } });
    try {
      const checked = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'unlisted-page'));
      client.open(uri, 'sitemap', SITEMAP);
      await checked;
      const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command: SET_LASTMOD_FROM_HISTORY_COMMAND, arguments: [uri, 1, []] });
      assert.deepEqual(client.shownMessages, [], 'no note: the rules that need git are off');
      assert.equal(result.reason, 'no-history');
      assert.equal(typeof result.detail, 'string');
      assert.ok(result.detail!.length > 0);
      assert.equal(client.applyEditRequests.length, 0);
    } finally {
      await client.stop();
    }
  });
});

describe('the page commands while the site is read again', () => {
  const temp = tempFolders('sitemap-page-commands-reread-');
  const expected = SITEMAP.replace(`${BASE}inflated</loc><lastmod>2024-06-01`, `${BASE}inflated</loc><lastmod>2024-01-01`);

  // In the site worker, and in the server's own thread: each forgets a site whose page changed, and reads it again.
  for (const workers of ['1', '0']) {
    it(`answer from the whole site, read again, when asked right after a page changed on disk (workers ${workers})`, async () => {
      const repo = fixtureSite(temp());
      const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
      const client = await startOnSite(repo, { workspaceCapabilities: { workspaceEdit: { documentChanges: true } }, env: { SITEMAP_LINT_WORKERS: workers } });
      try {
        const checked = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'lastmod-inflated'));
        client.open(uri, 'sitemap', SITEMAP);
        await checked;
        // The event and the command in one go: the site is forgotten, and the command comes before the next pass reads it.
        client.filesChanged([{ uri: pathToFileURL(path.join(repo.dir, 'public', 'canon.html')).href, type: FileChangeType.Changed }]);
        const selected = rangeOf(SITEMAP, `<url><loc>${BASE}inflated</loc><lastmod>2024-06-01</lastmod></url>`);
        const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command: SET_LASTMOD_FROM_HISTORY_COMMAND, arguments: [uri, 1, [selected]] });
        assert.deepEqual(result, { status: 'applied', count: 1 });
        const edit = client.applyEditRequests[0].edit.documentChanges![0] as TextDocumentEdit;
        assert.equal(applyTextEdits(SITEMAP, edit.edits as TextEdit[]), expected);
      } finally {
        await client.stop();
      }
    });
  }

  it('stop waiting for the site once cancelled: RequestCancelled, and no edit', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const client = await startOnSite(repo, { workspaceCapabilities: { workspaceEdit: { documentChanges: true } } });
    try {
      const checked = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'lastmod-inflated'));
      client.open(uri, 'sitemap', SITEMAP);
      await checked;
      client.filesChanged([{ uri: pathToFileURL(path.join(repo.dir, 'public', 'canon.html')).href, type: FileChangeType.Changed }]);
      const cancellation = new CancellationTokenSource();
      const answer = client.connection.sendRequest('workspace/executeCommand', { command: SET_LASTMOD_FROM_HISTORY_COMMAND, arguments: [uri, 1, []] }, cancellation.token);
      cancellation.cancel();
      await assert.rejects(answer, (error: ResponseError<void>) => error.code === LSPErrorCodes.RequestCancelled);
      assert.equal(client.applyEditRequests.length, 0);
    } finally {
      await client.stop();
    }
  });
});
