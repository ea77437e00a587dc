/** The web client's answers to the server's file requests (READ_FILE_REQUEST, FIND_SITE_FILES_REQUEST): the web worker
 * reads the workspace through `workspace.fs`, whatever the URI's scheme (github.dev's `vscode-vfs:` too). */
import { FileType, RelativePattern, Uri, workspace } from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  FIND_SITE_FILES_REQUEST, READ_FILE_REQUEST, type FindSiteFilesParams, type InitializationOptions, type ReadFileParams, type ReadFileResult,
} from '../../../shared/protocol';
import { ROOT_EVIDENCE_FILES } from '../../../shared/siteInference';

/** The names the server's folder scan takes for site files (its search skips the same folders). */
const SITE_FILES = '**/{robots.txt,*.xml,*.txt,*.xml.gz,*.txt.gz}';
/** A site root's built folder, for the page rules: every file (a URL may name an asset), as the Node server walks it. */
const BUILT_FILES = '**/*';
/** Whether a folder holds built pages, as the Node server tells (node/siteRootFiles.ts, holdsBuiltPages). */
const PAGE_FILES = '{*.[hH][tT][mM],*.[hH][tT][mM][lL],*/index.html}';
/** What site roots are inferred from, in the folder and its first-level folders (as the Node server looks). */
const EVIDENCE_FILES = `{${[...ROOT_EVIDENCE_FILES, ...ROOT_EVIDENCE_FILES.map((file) => `*/${file}`)].join(',')}}`;
const GLOBS: Record<NonNullable<FindSiteFilesParams['kind']>, string> = { built: BUILT_FILES, pages: PAGE_FILES, siteRootEvidence: EVIDENCE_FILES };
const SKIPPED = '**/{node_modules,bower_components,__pycache__,.git,.hg,.svn}/**';

/** The options with `workspaceFiles` said in `initialize`, so that the server asks. */
export function withWorkspaceFiles(options: LanguageClientOptions): LanguageClientOptions {
  const { initializationOptions } = options;
  return {
    ...options,
    initializationOptions: (): InitializationOptions => ({
      ...(typeof initializationOptions === 'function' ? initializationOptions() as InitializationOptions : initializationOptions as InitializationOptions),
      workspaceFiles: true,
    }),
  };
}

export function answerWorkspaceFiles(client: BaseLanguageClient): void {
  client.onRequest(READ_FILE_REQUEST, (params: ReadFileParams) => readFileHead(params));
  client.onRequest(FIND_SITE_FILES_REQUEST, (params: FindSiteFilesParams) => findSiteFiles(params));
}

async function findSiteFiles({ folder, maxFiles, kind }: FindSiteFilesParams): Promise<string[]> {
  try {
    const glob = kind === undefined ? SITE_FILES : GLOBS[kind];
    const found = await workspace.findFiles(new RelativePattern(Uri.parse(folder, true), glob), SKIPPED, maxFiles);
    return found.map((uri) => uri.toString());
  } catch {
    return [];
  }
}

async function readFileHead({ uri, maxBytes, stamp }: ReadFileParams): Promise<ReadFileResult | null> {
  try {
    const target = Uri.parse(uri, true);
    // No stamp wanted: the read alone (a folder's fails, as its stat would say it is no file).
    if (stamp === false) {
      const bytes = await workspace.fs.readFile(target);
      return { mtime: 0, size: bytes.length, data: toBase64(bytes.subarray(0, Math.max(0, maxBytes))) };
    }
    // Asked at once, not one after the other: each is a round trip to where the files are (code-server's remote
    // connection, github.dev's network); a folder's read fails and answers null as its stat would. workspace.fs reads
    // whole files only.
    const [stat, bytes] = await Promise.all([workspace.fs.stat(target), workspace.fs.readFile(target)]);
    if ((stat.type & FileType.File) === 0) return null;
    return { mtime: stat.mtime, size: stat.size, data: toBase64(bytes.subarray(0, Math.max(0, maxBytes))) };
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
