/** Code actions over the protocol: the quick fixes for our diagnostics, Split into Index for a file over the limits,
 * and `source.fixAll.sitemap`. They give way to a newer edit (currentVersion.ts). */
import {
  CodeActionKind,
  type CancellationToken, type ClientCapabilities, type CodeAction, type CodeActionParams, type Connection, type Diagnostic,
  type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import { getFixAllEdits, getQuickFixes, type OffsetEdit, type ProblemData, type ProblemRef, type SitemapDocument } from '../../language/languageService';
import { onCurrentVersion } from '../documents/currentVersion';
import { SOURCE } from '../documents/diagnostics';
import type { OpenDocument } from '../documents/documentStore';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { allowHostAction } from '../commands/allowHost';
import { setLanguageAction } from '../commands/setLanguage';
import { splitActions } from '../commands/splitRequest';

export const FIX_ALL_KIND = 'source.fixAll.sitemap';

export function registerCodeActions(connection: Connection, deps: FeatureDependencies): void {
  const { store, queue } = deps;
  connection.onCodeAction(guardRequest(connection, 'textDocument/codeAction', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    return onCurrentVersion(store, queue, current, token, () => codeActions(deps, params, token));
  }));
}

async function codeActions(deps: FeatureDependencies, params: CodeActionParams, token: CancellationToken): Promise<CodeAction[] | null> {
  const prepared = await documentForRequest(deps, params.textDocument.uri, token);
  if (prepared === undefined) return null;
  const { entry, settings, location } = prepared;
  const doc = entry.doc;
  const only = params.context.only;
  const wants = (kind: string): boolean => only === undefined || only.some((o) => kind === o || kind.startsWith(o + '.'));
  const actions: CodeAction[] = [];
  const toEdit = (edits: readonly OffsetEdit[]): WorkspaceEdit => workspaceEdit(entry, edits, deps.capabilities());
  let safeFixOffered = false;
  if (wants(CodeActionKind.QuickFix)) {
    const byProblem = problemsOf(doc, params.context.diagnostics);
    for (const fix of getQuickFixes(doc, [...byProblem.keys()], { location })) {
      if (fix.setLanguage !== undefined) {
        if (deps.canSetLanguage()) actions.push(setLanguageAction(entry.uri, fix.title, fix.setLanguage, byProblem.get(fix.problem)!));
        continue;
      }
      if (fix.allowHost !== undefined) {
        if (deps.canAllowHost()) actions.push(allowHostAction(entry.uri, fix.title, fix.allowHost, byProblem.get(fix.problem)!));
        continue;
      }
      safeFixOffered ||= fix.safe;
      actions.push({
        title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [byProblem.get(fix.problem)!], isPreferred: fix.isPreferred || undefined,
        edit: toEdit(fix.edits),
      });
    }
    if (deps.canSplit()) actions.push(...splitActions(entry.uri, params.context.diagnostics));
  }
  // Without `only` (a lightbulb), the bundle is offered next to a quick fix it includes; on request, always.
  if (only !== undefined ? wants(FIX_ALL_KIND) : safeFixOffered) {
    const edits = getFixAllEdits(doc, { rules: settings.rules });
    if (edits.length > 0) actions.push({ title: 'Fix all auto-fixable sitemap problems', kind: FIX_ALL_KIND, edit: toEdit(edits) });
  }
  return actions;
}

/** Our diagnostics among those the client sent, as the language layer's problems (offsets) they stand for. */
function problemsOf(doc: SitemapDocument, diagnostics: readonly Diagnostic[] | undefined): Map<ProblemRef, Diagnostic> {
  const byProblem = new Map<ProblemRef, Diagnostic>();
  for (const diagnostic of diagnostics ?? []) {
    if (diagnostic.source !== SOURCE || typeof diagnostic.code !== 'string') continue;
    const start = doc.offsetAt(diagnostic.range.start);
    const problem: ProblemRef = { rule: diagnostic.code, start, end: Math.max(start, doc.offsetAt(diagnostic.range.end)) };
    // A page rule's quick fix rides on the diagnostic's data (the lastmod or URL to write), as the client hands it back.
    const data = problemDataOf(diagnostic.data);
    if (data !== undefined) problem.data = data;
    byProblem.set(problem, diagnostic);
  }
  return byProblem;
}

/** The data a problem carried, as far as it has the shape of ProblemData (a client hands back what it was given). */
function problemDataOf(data: unknown): ProblemData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { lastmod, url } = data as Record<string, unknown>;
  const out: ProblemData = {};
  if (typeof lastmod === 'string') out.lastmod = lastmod;
  if (typeof url === 'string') out.url = url;
  return out.lastmod === undefined && out.url === undefined ? undefined : out;
}

function workspaceEdit(entry: OpenDocument, edits: readonly OffsetEdit[], capabilities: ClientCapabilities): WorkspaceEdit {
  const doc = entry.doc;
  const textEdits: TextEdit[] = edits.map((e) => ({ range: rangeOf(doc, e.start, e.end), newText: e.text }));
  if (capabilities.workspace?.workspaceEdit?.documentChanges === true) {
    return { documentChanges: [{ textDocument: { uri: entry.uri, version: entry.version }, edits: textEdits }] };
  }
  return { changes: { [entry.uri]: textEdits } };
}
