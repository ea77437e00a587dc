/** A `sitemap.pageSources` mapping that maps no page to a file git tracks, as a warning on the setting itself (the
 * server's `sitemap/pageSourcesUnmapped`): on the mapping's `root` or key in the folder's `.vscode/settings.json` or the
 * `.code-workspace` file, wherever VS Code takes it from; the note as a message, once, when it is set in the user
 * settings (or cannot be placed). Cleared when the server says the mapping maps pages, or it is gone. */
import { Diagnostic, DiagnosticSeverity, languages, Range, Uri, window, workspace, type ExtensionContext, type WorkspaceFolder } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { PAGE_SOURCES_UNMAPPED_NOTIFICATION, pageSourcesFolder, type PageSourcesUnmappedParams, type UnmappedPageSources } from '../../../shared/protocol';
import { findPageSourcesRange } from './pageSourcesRange';

/** The diagnostics' code, as the server's note names the case. */
export const UNMAPPED_SOURCES_CODE = 'unmapped-sources';

export function registerUnmappedPageSources(context: ExtensionContext, client: BaseLanguageClient): void {
  const collection = languages.createDiagnosticCollection('sitemap-settings');
  const told = new Map<string, UnmappedPageSources[]>();
  const noted = new Set<string>();
  let generation = 0;
  const refresh = async (): Promise<void> => {
    const mine = ++generation;
    const placed = await placeAll(told);
    if (mine !== generation) return; // a newer refresh runs
    collection.clear();
    for (const [uri, diagnostics] of placed.diagnostics) collection.set(Uri.parse(uri), diagnostics);
    for (const { key, message } of placed.notes) {
      if (noted.has(key)) continue;
      noted.add(key);
      void window.showInformationMessage(message);
    }
  };
  context.subscriptions.push(
    collection,
    client.onNotification(PAGE_SOURCES_UNMAPPED_NOTIFICATION, (params: PageSourcesUnmappedParams) => {
      told.set(params.workspaceFolder, params.mappings);
      void refresh();
    }),
    // A server starting again tells afresh what it finds.
    client.onDidChangeState(() => {
      told.clear();
      void refresh();
    }),
    // A mapping removed goes at once; one edited stays until the server has checked it again.
    workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('sitemap.pageSources')) void refresh();
    }),
    // The warning follows the text of a settings file being edited.
    workspace.onDidChangeTextDocument((event) => {
      if (collection.has(event.document.uri)) void refresh();
    }),
  );
}

interface Placed {
  /** Warnings by settings file URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** What cannot be shown on a settings file: said once per workspace folder and built folder. */
  notes: Array<{ key: string; message: string }>;
}

async function placeAll(told: ReadonlyMap<string, readonly UnmappedPageSources[]>): Promise<Placed> {
  const placed: Placed = { diagnostics: new Map(), notes: [] };
  for (const [folderUri, mappings] of told) {
    const folder = workspace.getWorkspaceFolder(Uri.parse(folderUri));
    if (folder === undefined) continue;
    for (const mapping of mappings) {
      const file = settingsFileOf(folder, mapping.folder);
      if (file === undefined) continue; // the mapping is gone
      const range = file === 'user' ? undefined : await rangeIn(file.uri, mapping.folder, file.inWorkspaceFile);
      if (range === undefined || file === 'user') {
        placed.notes.push({ key: `${folderUri}|${mapping.folder}`, message: mapping.message });
        continue;
      }
      const diagnostic = new Diagnostic(range, mapping.message, DiagnosticSeverity.Warning);
      diagnostic.code = UNMAPPED_SOURCES_CODE;
      diagnostic.source = 'sitemap';
      const key = file.uri.toString();
      placed.diagnostics.set(key, [...(placed.diagnostics.get(key) ?? []), diagnostic]);
    }
  }
  return placed;
}

/**
 * The file whose `sitemap.pageSources` maps `builtFolder` for the workspace folder, as VS Code merges the scopes (key by
 * key, the most specific first): the folder's settings, the workspace's (the `.code-workspace` file's, or the folder's
 * own in a single-folder window), else `user` (not marked: the user settings may be remote, synced or a profile's).
 * Undefined when no scope maps it (any more).
 */
function settingsFileOf(folder: WorkspaceFolder, builtFolder: string): { uri: Uri; inWorkspaceFile: boolean } | 'user' | undefined {
  const inspected = workspace.getConfiguration('sitemap', folder.uri).inspect<unknown>('pageSources');
  const maps = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.keys(value).some((key) => pageSourcesFolder(key) === builtFolder);
  const folderSettings = { uri: Uri.joinPath(folder.uri, '.vscode', 'settings.json'), inWorkspaceFile: false };
  const workspaceFile = workspace.workspaceFile;
  if (maps(inspected?.workspaceFolderValue)) return folderSettings;
  if (maps(inspected?.workspaceValue)) return workspaceFile === undefined ? folderSettings : { uri: workspaceFile, inWorkspaceFile: true };
  return maps(inspected?.globalValue) ? 'user' : undefined;
}

/** The mapping's range in the settings file as the editor holds it (unsaved edits too); undefined when unreadable or not found. */
async function rangeIn(uri: Uri, builtFolder: string, inWorkspaceFile: boolean): Promise<Range | undefined> {
  try {
    const document = await workspace.openTextDocument(uri);
    const found = findPageSourcesRange(document.getText(), builtFolder, inWorkspaceFile);
    return found === undefined ? undefined : new Range(document.positionAt(found.start), document.positionAt(found.end));
  } catch {
    return undefined; // an untitled workspace's file, a folder without settings.json
  }
}
