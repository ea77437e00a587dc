/** What the language server and Check Site's child process (cli/lint/checkSiteChild.ts) say to each other over IPC:
 * one job in, progress, one result out. */
import type { SitemapSettings } from '../language/languageService';
import type { FileResult } from './lintResults';

export interface CheckSiteJob {
  folders: Array<{
    /** Absolute path. */
    path: string;
    settings: SitemapSettings;
    /** Absolute folder → site root URL. */
    siteRoots: Record<string, string>;
  }>;
  now: number;
  /** Whether git may run (the page rules' lastmod): false in an untrusted workspace. */
  git: boolean;
}

export interface Unreadable {
  file: string;
  reason: string;
}

export type CheckSiteMessage =
  | { type: 'progress'; done: number; known: number }
  /** The page rules' git notes, each once per run (the server logs them). */
  | { type: 'note'; text: string }
  | { type: 'done'; files: FileResult[]; unreadable: Unreadable[] }
  | { type: 'failed'; reason: string };
