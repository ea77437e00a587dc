/** The rule catalogue. Rule ids are a public interface (settings, docs, quick fixes): never rename one. */

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeverityOrOff = Severity | 'off';

export const RULES = {
  'xml-syntax': 'error',
  'unescaped-ampersand': 'error',
  'unknown-entity': 'error',
  'unescaped-character': 'warning',
  'encoding': 'error',
  'doctype': 'warning',
  'unknown-root': 'error',
  'bad-namespace': 'error',
  'no-entries': 'warning',
  'missing-loc': 'error',
  'duplicate-element': 'error',
  'unknown-element': 'error',
  'element-order': 'warning',
  'invalid-url': 'error',
  'url-too-long': 'error',
  'out-of-scope': 'error',
  'mixed-hosts': 'error',
  'invalid-lastmod': 'error',
  'future-lastmod': 'warning',
  'invalid-changefreq': 'error',
  'invalid-priority': 'error',
  'too-many-entries': 'error',
  'file-too-large': 'error',
  'legacy-size-limit': 'information',
  'duplicate-url': 'warning',
  'nested-index': 'error',
  'text-sitemap-line': 'error',
  'language-mismatch': 'information',
  'url-fragment': 'warning',
  'local-url': 'warning',
  'robots-sitemap-url': 'error',
  'missing-sitemap-file': 'warning',
  'stale-index-lastmod': 'warning',
  'cross-file-duplicate-url': 'warning',
  'unlisted-sitemap': 'information',
  'extension-namespace': 'error',
  'image-missing-loc': 'error',
  'too-many-images': 'error',
  'image-deprecated': 'information',
  'video-missing-required': 'error',
  'video-invalid-value': 'error',
  'news-missing-required': 'error',
  'news-invalid-language': 'error',
  'news-invalid-date': 'error',
  'news-too-old': 'warning',
  'news-too-many-urls': 'error',
  'hreflang-invalid': 'error',
  'hreflang-missing-self': 'warning',
  'hreflang-not-reciprocal': 'warning',
  'hreflang-duplicate': 'warning',
  'unexpected-attribute': 'warning',
  'robots-sitemap-spelling': 'warning',
  'entity-not-expanded': 'warning',
  'blocked-by-robots': 'error',
  'noindex-page': 'error',
  'canonical-elsewhere': 'warning',
  'page-redirect': 'warning',
  'page-not-found': 'error',
  'unlisted-page': 'information',
  'lastmod-stale': 'warning',
  'lastmod-inflated': 'warning',
  'page-forbidden': 'error',
  'page-unreachable': 'error',
  'page-content-type': 'warning',
} as const satisfies Record<string, Severity>;

export type RuleId = keyof typeof RULES;

/** Pseudo rule of the one summary problem added when a file has more than `maxProblems`. */
export const TOO_MANY_PROBLEMS = 'too-many-problems';

export function isRuleId(id: string): id is RuleId {
  return Object.prototype.hasOwnProperty.call(RULES, id);
}

/** A problem found by the language layer; offsets are UTF-16 code units. */
export interface Problem {
  rule: RuleId | typeof TOO_MANY_PROBLEMS;
  start: number;
  end: number;
  message: string;
  related?: RelatedProblem[];
  /** The URL of the entry the problem lies in: set where it is reported beside the problem (a streamed lint's; lintOne's comes from entryUrlsAt). */
  url?: string;
}

export interface RelatedProblem {
  start: number;
  end: number;
  message: string;
}

/** A problem as stored inside one segment of the model: offsets relative to the segment start. */
export interface LocalProblem {
  rule: RuleId;
  start: number;
  end: number;
  message: string;
}
