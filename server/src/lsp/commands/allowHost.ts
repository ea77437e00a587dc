/** A quick fix that adds an origin to `sitemap.allowedHosts`, through the client's ALLOW_HOST_COMMAND (no text edit). */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { ALLOW_HOST_COMMAND } from '../../../../shared/protocol';

export function allowHostAction(uri: string, title: string, origin: string, diagnostic: Diagnostic): CodeAction {
  return {
    title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic],
    command: { title, command: ALLOW_HOST_COMMAND, arguments: [uri, origin] },
  };
}
