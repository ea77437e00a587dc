/** The site roots a workspace folder's files say where `sitemap.siteRoots` sets none (shared/siteInference.ts, as
 * sitemap-lint infers them): added to each document's settings, so that every reader — locations, scope, children, the
 * page rules, Check Site — takes them as it takes the setting. Said once per folder in the log; where the root's folder
 * holds built pages, the client is offered to make it a setting (`sitemap/siteRootFound`). The files are read by the
 * composition: from the disk at once (node/siteRootFiles.ts), or in the web worker through the client
 * (browser/clientSiteRootEvidence.ts), whose answer comes later — until then the folder has no inferred root, and
 * `changed` says when an answer came that differs from what the documents were given. */
import * as path from 'node:path';
import { normalizeRelativePath } from '../../../../shared/location';
import type { SiteRootFoundParams } from '../../../../shared/protocol';
import {
  conflictNote, inferredRootNote, ROOT_EVIDENCE_FILES, type InferredRoot, type SiteInference,
} from '../../../../shared/siteInference';
import type { ServerSettings } from '../documents/configuration';
import { uriToFsPath, type Workspace, type WorkspaceFolderInfo } from '../documents/workspace';

/** The names of the files inference reads (their base names): a change to one reads the folder's evidence again. */
const EVIDENCE_NAMES: ReadonlySet<string> = new Set(ROOT_EVIDENCE_FILES.map((file) => file.slice(file.lastIndexOf('/') + 1)));

/** What a folder whose files say nothing (or are not read yet) is given. */
const NOTHING_INFERRED: SiteInference = { roots: [], conflicts: [] };

export interface InferredSiteRootsHost {
  workspace: Workspace;
  /** The roots the workspace folder's files say (a promise where they are read asynchronously; it never rejects). */
  read: (folder: WorkspaceFolderInfo) => SiteInference | Promise<SiteInference>;
  /** Whether the folder at this path holds built pages (a promise where the folder is listed asynchronously). */
  holdsPages: (fsPath: string) => boolean | Promise<boolean>;
  /** An answer read asynchronously differs from what the documents were given: their settings are stale. */
  changed: () => void;
  /** A line in the server's log. */
  log: (message: string) => void;
  /** Offers the client to set the root (VS Code asks the user). */
  found: (params: SiteRootFoundParams) => void;
}

interface FolderInference {
  /** What the documents are given; undefined until the first read answered. */
  inference: SiteInference | undefined;
  /** The read whose answer counts: a file that changed during a read is read again, and the newer answer wins. */
  reading: number;
}

export class InferredSiteRoots {
  private readonly byFolder = new Map<string, FolderInference>();
  private reads = 0;
  /** Notes and offers already made, by their text: once per server's life. */
  private readonly said = new Set<string>();
  /** Offers waiting for their folder's listing (the web worker's). */
  private readonly looking = new Set<string>();

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
      this.offerOnce(folder, root);
    }
    for (const conflict of inference.conflicts) {
      if (!covered(conflict.folder)) this.sayOnce(folder, conflictNote(conflict, shown, 'set sitemap.siteRoots'));
    }
    return Object.keys(roots).length === 0 ? settings : { ...settings, siteRoots: { ...roots, ...settings.siteRoots } };
  }

  /**
   * A watched file changed: where it is one inference reads, its folder's evidence is read again. Whether the answer
   * came at once and differs (the settings are stale now); an answer that comes later says so through `changed`.
   */
  fileChanged(fsPath: string): boolean {
    if (!EVIDENCE_NAMES.has(path.basename(fsPath))) return false;
    const folder = this.host.workspace.folderOf(fsPath);
    // Only where inference looks: the top, a first-level folder, their config/_default/ (a src/config.json is no news).
    const depth = folder === undefined ? Infinity : path.relative(folder.fsPath, fsPath).split(path.sep).length;
    const looked = depth <= 2 || (depth <= 4 && fsPath.split(path.sep).slice(-3, -1).join('/') === 'config/_default');
    const entry = folder === undefined ? undefined : this.byFolder.get(folder.fsPath);
    // A folder never read gave no document anything: it is read when first asked.
    return folder !== undefined && entry !== undefined && looked && this.read(folder, entry);
  }

  /** Workspace folders changed: every folder is read again when next asked (answers still on their way are dropped). */
  reset(): void {
    this.byFolder.clear();
  }

  private inferenceOf(folder: WorkspaceFolderInfo): SiteInference {
    let entry = this.byFolder.get(folder.fsPath);
    if (entry === undefined) {
      entry = { inference: undefined, reading: 0 };
      this.byFolder.set(folder.fsPath, entry);
      this.read(folder, entry);
    }
    return entry.inference ?? NOTHING_INFERRED;
  }

  /** Reads the folder's evidence: whether it answered at once and differs from what the documents were given. */
  private read(folder: WorkspaceFolderInfo, entry: FolderInference): boolean {
    const reading = ++this.reads;
    entry.reading = reading;
    const answer = this.host.read(folder);
    if (!(answer instanceof Promise)) return answered(entry, answer);
    void answer.then((inference) => {
      const current = this.byFolder.get(folder.fsPath) === entry && entry.reading === reading;
      if (current && answered(entry, inference)) this.host.changed();
    });
    return false;
  }

  private sayOnce(folder: WorkspaceFolderInfo, note: string): void {
    const key = `${folder.fsPath}\0${note}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.host.log(`Site root of ${folder.name}: ${note}`);
  }

  /** Where the root's folder holds built pages, the client is offered to set it, once. */
  private offerOnce(folder: WorkspaceFolderInfo, root: InferredRoot): void {
    const key = `${folder.fsPath}\0offer\0${root.folder}\0${root.url}`;
    if (this.said.has(key) || this.looking.has(key)) return;
    const offer = (): void => {
      if (this.said.has(key)) return;
      this.said.add(key);
      this.host.found({ workspaceFolder: folder.uri, folder: root.folder, url: root.url, source: root.sources.join(' and ') });
    };
    const holds = this.host.holdsPages(path.join(folder.fsPath, ...root.folder.split('/').filter((s) => s !== '')));
    if (!(holds instanceof Promise)) {
      if (holds) offer();
      return;
    }
    this.looking.add(key);
    void holds.then((yes) => {
      this.looking.delete(key);
      if (yes) offer();
    });
  }
}

/** Keeps a folder's new answer: whether it differs from the one before (none before is nothing inferred). */
function answered(entry: FolderInference, inference: SiteInference): boolean {
  const before = entry.inference ?? NOTHING_INFERRED;
  entry.inference = inference;
  return JSON.stringify(before) !== JSON.stringify(inference);
}

/** `public/` for `public`, `./` for the workspace folder. */
function shown(folder: string): string {
  return folder === '' ? './' : `${folder}/`;
}
