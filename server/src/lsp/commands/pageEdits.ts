/** Add Unlisted Pages and Set lastmod from Git History: the pure edits (addEntries, setLastmodFromHistory) fed from the
 * sites the page rules read (in the site worker when it runs; with git's history, read for them if the rules read none). */
import { addEntries, setLastmodFromHistory, type NewEntry, type OffsetEdit, type SourceHistory } from '../../language/languageService';
import type { EditCommandResult } from '../../../../shared/protocol';
import type { CancellationToken } from 'vscode-languageserver';
import type { ServerSettings } from '../documents/configuration';
import type { OpenDocument } from '../documents/documentStore';
import type { BackgroundSiteChecks } from '../site/backgroundSiteChecks';
import type { Workspace } from '../documents/workspace';
import type { PageHistories } from '../../node/builtSite/builtSiteStore';

export interface PageEditContext {
  entry: OpenDocument;
  settings: ServerSettings;
  /** Where the document is published (its site root's pages are the ones added). */
  location: string | undefined;
  /** Undefined where there are no site checks (the web worker): no page is found. */
  site: BackgroundSiteChecks | undefined;
  workspace: Workspace;
  /** The command's cancellation: it stops waiting for a site being read. */
  token?: CancellationToken;
}

/** An edit to apply (one Undo), or the result to report as is. */
export type PageEditOutcome = { edits: OffsetEdit[]; summary: Omit<EditCommandResult, 'status'> } | EditCommandResult;

export async function addUnlistedPages(context: PageEditContext): Promise<PageEditOutcome> {
  const { entry, settings, location, site, token } = context;
  const folder = folderOf(context);
  if (site === undefined || folder === undefined || location === undefined || !site.pages.hasPages(folder)) return { status: 'unchanged', reason: 'no-site' };
  const current = site.packedNow(entry, location);
  const answer = await site.pages.ask(folder, (keys, files) => ({
    unlisted: { keys, location, userAgent: settings.robots.userAgent, files: [...files.filter((f) => f.path !== entry.fsPath), current] },
  }), token, { history: true }) as { pages: NewEntry[]; now: number } | undefined;
  if (answer === undefined) return { status: 'unchanged', reason: 'no-site' };
  const result = addEntries(entry.doc, answer.pages, { now: answer.now, maxEntries: settings.limits.maxEntries });
  switch (result.status) {
    case 'added': return { edits: result.edits, summary: { count: result.added, dated: result.dated } };
    case 'nothing-to-add': return { status: 'unchanged' };
    case 'too-many': return { status: 'unchanged', reason: 'too-many', count: result.room };
    default: return { status: 'not-editable' };
  }
}

/** `ranges`: the selections (offsets); all empty means the whole file. */
export async function setLastmodFromGit(context: PageEditContext, ranges: ReadonlyArray<{ start: number; end: number }>): Promise<PageEditOutcome> {
  const { entry, site, token } = context;
  const folder = folderOf(context);
  if (site === undefined || folder === undefined || !site.pages.hasPages(folder)) return { status: 'unchanged', reason: 'no-site' };
  const urls = site.summaryNow(entry).entries.map((e) => e.url);
  const answer = await site.pages.ask(folder, (keys) => ({ histories: { keys, urls } }), token, { history: true }) as PageHistories | undefined;
  if (answer === undefined) return { status: 'unchanged', reason: 'no-site' };
  const byUrl = new Map<string, SourceHistory>();
  answer.histories.forEach((history, k) => history !== null && byUrl.set(urls[k], history));
  const selected = ranges.filter((r) => r.end > r.start);
  const result = setLastmodFromHistory(entry.doc, selected, { historyOf: (url) => byUrl.get(url), now: answer.now });
  switch (result.status) {
    case 'set': return { edits: result.edits, summary: { count: result.entries } };
    case 'unchanged':
      return result.unchanged === 0 ? { status: 'unchanged', reason: 'no-history', detail: answer.notes.join(' ') || undefined } : { status: 'unchanged', count: 0 };
    case 'no-entries': return { status: 'unchanged' };
    default: return { status: 'not-editable' };
  }
}

function folderOf({ entry, workspace }: PageEditContext): string | undefined {
  return entry.fsPath === undefined ? undefined : workspace.folderOf(entry.fsPath)?.fsPath;
}
