/**
 * What the demo workspace (test/e2e/demo/, which `npm start` opens) shows, held in two places: in the editor by the
 * check of `npm start` (startCheck.ts) and with `sitemap-lint` by test/cli/demoWorkspace.test.ts, so that the demo
 * cannot lose a problem it is there to show without a test saying so.
 */

/** The demo's sitemap.xml: one problem per rule, two of them warnings (the cross-file one among them). */
export const DEMO_RULES = ['unescaped-ampersand', 'invalid-lastmod', 'invalid-changefreq', 'invalid-priority', 'out-of-scope', 'duplicate-url', 'cross-file-duplicate-url'];
export const DEMO_COUNTS = { errors: 5, warnings: 2 };

/**
 * public/sitemap.xml against the built pages beside it (the demo's `sitemap.siteRoots`): the page rules, each with the
 * line of its problem (the `<loc>`, or the root element for `unlisted-page`).
 */
export const DEMO_PAGE_RULES: ReadonlyArray<{ rule: string; line: number }> = [
  { rule: 'unlisted-page', line: 2 }, // white-tea/, listed nowhere
  { rule: 'noindex-page', line: 12 }, // black-tea/
  { rule: 'blocked-by-robots', line: 16 }, // drafts/matcha/, under robots.txt's Disallow: /drafts/
  { rule: 'page-redirect', line: 20 }, // oolong/, a meta refresh to oolong-tea/
];
