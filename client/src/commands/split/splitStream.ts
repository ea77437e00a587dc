/** Split into Index on a file the editor cannot hold (over 50 MB, or gzip), by the bundled CLI in a child process. Not
 * undoable, so replacing the original is asked first; Cancel kills the process and removes what it wrote. */
import { withCommandProgress } from '../commandProgress';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { window, type CancellationToken, type ExtensionContext, type Uri } from 'vscode';
import { splitsAsXml } from '../../../../shared/documentLanguage';
import { DOCUMENT_INFO_REQUEST, type DocumentInfo, type DocumentInfoParams } from '../../../../shared/protocol';
import type { SitemapServer } from '../../languageServer/server';
import { askSplitChoices, type SplitChoices } from './splitPrompts';
import { isGzipName, splitReport } from './splitNames';

/** The CLI bundle, relative to the extension's root. */
export const SPLIT_CLI = 'dist/sitemap-split.js';
/** Enough of the file to tell XML from text and find the first URL. */
const HEAD_BYTES = 64 * 1024;

interface Manifest {
  index: string;
  children: { file: string; url: string; entries: number; bytes: number }[];
}

export async function splitFileOnDisk(context: ExtensionContext, server: SitemapServer, uri: Uri): Promise<void> {
  const file = uri.fsPath;
  const fileName = path.basename(file);
  const folder = path.dirname(file);
  const client = await server.running();
  const info = await client.sendRequest<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: client.code2ProtocolConverter.asUri(uri) } satisfies DocumentInfoParams);
  const head = await readHead(file);
  const text = !splitsAsXml(head);
  const firstOrigin = (text ? /^\s*(https?:\/\/[^\s/]+)/im : /<(?:[\w.-]+:)?loc>\s*(https?:\/\/[^\s/<]+)/).exec(head)?.[1];
  const choices = await askSplitChoices({ uri, fileName, kind: text ? 'text' : 'urlset', location: info.location, firstOrigin });
  if (choices === undefined) return;

  const childPattern = patternRegExp(choices.namePattern);
  const before = new Set(await listMatching(folder, childPattern));
  const indexFile = choices.replaceOriginal ? file : path.join(folder, choices.indexName);
  const indexExisted = fs.existsSync(indexFile);
  if (choices.replaceOriginal) {
    const replace = await window.showWarningMessage(`Replace ${fileName} with the index?`,
      { modal: true, detail: 'It is too large for the editor, so this cannot be undone.' }, 'Replace');
    if (replace !== 'Replace') return;
  }
  const overwritten = [...before, ...(indexExisted && !choices.replaceOriginal ? [path.basename(indexFile)] : [])];
  if (overwritten.length > 0) {
    const overwrite = await window.showWarningMessage(`Split into Index may overwrite ${overwritten.length} existing file${overwritten.length === 1 ? '' : 's'}.`,
      { modal: true, detail: overwritten.slice(0, 5).join(', ') + (overwritten.length > 5 ? ', …' : '') }, 'Overwrite');
    if (overwrite !== 'Overwrite') return;
  }
  const args = cliArguments(file, folder, indexFile, choices, choices.replaceOriginal || overwritten.length > 0);
  const manifest = await withCommandProgress({ title: `Splitting ${fileName}`, cancellable: true },
    (_progress, token) => runCli(context.asAbsolutePath(SPLIT_CLI), args, token));
  if (manifest === undefined) {
    // Cancelled: what the process wrote goes.
    for (const name of await listMatching(folder, childPattern)) if (!before.has(name)) fs.rmSync(path.join(folder, name), { force: true });
    if (!indexExisted) fs.rmSync(indexFile, { force: true });
    return;
  }
  // The CLI writes the index as plain XML: over a gzip original it is compressed again, so its URL keeps serving gzip.
  if (choices.replaceOriginal && isGzipName(file)) replaceWhole(file, zlib.gzipSync(fs.readFileSync(file)));
  const children = manifest.children.map((c) => ({ name: path.relative(folder, c.file), entries: c.entries }));
  void window.showInformationMessage(splitReport(fileName, children, choices.replaceOriginal ? undefined : path.basename(manifest.index), false));
}

function cliArguments(file: string, folder: string, indexFile: string, choices: SplitChoices, force: boolean): string[] {
  // The CLI adds nothing to --name: the pattern already ends in .gz when the children are gzipped.
  return [
    file, '--max-entries', String(choices.maxEntries), '--max-bytes', String(choices.maxBytes), '--base-url', choices.baseUrl,
    '--out', folder, '--name', choices.namePattern, '--index', indexFile, '--json',
    ...(choices.gzip ? ['--gzip'] : []), ...(force ? ['--force'] : []),
  ];
}

/** Runs the CLI with Node (the extension host's own: Electron's binary runs as Node with ELECTRON_RUN_AS_NODE). */
function runCli(cli: string, args: string[], token: CancellationToken): Promise<Manifest | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const cancel = token.onCancellationRequested(() => child.kill());
    child.once('error', (error) => {
      cancel.dispose();
      reject(error);
    });
    child.once('close', (code) => {
      cancel.dispose();
      if (token.isCancellationRequested) resolve(undefined);
      else if (code !== 0) reject(new Error(stderr.trim().split('\n').pop()?.replace(/^sitemap-split: /, '') || `sitemap-split exited with ${code}`));
      else {
        try {
          resolve(JSON.parse(stdout) as Manifest);
        } catch {
          reject(new Error(`sitemap-split printed no manifest: ${stdout.slice(0, 200)}`));
        }
      }
    });
  });
}

/** `file`'s content replaced by `bytes` through a temporary file: a full disk leaves the old content, never half. */
function replaceWhole(file: string, bytes: Uint8Array): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temp, bytes, { flag: 'wx' });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/** The first bytes of the file as text, gunzipped when it is gzip. */
function readHead(file: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const input = fs.createReadStream(file, { start: 0, end: HEAD_BYTES * 4 });
    const gzipped = isGzipName(file);
    const stream = gzipped ? input.pipe(zlib.createGunzip()) : input;
    const done = () => {
      // The gunzip too: a gzip bomb's 256 KB would otherwise go on inflating to 256 MB of text nobody reads.
      stream.destroy();
      input.destroy();
      resolve(text);
    };
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.length >= HEAD_BYTES) done();
    });
    stream.once('end', done);
    stream.once('error', done); // a truncated gzip stream ends in an error: what came before is enough
  });
}

/** `sitemap-{n}.xml` → /^sitemap-\d+\.xml$/ (names in the original's folder). */
function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('{n}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\d+')}$`);
}

async function listMatching(folder: string, pattern: RegExp): Promise<string[]> {
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => pattern.test(name));
}
