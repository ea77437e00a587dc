/**
 * docs/editors.md's setups for the editors the tests cannot start (Helix, Emacs, Sublime Text): each starts the
 * bundled server over stdio, names only real rules and severities, and the Sublime Text settings are valid JSON whose
 * keys are settings of package.json. The Neovim block is run for real by test/lsp/neovim.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isRuleId } from '../../server/src/language/rules/catalogue';

/** Tests compile to out/test/<part>/: the docs are read from the repository, not from out/. */
const ROOT = path.resolve(__dirname, '../../..');
const DOCS = fs.readFileSync(path.join(ROOT, 'docs/editors.md'), 'utf8');
const SERVER = '/path/to/sitemap-studio/dist/server.js';

/** The fenced blocks of a `## ` section, with their info string. */
function blocks(heading: string): { lang: string; text: string }[] {
  const start = DOCS.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/editors.md has a section "## ${heading}"`);
  const next = DOCS.indexOf('\n## ', start + 1);
  const section = DOCS.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));
}

/** Rule ids given a severity, in Lua (`['id'] = 'error'`), TOML (`id = "error"`), Lisp (`:id "error"`) or JSON. */
function ruleSeverities(text: string): string[] {
  const found = text.matchAll(/[\s{,(:['"]([a-z][a-z0-9-]*[a-z0-9])['"\]]*\s*[=:]?\s*["'](?:error|warning|information|hint|off)["']/g);
  return [...found].map((m) => m[1]);
}

for (const [heading, lang] of [['Neovim', 'lua'], ['Helix', 'toml'], ['Emacs (eglot)', 'elisp'], ['Sublime Text (LSP package)', 'json']]) {
  test(`docs/editors.md, ${heading}: starts node ${SERVER} --stdio and names real rules`, () => {
    const setup = blocks(heading).filter((b) => b.lang === lang);
    assert.ok(setup.length > 0, `a \`\`\`${lang} block`);
    for (const { text } of setup) {
      const words = text.match(/['"]node['"]\s*[,\s]\s*['"]([^'"]+)['"]\s*[,\s]\s*['"]--stdio['"]/)
        ?? text.match(/command = "node"\s*\nargs = \["([^"]+)", "--stdio"\]/);
      assert.ok(words, 'the block starts the server');
      assert.equal(words[1], SERVER);
      const rules = ruleSeverities(text);
      assert.ok(rules.length > 0, 'the block sets a rule severity');
      for (const id of rules) assert.ok(isRuleId(id), `${id} is a rule id`);
    }
  });
}

test('docs/editors.md, Sublime Text: the client entry is JSON, its settings are package.json settings', () => {
  const [json] = blocks('Sublime Text (LSP package)').filter((b) => b.lang === 'json');
  const client = (JSON.parse(json.text) as { clients: Record<string, { command: string[]; selector: string; settings: Record<string, unknown> }> }).clients['sitemap-studio'];
  assert.deepEqual(client.command, ['node', SERVER, '--stdio']);
  assert.ok(client.selector.split('|').map((s) => s.trim()).includes('text.xml'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
  const settings = Object.keys(pkg.contributes.configuration.properties);
  for (const key of Object.keys(client.settings)) assert.ok(settings.includes(key), `${key} is a setting`);
});
