/** Site roots inferred in the web worker as the Node server infers them (lsp/site/inferredSiteRoots.ts, the same class
 * and shared/siteInference.ts), over files the client lists and reads instead of the disk: the workspace folder's
 * evidence files are listed once (FIND_SITE_FILES_REQUEST, `siteRootEvidence`), those inference looks at are read
 * (READ_FILE_REQUEST), and whether a root's folder holds built pages is one more listing (`pages`). The answers come
 * later than the documents' first settings: `changed` has them checked again when one differs. */
import * as path from 'node:path';
import { SITE_ROOT_FOUND_NOTIFICATION } from '../../../shared/protocol';
import { sniffedText } from '../../../shared/fileEncoding';
import { evidenceFolders, inferSiteRoots, MAX_EVIDENCE_BYTES, ROOT_EVIDENCE_FILES, type SiteInference } from '../../../shared/siteInference';
import { compareNames, SKIPPED_FOLDERS } from '../../../shared/walkOrder';
import { relativeInside, type Workspace, type WorkspaceFolderInfo } from '../lsp/documents/workspace';
import { InferredSiteRoots } from '../lsp/site/inferredSiteRoots';
import type { FileReader } from './fileMirror';
import { readPooled } from './clientFiles';

/** Evidence files listed at most: the folder's and its first-level folders' configs and CNAMEs are a few. */
const MAX_EVIDENCE_LISTED = 500;

export interface BrowserSiteRootsHost {
  workspace: Workspace;
  /** Lists a folder's files of a kind (clientFiles.ts's clientSiteFiles). */
  listFiles: (kind: 'pages' | 'siteRootEvidence') => (folderPath: string, maxFiles: number) => Promise<string[]>;
  readFile: FileReader;
  /** The documents' settings are stale: an answer came that differs from what they were given. */
  changed: () => void;
  log: (message: string) => void;
  logFailure: (what: string, error: unknown) => void;
  /** Sends a notification to the client. */
  notify: (method: string, params: unknown) => void;
  /** Whether the client hears SITE_ROOT_FOUND_NOTIFICATION (said in `initialize`). */
  offers: () => boolean;
}

export function browserInferredSiteRoots(host: BrowserSiteRootsHost): InferredSiteRoots {
  return new InferredSiteRoots({
    workspace: host.workspace,
    read: (folder) => readEvidence(host, folder),
    holdsPages: (fsPath) => host.listFiles('pages')(fsPath, 1).then((pages) => pages.length > 0, () => false),
    changed: host.changed,
    log: host.log,
    found: (params) => {
      if (host.offers()) host.notify(SITE_ROOT_FOUND_NOTIFICATION, params);
    },
  });
}

/** The roots the workspace folder's files say: what the Node server reads from disk, through the client. Never rejects. */
async function readEvidence(host: BrowserSiteRootsHost, folder: WorkspaceFolderInfo): Promise<SiteInference> {
  let listed: string[];
  try {
    listed = (await host.listFiles('siteRootEvidence')(folder.fsPath, MAX_EVIDENCE_LISTED)).flatMap((fsPath) => relativeInside(folder.fsPath, fsPath) ?? []);
  } catch (error) {
    host.logFailure(`Listing the files site roots are inferred from in ${folder.name}`, error);
    return { roots: [], conflicts: [] };
  }
  // The first-level folders that hold any: the others say nothing (the Node server looks in all of them).
  const firstLevel = listed.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/')))
    .filter((name) => !name.startsWith('.') && !SKIPPED_FOLDERS.has(name));
  const folders = evidenceFolders([...new Set(firstLevel)].sort(compareNames));
  const looked = new Set(folders.flatMap((dir) => ROOT_EVIDENCE_FILES.map((name) => (dir === '' ? name : `${dir}/${name}`))));
  const texts = new Map<string, string>();
  await readPooled(listed.filter((file) => looked.has(file)), async (file) => {
    const read = await host.readFile(path.join(folder.fsPath, ...file.split('/')), MAX_EVIDENCE_BYTES).catch(() => null);
    if (read !== null) texts.set(file, sniffedText(read.head.subarray(0, MAX_EVIDENCE_BYTES)));
  });
  return inferSiteRoots(folders, (file) => texts.get(file));
}
