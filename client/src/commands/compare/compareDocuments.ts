/** The lists of a comparison as read-only markdown documents of their own scheme, kept for the last few comparisons. */
import { EventEmitter, Uri, workspace, type Disposable, type TextDocumentContentProvider } from 'vscode';

export const COMPARE_SCHEME = 'sitemap-compare';
/** Comparisons whose lists stay readable (each may hold every URL of two large sitemaps). */
const KEPT = 5;

export class CompareDocuments implements TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new EventEmitter<Uri>();
  readonly onDidChange = this.changed.event;
  private next = 0;

  register(): Disposable {
    return workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, this);
  }

  /** A new document named after the compared file (`sitemap.xml ↔ HEAD.md`), holding `text`. */
  add(title: string, text: string): Uri {
    const uri = Uri.from({ scheme: COMPARE_SCHEME, path: `/${title.replace(/[/\\]/g, '_')}.md`, query: String(++this.next) });
    this.texts.set(uri.toString(), text);
    for (const key of this.texts.keys()) if (this.texts.size > KEPT) this.texts.delete(key);
    return uri;
  }

  provideTextDocumentContent(uri: Uri): string {
    return this.texts.get(uri.toString()) ?? 'This comparison is no longer kept: run the command again.\n';
  }
}
