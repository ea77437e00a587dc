/** Split into Index (`sitemap.splitIntoIndex`): the server plans, this side asks the questions and applies the plan as
 * one workspace edit, so that one Undo reverts it all. For both entries: what differs is a SplitPlatform. */
import {
  commands, FileType, Range, Selection, TextEditorRevealType, Uri, window, workspace, WorkspaceEdit,
  type CancellationToken, type ExtensionContext, type TextDocument,
} from 'vscode';
import { withCommandProgress } from '../commandProgress';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  SPLIT_COMMAND, DOCUMENT_INFO_REQUEST, SPLIT_PLAN_REQUEST,
  type DocumentInfo, type DocumentInfoParams, type SplitPlanChild, type SplitPlanParams, type SplitPlanResult,
} from '../../../../shared/protocol';
import { isServedDocument } from '../../languageServer/clientOptions';
import { fileExists } from '../../fileExists';
import { commandTargetUri } from '../commandTarget';
import { compressedUri, fileOfCompressed } from '../../gzip/compressedUris';
import { COMPRESSED_SCHEME } from '../../../../shared/protocol';
import type { SitemapOutput } from '../../output';
import type { SitemapServer } from '../../languageServer/server';
import { askSplitChoices, type SplitChoices } from './splitPrompts';
import { isGzipName, splitReport } from './splitNames';
import { explainRequestFailure, SERVER_STOPPED } from '../../languageServer/serverGone';
import { describeWriteFailure, writeSplitFiles, type SplitFiles } from './splitWrite';

/** VS Code hands no larger file to extensions (`openTextDocument` fails). */
export const EDITOR_MAX_BYTES = 50 * 1024 * 1024;
/** From this size on, the work runs under a progress notification with Cancel. */
const PROGRESS_FROM_BYTES = 1024 * 1024;
/** How long a just-opened document may take to reach the server. */
const OPEN_WAIT_MS = 10_000;

/** What the desktop (nodeSplit.ts) and the web (browser/webSplit.ts) do each their own way. */
export interface SplitPlatform {
  /** The children's gzip: zlib, or the browser's CompressionStream. */
  gzip(bytes: Uint8Array): Promise<Uint8Array>;
  /** Bytes free in `folder`; undefined when the file system cannot say (then no check before writing). */
  freeBytes(folder: Uri): Promise<number | undefined>;
  /** Splits a file the editor will not hold (over 50 MB, or gzip not open), on disk; none on the web. */
  splitOnDisk?: (context: ExtensionContext, server: SitemapServer, uri: Uri) => Promise<void>;
  /** For tests, as sitemap-split reads it (SITEMAP_SPLIT_FAIL_WRITE): the nth file fails to be created; 0: none. */
  failWriteAt(): number;
}

export function registerSplitCommand(context: ExtensionContext, server: SitemapServer, output: SitemapOutput, platform: SplitPlatform): void {
  context.subscriptions.push(commands.registerCommand(SPLIT_COMMAND, async (target?: unknown) => {
    try {
      await splitTarget(context, server, target, platform);
    } catch (failure) {
      // A server that died mid-split rejects its requests with the library's words: say what happened instead.
      const error = explainRequestFailure(failure, 'while splitting');
      output.error('Split into Index failed', failure);
      void window.showErrorMessage(`Split into Index failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }));
}

async function splitTarget(context: ExtensionContext, server: SitemapServer, target: unknown, platform: SplitPlatform): Promise<void> {
  const uri = typeof target === 'string' ? Uri.parse(target) : commandTargetUri(target) ?? window.activeTextEditor?.document.uri;
  if (uri === undefined) {
    void window.showWarningMessage('Split into Index: open a sitemap first.');
    return;
  }
  const openDocument = (at: Uri) => workspace.textDocuments.filter((d) => d.uri.toString() === at.toString()).pop();
  const open = openDocument(uri);
  if (open !== undefined) {
    await splitDocument(server, open, platform);
    return;
  }
  const gzip = uri.scheme !== COMPRESSED_SCHEME && isGzipName(uri.path);
  const tooLarge = !gzip && await sizeOf(uri) > EDITOR_MAX_BYTES;
  if ((gzip || tooLarge) && uri.scheme === 'file' && platform.splitOnDisk !== undefined) {
    await platform.splitOnDisk(context, server, uri);
    return;
  }
  if (tooLarge) {
    void window.showErrorMessage(`Split into Index: ${baseName(uri)} is larger than the editor holds (${EDITOR_MAX_BYTES / (1024 * 1024)} MB): split it with sitemap-split.`);
    return;
  }
  // Without a split on disk (the web), a .gz file is split as its text, which the edit then replaces compressed.
  const asText = gzip ? compressedUri(uri) : uri;
  await splitDocument(server, openDocument(asText) ?? await workspace.openTextDocument(asText), platform);
}

async function splitDocument(server: SitemapServer, document: TextDocument, platform: SplitPlatform): Promise<void> {
  const fileName = baseName(document.uri);
  if (!isServedDocument(document)) {
    void window.showWarningMessage(`Split into Index: ${fileName} is not in the Sitemap or Text Sitemap language.`);
    return;
  }
  if (document.isUntitled) {
    void window.showWarningMessage('Split into Index: save the sitemap first; the children go beside it.');
    return;
  }
  const client = await server.running();
  const uri = client.code2ProtocolConverter.asUri(document.uri);
  const info = await documentInfo(client, uri);
  if (info.syntaxError !== undefined) {
    void refuse(document, `${fileName} has XML syntax errors: fix them before splitting.`, client.protocol2CodeConverter.asRange(info.syntaxError));
    return;
  }
  if (info.kind !== 'urlset' && info.kind !== 'text') {
    void window.showErrorMessage(`Split into Index: ${fileName} is not a sitemap of URLs (a <urlset> or a text sitemap).`);
    return;
  }
  if (info.entries === 0) {
    void window.showErrorMessage(`Split into Index: ${fileName} has no entries.`);
    return;
  }
  const choices = await askSplitChoices({ uri: document.uri, fileName, kind: info.kind, location: info.location, firstOrigin: info.firstOrigin });
  if (choices === undefined) return;

  const starts = server.startCount;
  const serverStopped = () => !server.isRunning || server.startCount !== starts;
  const work = (token: CancellationToken | undefined) => planAndApply(client, document, choices, token, serverStopped, platform);
  const message = info.bytes < PROGRESS_FROM_BYTES ? await work(undefined)
    : await withCommandProgress({ title: `Splitting ${fileName}`, cancellable: true }, (_progress, token) => work(token));
  if (message !== undefined) void window.showInformationMessage(message);
}

/** Asks the server for the plan and applies it; the report, or undefined when refused, declined or cancelled. */
async function planAndApply(
  client: LanguageClient, document: TextDocument, choices: SplitChoices, token: CancellationToken | undefined, serverStopped: () => boolean,
  platform: SplitPlatform,
): Promise<string | undefined> {
  const fileName = baseName(document.uri);
  const uri = client.code2ProtocolConverter.asUri(document.uri);
  const params: SplitPlanParams = { uri, maxEntries: choices.maxEntries, maxBytes: choices.maxBytes, baseUrl: choices.baseUrl, namePattern: choices.namePattern };
  // No token is no argument: an `undefined` would be sent as a second parameter.
  let plan: SplitPlanResult | null;
  try {
    plan = token === undefined ? await client.sendRequest<SplitPlanResult | null>(SPLIT_PLAN_REQUEST, params)
      : await client.sendRequest<SplitPlanResult | null>(SPLIT_PLAN_REQUEST, params, token);
  } catch (error) {
    if (token?.isCancellationRequested) return undefined; // the client's "request cancelled"
    throw error;
  }
  if (token?.isCancellationRequested) return undefined;
  // A restarted server answers for documents it has not been sent yet: null.
  if (plan === null) throw new Error(serverStopped() ? `${SERVER_STOPPED} while splitting; nothing was written. Run the command again.` : `the language server no longer has ${fileName} open.`);
  if (plan.refused !== undefined) {
    void refuse(document, refusalText(fileName, plan.refused.reason), client.protocol2CodeConverter.asRange(plan.refused.range));
    return undefined;
  }
  if (plan.version !== document.version) throw new Error(`${fileName} changed meanwhile; run the command again.`);
  const built = await buildEdit(document, choices, plan.children ?? [], plan.index ?? '', token, platform);
  if (built === undefined || token?.isCancellationRequested) return undefined;
  const written = await writeSplitFiles(built.files, filesIn(folderOnDisk(document.uri), platform), () => Promise.resolve(workspace.applyEdit(built.edit)));
  if (!written.written) throw new Error(describeWriteFailure(written, fileName, (uri) => workspace.asRelativePath(uri)));
  // A new index is shown: Undo in its editor (as in the original's when the index replaced it) reverts the split.
  if (!choices.replaceOriginal) await window.showTextDocument(Uri.joinPath(folderOnDisk(document.uri), choices.indexName), { preview: false });
  return report(fileName, choices, plan.children ?? []);
}

/** The server's facts about the document; it may not have heard of a just-opened one yet. */
async function documentInfo(client: LanguageClient, uri: string): Promise<DocumentInfo> {
  const deadline = Date.now() + OPEN_WAIT_MS;
  for (;;) {
    const info = await client.sendRequest<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri } satisfies DocumentInfoParams);
    if (info.open) return info;
    if (Date.now() > deadline) throw new Error('the language server does not have the document open.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The edit: every child created (gzipped if asked), then the original's whole text replaced by the index, or the
 * index created. Existing files are overwritten only after a modal question; undefined when the user declines.
 */
async function buildEdit(
  document: TextDocument, choices: SplitChoices, children: readonly SplitPlanChild[], index: string, token: CancellationToken | undefined, platform: SplitPlatform,
): Promise<BuiltEdit | undefined> {
  const folder = folderOnDisk(document.uri);
  const files = children.map((child) => ({ uri: Uri.joinPath(folder, ...child.name.split('/')), text: child.text, gzip: choices.gzip }));
  if (!choices.replaceOriginal) files.push({ uri: Uri.joinPath(folder, choices.indexName), text: index, gzip: false });
  injectWriteFault(files, document.uri, platform.failWriteAt());
  const existing = (await Promise.all(files.map(async (f) => (await fileExists(f.uri) ? f.uri : undefined)))).filter((u) => u !== undefined);
  if (existing.length > 0) {
    const names = existing.slice(0, 5).map((u) => workspace.asRelativePath(u)).join(', ') + (existing.length > 5 ? ', …' : '');
    const overwrite = await window.showWarningMessage(
      `Split into Index would overwrite ${existing.length} existing file${existing.length === 1 ? '' : 's'}.`,
      { modal: true, detail: names }, 'Overwrite',
    );
    if (overwrite !== 'Overwrite') return undefined;
  }
  const edit = new WorkspaceEdit();
  const written: BuiltEdit['files'] = [];
  for (const file of files) {
    if (token?.isCancellationRequested) return undefined;
    const bytes = new TextEncoder().encode(file.text);
    const contents = file.gzip ? await platform.gzip(bytes) : bytes;
    edit.createFile(file.uri, { overwrite: true, contents });
    written.push({ file: file.uri, bytes: contents.length });
  }
  if (choices.replaceOriginal) edit.replace(document.uri, new Range(document.positionAt(0), document.positionAt(document.getText().length)), index);
  return { edit, files: written };
}

/**
 * For tests: the nth file (SplitPlatform.failWriteAt) fails to be created (its path goes below the original, a file),
 * so that the edit fails as on a full disk. 0, nothing changes.
 */
function injectWriteFault(files: Array<{ uri: Uri }>, original: Uri, n: number): void {
  if (n >= 1 && n <= files.length) files[n - 1].uri = Uri.joinPath(original.with({ scheme: 'file' }), 'cannot-be-written.xml');
}

interface BuiltEdit {
  edit: WorkspaceEdit;
  /** The files the edit creates, with their sizes on disk. */
  files: Array<{ file: Uri; bytes: number }>;
}

/** The split's files through VS Code's file system; the free space from the platform. */
function filesIn(folder: Uri, platform: SplitPlatform): SplitFiles<Uri> {
  return {
    exists: fileExists,
    read: (uri) => Promise.resolve(workspace.fs.readFile(uri)),
    write: (uri, bytes) => Promise.resolve(workspace.fs.writeFile(uri, bytes)),
    remove: (uri) => Promise.resolve(workspace.fs.delete(uri, { useTrash: false })),
    freeBytes: () => platform.freeBytes(folder),
  };
}

function report(fileName: string, choices: SplitChoices, children: readonly SplitPlanChild[]): string {
  return splitReport(fileName, children.map((c) => ({ name: c.name, entries: c.entries })), choices.replaceOriginal ? undefined : choices.indexName, true);
}

function refusalText(fileName: string, reason: NonNullable<SplitPlanResult['refused']>['reason']): string {
  switch (reason) {
    case 'ill-formed': return `${fileName} has XML syntax errors: fix them before splitting.`;
    case 'entry-too-large': return `An entry of ${fileName} alone is larger than the byte limit per child.`;
    case 'no-entries': return `${fileName} has no entries.`;
    default: return `${fileName} is not a sitemap of URLs (a <urlset> or a text sitemap).`;
  }
}

/** An error message whose button shows where the problem is. */
async function refuse(document: TextDocument, message: string, range: Range): Promise<void> {
  const show = await window.showErrorMessage(`Split into Index: ${message}`, 'Show');
  if (show !== 'Show') return;
  const editor = await window.showTextDocument(document, { preview: false });
  editor.selection = new Selection(range.start, range.end);
  editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
}

/**
 * The folder of the document, as files on disk: a compressed sitemap open as text (`sitemap-gz:`) names the same path,
 * but files created through that scheme would be compressed by it — children already gzipped would be twice.
 */
function folderOnDisk(uri: Uri): Uri {
  return Uri.joinPath(fileOfCompressed(uri), '..');
}

function baseName(uri: Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

async function sizeOf(uri: Uri): Promise<number> {
  const stat = await workspace.fs.stat(uri);
  return stat.type & FileType.File ? stat.size : 0;
}
