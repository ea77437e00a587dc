// Activation only: wires content detection, the commands, and starts the language server lazily.
// Activating on `xml` files must cost almost nothing: no client, no server process until a sitemap is open.
import { ExtensionContext, Position, Range, TextDocument, languages, workspace } from 'vscode';
import { isServedDocument } from './languageServer/client';
import { registerCommands } from './commands/commands';
import { COMPRESSED_LANGUAGE, compressedLanguageOf } from './gzip/language';
import { registerCompressedFiles } from './gzip/open';
import { registerCheckSiteCommand } from './commands/checkSite';
import { registerCompareCommands } from './commands/compare/compare';
import { registerEditCommands } from './commands/editCommands';
import { registerMergeCommand } from './commands/merge';
import { registerAllowHostCommand } from './commands/allowHost';
import { registerSetLanguageCommand } from './commands/setLanguage';
import { registerSplitCommand } from './commands/split/split';
import { registerSitemapsView, type SitemapsItemSnapshot } from './sitemapsView/sitemapsView';
import { SitemapOutput } from './output';
import { SitemapServer } from './languageServer/server';
import type { ServerHealth } from './languageServer/serverHealth';
import type { StatusBarState } from './status/statusBar';
import { SNIFF_LENGTH } from '../../shared/contentDetection';
import { detectedLanguageOf } from '../../shared/documentLanguage';
import { COMPRESSED_SCHEME } from '../../shared/protocol';

/** Returned from `activate` for the extension tests (`extension.exports`). */
export interface SitemapStudioApi {
  isClientRunning(): boolean;
  /** How many times the language server has reached the running state (a restart adds one). */
  serverStarts(): number;
  /** What the status bar item shows; `undefined` while it is hidden. */
  statusBar(): StatusBarState | undefined;
  /** Whether the server runs, is being restarted, or has stopped for good. */
  serverHealth(): ServerHealth;
  /** The running server's process id (the in-editor tests kill it). */
  serverProcessId(): number | undefined;
  /** The Sitemaps view's items under the node reached by `path` (node ids: files' URIs) from its top level, as shown. */
  sitemapsTree(path?: readonly string[]): Promise<SitemapsItemSnapshot[]>;
}

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const output = new SitemapOutput();
  const sitemapServer = (server = new SitemapServer(context, output));
  context.subscriptions.push(output, sitemapServer);
  registerCommands(context, sitemapServer, output);
  registerContentDetection(context);
  registerSetLanguageCommand(context);
  registerAllowHostCommand(context);
  registerCompressedFiles(context);
  registerEditCommands(context, sitemapServer);
  registerMergeCommand(context, sitemapServer);
  registerSplitCommand(context, sitemapServer, output);
  registerCheckSiteCommand(context, sitemapServer, output);
  registerCompareCommands(context, sitemapServer);
  const sitemapsView = registerSitemapsView(context, sitemapServer, output);
  startOnFirstSitemap(context, sitemapServer);
  return {
    isClientRunning: () => sitemapServer.isRunning,
    serverStarts: () => sitemapServer.startCount,
    statusBar: () => sitemapServer.status?.current,
    serverHealth: () => sitemapServer.health,
    serverProcessId: () => sitemapServer.processId,
    sitemapsTree: (path) => sitemapsView.snapshot(path),
  };
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}

function startOnFirstSitemap(context: ExtensionContext, sitemapServer: SitemapServer): void {
  const listener = workspace.onDidOpenTextDocument((document) => {
    if (isServedDocument(document)) start();
  });
  const start = () => {
    listener.dispose();
    void sitemapServer.start();
  };
  context.subscriptions.push(listener);
  if (workspace.textDocuments.some(isServedDocument)) start();
}

/**
 * Switches `xml` documents whose root is `<urlset>`/`<sitemapindex>` to `sitemap`, plain text that is a text sitemap
 * by content to `sitemap-txt`, and a `sitemap-txt` (by name) that reads like a robots.txt to `plaintext`.
 */
/** The languages a document may be switched from. */
const DETECTED_FROM: readonly string[] = ['xml', 'plaintext', 'sitemap-txt', COMPRESSED_LANGUAGE];

function registerContentDetection(context: ExtensionContext): void {
  // A language change reaches extensions as a close immediately followed by an open of the same document. When a
  // user (or another extension) turns a sitemap back into `xml`, that open must not be overridden, so only genuine
  // opens are sniffed: a close marks the URI until the current task ends.
  const justClosed = new Set<string>();

  const detect = (document: TextDocument) => {
    const from = document.languageId;
    if (!DETECTED_FROM.includes(from) || justClosed.has(document.uri.toString())) return;
    // `*.gz` has only the Explorer's language: a compressed sitemap's name without `.gz` gives it one, with or without sniffing.
    const compressed = document.uri.scheme === COMPRESSED_SCHEME && (from === COMPRESSED_LANGUAGE || from === 'plaintext');
    const byContent = workspace.getConfiguration('sitemap', document.uri).get<boolean>('detectByContent', true);
    if (!byContent && !compressed) return;
    const head = byContent ? document.getText(new Range(new Position(0, 0), document.positionAt(SNIFF_LENGTH))) : '';
    const to = compressed ? compressedLanguageOf(document.uri.path, head) : detectedLanguageOf(from, head);
    if (to !== undefined && to !== from) {
      languages.setTextDocumentLanguage(document, to).then(undefined, () => undefined); // closed meanwhile
    }
  };

  context.subscriptions.push(
    workspace.onDidCloseTextDocument((document) => {
      const key = document.uri.toString();
      justClosed.add(key);
      setTimeout(() => justClosed.delete(key), 0);
    }),
    workspace.onDidOpenTextDocument(detect),
  );
  workspace.textDocuments.forEach(detect);
}
