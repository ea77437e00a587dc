// Merge Index into One Sitemap: the index's text replaced by the merged sitemap in one undoable edit, so robots.txt lines
// and submitted URLs keep working; the children stay (they may be listed elsewhere, and Undo needs them). With a child
// missing it offers to merge the others, saying what would be lost.
import { withCommandProgress } from './commandProgress';
import { commands, Range, Uri, window, workspace, WorkspaceEdit, type ExtensionContext } from 'vscode';
import { MERGE_INDEX_REQUEST, type MergeIndexParams, type MergeIndexResult } from '../../../shared/protocol';
import { mergeSummary, missingChildrenText, partialMergeText } from './mergeReport';
import { isMethodMissing, isServerGone, SERVER_STOPPED } from '../languageServer/serverGone';
import { describeLimit, describeSize } from '../../../shared/byteSize';
import type { SitemapServer } from '../languageServer/server';
import { commandTargetUri } from './commandTarget';

export const MERGE_INDEX_COMMAND = 'sitemap.mergeIndex';
const MERGE_OTHERS = 'Merge the Others';

export function registerMergeCommand(context: ExtensionContext, server: SitemapServer): void {
  context.subscriptions.push(commands.registerCommand(MERGE_INDEX_COMMAND, (target?: unknown) => mergeIndex(server, commandTargetUri(target))));
}

async function mergeIndex(server: SitemapServer, uri: Uri | undefined): Promise<void> {
  const document = uri !== undefined ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
  if (document === undefined || document.languageId !== 'sitemap') {
    void window.showErrorMessage('Merge Index into One Sitemap: open a sitemap index first.');
    return;
  }
  const name = workspace.asRelativePath(document.uri);
  let result = await requestMerge(server, name, { uri: document.uri.toString() });
  if (result?.refused?.kind === 'missing-children' && result.children.some((c) => c.problem === undefined)) {
    // Offered, never done unasked: the missing children's entries would be lost.
    const choice = await window.showWarningMessage(`${name}: ${missingChildrenText(result.children)}`,
      { modal: true, detail: partialMergeText(result.children) }, MERGE_OTHERS);
    if (choice !== MERGE_OTHERS) return;
    result = await requestMerge(server, name, { uri: document.uri.toString(), allowMissing: true });
  }
  if (result === undefined) return;
  if (result.refused !== undefined) {
    await showRefusal(name, result);
    return;
  }
  if (result.merged === undefined) return;
  if (document.version !== result.version) {
    void window.showErrorMessage(`${name} changed while it was merged: nothing was changed. Run the command again.`);
    return;
  }
  const edit = new WorkspaceEdit();
  edit.replace(document.uri, new Range(document.positionAt(0), document.positionAt(document.getText().length)), result.merged.text);
  if (!(await workspace.applyEdit(edit))) {
    void window.showErrorMessage(`Could not edit ${name}: nothing was changed.`);
    return;
  }
  const summary = mergeSummary(name, result);
  if (result.merged.duplicateUrls > 0) void window.showWarningMessage(summary);
  else void window.showInformationMessage(summary);
}

/** The server's merge, or undefined after saying why there is none (the server stopped, or failed). */
async function requestMerge(server: SitemapServer, name: string, params: MergeIndexParams): Promise<MergeIndexResult | undefined> {
  let result: MergeIndexResult | null;
  try {
    result = await withCommandProgress({ title: `Merging ${name}…` },
      () => server.sendRequest<MergeIndexResult | null>(MERGE_INDEX_REQUEST, params));
  } catch (error) {
    const why = isServerGone(error) ? `${SERVER_STOPPED}; nothing was changed`
      : isMethodMissing(error) ? 'this language server does not offer Merge; nothing was changed'
        : 'see Sitemap: Show Output';
    void window.showErrorMessage(`Could not merge ${name}: ${why}.`);
    return undefined;
  }
  if (result === null) void window.showErrorMessage(`Could not merge ${name}: see Sitemap: Show Output.`);
  return result ?? undefined;
}

async function showRefusal(name: string, result: MergeIndexResult): Promise<void> {
  const refused = result.refused!;
  let message = `Cannot merge ${name}: `;
  switch (refused.kind) {
    case 'missing-children':
      message += `${missingChildrenText(result.children)} A merge without them would lose their entries.`;
      break;
    case 'too-many-entries':
      message += `the merged sitemap would hold ${refused.count?.toLocaleString('en-US')} entries, past the limit of ${refused.limit?.toLocaleString('en-US')} (sitemap.limits.maxEntries).`;
      break;
    case 'too-large':
      message += `the merged sitemap would be ${describeSize(refused.count ?? 0, refused.limit)}, past the limit of ${describeLimit(refused.limit ?? 0)} (sitemap.limits.maxBytes).`;
      break;
    default:
      message += refused.message;
  }
  const location = refused.uri !== undefined && refused.range !== undefined ? refused.range : undefined;
  const show = location !== undefined ? 'Show' : undefined;
  const picked = await (show !== undefined ? window.showErrorMessage(message, show) : window.showErrorMessage(message));
  if (picked === show && location !== undefined) {
    const target = await workspace.openTextDocument(Uri.parse(refused.uri!));
    const start = target.validatePosition(new Range(location.start.line, location.start.character, location.end.line, location.end.character).start);
    await window.showTextDocument(target, { selection: new Range(start, start) });
  }
}

