/** The site parts of the web worker: where a sitemap lives (SiteLocator) and which listed files are indexes
 * (NestedIndexResolver), the Node server's own classes, over the files the client reads for the worker (fileMirror.ts). */
import { MessageType, ShowMessageNotification, type Connection } from 'vscode-languageserver';
import type { ServerSettings } from '../lsp/documents/configuration';
import type { DocumentStore } from '../lsp/documents/documentStore';
import type { DiagnosticsPublisher } from '../lsp/documents/diagnostics';
import type { ValidationContexts } from '../lsp/documents/validationContext';
import type { Workspace } from '../lsp/documents/workspace';
import { recheckIndexes } from '../lsp/documents/recheckIndexes';
import { NestedIndexResolver } from '../lsp/site/nestedIndex';
import { SiteLocator } from '../lsp/site/siteLocation';
import { fileMirror, type FileReader } from './fileMirror';

export class BrowserSite {
  readonly locator: SiteLocator;
  readonly nested: NestedIndexResolver;
  private contexts: ValidationContexts | undefined;
  private diagnostics: DiagnosticsPublisher | undefined;
  private skippedSaid = false;

  constructor(private readonly store: DocumentStore, readonly workspace: Workspace) {
    this.locator = new SiteLocator(workspace);
    this.nested = new NestedIndexResolver(store, workspace);
  }

  /** The parts made with the locator and the resolver, which re-check documents when files come or change. */
  attach(contexts: ValidationContexts, diagnostics: DiagnosticsPublisher): void {
    this.contexts = contexts;
    this.diagnostics = diagnostics;
  }

  /** The client reads files (it said `workspaceFiles` in `initialize`): from now on documents have a site. */
  connect(reader: FileReader): void {
    fileMirror.connect(reader, (fsPaths) => this.filesChanged(fsPaths));
  }

  /** Watched files changed in the workspace: read again, re-checked when the new copy differs. */
  watchedFilesChanged(fsPaths: readonly string[]): void {
    for (const fsPath of fsPaths) fileMirror.refresh(fsPath);
  }

  /** A document opened, closed or changed its root: index documents that list it may answer differently. */
  documentChanged(fsPath: string | undefined): void {
    if (fsPath !== undefined && this.nested.pathChanged(fsPath)) this.recheckIndexes();
  }

  /**
   * A document is checked with these settings: under a site root, the Node server would also judge lastmod by git's
   * history (lastmod-stale, lastmod-inflated), which the worker cannot read. Said once per session.
   */
  checkedWith(connection: Connection, settings: ServerSettings): void {
    if (this.skippedSaid || Object.keys(settings.siteRoots).length === 0) return;
    this.skippedSaid = true;
    this.say(connection, 'Sitemap Studio in VS Code for the Web cannot read git history: lastmod-stale, lastmod-inflated and '
      + 'Compare with Last Commit need the desktop extension; they are skipped here.');
  }

  /** A note: the log, and an information message. */
  say(connection: Connection, message: string): void {
    connection.console.info(message);
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message });
  }

  /** Settings or workspace folders changed. */
  reset(): void {
    this.nested.clear();
  }

  /** Files read or re-read differ from what was answered (missing while unread): what depends on them is looked up again. */
  private filesChanged(fsPaths: readonly string[]): void {
    let indexesChanged = false;
    if (fsPaths.filter((fsPath) => this.locator.fileChanged(fsPath)).length > 0) {
      this.contexts?.invalidateLocations();
      this.diagnostics?.scheduleAll();
    }
    for (const fsPath of fsPaths) if (this.nested.pathChanged(fsPath)) indexesChanged = true;
    if (indexesChanged) this.recheckIndexes();
  }

  private recheckIndexes(): void {
    const { store, contexts, diagnostics } = this;
    if (contexts !== undefined && diagnostics !== undefined) recheckIndexes({ store, contexts, diagnostics });
  }
}
