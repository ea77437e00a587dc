/**
 * The problems another file decides in a diagnostic collection of their own, set only when they change. The server
 * publishes a document's whole set at each keystroke; a site's sitemap carries dozens of page problems the keystroke
 * did not touch, and VS Code took them all again: on code-server's desktop host a keystroke's squiggle took 92–106 ms
 * with the site root against 71–89 with this collection (docs/performance.md, issue 33).
 */
import { languages, type Diagnostic, type Disposable, type Uri } from 'vscode';
import type { HandleDiagnosticsSignature } from 'vscode-languageclient';
import { diagnosticsKey, splitByOrigin } from './diagnosticOrigin';

export class ProblemsFromOtherFiles implements Disposable {
  private readonly collection = languages.createDiagnosticCollection('sitemap-site');
  /** Per document, the key of what the collection holds for it. */
  private readonly held = new Map<string, string>();

  /** The language client's `handleDiagnostics` middleware: the own problems go on to the client's collection. */
  readonly handle = (uri: Uri, diagnostics: Diagnostic[], next: HandleDiagnosticsSignature): void => {
    const { own, fromOtherFiles } = splitByOrigin(diagnostics);
    const document = uri.toString();
    const key = diagnosticsKey(fromOtherFiles);
    if ((this.held.get(document) ?? '[]') !== key) {
      if (fromOtherFiles.length === 0) this.held.delete(document);
      else this.held.set(document, key);
      this.collection.set(uri, fromOtherFiles.length === 0 ? undefined : fromOtherFiles);
    }
    next(uri, own);
  };

  /** The server stopped: its problems go, as the client's collection's do. */
  clear(): void {
    this.collection.clear();
    this.held.clear();
  }

  dispose(): void {
    this.collection.dispose();
  }
}
