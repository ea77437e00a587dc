/** Selection ranges over the protocol: each position's chain of enclosing spans, innermost first. */
import type { Connection, SelectionRange } from 'vscode-languageserver';
import { getSelectionRanges } from '../../language/languageService';
import type { FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';

export function registerSelectionRanges(connection: Connection, deps: FeatureDependencies): void {
  const { store } = deps;
  connection.onSelectionRanges(guardRequest(connection, 'textDocument/selectionRange', null, (params): SelectionRange[] | null => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return null;
    const doc = entry.doc;
    const chains = getSelectionRanges(doc, params.positions.map((p) => doc.offsetAt(p)));
    return chains.map((chain) => {
      let parent: SelectionRange | undefined;
      for (let k = chain.length - 1; k >= 0; k--) parent = { range: rangeOf(doc, chain[k].start, chain[k].end), parent };
      return parent ?? { range: rangeOf(doc, 0, 0) };
    });
  }));
}
