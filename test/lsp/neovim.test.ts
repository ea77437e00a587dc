/**
 * docs/editors.md's Neovim setup, run: `nvim --headless` sources the Lua block of the docs as its init.lua (only the
 * server's path and the node binary substituted), opens broken sitemaps and a robots.txt in a temporary workspace through Neovim's
 * built-in client, and writes the diagnostics Neovim holds as JSON. Rule ids (the diagnostics' `code`), 0-based lines
 * and columns and severities must be ours — duplicate-url as an error proves the documented settings arrive. Then
 * Neovim quits and the server must not outlive it.
 *
 * CI installs Neovim (.ci/run, Debian's `neovim`) and sets SITEMAP_REQUIRE_NVIM=1, so a missing nvim fails there;
 * elsewhere the test is skipped with a message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RULES } from '../../server/src/language/rules/catalogue';
import { SERVER_PATH } from './lspClient';

const DOCS = path.resolve(__dirname, '../../../docs/editors.md');
/** The server command as docs/editors.md writes it; the test runs this node and this repository's bundle. */
const DOCS_CMD = "{ 'node', '/path/to/sitemap-studio/dist/server.js', '--stdio' }";
const TEST_CMD = "{ os.getenv('SITEMAP_NODE'), os.getenv('SITEMAP_SERVER'), '--stdio' }";
/** One generous bound for everything Neovim waits on (server start, diagnostics), and for Neovim itself. */
const TIMEOUT_MS = 30_000;

const SITEMAP_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url><loc>https://www.example.com/?a=1&b=2</loc></url>',
  '  <url><loc>https://www.example.com/p</loc><priority>1.5</priority></url>',
  '  <url><loc>https://www.example.com/p</loc></url>',
  '</urlset>',
  '',
].join('\n');

const SITEMAP_TXT = ['https://www.example.com/', 'www.example.com/no-scheme', ''].join('\n');

/** Opens each file in turn, waits for its diagnostics, then writes what Neovim holds and quits. */
const HARNESS = `
vim.api.nvim_create_autocmd('VimEnter', { once = true, nested = true, callback = function()
  local out = { files = {}, version = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch }
  local ok, err = pcall(function()
    for name in string.gmatch(os.getenv('SITEMAP_FILES'), '[^,]+') do
      vim.cmd('edit ' .. vim.fn.fnameescape(name))
      local buf = vim.api.nvim_get_current_buf()
      local arrived = vim.wait(${TIMEOUT_MS}, function() return #vim.diagnostic.get(buf) > 0 end, 10)
      local diagnostics = {}
      for _, d in ipairs(vim.diagnostic.get(buf)) do
        table.insert(diagnostics, { code = d.code, source = d.source, severity = d.severity,
          lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col })
      end
      out.files[name] = { filetype = vim.bo[buf].filetype, arrived = arrived, diagnostics = diagnostics }
    end
    out.children = {}
    for _, pid in ipairs(vim.api.nvim_get_proc_children(vim.fn.getpid())) do
      table.insert(out.children, { pid = pid, name = vim.api.nvim_get_proc(pid).name })
    end
  end)
  if not ok then out.error = tostring(err) end
  vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv('SITEMAP_OUT'))
  vim.cmd('qa!')
end })
`;

interface NvimDiagnostic {
  code: string; source: string; severity: number; lnum: number; col: number; end_lnum: number; end_col: number;
}
interface NvimResult {
  version: string;
  error?: string;
  files: Record<string, { filetype: string; arrived: boolean; diagnostics: NvimDiagnostic[] }>;
  children?: { pid: number; name: string }[];
}

/** The first ```lua block under "## Neovim" in docs/editors.md. */
function docsNeovimBlock(): string {
  const docs = fs.readFileSync(DOCS, 'utf8');
  const section = docs.slice(docs.indexOf('\n## Neovim\n'));
  const match = /```lua\n([\s\S]*?)```/.exec(section);
  assert.ok(match, 'docs/editors.md has a ```lua block under "## Neovim"');
  const block = match[1];
  assert.equal(block.split(DOCS_CMD).length, 2, `the Neovim block starts the server as ${DOCS_CMD}, once`);
  return block.replace(DOCS_CMD, TEST_CMD);
}

function runNvim(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('nvim', ['--headless', '--clean', '-u', 'init.lua'], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => { stderr += s; });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS * 2);
    child.on('error', reject);
    child.on('exit', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stderr }); });
  });
}

/** Whether a process is still running (a zombie no one reaps has exited). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves once `done()` holds, checking on each timer turn; rejects after `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still not done after ${ms} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('Neovim (docs/editors.md setup) shows our rule ids at the right places, and the server exits with Neovim', async (t) => {
  if (spawnSync('nvim', ['--version']).status !== 0) {
    assert.ok(process.env.SITEMAP_REQUIRE_NVIM !== '1', 'nvim is not installed (apt-get install neovim)');
    t.skip('nvim is not installed: apt-get install neovim (CI installs it and sets SITEMAP_REQUIRE_NVIM=1)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-nvim-'));
  try {
    fs.writeFileSync(path.join(dir, 'init.lua'), docsNeovimBlock() + HARNESS);
    fs.writeFileSync(path.join(dir, 'sitemap.xml'), SITEMAP_XML);
    fs.writeFileSync(path.join(dir, 'sitemap-news.txt'), SITEMAP_TXT);
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nSitemap: /sitemap.xml\n');
    const out = path.join(dir, 'out.json');
    const env = {
      ...process.env, SITEMAP_NODE: process.execPath, SITEMAP_SERVER: SERVER_PATH, SITEMAP_OUT: out,
      SITEMAP_FILES: 'sitemap.xml,sitemap-news.txt,robots.txt',
      // Neovim's log, state and cache stay in the temporary folder.
      XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir,
    };
    const exit = await runNvim(dir, env);
    assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, `nvim failed: ${exit.stderr}`);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as NvimResult;
    assert.equal(result.error, undefined);

    const xml = result.files['sitemap.xml'];
    assert.equal(xml.filetype, 'sitemap');
    const source = 'sitemap';
    assert.equal(RULES['duplicate-url'], 'warning', 'duplicate-url is a warning by default: the docs raise it to an error');
    assert.deepEqual(xml.diagnostics, [
      { code: 'unescaped-ampersand', source, severity: 1, lnum: 2, col: 40, end_lnum: 2, end_col: 41 },
      { code: 'invalid-priority', source, severity: 1, lnum: 3, col: 53, end_lnum: 3, end_col: 56 },
      { code: 'duplicate-url', source, severity: 1, lnum: 4, col: 12, end_lnum: 4, end_col: 37 },
    ]);
    const txt = result.files['sitemap-news.txt'];
    assert.equal(txt.filetype, 'sitemap-txt');
    assert.deepEqual(txt.diagnostics, [
      { code: 'invalid-url', source, severity: 1, lnum: 1, col: 0, end_lnum: 1, end_col: 25 },
    ]);

    // Neovim's own `robots` file type, sent as our `robots-txt` (docs/editors.md): a relative Sitemap: URL.
    const robots = result.files['robots.txt'];
    assert.equal(robots.filetype, 'robots');
    assert.deepEqual(robots.diagnostics, [
      { code: 'robots-sitemap-url', source, severity: 1, lnum: 1, col: 9, end_lnum: 1, end_col: 21 },
    ]);

    // One server for all the files; it exits with Neovim (shutdown and exit, or its stdin closing).
    assert.equal(result.children?.length, 1, JSON.stringify(result.children));
    const [server] = result.children;
    assert.ok(running(process.pid), 'running() sees a live process');
    assert.equal(path.basename(server.name), path.basename(process.execPath));
    await until(() => !running(server.pid), TIMEOUT_MS);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
