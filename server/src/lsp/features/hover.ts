/** Hover over the protocol: the language layer's Markdown, with the workspace file an index entry names. */
import { MarkupKind, type Connection } from 'vscode-languageserver';
import { getHover, locAt } from '../../language/languageService';
import type { OpenDocument } from '../documents/documentStore';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { ruleDocs } from './ruleDocs';
import { fileResolverFor } from '../site/sitePages';

/** A hover waits this long for the page section at most, then shows without it (the site may still be read). */
const PAGE_HOVER_MS = 100;

export function registerHover(connection: Connection, deps: FeatureDependencies): void {
  const { workspace } = deps;
  connection.onHover(guardRequest(connection, 'textDocument/hover', null, async (params, token) => {
    const prepared = await documentForRequest(deps, params.textDocument.uri, token);
    if (prepared === undefined) return null;
    const { entry, settings, location } = prepared;
    const doc = entry.doc;
    const resolve = fileResolverFor(workspace, entry, settings, location);
    const resolveFile = resolve && ((url: string) => { const file = resolve(url); return file && workspace.displayPath(file); });
    const offset = doc.offsetAt(params.position);
    const hover = getHover(doc, offset, { location, allowedHosts: settings.allowedHosts, resolveFile, ruleLink: ruleDocs().href });
    const page = await pageSection(deps, entry, offset, settings.robots.userAgent);
    if (hover === undefined && page === undefined) return null;
    const value = [hover?.contents, page?.text].filter((part) => part !== undefined).join('\n\n---\n\n');
    const range = hover ?? page!;
    return { contents: { kind: MarkupKind.Markdown, value }, range: rangeOf(doc, range.start, range.end) };
  }));
}

/** What the page behind the hovered `<loc>` says, from the site the page rules read; undefined when not known in time. */
async function pageSection(deps: FeatureDependencies, entry: OpenDocument, offset: number, userAgent: string): Promise<{ text: string; start: number; end: number } | undefined> {
  const loc = locAt(entry.doc, offset);
  const folder = entry.fsPath === undefined ? undefined : deps.workspace.folderOf(entry.fsPath);
  if (loc === undefined || folder === undefined) return undefined;
  const text = await deps.pageChecks.describe(folder.fsPath, loc.url, userAgent, PAGE_HOVER_MS);
  return text === undefined ? undefined : { text, start: loc.start, end: loc.end };
}
