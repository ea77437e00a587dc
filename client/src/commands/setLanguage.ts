// The client side of the server's "change the language mode" quick fix. VS Code's own
// `workbench.action.editor.changeLanguageMode` cannot do it: it acts on the active editor only, and given a language
// id as its argument it switches to Plain Text (microsoft/vscode#331761).
import { commands, languages, Uri, workspace, type ExtensionContext } from 'vscode';
import { SET_LANGUAGE_COMMAND } from '../../../shared/protocol';

export function registerSetLanguageCommand(context: ExtensionContext): void {
  context.subscriptions.push(commands.registerCommand(SET_LANGUAGE_COMMAND, async (uri: unknown, languageId: unknown) => {
    if (typeof uri !== 'string' || typeof languageId !== 'string') return;
    const document = workspace.textDocuments.find((d) => d.uri.toString() === uri) ?? await workspace.openTextDocument(Uri.parse(uri));
    await languages.setTextDocumentLanguage(document, languageId);
  }));
}
