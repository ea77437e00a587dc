/** Shared by the in-editor tests: the fixture workspace, waiting on editor events, diagnostics in a comparable form. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { toCompressedUri } from '../../../shared/compressedUri';

export const EXTENSION_ID = 'sitemap-studio.sitemap-studio';

/** The one failure timeout for anything a test waits for (activation and the server's start included). */
export const WAIT_MS = 30_000;

export function fixtureUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the fixture workspace (test/e2e/workspace, copied) open as a folder');
  return vscode.Uri.joinPath(folder.uri, ...relative.split('/'));
}

/** The `sitemap-gz:` URI under which the extension opens the compressed file `file` as text. */
export function compressedUriOf(file: vscode.Uri): vscode.Uri {
  const folder = vscode.workspace.getWorkspaceFolder(file);
  return vscode.Uri.parse(toCompressedUri(file.toString(), folder && { uri: folder.uri.toString(), path: folder.uri.fsPath }), true);
}

/**
 * Resolves with `check()`'s first truthy value: checked now and after every firing of `events`. Rejects after
 * WAIT_MS with `seen()` (what was there instead) in the message. Never sleeps.
 */
export function until<T>(
  what: string,
  events: vscode.Event<unknown>[],
  check: () => T | undefined | false,
  seen: () => string = () => '',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const subscriptions: vscode.Disposable[] = [];
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      subscriptions.forEach((s) => s.dispose());
      settle();
    };
    const test = () => {
      let value: T | undefined | false;
      try {
        value = check();
      } catch (error) {
        finish(() => reject(error));
        return;
      }
      if (value) finish(() => resolve(value as T));
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`timed out after ${WAIT_MS} ms waiting for ${what}${seen() ? `; seen: ${seen()}` : ''}`))), WAIT_MS);
    for (const event of events) subscriptions.push(event(test));
    test();
  });
}

/**
 * Reads `read()` again at each firing of `changed` (a tree's onDidChangeTreeData) until `accept` holds: for what is
 * read asynchronously, which `until` cannot. Rejects after WAIT_MS with `show` of the last value read. Never sleeps.
 */
export async function changesUntil<T>(what: string, changed: vscode.Event<unknown>, read: () => Promise<T>, accept: (value: T) => boolean, show: (value: T) => string): Promise<T> {
  let changes = 0;
  let wake: (() => void) | undefined;
  const listener = changed(() => {
    changes++;
    wake?.();
  });
  const deadline = Date.now() + WAIT_MS;
  try {
    for (;;) {
      const seen = changes;
      const value = await read();
      if (accept(value)) return value;
      if (changes !== seen) continue;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wake = undefined;
      if (!woken) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}; seen: ${show(value)}`);
    }
  } finally {
    listener.dispose();
  }
}

/** The open document for `uri` (the newest one: a language change replaces the TextDocument object). */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.filter((d) => d.uri.toString() === uri.toString()).pop();
}

/** Opens a fixture in an editor and waits until it has the language `languageId`. */
export async function openAs(relative: string, languageId: string): Promise<vscode.TextDocument> {
  const uri = fixtureUri(relative);
  const opened = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(opened, { preview: false });
  return until(
    `${relative} to have the language ${languageId}`,
    [vscode.workspace.onDidOpenTextDocument],
    () => {
      const document = openDocument(uri);
      return document?.languageId === languageId && document;
    },
    () => `language ${openDocument(uri)?.languageId}`,
  );
}

export function ruleId(diagnostic: vscode.Diagnostic): string | number | undefined {
  return typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
}

export function formatRange(range: vscode.Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

export interface Verdict {
  code: string | number | undefined;
  severity: string;
  range: string;
}

/** Our diagnostics of `uri`, as rule id, severity and range (never message text), in document order. */
export function verdicts(uri: vscode.Uri): Verdict[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === 'sitemap')
    .sort((a, b) => a.range.start.compareTo(b.range.start))
    .map((d) => ({ code: ruleId(d), severity: vscode.DiagnosticSeverity[d.severity], range: formatRange(d.range) }));
}

export function codes(uri: vscode.Uri): (string | number | undefined)[] {
  return verdicts(uri).map((v) => v.code);
}

/** Waits until the diagnostics of `uri` satisfy `predicate`, then returns them as verdicts. */
export function diagnosticsSettle(uri: vscode.Uri, what: string, predicate: (codes: (string | number | undefined)[]) => boolean): Promise<Verdict[]> {
  return until(
    `${vscode.workspace.asRelativePath(uri)}: ${what}`,
    [vscode.languages.onDidChangeDiagnostics],
    () => predicate(codes(uri)) && verdicts(uri),
    () => JSON.stringify(verdicts(uri)),
  );
}

/**
 * The range of `needle` in `document`, at its first occurrence after `after` (a piece of text that pins it down),
 * as `line:character-line:character`.
 */
export function rangeOf(document: vscode.TextDocument, needle: string, after = ''): string {
  const text = document.getText();
  const anchor = text.indexOf(after + needle);
  assert.ok(anchor >= 0, `fixture ${vscode.workspace.asRelativePath(document.uri)} has no ${JSON.stringify(after + needle)}`);
  const start = anchor + after.length;
  return formatRange(new vscode.Range(document.positionAt(start), document.positionAt(start + needle.length)));
}

/** Changes a `sitemap.*` setting for the workspace (`undefined` removes it). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('sitemap').update(key, value, vscode.ConfigurationTarget.Workspace);
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * Asks `read()` (an editor command, the extension's API) again until `accept` holds, at a short polling interval,
 * for what no editor event announces (a provider's answer after a setting change, the status bar item). Rejects
 * after WAIT_MS with the last value seen.
 */
export async function poll<T>(what: string, read: () => Thenable<T> | T, accept: (value: T) => boolean, show: (value: T) => string = (v) => JSON.stringify(v)): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}; seen: ${show(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a polling interval, not a wait for something to happen
  }
}

/** Reverts `document` to the file on disk (the edits a test made), and waits until it is no longer dirty. */
export async function revert(document: vscode.TextDocument): Promise<void> {
  if (!document.isDirty) return;
  await vscode.window.showTextDocument(document, { preview: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await until(`${vscode.workspace.asRelativePath(document.uri)} to be reverted`, [vscode.workspace.onDidChangeTextDocument], () => !document.isDirty);
}

/**
 * Runs `command` and accepts every quick input it opens (showInputBox, showQuickPick: their default) until it ends,
 * as pressing Enter does. The accept is repeated at a short interval: no editor event says a quick input opened.
 */
export async function runAcceptingDefaults(command: string, ...args: unknown[]): Promise<void> {
  let finished = false;
  const running = Promise.resolve(vscode.commands.executeCommand(command, ...args)).finally(() => (finished = true));
  const deadline = Date.now() + WAIT_MS;
  while (!finished) {
    if (Date.now() > deadline) throw new Error(`${command} did not finish within ${WAIT_MS} ms of accepting its prompts`);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await new Promise((resolve) => setTimeout(resolve, 50)); // a polling interval, not a wait for something to happen
  }
  await running;
}
