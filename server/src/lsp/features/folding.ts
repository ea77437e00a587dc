/** Folding ranges over the protocol: lines, as many as the client takes; they give way to a newer edit (currentVersion.ts). */
import type { Connection, FoldingRange } from 'vscode-languageserver';
import { getFoldingRanges } from '../../language/languageService';
import { onCurrentVersion } from '../documents/currentVersion';
import type { FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';

/** Folding ranges when the client states no `rangeLimit`: VS Code's own limit (`editor.foldingMaximumRegions`). */
export const DEFAULT_FOLDING_LIMIT = 5000;

export function registerFolding(connection: Connection, deps: FeatureDependencies): void {
  const { store, queue } = deps;
  connection.onFoldingRanges(guardRequest(connection, 'textDocument/foldingRange', null, async (params, token) => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return null;
    return onCurrentVersion(store, queue, entry, token, (): FoldingRange[] => {
      const doc = entry.doc;
      const limit = deps.capabilities().textDocument?.foldingRange?.rangeLimit;
      const ranges: FoldingRange[] = [];
      for (const range of getFoldingRanges(doc, { maxRanges: typeof limit === 'number' && limit > 0 ? limit : DEFAULT_FOLDING_LIMIT })) {
        const startLine = doc.positionAt(range.start).line;
        // The end tag's line stays visible, as in HTML and XML editors.
        const endLine = doc.positionAt(range.end).line - 1;
        if (endLine > startLine) ranges.push({ startLine, endLine });
      }
      return ranges;
    });
  }));
}
