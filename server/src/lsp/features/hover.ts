/** Hover over the protocol: the language layer's Markdown, with the workspace file an index entry names. */
import { MarkupKind, type Connection } from 'vscode-languageserver';
import { getHover } from '../../language/languageService';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { ruleDocs } from './ruleDocs';
import { fileResolverFor } from '../site/sitePages';

export function registerHover(connection: Connection, deps: FeatureDependencies): void {
  const { workspace } = deps;
  connection.onHover(guardRequest(connection, 'textDocument/hover', null, async (params, token) => {
    const prepared = await documentForRequest(deps, params.textDocument.uri, token);
    if (prepared === undefined) return null;
    const { entry, settings, location } = prepared;
    const doc = entry.doc;
    const resolve = fileResolverFor(workspace, entry, settings, location);
    const resolveFile = resolve && ((url: string) => { const file = resolve(url); return file && workspace.displayPath(file); });
    const hover = getHover(doc, doc.offsetAt(params.position), { location, allowedHosts: settings.allowedHosts, resolveFile, ruleLink: ruleDocs().href });
    if (hover === undefined) return null;
    return { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(doc, hover.start, hover.end) };
  }));
}
