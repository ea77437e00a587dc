/** A quick fix that changes a document's language, through the client's SET_LANGUAGE_COMMAND (no text edit). */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { SET_LANGUAGE_COMMAND } from '../../../../shared/protocol';

export function setLanguageAction(uri: string, title: string, languageId: string, diagnostic: Diagnostic): CodeAction {
  return {
    title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true,
    command: { title, command: SET_LANGUAGE_COMMAND, arguments: [uri, languageId] },
  };
}
