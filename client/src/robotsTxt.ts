/**
 * Sitemap: Add to robots.txt. The robots.txt is the one at the root of the sitemap's site: the deepest
 * `sitemap.siteRoots` folder holding the sitemap, else the workspace folder. The sitemap's public URL comes from
 * `siteRoots`, else is asked (prefilled with the first entry's origin and the path below that root). The line itself
 * is planned by the pure `planRobotsSitemapLine`; the edit is one WorkspaceEdit (a new robots.txt only after asking).
 */
import { commands, Range, Uri, window, workspace, WorkspaceEdit, type ExtensionContext, type TextDocument } from 'vscode';
import { locationFromSiteRoots, normalizeRelativePath, normalizeSiteRootUrl, type SiteRoots } from '../../server/src/language/location';
import { newRobotsTxt, planRobotsSitemapLine } from '../../server/src/language/chores/robotsSitemapLine';

export function registerRobotsTxtCommand(context: ExtensionContext): void {
  context.subscriptions.push(commands.registerCommand('sitemap.addToRobotsTxt', addToRobotsTxt));
}

async function addToRobotsTxt(): Promise<void> {
  const document = window.activeTextEditor?.document;
  const folder = document === undefined ? undefined : workspace.getWorkspaceFolder(document.uri);
  if (document === undefined || document.uri.scheme !== 'file' || folder === undefined) {
    void window.showWarningMessage('Add to robots.txt needs a sitemap file inside a workspace folder.');
    return;
  }
  const relative = normalizeRelativePath(document.uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1)) ?? '';
  const siteRoots = workspace.getConfiguration('sitemap', document.uri).get<SiteRoots>('siteRoots') ?? {};
  const root = siteRootFolder(relative, siteRoots);
  const inside = root === '' ? relative : relative.slice(root.length + 1);
  const url = locationFromSiteRoots(relative, siteRoots) ?? await window.showInputBox({
    title: 'Public URL of this sitemap',
    value: `${firstOrigin(document) ?? 'https://www.example.com'}/${inside.split('/').map(encodeURIComponent).join('/')}`,
    validateInput: (value) => (isHttpUrl(value) ? undefined : 'An absolute http(s) URL'),
  });
  if (url === undefined) return;
  const robotsUri = Uri.joinPath(folder.uri, ...(root === '' ? [] : root.split('/')), 'robots.txt');
  const shown = workspace.asRelativePath(robotsUri);
  const exists = await workspace.fs.stat(robotsUri).then(() => true, () => false);
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

function firstOrigin(document: TextDocument): string | undefined {
  const head = document.getText(new Range(0, 0, Math.min(document.lineCount, 2000), 0));
  const match = /<(?:[\w.-]+:)?loc>\s*(https?:\/\/[^/<\s?#]+)/.exec(head) ?? /^\s*(https?:\/\/[^/\s?#]+)/m.exec(head);
  return match?.[1];
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
