/**
 * Rule documentation links: every diagnostic's `codeDescription.href`, and the hover's rule links, point at the
 * docs/rules.md beside the bundle (what the `.vsix` ships) at the line of the rule's heading, so they work offline;
 * without the file, at the web page.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { LspClient, SERVER_PATH } from '../lspClient';
import { loadRuleDocs } from '../../../server/src/lsp/features/ruleDocs';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const WEB = 'https://github.com/sitemap-studio/sitemap-studio/blob/main/docs/rules.md';

/** The line `href` (`file:…#L<n>`) points at, with the file it is in. */
function target(href: string): { file: string; line: string } {
  const url = new URL(href);
  assert.equal(url.protocol, 'file:', href);
  const match = /^#L(\d+)$/.exec(url.hash);
  assert.ok(match, `a line fragment in ${href}`);
  const file = fileURLToPath(new URL(url.pathname, 'file:'));
  assert.ok(fs.existsSync(file), `${file} exists`);
  return { file, line: fs.readFileSync(file, 'utf8').split(/\r?\n/)[Number(match[1]) - 1] };
}

describe('rule documentation links over stdio', () => {
  let client: LspClient;
  const settings: Record<string, unknown> = {};

  before(async () => {
    client = await LspClient.start({ settings: () => settings });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('gives every diagnostic a codeDescription at its rule\'s heading in the bundle\'s docs/rules.md', async () => {
    const uri = 'file:///rule-docs/sitemap.xml';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE urlset>\n<urlset xmlns="${NS}">\n`
      + '  <url><loc>/relative</loc><lastmod>2024-13-01</lastmod><changefreq>Daily</changefreq><priority>2</priority></url>\n'
      + '  <url><loc>https://www.example.com/a?x=1&y=2</loc></url>\n  <url><loc>https://www.example.com/b</loc><loc>https://www.example.com/c</loc></url>\n'
      + '  <url><lastmodified>2024-01-01</lastmodified></url>\n</urlset>\n';
    const published = client.nextDiagnostics(uri, (d) => d.length > 0);
    client.open(uri, 'sitemap', text);
    const diagnostics = (await published).diagnostics;
    const rules = new Set(diagnostics.map((d) => d.code));
    assert.ok(rules.size >= 6, `several rules: ${[...rules].join(', ')}`);
    const bundledDocs = path.resolve(path.dirname(SERVER_PATH), '..', 'docs', 'rules.md');
    for (const diagnostic of diagnostics) {
      const href = diagnostic.codeDescription?.href;
      assert.ok(href, `${diagnostic.code} has a codeDescription`);
      const { file, line } = target(href);
      assert.equal(file, bundledDocs);
      assert.equal(line, `## ${diagnostic.code}`);
    }
    client.close(uri);
  });

  it('links the too-many-problems summary to where docs/rules.md explains it', async () => {
    settings.maxProblems = 1;
    client.configurationChanged();
    const uri = 'file:///rule-docs/many.xml';
    const published = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'too-many-problems'));
    client.open(uri, 'sitemap', `<urlset xmlns="${NS}">\n  <url><loc>/a</loc></url>\n  <url><loc>/b</loc></url>\n</urlset>\n`);
    const summary = (await published).diagnostics.find((d) => d.code === 'too-many-problems')!;
    assert.ok(target(summary.codeDescription!.href).line.includes('`too-many-problems`'));
    delete settings.maxProblems;
    client.close(uri);
  });

  it('links hovers to the same place', async () => {
    const uri = 'file:///rule-docs/hover.xml';
    const text = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/</loc><lastmod>2024-1-1</lastmod></url>\n</urlset>\n`;
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    const lastmod = (await published).diagnostics.find((d) => d.code === 'invalid-lastmod')!;
    const offset = text.indexOf('2024-1-1') + 2;
    const hover = await client.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: offset - text.lastIndexOf('\n', offset) - 1 } });
    const value = (hover.contents as MarkupContent).value;
    assert.ok(value.includes(`(${lastmod.codeDescription!.href})`), value);
    client.close(uri);
  });
});

describe('loadRuleDocs', () => {
  it('maps each rule to its heading line, once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rule-docs-'));
    const file = path.join(dir, 'rules with space.md');
    fs.writeFileSync(file, '# Rules\n\nSee `too-many-problems`.\n\n## invalid-url\n\ntext\n\n## invalid-lastmod\n');
    const docs = loadRuleDocs(file);
    const href = docs.href('invalid-url');
    assert.equal(target(href).line, '## invalid-url');
    assert.equal(target(docs.href('invalid-lastmod')).line, '## invalid-lastmod');
    assert.equal(target(docs.href('too-many-problems')).line, 'See `too-many-problems`.');
    fs.rmSync(dir, { recursive: true });
    assert.equal(docs.href('invalid-url'), href, 'read once: the file is gone, the mapping stays');
  });

  it('falls back to the web page when the file is absent', () => {
    const docs = loadRuleDocs(path.join(os.tmpdir(), 'no-such-dir', 'rules.md'));
    assert.equal(docs.href('invalid-url'), `${WEB}#invalid-url`);
  });
});
