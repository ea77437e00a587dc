/** Add to robots.txt: the robots.txt at the root of the sitemap's site (the deepest `sitemap.siteRoots` folder holding
 * it, else the workspace folder), the sitemap's URL from `siteRoots` or asked, the line planned by robotsSitemapLine.ts
 * and written in one WorkspaceEdit. A sitemap an index already lists gets a line only when asked anyway. */
import { commands, Range, Uri, window, workspace, WorkspaceEdit, type ExtensionContext, type TextDocument } from 'vscode';
import {
  COMPRESSED_SCHEME, DOCUMENT_INFO_REQUEST, LISTING_INDEXES_REQUEST, type DocumentInfo, type DocumentInfoParams, type ListingIndexesParams, type ListingIndexesResult,
} from '../../../shared/protocol';
import { fileExists } from '../fileExists';
import { fileOfCompressed } from '../gzip/compressedUris';
import type { SitemapServer } from '../languageServer/server';
import { locationFromSiteRoots, normalizeRelativePath, normalizeSiteRootUrl, type SiteRoots } from '../../../shared/location';
import { listedSitemaps, newRobotsTxt, planRobotsSitemapLine } from './robotsSitemapLine';

export function registerRobotsTxtCommand(context: ExtensionContext, server: SitemapServer): void {
  context.subscriptions.push(commands.registerCommand('sitemap.addToRobotsTxt', () => addToRobotsTxt(server)));
}

async function addToRobotsTxt(server: SitemapServer): Promise<void> {
  const document = window.activeTextEditor?.document;
  const file = document === undefined ? undefined : fileOf(document.uri);
  const folder = file === undefined ? undefined : workspace.getWorkspaceFolder(file);
  if (document === undefined || file === undefined || folder === undefined) {
    void window.showWarningMessage('Add to robots.txt needs a sitemap file inside a workspace folder.');
    return;
  }
  const relative = normalizeRelativePath(file.path.slice(folder.uri.path.replace(/\/$/, '').length + 1)) ?? '';
  const siteRoots = workspace.getConfiguration('sitemap', file).get<SiteRoots>('siteRoots') ?? {};
  const root = siteRootFolder(relative, siteRoots);
  const inside = root === '' ? relative : relative.slice(root.length + 1);
  const url = locationFromSiteRoots(relative, siteRoots) ?? await window.showInputBox({
    title: 'Public URL of this sitemap',
    value: `${await firstOrigin(server, document) ?? 'https://www.example.com'}/${inside.split('/').map(encodeURIComponent).join('/')}`,
    validateInput: (value) => (isHttpUrl(value) ? undefined : 'An absolute http(s) URL'),
  });
  if (url === undefined) return;
  const robotsUri = Uri.joinPath(folder.uri, ...(root === '' ? [] : root.split('/')), 'robots.txt');
  const shown = workspace.asRelativePath(robotsUri);
  const exists = await fileExists(robotsUri);
  const edit = new WorkspaceEdit();
  let report: string;
  if (!exists) {
    const create = await window.showWarningMessage(`There is no ${shown}. Create it with a Sitemap: line?`, { modal: true }, 'Create');
    if (create !== 'Create') return;
    edit.createFile(robotsUri, { contents: new TextEncoder().encode(newRobotsTxt(url)) });
    report = `Created ${shown} with Sitemap: ${url}`;
  } else {
    const robots = await workspace.openTextDocument(robotsUri);
    const plan = planRobotsSitemapLine(robots.getText(), url);
    if (plan.status === 'listed') {
      void window.showInformationMessage(`${shown} already lists ${url} (line ${plan.line + 1}): nothing changed.`);
      return;
    }
    if (!await addAlthoughReachable(server, robotsUri, robots.getText(), url, shown)) return;
    let change = plan.add;
    report = `Added Sitemap: ${url} to ${shown}`;
    if (plan.status === 'other-url') {
      const choice = await window.showWarningMessage(`${shown} lists ${plan.url} (line ${plan.line + 1}) for a file of the same name. Update it to ${url}?`,
        { modal: true }, 'Update', 'Add a Line');
      if (choice === undefined) return;
      if (choice === 'Update') {
        change = plan.update;
        report = `Updated line ${plan.line + 1} of ${shown} to Sitemap: ${url}`;
      }
    }
    edit.replace(robotsUri, rangeOf(robots, change.start, change.end), change.text);
  }
  if (!(await workspace.applyEdit(edit))) {
    void window.showErrorMessage(`Could not edit ${shown}.`);
    return;
  }
  await window.showTextDocument(robotsUri, { preview: false });
  void window.showInformationMessage(report + '.');
}

/**
 * Whether to go on when an index that robots.txt lists already lists the sitemap (crawlers reach it through the
 * index): said, and the line added only when the user asks for it anyway. True when no such index is known.
 */
async function addAlthoughReachable(server: SitemapServer, robotsUri: Uri, robotsText: string, url: string, shown: string): Promise<boolean> {
  const listed = listedSitemaps(robotsText);
  let indexes: string[] = [];
  try {
    const client = await server.running();
    const params: ListingIndexesParams = { robotsUri: client.code2ProtocolConverter.asUri(robotsUri), urls: listed.map((l) => l.url), sitemapUrl: url };
    indexes = (await client.sendRequest<ListingIndexesResult>(LISTING_INDEXES_REQUEST, params)).indexes;
  } catch {
    return true; // the server cannot say: the line is what was asked for
  }
  if (indexes.length === 0) return true;
  const line = listed.find((l) => l.url === indexes[0])!.line;
  const choice = await window.showWarningMessage(
    `${url} is reachable already: ${shown} lists the index ${indexes[0]} (line ${line + 1}), which lists it.`,
    { modal: true, detail: 'Crawlers find the sitemap through the index; a Sitemap: line of its own is not needed.' }, ADD_ANYWAY,
  );
  return choice === ADD_ANYWAY;
}

const ADD_ANYWAY = 'Add Anyway';

/** The deepest `siteRoots` folder (with a usable URL) holding the file; `''` for the workspace folder. */
function siteRootFolder(relative: string, siteRoots: SiteRoots): string {
  let best = '';
  for (const [key, value] of Object.entries(siteRoots)) {
    const folder = normalizeRelativePath(key);
    if (folder === undefined || folder === '' || !relative.startsWith(folder + '/') || normalizeSiteRootUrl(value) === undefined) continue;
    if (folder.length > best.length) best = folder;
  }
  return best;
}

/** The file a sitemap document is: itself, or the file a compressed sitemap open as text stands for. */
function fileOf(uri: Uri): Uri | undefined {
  if (uri.scheme === 'file') return uri;
  if (uri.scheme === COMPRESSED_SCHEME) return fileOfCompressed(uri);
  // A virtual workspace's file (VS Code for the Web: `vscode-vfs:`, `vscode-remote:`): written through workspace.fs too.
  return workspace.getWorkspaceFolder(uri) !== undefined ? uri : undefined;
}

/** The origin of the first entry URL, as the server's model has it; undefined when the server cannot say. */
async function firstOrigin(server: SitemapServer, document: TextDocument): Promise<string | undefined> {
  try {
    const client = await server.running();
    const params: DocumentInfoParams = { uri: client.code2ProtocolConverter.asUri(document.uri) };
    return (await client.sendRequest<DocumentInfo>(DOCUMENT_INFO_REQUEST, params)).firstOrigin;
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function rangeOf(document: TextDocument, start: number, end: number): Range {
  return new Range(document.positionAt(start), document.positionAt(end));
}
