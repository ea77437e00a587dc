/** What both the Node and the web extension do on activation for the documents themselves: switch a document to its
 * sitemap language by its content, and start the server when the first sitemap opens. */
import { ExtensionContext, Position, Range, TextDocument, languages, workspace } from 'vscode';
import { isServedDocument } from './languageServer/clientOptions';
import type { SitemapServer } from './languageServer/server';
import { COMPRESSED_LANGUAGE, compressedLanguageOf } from './gzip/language';
import { SNIFF_LENGTH } from '../../shared/contentDetection';
import { detectedLanguageOf } from '../../shared/documentLanguage';
import { COMPRESSED_SCHEME } from '../../shared/protocol';

export function startOnFirstSitemap(context: ExtensionContext, sitemapServer: SitemapServer): void {
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

export function registerContentDetection(context: ExtensionContext): void {
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
