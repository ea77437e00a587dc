/** The outline over the protocol, hierarchical or flat as the client supports; it gives way to a newer edit and stays
 * under MAX_SYMBOLS_BYTES whatever the size of the file. */
import {
  SymbolKind,
  type CancellationToken, type Connection, type DocumentSymbol, type Range, type SymbolInformation,
} from 'vscode-languageserver';
import { findDocumentSymbols, type DocumentSymbolData, type SitemapDocument, type SymbolKindName } from '../../language/languageService';
import { onCurrentVersion } from '../documents/currentVersion';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';

/** The outline's JSON stays under this: a larger answer costs the editor more than the entries past it are worth. */
export const MAX_SYMBOLS_BYTES = 1_000_000;

/** Room left in the outline's budget for the root, the "more" item and the brackets. */
const SYMBOLS_RESERVE_BYTES = 4096;

const SYMBOL_KINDS: Record<SymbolKindName, SymbolKind> = {
  root: SymbolKind.Namespace,
  url: SymbolKind.Object,
  sitemap: SymbolKind.File,
  line: SymbolKind.Object,
  more: SymbolKind.Null,
};

export function registerDocumentSymbols(connection: Connection, deps: FeatureDependencies): void {
  const { store, queue } = deps;
  connection.onDocumentSymbol(guardRequest(connection, 'textDocument/documentSymbol', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    return onCurrentVersion(store, queue, current, token, () => documentSymbols(deps, params.textDocument.uri, token));
  }));
}

async function documentSymbols(deps: FeatureDependencies, uri: string, token: CancellationToken): Promise<DocumentSymbol[] | SymbolInformation[] | null> {
  const prepared = await documentForRequest(deps, uri, token);
  if (prepared === undefined) return null;
  const { entry, settings } = prepared;
  const doc = entry.doc;
  const hierarchical = deps.capabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
  const symbols = findDocumentSymbols(doc, {
    maxItems: settings.symbols.maxItems, maxBytes: MAX_SYMBOLS_BYTES - SYMBOLS_RESERVE_BYTES, entryOverheadBytes: symbolOverhead(doc, hierarchical ? undefined : entry.uri),
  });
  if (hierarchical) return symbols.map((s) => toDocumentSymbol(doc, s));
  return toSymbolInformation(doc, entry.uri, symbols);
}

/**
 * What each entry's JSON adds to its name and detail, at most: every line and character written with as many digits
 * as the document's length; in the flat form, the URI and a container name instead of the detail and selection range.
 */
function symbolOverhead(doc: SitemapDocument, flatUri: string | undefined): number {
  const n = Number('9'.repeat(String(doc.length).length));
  const range: Range = { start: { line: n, character: n }, end: { line: n, character: n } };
  const kind = SymbolKind.TypeParameter;
  const sample = flatUri === undefined
    ? { name: '', detail: '', kind, range, selectionRange: range }
    : { name: '', kind, location: { uri: flatUri, range }, containerName: 'x'.repeat(64) };
  // The comma between array items, and the UTF-8 of a non-ASCII URI.
  return 1 + new TextEncoder().encode(JSON.stringify(sample)).length;
}

function toDocumentSymbol(doc: SitemapDocument, symbol: DocumentSymbolData): DocumentSymbol {
  const result: DocumentSymbol = {
    name: symbol.name,
    kind: SYMBOL_KINDS[symbol.kind],
    range: rangeOf(doc, symbol.start, symbol.end),
    selectionRange: rangeOf(doc, symbol.selectionStart, symbol.selectionEnd),
  };
  if (symbol.detail !== undefined) result.detail = symbol.detail;
  if (symbol.children !== undefined) result.children = symbol.children.map((c) => toDocumentSymbol(doc, c));
  return result;
}

/** The flat form: every symbol in document order, its parent's name as its container. */
function toSymbolInformation(doc: SitemapDocument, uri: string, symbols: readonly DocumentSymbolData[]): SymbolInformation[] {
  const flat: SymbolInformation[] = [];
  const visit = (symbol: DocumentSymbolData, container: string | undefined): void => {
    flat.push({ name: symbol.name, kind: SYMBOL_KINDS[symbol.kind], location: { uri, range: rangeOf(doc, symbol.start, symbol.end) }, containerName: container });
    for (const child of symbol.children ?? []) visit(child, symbol.name);
  };
  for (const symbol of symbols) visit(symbol, undefined);
  return flat;
}
