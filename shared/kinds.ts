/** What a document is and why a split or a merge is refused: values the server computes and the client shows. */

export type DocumentKind = 'urlset' | 'sitemapindex' | 'text' | 'robots' | 'unknown';

export type SplitRefusalKind = 'ill-formed' | 'entry-too-large' | 'no-entries' | 'not-a-sitemap';

export type MergeRefusalKind =
  | 'not-an-index' | 'empty-index' | 'child-is-index' | 'child-not-a-sitemap' | 'ill-formed' | 'namespace-conflict'
  | 'too-many-entries' | 'too-large';
