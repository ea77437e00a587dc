/** Opening `.xml.gz` / `.txt.gz` files as text: a default custom editor takes the place of VS Code's binary-file notice,
 * opens the `sitemap-gz:` document in its group and closes itself; `sitemap.openCompressed` does the same on request. */
import {
  commands, FileSystemError, TabInputCustom, TabInputText, Uri, ViewColumn, window, workspace,
  type CustomDocument, type CustomReadonlyEditorProvider, type ExtensionContext, type Tab, type WebviewPanel,
} from 'vscode';
import { COMPRESSED_SCHEME } from '../../../shared/protocol';
import { compressedUri } from './compressedUris';
import { CompressedFileSystem, type GzipFiles } from './provider';

export const OPEN_COMPRESSED_COMMAND = 'sitemap.openCompressed';
/** package.json `contributes.customEditors[].viewType`. */
export const COMPRESSED_EDITOR = 'sitemap.compressedText';

/** `files`: the desktop's (Node) or the web's; `isCaseSensitive`: whether their file names are. */
export function registerCompressedFiles(context: ExtensionContext, files: GzipFiles, isCaseSensitive: boolean): void {
  context.subscriptions.push(
    workspace.registerFileSystemProvider(COMPRESSED_SCHEME, new CompressedFileSystem(files), { isCaseSensitive }),
    window.registerCustomEditorProvider(COMPRESSED_EDITOR, new RedirectingEditor(), { supportsMultipleEditorsPerDocument: true }),
    commands.registerCommand(OPEN_COMPRESSED_COMMAND, (uri?: unknown) => openCompressed(uri instanceof Uri ? uri : activeResource())),
  );
}

class RedirectingEditor implements CustomReadonlyEditorProvider {
  openCustomDocument(uri: Uri): CustomDocument {
    return { uri, dispose: () => undefined };
  }

  async resolveCustomEditor(document: CustomDocument, panel: WebviewPanel): Promise<void> {
    const tab = tabOf(panel, document.uri);
    const opened = await openCompressed(document.uri, { viewColumn: panel.viewColumn, preview: tab?.isPreview ?? false });
    if (opened) panel.dispose();
    else panel.webview.html = `<p>${escapeHtml(document.uri.fsPath)} could not be opened as text.</p>`;
  }
}

/** Shows the file as text on the `sitemap-gz:` scheme; on failure (corrupt gzip…) says why and returns false. */
async function openCompressed(uri: Uri | undefined, options: { viewColumn?: ViewColumn; preview?: boolean } = {}): Promise<boolean> {
  if (uri === undefined) {
    void window.showInformationMessage('Select a .xml.gz or .txt.gz file in the Explorer to open it as text.');
    return false;
  }
  try {
    const document = await workspace.openTextDocument(compressedUri(uri));
    await window.showTextDocument(document, { viewColumn: options.viewColumn ?? ViewColumn.Active, preview: options.preview ?? false });
    return true;
  } catch (error) {
    const reason = error instanceof FileSystemError || error instanceof Error ? error.message : String(error);
    void window.showErrorMessage(`Cannot open ${workspace.asRelativePath(uri)} as text: ${reason}`);
    return false;
  }
}

function tabOf(panel: WebviewPanel, uri: Uri): Tab | undefined {
  const group = window.tabGroups.all.find((g) => g.viewColumn === panel.viewColumn);
  return group?.tabs.find((t) => t.input instanceof TabInputCustom && t.input.viewType === COMPRESSED_EDITOR && t.input.uri.toString() === uri.toString());
}

/** The file of the active tab (a text editor, or our custom editor), for the command run from the palette. */
function activeResource(): Uri | undefined {
  const input = window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof TabInputText || input instanceof TabInputCustom ? input.uri : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
