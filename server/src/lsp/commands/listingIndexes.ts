/** `sitemap/listingIndexes`, for Add to robots.txt: which of a robots.txt's sitemaps are indexes that already list a
 * sitemap (reachable then without a line of its own); an index is read from its open document, else from disk. */
import type { Connection } from 'vscode-languageserver';
import { languageOfContent } from '../../../../shared/documentLanguage';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { LISTING_INDEXES_REQUEST, type ListingIndexesParams, type ListingIndexesResult } from '../../../../shared/protocol';
import { indexEntries, parseDocument, type SitemapDocument } from '../../language/languageService';
import type { Configuration } from '../documents/configuration';
import type { DocumentStore } from '../documents/documentStore';
import { decodeFileText, readMaybeGzip } from '../../node/files';
import { guardRequest } from '../guard';
import { robotsUrlToFile } from '../site/urlToFile';
import { uriToFsPath, type Workspace } from '../documents/workspace';

/** An index is at most 50 MB uncompressed; more is not one to read here. */
const MAX_INDEX_BYTES = MAX_BYTES;

export interface ListingIndexesDependencies {
  store: DocumentStore;
  configuration: Configuration;
  workspace: Workspace;
}

export function registerListingIndexes(connection: Connection, deps: ListingIndexesDependencies): void {
  connection.onRequest(LISTING_INDEXES_REQUEST, guardRequest(connection, LISTING_INDEXES_REQUEST, { indexes: [] },
    (params: ListingIndexesParams) => listingIndexes(deps, params)));
}

async function listingIndexes({ store, configuration, workspace }: ListingIndexesDependencies, params: ListingIndexesParams): Promise<ListingIndexesResult> {
  const robotsPath = uriToFsPath(params?.robotsUri);
  if (robotsPath === undefined || !Array.isArray(params.urls) || typeof params.sitemapUrl !== 'string') return { indexes: [] };
  const settings = await configuration.get(params.robotsUri);
  const toFile = robotsUrlToFile(workspace, robotsPath, settings);
  const wanted = normalized(params.sitemapUrl);
  const indexes: string[] = [];
  for (const url of params.urls) {
    const file = typeof url === 'string' ? toFile?.(url) : undefined;
    const index = file === undefined ? undefined : store.getByPath(file)?.doc ?? readIndex(file);
    if (index?.kind === 'sitemapindex' && indexEntries(index).some((entry) => entry.url !== undefined && normalized(entry.url) === wanted)) indexes.push(url);
  }
  return { indexes };
}

function readIndex(file: string): SitemapDocument | undefined {
  const bytes = readMaybeGzip(file, MAX_INDEX_BYTES);
  if (bytes === undefined) return undefined;
  const text = decodeFileText(bytes);
  return languageOfContent(text) === 'sitemap' ? parseDocument(text, 'sitemap') : undefined;
}

function normalized(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}
