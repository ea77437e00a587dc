/**
 * The language server under generated editors (issue 35): the bundled server as a real child process over stdio, one
 * per case, in a temporary workspace folder of real files (lspCase.ts); the case's actions sent as an editor sends them
 * (lspRun.ts), then {@link PROPERTY} checked. The live check and URL reads go to a loopback HTTP server of the fuzzer's
 * only, and a preload (netGuard.ts) refuses the server any other lookup or connection.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DOCUMENT_INFO_REQUEST, type DocumentInfo } from '../../shared/protocol';
import { LIVE_RULE_IDS } from '../../server/src/language/languageService';
import { runGit } from '../support/gitRepository';
import { formatRange, LspClient } from '../lsp/lspClient';
import { checkProperty, type FuzzFailure } from './checkProperty';
import { changes, snapshot } from './cliFuzz';
import { NS, ORIGIN } from './documents';
import { lspCase, type DocumentName, type LspCase } from './lspCase';
import { CaseRun, STACK_SIGNS, withLiveOrigin, type RunCounts } from './lspRun';

/**
 * What every case must satisfy: the server never exits nor writes a stack, `node:internal`, V8's `FATAL` or a refused
 * connection to stderr, nor logs a stack (a handler's failure, caught by its guard); every request answered within
 * {@link boundMs}, never with an error but lspRun.ts's ACCEPTED_CODES; each open document's text the editor's (its
 * UTF-8 size, from `sitemap/documentInfo`), its last version's diagnostics published and its own problems those of its
 * text opened anew ({@link sameAsOpenedAnew}); a fresh document answered
 * after all; its memory's high-water mark under {@link MAX_RSS_MB}; `shutdown` and `exit` end it with code 0; nothing
 * written in the workspace (but by the fuzzer) or beside it.
 */
export const PROPERTY = 'server alive, no stack on stderr or in its log, every request answered in time without an internal error, texts in sync, diagnostics for each last version as for the text opened anew, memory bound, clean exit, no write outside';

/** The server's VmHWM at the end of a case: an idle server holds about 63 MB here, the fixed-seed run peaks at 93 MB. */
export const MAX_RSS_MB = 400;

/**
 * A request's time bound: 10 s plus 1 s per 10 kB of the case's texts (twice that for Check Site, the live check,
 * Compare and Merge, which read files, run git or ask HTTP). A request takes milliseconds here; the bound catches a hang,
 * a lost answer or a quadratic loop, not a busy machine.
 */
export function boundMs(c: LspCase): number {
  const texts = [...Object.values(c.files), ...c.actions.map((a) => ('text' in a ? a.text : 'write' in a ? a.write ?? '' : ''))];
  return 10_000 + Math.ceil(texts.reduce((sum, t) => sum + (t?.length ?? 0), 0) / 10_000) * 1_000;
}

interface Folders {
  root: string;
  workspace: string;
  outside: string;
}

/** The case's files in a workspace folder, a folder beside it (nothing may be written there), HOME and TMPDIR. */
function writeWorkspace(c: LspCase, root: string): Folders {
  const folders = { root, workspace: path.join(root, 'workspace'), outside: path.join(root, 'outside') };
  for (const dir of [folders.workspace, folders.outside, path.join(root, 'home'), path.join(root, 'tmp')]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(folders.outside, 'outside.xml'), `<urlset xmlns="${NS}"><url><loc>${ORIGIN}/outside</loc></url></urlset>\n`);
  fs.mkdirSync(path.join(folders.outside, 'index.html'));
  for (const [name, text] of Object.entries(c.files)) {
    const file = path.join(folders.workspace, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  if (c.git) commitTwice(folders.workspace, Object.keys(c.files));
  return folders;
}

/** Two commits at fixed dates: the files' first half, then all. */
function commitTwice(dir: string, names: readonly string[]): void {
  const env = (date: string) => ({ GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, PATH: process.env.PATH });
  runGit(dir, ['init', '-q', '-b', 'main'], env('2024-01-01T00:00:00Z'));
  runGit(dir, ['add', '--', ...names.slice(0, Math.ceil(names.length / 2))], env('2024-01-01T00:00:00Z'));
  runGit(dir, ['commit', '-q', '--allow-empty', '-m', 'first'], env('2024-01-01T00:00:00Z'));
  runGit(dir, ['add', '-A'], env('2024-02-01T00:00:00Z'));
  runGit(dir, ['commit', '-q', '--allow-empty', '-m', 'second'], env('2024-02-01T00:00:00Z'));
}

/** The server, started as the VS Code client starts it, its HOME and TMPDIR in the case's folder, the network refused. */
function startServer(c: LspCase, folders: Folders, liveOrigin: string): Promise<LspClient> {
  const preload = path.join(__dirname, 'netGuard.js');
  return LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(folders.workspace).href, name: 'workspace' }],
    settings: withLiveOrigin(c.settings, liveOrigin) as Record<string, unknown>,
    pullConfiguration: c.client.pull,
    workspaceCapabilities: { workspaceEdit: { documentChanges: c.client.documentChanges } },
    initializationOptions: { statusNotifications: true, setLanguageCommand: true, splitCommand: true, allowHostCommand: true, siteRootOffer: true, workspaceTrusted: c.trusted, pageSourcesWarnings: true },
    env: {
      HOME: path.join(folders.root, 'home'), TMPDIR: path.join(folders.root, 'tmp'), NODE_OPTIONS: `--require ${preload}`,
      FUZZ_NET_HOSTS: JSON.stringify({ localhost: '127.0.0.1' }), FUZZ_NET_LOG: netLogOf(folders),
    },
  });
}

/** Runs one case against a fresh server; its violations (empty when it holds the property). */
export async function checkCase(c: LspCase, liveOrigin: string, counts: LspCounts): Promise<string[]> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-lsp-')));
  let client: LspClient | undefined;
  try {
    const folders = writeWorkspace(c, root);
    const skip = new Set([path.join(folders.workspace, '.git')]);
    const before = [snapshot(folders.workspace, skip), snapshot(folders.outside)];
    counts.cases++;
    client = await startServer(c, folders, liveOrigin);
    const run = new CaseRun(client, folders.workspace, liveOrigin, c.settings, boundMs(c), counts);
    // A client that pushes its settings sends them once it is initialized (Neovim does, for one).
    if (!c.client.pull) client.configurationChanged();
    await run.run(c.actions);
    const violations = [...run.violations, ...(await finalChecks(run))];
    const code = await client.stop();
    if (code !== 0) violations.push(`shutdown and exit ended the server with ${code}`);
    violations.push(...serverOutput(client), ...offLoopback(folders));
    const after = [snapshot(folders.workspace, skip), snapshot(folders.outside)];
    const written = [...changes(before[0], after[0]), ...changes(before[1], after[1])].filter((file) => !run.touched.has(file));
    if (written.length > 0) violations.push(`wrote outside the fuzzer's files: ${written.slice(0, 5).join(', ')}`);
    return violations;
  } finally {
    if (client !== undefined && client.gone() === undefined) client.process.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 2 });
  }
}

/** Where netGuard.ts writes what it refused the server and its children. */
function netLogOf(folders: Folders): string {
  return path.join(folders.root, 'net.log');
}

/**
 * Any name looked up or address connected to off the loopback: every URL the fuzzer lets the server ask is on its
 * loopback server, so even a lookup (answered ENOTFOUND by the guard, never by a resolver) is one too many.
 */
function offLoopback(folders: Folders): string[] {
  const log = fs.existsSync(netLogOf(folders)) ? fs.readFileSync(netLogOf(folders), 'utf8').trim() : '';
  return log === '' ? [] : [`the network guard refused: ${log.split('\n').slice(0, 5).join('; ')}`];
}

/** What the server wrote to stderr and logged: no stack, no crash. */
function serverOutput(client: LspClient): string[] {
  const found: string[] = [];
  const sign = STACK_SIGNS.find((re) => re.test(client.stderr));
  if (sign !== undefined) found.push(`stderr shows ${sign}: ${client.stderr.slice(0, 1500)}`);
  const logged = client.logMessages.find((message) => STACK_SIGNS.some((re) => re.test(message)));
  if (logged !== undefined) found.push(`the log shows a failure: ${logged.slice(0, 1500)}`);
  if (client.protocolErrors.length > 0) found.push(`protocol errors: ${String(client.protocolErrors[0])}`);
  return found;
}

/**
 * After the actions: the server alive; each open document it holds with the editor's text and its last version's
 * diagnostics; a fresh document checked and hovered; its memory bound.
 */
async function finalChecks(run: CaseRun): Promise<string[]> {
  const gone = run.client.gone();
  if (gone !== undefined) return [gone];
  const found: string[] = [];
  for (const [name, doc] of [...run.open]) {
    const info = await run.ask<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: doc.uri });
    if (info?.open !== true) continue;
    if (info.bytes !== Buffer.byteLength(doc.text)) found.push(`${name}: the server holds ${info.bytes} bytes, the editor ${Buffer.byteLength(doc.text)} (text ${JSON.stringify(doc.text.slice(0, 300))})`);
    const published = run.client.lastDiagnostics(doc.uri);
    if (published?.version !== doc.version) {
      try {
        await run.client.nextDiagnostics(doc.uri, (_, params) => params.version === doc.version, run.boundMs);
      } catch {
        found.push(`${name}: no diagnostics for its last version ${doc.version} within ${run.boundMs} ms (last: ${published?.version})`);
        continue;
      }
    }
    found.push(...await sameAsOpenedAnew(run, name, info));
  }
  found.push(...await freshDocument(run), ...memory(run.client, run.counts));
  return found;
}

/**
 * Rules that read other files, built pages, the live check or the problems' cap: their problems may change while a
 * document is closed and opened again, so {@link sameAsOpenedAnew} compares the others only.
 */
const NOT_LOCAL = new Set(['missing-sitemap-file', 'stale-index-lastmod', 'cross-file-duplicate-url', 'unlisted-sitemap', 'nested-index',
  ...LIVE_RULE_IDS, 'canonical-elsewhere', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated', 'too-many-problems']);

function localProblems(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => !NOT_LOCAL.has(String(d.code))).map((d) => `${String(d.code)} ${d.severity} ${formatRange(d.range)}`).sort();
}

/**
 * The oracle of the edits: an edited document's own problems (its rules but those of {@link NOT_LOCAL}) are those of
 * its text opened anew, that is, the incremental model is the full parse, over the wire, after any edits.
 */
async function sameAsOpenedAnew(run: CaseRun, name: DocumentName, info: DocumentInfo): Promise<string[]> {
  const doc = run.open.get(name)!;
  const edited = run.client.lastDiagnostics(doc.uri)?.diagnostics ?? [];
  if (doc.version === 1 || edited.some((d) => d.code === 'too-many-problems')) return [];
  run.closeDocument(name);
  run.openDocument(name, doc.language, doc.text);
  // Held again? A language chosen by content is chosen at the open: an `xml` document emptied stays a sitemap, one
  // opened empty is none.
  const reopened = await run.ask<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: doc.uri });
  if (reopened?.open !== true || reopened.kind !== info.kind) return [];
  const latest = run.client.lastDiagnostics(doc.uri);
  const diagnostics = latest?.version === 1 ? latest.diagnostics
    : await run.client.nextDiagnostics(doc.uri, (_, params) => params.version === 1, run.boundMs).then((p) => p.diagnostics, () => undefined);
  if (diagnostics === undefined) return [`${name}: opened anew (${doc.language}), no diagnostics within ${run.boundMs} ms`];
  if (diagnostics.some((d) => d.code === 'too-many-problems')) return [];
  const [before, after] = [localProblems(edited), localProblems(diagnostics)];
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [`${name}: edited, its problems ${JSON.stringify(before.filter((p) => !after.includes(p)))} where opened anew ${JSON.stringify(after.filter((p) => !before.includes(p)))} (text ${JSON.stringify(doc.text.slice(0, 400))})`];
}

/** A document opened after everything: diagnosed and hovered. */
async function freshDocument(run: CaseRun): Promise<string[]> {
  const uri = 'untitled:fuzz-final';
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${ORIGIN}/final</loc><lastmod>2024-13-01</lastmod></url>\n</urlset>\n`;
  // Any diagnostics of its version: the settings may turn every rule off.
  const published = run.client.nextDiagnostics(uri, (_, params) => params.version === 1, run.boundMs).then(() => undefined, (e: unknown) => String(e).slice(0, 300));
  run.client.open(uri, 'sitemap', text);
  const failed = await published;
  const hover = await run.ask<{ contents: unknown } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 12 } });
  run.client.close(uri);
  return [...(failed === undefined ? [] : [`a fresh document got no diagnostics: ${failed}`]), ...(hover ? [] : ['a fresh document\'s <loc> got no hover'])];
}

function memory(client: LspClient, counts: RunCounts): string[] {
  const status = fs.readFileSync(`/proc/${client.process.pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  counts.peakMb = Math.max(counts.peakMb ?? 0, Math.round(kb / 1024));
  return kb > MAX_RSS_MB * 1024 ? [`the server's memory peaked at ${Math.round(kb / 1024)} MB`] : [];
}

/** The loopback site the live check and URL reads ask: robots.txt, then pages answering by a hash of their path. */
export function startLoopbackSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const html = (extra: string) => `<!doctype html><html><head><title>t</title>${extra}</head><body></body></html>`;
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
    if (url === '/sitemap.xml') return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset xmlns="${NS}"><url><loc>${ORIGIN}/</loc></url></urlset>`);
    if (url.endsWith('.gz')) return void response.writeHead(200, { 'content-type': 'application/gzip' }).end(zlib.gzipSync(`<urlset xmlns="${NS}">${'<url><loc>x</loc></url>'.repeat(2000)}</urlset>`));
    const hash = [...url].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7) % 6;
    const answers: [number, Record<string, string>, string][] = [
      [200, { 'content-type': 'text/html' }, html('')], [301, { location: '/' }, ''], [404, { 'content-type': 'text/html' }, html('')],
      [500, {}, ''], [200, { 'content-type': 'text/html' }, html('<meta name="robots" content="noindex">')], [200, { 'content-type': 'text/plain' }, 'text'],
    ];
    const [status, headers, body] = answers[hash];
    response.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  })));
}

export interface LspCounts extends RunCounts {
  cases: number;
}

export interface LspFuzzOptions {
  seed: number;
  /** Cases to run at most. */
  runs: number;
  /** Stop starting cases after this long; undefined: run `runs` cases. */
  timeLimitMs?: number;
}

export interface LspFuzzReport {
  seed: number;
  counts: LspCounts;
  /** The shrunk failing case (its actions replay it); undefined when none. */
  failure?: FuzzFailure;
  interrupted: boolean;
}

/** The property over `options.runs` cases from `options.seed`, a failure shrunk to its smallest case. */
export async function fuzzLsp(options: LspFuzzOptions): Promise<LspFuzzReport> {
  const counts: LspCounts = { cases: 0, actions: 0, requests: 0, answers: {} };
  const site = await startLoopbackSite();
  try {
    const property = fc.asyncProperty(lspCase, async (c) => {
      const violations = await checkCase(c, site.origin, counts);
      if (violations.length > 0) throw new Error(violations.join('\n'));
    });
    return { seed: options.seed, counts, ...await checkProperty(property, options) };
  } finally {
    await site.close();
  }
}
