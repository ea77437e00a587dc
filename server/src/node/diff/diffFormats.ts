/** sitemap-diff's three reports: JSON for programs, stylish for a terminal, markdown for a pull request's comment (and
 * Compare with Last Commit's lists in the editor). */
import type { LastmodChange, SitemapDiff } from '../../language/languageService';

/** URLs listed per list in stylish (without --all). */
const STYLISH_CAP = 20;
/** In markdown: a GitHub comment holds 65,536 characters. */
const MARKDOWN_CAP = 200;

export function formatDiffJson(diff: SitemapDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}

export function formatDiffStylish(diff: SitemapDiff, all: boolean): string {
  const { counts } = diff;
  const cap = all ? Infinity : STYLISH_CAP;
  const lines = [`${counts.old} → ${counts.new} URLs: ${counts.added} added, ${counts.removed} removed, ${counts.lastmodChanged} lastmod changed`];
  const list = (title: string, items: readonly string[]) => {
    if (items.length === 0) return;
    lines.push('', `${title} (${items.length})`, ...capped(items, cap).map((line) => `  ${line}`));
  };
  list('Added', diff.added.map((url) => `+ ${url}`));
  list('Removed', diff.removed.map((url) => `- ${url}`));
  list('Lastmod changed', diff.lastmodChanged.map((c) => `~ ${c.url}  ${lastmodText(c.from)} → ${lastmodText(c.to)}`));
  if (!all && [diff.added, diff.removed, diff.lastmodChanged].some((l) => l.length > cap)) lines.push('', '(--all lists every URL)');
  return `${lines.join('\n')}\n`;
}

export function formatDiffMarkdown(diff: SitemapDiff, all: boolean): string {
  const { counts } = diff;
  const cap = all ? Infinity : MARKDOWN_CAP;
  const parts = [
    '### Sitemap diff', '',
    '| | URLs |', '| --- | ---: |',
    `| Old | ${counts.old} |`, `| New | ${counts.new} |`,
    `| Added | ${counts.added} |`, `| Removed | ${counts.removed} |`, `| Lastmod changed | ${counts.lastmodChanged} |`,
  ];
  const details = (title: string, items: readonly string[]) => {
    if (items.length === 0) return;
    parts.push('', `<details><summary>${title} (${items.length})</summary>`, '', ...capped(items, cap).map((item) => `- ${item}`), '', '</details>');
  };
  details('Added', diff.added.map(code));
  details('Removed', diff.removed.map(code));
  details('Lastmod changed', diff.lastmodChanged.map((c: LastmodChange) => `${code(c.url)}: ${code(lastmodText(c.from))} → ${code(lastmodText(c.to))}`));
  return `${parts.join('\n')}\n`;
}

/** The first `cap` items, then a line saying how many more there are. */
function capped(items: readonly string[], cap: number): string[] {
  return items.length <= cap ? [...items] : [...items.slice(0, cap), `… ${items.length - cap} more`];
}

function lastmodText(lastmod: string | null): string {
  return lastmod ?? '(none)';
}

/** Inline code that a backtick in a URL cannot end early. */
function code(text: string): string {
  return `\`${text.replace(/`/g, '%60')}\``;
}
