/**
 * The authoring features over the protocol, one file each: completion, hover, code actions (quick fixes and
 * `source.fixAll.sitemap`), document symbols, folding, selection ranges and links. Each handler reads the document
 * from the store, asks the language layer (offsets in, offsets out) and converts at the edge. Handlers are guarded:
 * a failure is logged and answered with an empty result. The requests an editor sends after every keystroke (links,
 * folding, symbols) and code actions give way to a newer edit (currentVersion.ts), and none of their answers grows
 * past a size the editor digests in a few milliseconds, whatever the size of the file.
 */
import { CodeActionKind, type Connection, type ServerCapabilities } from 'vscode-languageserver';
import { CHORE_COMMANDS } from '../../../../shared/protocol';
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
    executeCommandProvider: { commands: [...CHORE_COMMANDS] },
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
