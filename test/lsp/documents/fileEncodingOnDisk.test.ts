/**
 * A UTF-16 file open in the editor gets the `encoding` problem sitemap-lint gives it, at the same range (issue 33, the
 * W3C suite's hst-lhs-008: a UTF-16 byte-order mark, the declaration saying utf-8). The editor decodes the file and
 * drops the mark before the server sees the text, so the server reads the file's first bytes on open and on save:
 * here the client sends the text as VS Code does, decoded, and the file on disk holds the bytes. Saved as UTF-8, the
 * problem goes; an untitled document and a UTF-8 file never get it. Rule ids and ranges, never wording.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { formatRange, LspClient } from '../lspClient';
import { tempFolders } from '../../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../../dist/sitemap-lint.js');
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
/** Line 3: a space in the URL, a problem of the decoded text; `page` keeps the files' URLs apart (the cross-file rules). */
const sitemap = (encoding: string, page: string) => `<?xml version="1.0" encoding="${encoding}"?>\n${URLSET}\n<url><loc>https://www.example.com/a b</loc><!-- ${page} --></url>\n<url><loc>https://www.example.com/${page}</loc></url>\n</urlset>\n`;

function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
}

/** sitemap-lint's problems of `file`, as `rule line:column-line:column` with LSP's 0-based lines and columns. */
function lintProblems(file: string): string[] {
  const run = spawnSync(process.execPath, [BIN, '--format', 'json', file], { encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as Array<{ problems: Array<{ rule: string; line: number; column: number; endLine: number; endColumn: number }> }>;
  return report[0].problems.map((p) => `${p.rule} ${p.line - 1}:${p.column - 1}-${p.endLine - 1}:${p.endColumn - 1}`);
}

const problems = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => `${d.code} ${formatRange(d.range)}`);
/** The file's encoding problem, at its start (the text's own may come first: a declaration saying UTF-16). */
const hasEncoding = (diagnostics: readonly Diagnostic[]): boolean => problems(diagnostics).includes('encoding 0:0-0:0');

describe('a UTF-16 file open in the editor', () => {
  const folder = tempFolders('sitemap-disk-encoding-');
  let client: LspClient;
  let dir: string;

  before(async () => {
    dir = folder({
      'le-utf8.xml': utf16(sitemap('utf-8', 'le-utf8'), 'le'),
      'be-utf8.xml': utf16(sitemap('UTF-8', 'be-utf8'), 'be'),
      'le-utf16.xml': utf16(sitemap('UTF-16', 'le-utf16'), 'le'),
      'utf8.xml': sitemap('UTF-8', 'utf8'),
    });
    // The files share a URL: the cross-file rules, which sitemap-lint on one file does not run, are off.
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }], settings: { rules: { 'cross-file-duplicate-url': 'off' } } });
  });

  after(async () => {
    await client?.stop();
  });

  const open = async (name: string, text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> => {
    const uri = pathToFileURL(path.join(dir, name)).href;
    const published = client.nextDiagnostics(uri, hasEncoding);
    client.open(uri, 'sitemap', text);
    return { uri, diagnostics: (await published).diagnostics };
  };

  it('declared utf-8 (hst-lhs-008), little- and big-endian: the encoding problem sitemap-lint reports, at the same range', async () => {
    for (const name of ['le-utf8.xml', 'be-utf8.xml']) {
      const { diagnostics } = await open(name, sitemap(name === 'le-utf8.xml' ? 'utf-8' : 'UTF-8', name.replace('.xml', '')));
      assert.deepEqual(problems(diagnostics).sort(), lintProblems(path.join(dir, name)).sort(), name);
      assert.deepEqual(problems(diagnostics).filter((p) => p.startsWith('encoding')), ['encoding 0:0-0:0'], name);
    }
  });

  it('declared UTF-16: one encoding problem, as sitemap-lint reports it', async () => {
    const { diagnostics } = await open('le-utf16.xml', sitemap('UTF-16', 'le-utf16'));
    assert.deepEqual(problems(diagnostics).sort(), lintProblems(path.join(dir, 'le-utf16.xml')).sort());
  });

  it('saved as UTF-8, the problem goes', async () => {
    const uri = pathToFileURL(path.join(dir, 'le-utf8.xml')).href;
    fs.writeFileSync(path.join(dir, 'le-utf8.xml'), sitemap('utf-8', 'le-utf8'));
    const cleared = client.nextDiagnostics(uri, (d) => !d.some((x) => x.code === 'encoding'));
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    assert.deepEqual(problems((await cleared).diagnostics), ['invalid-url 2:35-2:36']);
  });

  it('a UTF-8 file and an untitled document never get it', async () => {
    for (const [uri, page] of [[pathToFileURL(path.join(dir, 'utf8.xml')).href, 'utf8'], ['untitled:Untitled-1', 'untitled']]) {
      const published = client.nextDiagnostics(uri);
      client.open(uri, 'sitemap', sitemap('UTF-8', page));
      assert.deepEqual(problems((await published).diagnostics), ['invalid-url 2:35-2:36'], uri);
    }
  });
});
