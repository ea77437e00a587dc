/** Rules on the document as a whole: no-entries and the protocol's limits (news-too-many-urls too). Offsets are absolute. */
import type { Problem } from './catalogue';
import type { DocumentKind, SitemapModel } from '../model/model';
import { parseXmlHead, type RootInfo } from '../syntax/parser';
import type { SitemapSettings } from '../settings';
import { describeLimit, describeSize, formatCount } from '../../../../shared/byteSize';

/** What these rules read of a document: the model's, or what a streamed validation kept of it. */
export interface DocumentFacts {
  root: RootInfo | undefined;
  kind: DocumentKind;
  entryCount: number;
  byteLength: number;
  /** Absolute range of the `n`-th entry's (0-based) start tag. */
  entryTag(n: number): { start: number; end: number };
  /** Entries carrying `<news:news>` (news-too-many-urls), and the absolute range of the `n`-th one's name. */
  newsCount: number;
  newsName(n: number): { start: number; end: number };
}

export function modelFacts(model: SitemapModel): DocumentFacts {
  return {
    root: model.root, kind: model.kind, entryCount: model.entryCount, byteLength: model.byteLength,
    entryTag: (n) => {
      const index = model.entrySegment(n);
      const segment = model.segments[index];
      const start = model.segmentStart(index);
      return { start: start + segment.tagStart, end: start + segment.tagEnd };
    },
    newsCount: model.news.size,
    newsName: (n) => {
      const segment = [...model.news].sort((a, b) => a.index - b.index)[n];
      const start = model.segmentStart(segment.index);
      return { start: start + segment.extensions!.news!.nameStart, end: start + segment.extensions!.news!.nameEnd };
    },
  };
}

export function checkDocument(model: DocumentFacts, settings: SitemapSettings, problems: Problem[]): void {
  const root = model.root;
  const kind = model.kind;
  // Where a whole-file problem sits: the root's name, or the start of a text sitemap.
  const anchorStart = root !== undefined && root.kind !== 'none' ? root.nameStart : 0;
  const anchorEnd = root !== undefined && root.kind !== 'none' ? root.nameEnd : 0;
  const entries = model.entryCount;

  if ((kind === 'urlset' || kind === 'sitemapindex') && entries === 0) {
    problems.push({ rule: 'no-entries', start: anchorStart, end: anchorEnd, message: `This <${kind}> has no ${kind === 'urlset' ? '<url>' : '<sitemap>'} entries.` });
  }

  const maxEntries = settings.limits.maxEntries;
  if (entries > maxEntries) {
    const tag = model.entryTag(maxEntries);
    const what = kind === 'text' ? 'lines' : kind === 'sitemapindex' ? '<sitemap> entries' : '<url> entries';
    problems.push({
      rule: 'too-many-entries', start: tag.start, end: tag.end,
      message: `${formatCount(entries)} ${what}: a file may hold at most ${formatCount(maxEntries)}. This is the first one over the limit.`,
      related: kind === 'text' ? undefined : [{ start: anchorStart, end: anchorEnd, message: 'The root of the file over the limit.' }],
    });
  }

  const maxNews = settings.limits.maxNewsEntries;
  if (kind === 'urlset' && model.newsCount > maxNews) {
    const name = model.newsName(maxNews);
    problems.push({ rule: 'news-too-many-urls', start: name.start, end: name.end, message: newsTooManyMessage(maxNews) });
  }

  const bytes = model.byteLength;
  const { maxBytes, legacyMaxBytes } = settings.limits;
  if (bytes > maxBytes) {
    problems.push({ rule: 'file-too-large', start: anchorStart, end: anchorEnd, message: `${describeSize(bytes, maxBytes)} of UTF-8: a sitemap may be at most ${describeLimit(maxBytes)} uncompressed.` });
  } else if (bytes > legacyMaxBytes) {
    problems.push({ rule: 'legacy-size-limit', start: anchorStart, end: anchorEnd, message: `${describeSize(bytes, legacyMaxBytes)} of UTF-8: over the original protocol's ${describeLimit(legacyMaxBytes)}, which some older consumers still apply.` });
  }
}

/**
 * `file-too-large` for a file whose reading stopped once it had inflated past `limit` (a gzip bomb): placed as
 * checkDocument places it, on the root's name when the file's first characters (`head`, XML when `xml`) hold it.
 */
export function inflatedPastProblem(head: string, xml: boolean, limit: number, maxBytes: number): Problem {
  const parsed = xml ? parseXmlHead(head) : undefined;
  const root = parsed?.complete === true && parsed.root.kind !== 'none' ? parsed.root : undefined;
  return {
    rule: 'file-too-large', start: root?.nameStart ?? 0, end: root?.nameEnd ?? 0,
    message: `More than ${describeLimit(limit)} of UTF-8 once gunzipped, where reading stopped: a sitemap may be at most ${describeLimit(maxBytes)} uncompressed.`,
  };
}

export function newsTooManyMessage(maxNews: number): string {
  return `More than ${formatCount(maxNews)} <url> entries carry <news:news>: a news sitemap may hold at most ${formatCount(maxNews)}. This is the first one over the limit.`;
}
