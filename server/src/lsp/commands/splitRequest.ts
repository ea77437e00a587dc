/** Split into Index over the protocol: what the client's prompts need, the plan from the language layer, and the quick
 * fix on the limit rules. The client writes the files, in one workspace edit so that one Undo reverts it. */
import {
  CodeActionKind, ErrorCodes, ResponseError, type CancellationToken, type CodeAction, type Connection, type Diagnostic,
} from 'vscode-languageserver';
import { getDocumentFacts, splitIntoIndex } from '../../language/languageService';
import type { Configuration } from '../documents/configuration';
import { SOURCE } from '../documents/diagnostics';
import type { DocumentStore } from '../documents/documentStore';
import { guardRequest } from '../guard';
import {
  SPLIT_COMMAND, DOCUMENT_INFO_REQUEST, SPLIT_PLAN_REQUEST,
  type DocumentInfo, type DocumentInfoParams, type SplitPlanParams, type SplitPlanResult,
} from '../../../../shared/protocol';
import type { SiteLocator } from '../site/siteLocation';
import type { ValidationContexts } from '../documents/validationContext';
import { rangeOf } from '../documents/ranges';
import { uriToFsPath } from '../documents/workspace';

/** The rules whose problem a split solves. */
const LIMIT_RULES: readonly string[] = ['too-many-entries', 'file-too-large'];

export interface SplitDependencies {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  locator: Pick<SiteLocator, 'locate'>;
}

export function registerSplit(connection: Connection, { store, configuration, contexts, locator }: SplitDependencies): void {
  connection.onRequest(DOCUMENT_INFO_REQUEST, guardRequest(connection, DOCUMENT_INFO_REQUEST, null, async (params: DocumentInfoParams): Promise<DocumentInfo | null> => {
    if (typeof params?.uri !== 'string') return null;
    const settings = await configuration.get(params.uri);
    const entry = store.get(params.uri);
    if (entry === undefined) {
      configuration.forget(params.uri); // settings are cached for open documents only
      const location = locator.locate(uriToFsPath(params.uri), settings);
      return { open: false, kind: 'unknown', entries: 0, bytes: 0, ...(location !== undefined ? { location } : {}) };
    }
    const doc = entry.doc;
    const { syntaxError, firstOrigin } = getDocumentFacts(doc);
    const info: DocumentInfo = { open: true, kind: doc.kind, entries: doc.entryCount, bytes: doc.byteLength };
    const location = contexts.get(entry, settings).location;
    if (location !== undefined) info.location = location;
    if (firstOrigin !== undefined) info.firstOrigin = firstOrigin;
    if (syntaxError !== undefined) info.syntaxError = rangeOf(doc, syntaxError.start, syntaxError.end);
    return info;
  }));

  connection.onRequest(SPLIT_PLAN_REQUEST, async (params: SplitPlanParams, token: CancellationToken): Promise<SplitPlanResult | null | ResponseError<void>> => {
    const invalid = invalidParams(params);
    if (invalid !== undefined) return new ResponseError(ErrorCodes.InvalidParams, invalid);
    return guardRequest(connection, SPLIT_PLAN_REQUEST, null, () => plan(store, params, token))();
  });
}

function plan(store: DocumentStore, params: SplitPlanParams, token: CancellationToken | undefined): SplitPlanResult | null {
  const entry = store.get(params.uri);
  if (entry === undefined || token?.isCancellationRequested === true) return null;
  const doc = entry.doc;
  const version = entry.version;
  const outcome = splitIntoIndex(doc, {
    maxEntries: params.maxEntries, maxBytes: params.maxBytes, baseUrl: params.baseUrl,
    childName: (n) => params.namePattern.replace(/\{n\}/g, String(n)),
  });
  if (outcome.refused !== undefined) {
    const { reason, offset } = outcome.refused;
    // An ill-formed document: the problem itself, as the Problems panel shows it.
    const syntaxError = reason === 'ill-formed' ? getDocumentFacts(doc).syntaxError : undefined;
    return { version, refused: { reason, range: syntaxError !== undefined ? rangeOf(doc, syntaxError.start, syntaxError.end) : rangeOf(doc, offset, offset) } };
  }
  return { version, children: outcome.plan.children, index: outcome.plan.index };
}

/** What is wrong with the parameters (any JSON from any client), undefined when nothing is. */
function invalidParams(params: SplitPlanParams | undefined): string | undefined {
  if (typeof params?.uri !== 'string') return 'uri: a string';
  if (!isCount(params.maxEntries) || !isCount(params.maxBytes)) return 'maxEntries, maxBytes: integers ≥ 1';
  if (typeof params.baseUrl !== 'string' || !params.baseUrl.endsWith('/')) return 'baseUrl: a URL ending in /';
  if (typeof params.namePattern !== 'string' || !params.namePattern.includes('{n}')) return 'namePattern: a file name holding {n}';
  return undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/** The quick fix on `too-many-entries` and `file-too-large`: runs the client's Split into Index on the document. */
export function splitActions(uri: string, diagnostics: readonly Diagnostic[] | undefined): CodeAction[] {
  const limits = (diagnostics ?? []).filter((d) => d?.source === SOURCE && typeof d.code === 'string' && LIMIT_RULES.includes(d.code));
  if (limits.length === 0) return [];
  const title = 'Split into Index';
  return [{ title, kind: CodeActionKind.QuickFix, diagnostics: limits, isPreferred: true, command: { title, command: SPLIT_COMMAND, arguments: [uri] } }];
}

