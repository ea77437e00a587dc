/** What the server asks the client to watch, and how it reads the events: the files it reads, and folders coming and
 * going. VS Code folds a folder's deletion into one event for the folder, which no `**\/*.html` watcher matches
 * (microsoft/vscode#109754, "as designed"), and a folder renamed or moved in is one creation: so folders are watched
 * too, for creations and deletions only, and such an event stands for every file the folder held or holds. */
import * as path from 'node:path';
import { FileChangeType, WatchKind, type FileSystemWatcher } from 'vscode-languageserver';
import { isFolder as isFolderOnDisk } from '../../node/files';

/** Files whose changes matter: robots.txt (locations), the site's sitemaps (nested-index, the cross-file rules), pages and
 * the hosts' redirects files (the page rules). */
export const WATCHED_GLOBS = [
  '**/robots.txt', '**/*.xml', '**/*.txt', '**/*.gz', '**/*.html', '**/*.htm', '**/_redirects', '**/vercel.json',
];

/** What site roots are inferred from (inferredSiteRoots.ts), watched by both servers. */
export const SITE_ROOT_EVIDENCE_GLOBS = ['**/CNAME', '**/{hugo,config}.{toml,yaml,yml,json}', '**/_config.{yml,yaml}', '**/mkdocs.{yml,yaml}'];

/** The same names as {@link WATCHED_GLOBS} and {@link SITE_ROOT_EVIDENCE_GLOBS}. */
const WATCHED_NAME = /^(robots\.txt|.*\.(xml|txt|gz|html|htm)|_redirects|vercel\.json|CNAME|(hugo|config)\.(toml|ya?ml|json)|_config\.ya?ml|mkdocs\.ya?ml)$/i;

/** Every path, created or deleted: the folders among them. */
export const FOLDER_WATCHER: FileSystemWatcher = { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete };

export function watchers(): FileSystemWatcher[] {
  return [...[...WATCHED_GLOBS, ...SITE_ROOT_EVIDENCE_GLOBS].map((globPattern) => ({ globPattern })), FOLDER_WATCHER];
}

export interface WatchedChange {
  fsPath: string;
  type: FileChangeType;
  /** A folder that came or went (a deleted path no watched file is named as may have been one: it is taken as one). */
  folder: boolean;
}

/**
 * The events that concern the server: a watched file's, or a folder's. A created path of another name that is no
 * folder (an image) is dropped; a deleted one cannot be told from a folder any more, and is kept as one.
 */
export function watchedChanges(changes: ReadonlyArray<{ fsPath: string; type: FileChangeType }>, isFolder = isFolderOnDisk): WatchedChange[] {
  const out: WatchedChange[] = [];
  for (const { fsPath, type } of changes) {
    if (WATCHED_NAME.test(path.basename(fsPath))) out.push({ fsPath, type, folder: false });
    else if (type === FileChangeType.Deleted || (type === FileChangeType.Created && isFolder(fsPath))) out.push({ fsPath, type, folder: true });
  }
  return out;
}
