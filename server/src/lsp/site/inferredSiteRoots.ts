/** The site roots a workspace folder's files say where `sitemap.siteRoots` sets none (shared/siteInference.ts, as
 * sitemap-lint infers them): added to each document's settings, so that every reader — locations, scope, children, the
 * page rules, Check Site — takes them as it takes the setting. Said once per folder in the log; where the root's folder
 * holds built pages, the client is offered to make it a setting (`sitemap/siteRootFound`). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizeRelativePath } from '../../../../shared/location';
import type { SiteRootFoundParams } from '../../../../shared/protocol';
import { conflictNote, evidenceFolders, inferredRootNote, ROOT_EVIDENCE_FILES, type SiteInference } from '../../../../shared/siteInference';
import { SKIPPED_FOLDERS } from '../../node/folderWalk';
import { inferSiteRootsOnDisk } from '../../node/siteRootFiles';
import type { ServerSettings } from '../documents/configuration';
import { uriToFsPath, type Workspace, type WorkspaceFolderInfo } from '../documents/workspace';

/** The names of the files inference reads (their base names): a change to one reads the folder's evidence again. */
const EVIDENCE_NAMES: ReadonlySet<string> = new Set(ROOT_EVIDENCE_FILES.map((file) => file.slice(file.lastIndexOf('/') + 1)));

export interface InferredSiteRootsHost {
  workspace: Workspace;
  /** A line in the server's log. */
  log: (message: string) => void;
  /** Offers the client to set the root (VS Code asks the user). */
  found: (params: SiteRootFoundParams) => void;
}

export class InferredSiteRoots {
  private readonly byFolder = new Map<string, SiteInference>();
  /** Notes and offers already made, by their text: once per server's life. */
  private readonly said = new Set<string>();

  constructor(private readonly host: InferredSiteRootsHost) {}

  /** `settings` for the document (or folder) `uri`, with the roots its workspace folder's files say and no setting covers. */
  apply(uri: string, settings: ServerSettings): ServerSettings {
    const fsPath = uriToFsPath(uri);
    const folder = fsPath === undefined ? undefined : this.host.workspace.folderOf(fsPath);
    if (folder === undefined) return settings;
    const explicit = Object.keys(settings.siteRoots).map(normalizeRelativePath).filter((f): f is string => f !== undefined);
    const covered = (dir: string): boolean => explicit.some((e) => e === '' || e === dir || dir.startsWith(`${e}/`));
    const inference = this.inferenceOf(folder);
    const roots: Record<string, string> = {};
    for (const root of inference.roots) {
      if (covered(root.folder)) continue;
      roots[root.folder === '' ? '.' : root.folder] = root.url;
      this.sayOnce(folder, inferredRootNote(root, shown));
      if (holdsPages(path.join(folder.fsPath, ...root.folder.split('/').filter((s) => s !== '')))) this.offerOnce(folder, root.folder, root.url, root.sources.join(' and '));
    }
    for (const conflict of inference.conflicts) {
      if (!covered(conflict.folder)) this.sayOnce(folder, conflictNote(conflict, shown, 'set sitemap.siteRoots'));
    }
    return Object.keys(roots).length === 0 ? settings : { ...settings, siteRoots: { ...roots, ...settings.siteRoots } };
  }

  /** A watched file changed: whether it is one inference reads (its folder's evidence is then read again). */
  fileChanged(fsPath: string): boolean {
    if (!EVIDENCE_NAMES.has(path.basename(fsPath))) return false;
    const folder = this.host.workspace.folderOf(fsPath);
    // Only where inference looks: the top, a first-level folder, their config/_default/ (a src/config.json is no news).
    const depth = folder === undefined ? Infinity : path.relative(folder.fsPath, fsPath).split(path.sep).length;
    const looked = depth <= 2 || (depth <= 4 && fsPath.split(path.sep).slice(-3, -1).join('/') === 'config/_default');
    if (folder === undefined || !looked) return false;
    this.byFolder.delete(folder.fsPath);
    return true;
  }

  /** Workspace folders changed. */
  reset(): void {
    this.byFolder.clear();
  }

  private inferenceOf(folder: WorkspaceFolderInfo): SiteInference {
    let inference = this.byFolder.get(folder.fsPath);
    if (inference === undefined) {
      inference = inferSiteRootsOnDisk(folder.fsPath, evidenceFolders(subfolders(folder.fsPath)));
      this.byFolder.set(folder.fsPath, inference);
    }
    return inference;
  }

  private sayOnce(folder: WorkspaceFolderInfo, note: string): void {
    const key = `${folder.fsPath}\0${note}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.host.log(`Site root of ${folder.name}: ${note}`);
  }

  private offerOnce(folder: WorkspaceFolderInfo, root: string, url: string, source: string): void {
    const key = `${folder.fsPath}\0offer\0${root}\0${url}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.host.found({ workspaceFolder: folder.uri, folder: root, url, source });
  }
}

/** `public/` for `public`, `./` for the workspace folder. */
function shown(folder: string): string {
  return folder === '' ? './' : `${folder}/`;
}

/**
 * Where inference looks besides the workspace folder and its docs/: its first-level folders (a generator's project in
 * `site/`, a CNAME in the built `public/`); hidden and dependency folders skipped.
 */
function subfolders(top: string): string[] {
  try {
    return fs.readdirSync(top, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Whether a folder holds built pages: an `.html` file at its top or in a folder of its own (a pretty URL's). */
function holdsPages(folder: string): boolean {
  try {
    const entries = fs.readdirSync(folder, { withFileTypes: true });
    if (entries.some((entry) => entry.isFile() && /\.html?$/i.test(entry.name))) return true;
    return entries.some((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, 'index.html')));
  } catch {
    return false;
  }
}
