// Sitemap: Merge Index into One Sitemap. The index's text is replaced by the merged sitemap in one undoable edit, so
// robots.txt lines and URLs already submitted keep working; the child files stay where they are (deleting them is
// left to the user: they may still be listed elsewhere, and a merge is easy to undo only while they exist).
import { commands, ProgressLocation, Range, Uri, window, workspace, WorkspaceEdit, type ExtensionContext } from 'vscode';
import { MERGE_INDEX_REQUEST, type MergeIndexParams, type MergeIndexResult } from '../../shared/protocol';
import { describeLimit, describeSize } from '../../shared/byteSize';
import type { SitemapServer } from './server';

export const MERGE_INDEX_COMMAND = 'sitemap.mergeIndex';

export function registerMergeCommand(context: ExtensionContext, server: SitemapServer): void {
  context.subscriptions.push(commands.registerCommand(MERGE_INDEX_COMMAND, (uri?: unknown) => mergeIndex(server, uri instanceof Uri ? uri : undefined)));
}

async function mergeIndex(server: SitemapServer, uri: Uri | undefined): Promise<void> {
  const document = uri !== undefined ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
  if (document === undefined || document.languageId !== 'sitemap') {
    void window.showErrorMessage('Merge Index into One Sitemap: open a sitemap index first.');
    return;
  }
  const name = workspace.asRelativePath(document.uri);
  const params: MergeIndexParams = { uri: document.uri.toString() };
  let result: MergeIndexResult | null | undefined;
  try {
    result = await window.withProgress({ location: ProgressLocation.Notification, title: `Merging ${name}…` },
      () => server.sendRequest<MergeIndexResult | null>(MERGE_INDEX_REQUEST, params));
  } catch {
    result = undefined;
  }
  if (result === null || result === undefined) {
    void window.showErrorMessage(`Could not merge ${name}: see Sitemap: Show Output.`);
    return;
  }
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
  void window.showInformationMessage(summary(name, result));
}

function summary(name: string, result: MergeIndexResult): string {
  const merged = result.merged!;
  const k = result.children.length;
  let text = `Merged ${count(merged.entries, 'entry', 'entries')} from ${count(k, 'child', 'children')} into ${name}; the child files are unchanged.`;
  if (merged.addedNamespaces.length > 0) text += ` Declared on the root: ${merged.addedNamespaces.join(' ')}.`;
  if (merged.droppedLines > 0) text += ` ${count(merged.droppedLines, 'line', 'lines')} of text sitemaps that were not URLs left out.`;
  return text;
}

async function showRefusal(name: string, result: MergeIndexResult): Promise<void> {
  const refused = result.refused!;
  let message = `Cannot merge ${name}: `;
  switch (refused.kind) {
    case 'missing-children': {
      const missing = result.children.filter((c) => c.problem !== undefined);
      const shown = missing.slice(0, 3).map((c) => `${c.loc || '(an entry without <loc>)'} (${describeProblem(c.problem!)})`);
      message += `${missing.length} of ${result.children.length} children have no readable local file, and a merge without them would lose their entries: ${shown.join(', ')}${missing.length > 3 ? ', …' : ''}.`;
      break;
    }
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

function describeProblem(problem: NonNullable<MergeIndexResult['children'][number]['problem']>): string {
  return problem === 'unmapped' ? 'no local file for this URL: set sitemap.siteRoots' : problem === 'not-found' ? 'no such file' : 'unreadable';
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
