/** What the Sitemaps view shows of one `sitemap/siteTree` node: label, description (entries and size against the limits,
 * newest lastmod), Markdown tooltip, codicon and colour, collapsible state. Pure, no `vscode`, for node:test. */
import { formatMegabytes } from '../../../shared/byteSize';
import { REMOTE_SCHEME, type SiteTreeNode, type SiteTreeResult } from '../../../shared/protocol';

export type SiteTreeLimits = SiteTreeResult['limits'];
export type Collapsible = 'none' | 'collapsed' | 'expanded';

export interface SiteTreeItemView {
  label: string;
  description: string;
  /** Markdown. */
  tooltip: string;
  /** A codicon id (`ThemeIcon`). */
  icon: string;
  /** A theme colour id for the icon; absent: the icon's own. */
  iconColor?: string;
  collapsible: Collapsible;
  /** The node's kind, `url-` before it for a sitemap opened from its URL (read-only: no edit command in its menu):
   * the view's context menus choose their commands by it (`viewItem`). */
  contextValue: SiteTreeNode['kind'] | `url-${SiteTreeNode['kind']}`;
}

const KIND_ICONS: Record<SiteTreeNode['kind'], string> = {
  folder: 'root-folder', origin: 'globe', robots: 'robot', index: 'list-tree', sitemap: 'file-code', text: 'list-flat', missing: 'warning',
  unopened: 'cloud-download',
};
const ERROR_COLOR = 'list.errorForeground';
const WARNING_COLOR = 'list.warningForeground';

export function describeSiteTreeNode(node: SiteTreeNode, limits: SiteTreeLimits, locale?: string): SiteTreeItemView {
  return {
    label: node.label,
    description: describeCounts(node, limits, locale),
    tooltip: describeTooltip(node, limits, locale),
    icon: KIND_ICONS[node.kind],
    iconColor: iconColor(node, limits),
    collapsible: !node.hasChildren ? 'none' : node.kind === 'folder' || node.kind === 'origin' ? 'expanded' : 'collapsed',
    contextValue: node.uri?.startsWith(`${REMOTE_SCHEME}:`) === true ? `url-${node.kind}` : node.kind,
  };
}

/** What a node's entries are called: sitemaps for an index or a robots.txt, URLs for a sitemap (`count`: one or many). */
export function siteTreeEntryNoun(kind: SiteTreeNode['kind'], count = 2): string {
  const noun = kind === 'index' || kind === 'robots' ? 'sitemap' : 'URL';
  return count === 1 ? noun : `${noun}s`;
}

/** `12,345 / 50,000 URLs (24.7 %) · 2.85 MB · 2024-05-01`; a robots.txt has no limit: `3 sitemaps`. */
function describeCounts(node: SiteTreeNode, limits: SiteTreeLimits, locale?: string): string {
  if (node.kind === 'missing') return 'missing';
  if (node.kind === 'unopened') return 'not opened';
  if (node.kind === 'folder' || node.kind === 'origin') return '';
  if (node.entries === undefined) return 'reading…';
  const integer = numberFormat(locale, 0);
  const noun = siteTreeEntryNoun(node.kind, node.kind === 'robots' ? node.entries : undefined);
  const parts = node.kind === 'robots'
    ? [`${integer.format(node.entries)} ${noun}`]
    : [`${integer.format(node.entries)} / ${integer.format(limits.entries)} ${noun} (${percent(node.entries, limits.entries, locale)})`];
  if (node.bytes !== undefined && node.kind !== 'robots') parts.push(`${formatMegabytes(node.bytes, limits.bytes, locale)} MB`);
  if (node.newestLastmod !== undefined) parts.push(node.newestLastmod.slice(0, 10));
  return parts.join(' · ');
}

function describeTooltip(node: SiteTreeNode, limits: SiteTreeLimits, locale?: string): string {
  const integer = numberFormat(locale, 0);
  const lines = [`**${escapeMarkdown(node.label)}**`];
  if (node.url !== undefined && node.url !== node.label) lines.push(`Listed as ${escapeMarkdown(node.url)}`);
  if (node.kind === 'missing') lines.push('Listed, but not in the workspace.');
  if (node.kind === 'origin') lines.push('Sitemaps opened from their URL (Sitemap: Open from URL…) whose text came from this origin, while they are open.');
  if (node.kind === 'unopened') lines.push('Listed, not opened: click to read it from its URL.');
  if (node.entries !== undefined && node.kind !== 'folder') {
    const noun = siteTreeEntryNoun(node.kind, node.kind === 'robots' ? node.entries : undefined);
    lines.push(node.kind === 'robots' ? `${integer.format(node.entries)} ${noun} listed`
      : `${integer.format(node.entries)} of ${integer.format(limits.entries)} ${noun} allowed (${percent(node.entries, limits.entries, locale)})`);
  }
  if (node.bytes !== undefined && node.kind !== 'robots') {
    lines.push(`${integer.format(node.bytes)} of ${integer.format(limits.bytes)} bytes allowed (${percent(node.bytes, limits.bytes, locale)})`);
  }
  if (node.newestLastmod !== undefined) lines.push(`Newest lastmod: ${escapeMarkdown(node.newestLastmod)}`);
  if (node.problems !== undefined) {
    const { errors, warnings, others } = node.problems;
    lines.push(`Problems: ${integer.format(errors)} errors, ${integer.format(warnings)} warnings, ${integer.format(others)} others`);
  }
  if (node.pages !== undefined) {
    const { blocked, noindex, notFound, redirected } = node.pages;
    lines.push(`Pages: ${integer.format(blocked)} blocked by robots.txt, ${integer.format(noindex)} noindex, `
      + `${integer.format(notFound)} not found, ${integer.format(redirected)} redirected`);
  }
  return lines.join('\n\n');
}

/** Errors or past a limit: the error colour; warnings, or a missing file: the warning colour. */
function iconColor(node: SiteTreeNode, limits: SiteTreeLimits): string | undefined {
  const overLimit = node.kind !== 'robots' && ((node.entries ?? 0) > limits.entries || (node.bytes ?? 0) > limits.bytes);
  if (overLimit || (node.problems?.errors ?? 0) > 0) return ERROR_COLOR;
  if (node.kind === 'missing' || (node.problems?.warnings ?? 0) > 0) return WARNING_COLOR;
  return undefined;
}

function percent(value: number, max: number, locale?: string): string {
  return `${numberFormat(locale, 1).format(max > 0 ? (100 * value) / max : 0)} %`;
}

/** Backslash before each character Markdown gives a meaning (a URL's `_` or `*` stays as written). */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');
}

function numberFormat(locale: string | undefined, fractionDigits: number): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, useGrouping: true };
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', options);
  } catch {
    return new Intl.NumberFormat('en-US', options);
  }
}
