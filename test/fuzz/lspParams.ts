/**
 * The parameters of the project's own requests (shared/protocol.ts) as the language server's fuzzer sends them
 * (lspRun.ts): right as the VS Code client makes them, stale, naming a document nobody opened, or garbage. Every request
 * that could reach another machine stays on the fuzzer's loopback server: the live check runs only while `live.origin`
 * is that server (or no http origin, which it refuses), and URLs are read from that server or are no http URL.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHECK_LIVE_REQUEST, CHECK_SITE_REQUEST, COMPARE_REQUEST, DOCUMENT_INFO_REQUEST, LISTING_INDEXES_REQUEST, MERGE_INDEX_REQUEST, REMOTE_SITEMAP_REQUEST,
  SITE_TREE_REQUEST, SPLIT_PLAN_REQUEST,
} from '../../shared/protocol';
import { ORIGIN } from './documents';
import type { Action, Arguments, CUSTOM_REQUESTS, DocumentName } from './lspCase';

export interface ParamsContext {
  /** The document's URI. */
  uri: string;
  open: { version: number } | undefined;
  uriOf: (name: DocumentName) => string;
  workspace: string;
  liveOrigin: string;
  /** Whether the settings keep the live check on the loopback server. */
  liveIsSafe: boolean;
  siteNodes: readonly string[];
}

const METHODS: Record<typeof CUSTOM_REQUESTS[number], string> = {
  documentInfo: DOCUMENT_INFO_REQUEST, splitPlan: SPLIT_PLAN_REQUEST, mergeIndex: MERGE_INDEX_REQUEST, compare: COMPARE_REQUEST,
  listingIndexes: LISTING_INDEXES_REQUEST, siteTree: SITE_TREE_REQUEST, checkSite: CHECK_SITE_REQUEST, checkLive: CHECK_LIVE_REQUEST,
  readUrl: REMOTE_SITEMAP_REQUEST, workspaceSymbol: 'workspace/symbol',
};

/** Revisions a user may type, and some that are options to git or paths out of the repository. */
const REVISIONS = ['HEAD', 'HEAD~1', 'HEAD~9', 'main', 'no-such-revision', '', '--output=../outside/written', '-p', 'HEAD:../../etc/passwd', '@{-1}', 'HEAD^{tree}'];

/** The method and parameters of a custom request action. */
export function customParams(action: Extract<Action, { args: Arguments; request: string }>, context: ParamsContext): { method: string; params: unknown } {
  const request = action.request;
  const method = METHODS[request];
  if (typeof action.args === 'object') {
    const garbage = action.args.garbage;
    // readUrl's and the live check's garbage names no http URL (JSON generated at random is none, but for certain).
    const safe = (request === 'readUrl' || request === 'checkLive') && JSON.stringify(garbage ?? null).includes('http') ? {} : garbage;
    return { method, params: safe };
  }
  const uri = action.args === 'unknown' ? pathToFileURL(path.join(context.workspace, 'nobody.xml')).href : context.uri;
  return { method, params: rightParams(request, uri, action.pick, context) };
}

function rightParams(request: typeof CUSTOM_REQUESTS[number], uri: string, pick: number, context: ParamsContext): unknown {
  const choose = <T>(options: readonly T[]): T => options[Math.min(options.length - 1, Math.floor(pick * options.length))];
  switch (request) {
    case 'documentInfo': return { uri };
    case 'splitPlan': return {
      uri, maxEntries: choose([1, 2, 5, 50_000, 0, -1]), maxBytes: choose([52_428_800, 200, 1]),
      baseUrl: choose([`${ORIGIN}/`, `${ORIGIN}/children/`, 'not a url', '']), namePattern: choose(['sitemap-{n}.xml', 'part-{n}.xml.gz', 'no-number.xml', '../outside/{n}.xml', '']),
    };
    case 'mergeIndex': return { uri, allowMissing: pick > 0.5 };
    case 'compare': return choose([{ uri }, { uri, revision: choose(REVISIONS) }, { uri, otherUri: context.uriOf(choose(['sitemap.xml', 'public/sitemap.xml', 'new/sitemap-2.xml'])) },
      { uri, otherUri: pathToFileURL(path.join(context.workspace, '..', 'outside', 'outside.xml')).href }, { uri, revision: 'HEAD~1', otherUri: 'untitled:x' }]);
    case 'listingIndexes': return {
      robotsUri: choose([uri, context.uriOf('robots.txt')]), urls: choose([[], [`${ORIGIN}/sitemap-index.xml`], [`${ORIGIN}/sitemap.xml`, `${ORIGIN}/sitemap-index.xml`, 'not a url']]),
      sitemapUrl: choose([`${ORIGIN}/sitemap.xml`, `${ORIGIN}/public/sitemap.xml`, '']),
    };
    case 'siteTree': return siteTreeParams(pick, context);
    case 'checkSite': return pick < 0.5 ? {} : { workDoneToken: `fuzz-${Math.floor(pick * 1e6)}` };
    // Where the settings would send the live check to the listed URLs' own origin, a document nobody opened: refused first.
    case 'checkLive': return { uri: context.liveIsSafe ? uri : pathToFileURL(path.join(context.workspace, 'nobody.xml')).href };
    case 'readUrl': return { url: choose([`${context.liveOrigin}/sitemap.xml`, `${context.liveOrigin}/robots.txt`, `${context.liveOrigin}/gone`, `${context.liveOrigin}/big.xml.gz`, 'http://127.0.0.1:9/closed.xml', 'file:///etc/passwd', 'not a url']) };
    case 'workspaceSymbol': return { query: choose(['', 'sitemap', 'https://www.example.com/', '😀', '\ud800']) };
  }
}

/** The folders' level, a folder, or a node an earlier answer gave (or one nobody gave). */
function siteTreeParams(pick: number, context: ParamsContext): unknown {
  if (pick < 0.15) return {};
  if (pick < 0.3) return { folder: pathToFileURL(context.workspace).href };
  if (pick < 0.35) return { node: 'file:///no/such/node.xml' };
  if (context.siteNodes.length === 0) return {};
  return { node: context.siteNodes[Math.floor(((pick - 0.35) / 0.65) * context.siteNodes.length) % context.siteNodes.length] };
}
