/** The authoring features over the protocol, one file each: read the document from the store, ask the language layer,
 * convert at the edge. Guarded (a failure is logged and answered empty); the requests sent after every keystroke give
 * way to a newer edit, and no answer grows past what the editor digests in a few milliseconds. */
import { CodeActionKind, type Connection, type ServerCapabilities } from 'vscode-languageserver';
import { EDIT_COMMANDS } from '../../../../shared/protocol';
import { FIX_ALL_KIND, registerCodeActions } from './codeActions';
import { COMPLETION_TRIGGERS, registerCompletion } from './completion';
import { registerDocumentLinks } from './documentLinks';
import { registerDocumentSymbols } from './documentSymbols';
import type { FeatureDependencies } from './featureDependencies';
import { registerFolding } from './folding';
import { registerHover } from './hover';
import { registerSelectionRanges } from './selectionRanges';

export type { FeatureDependencies } from './featureDependencies';

/** What the features advertise in `initialize`. */
export function featureCapabilities(): ServerCapabilities {
  return {
    completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
    hoverProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
    documentSymbolProvider: { label: 'Sitemap' },
    foldingRangeProvider: true,
    selectionRangeProvider: true,
    documentLinkProvider: { resolveProvider: false },
    executeCommandProvider: { commands: [...EDIT_COMMANDS] },
  };
}

export function registerFeatures(connection: Connection, deps: FeatureDependencies): void {
  registerCompletion(connection, deps);
  registerHover(connection, deps);
  registerCodeActions(connection, deps);
  registerDocumentSymbols(connection, deps);
  registerFolding(connection, deps);
  registerSelectionRanges(connection, deps);
  registerDocumentLinks(connection, deps);
}
