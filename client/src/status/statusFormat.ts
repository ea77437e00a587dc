/** What the status bar says of the active sitemap (`12,345 / 50,000 URLs · 2.85 / 50 MB`), its level (warning at 90 % of
 * a limit, error past one) and its tooltip. Pure, no `vscode`, for node:test. */
import { formatLimitMegabytes, formatMegabytes } from '../../../shared/byteSize';
import type { StatusParams } from '../../../shared/protocol';
import { MAX_BYTES, MAX_ENTRIES } from '../../../shared/protocolLimits';

export interface Limits {
  maxEntries: number;
  maxBytes: number;
}

/** The protocol's limits, the settings' defaults (`sitemap.limits.maxEntries`, `sitemap.limits.maxBytes`). */
export const DEFAULT_LIMITS: Limits = Object.freeze({ maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES });
/** From this share of either limit on, the item turns to the warning colour. */
export const WARNING_RATIO = 0.9;

export type StatusLevel = 'normal' | 'warning' | 'error';

export interface StatusView {
  text: string;
  tooltip: string;
  level: StatusLevel;
  /** Over a limit: clicking the item should help split the file. */
  overLimit: boolean;
}

/** The configured limits, each falling back to the default unless it is a number ≥ 1 (as the server does). */
export function resolveLimits(maxEntries: unknown, maxBytes: unknown): Limits {
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 1;
  return {
    maxEntries: valid(maxEntries) ? Math.floor(maxEntries) : DEFAULT_LIMITS.maxEntries,
    maxBytes: valid(maxBytes) ? Math.floor(maxBytes) : DEFAULT_LIMITS.maxBytes,
  };
}

export function statusLevel(entries: number, bytes: number, limits: Limits): StatusLevel {
  if (entries > limits.maxEntries || bytes > limits.maxBytes) return 'error';
  if (entries >= WARNING_RATIO * limits.maxEntries || bytes >= WARNING_RATIO * limits.maxBytes) return 'warning';
  return 'normal';
}

/** What the entries of a document are called: pages for a sitemap, sitemaps for an index. */
export function entryNoun(kind: StatusParams['kind']): string {
  switch (kind) {
    case 'sitemapindex':
      return 'sitemaps';
    case 'urlset':
    case 'text':
      return 'URLs';
    default:
      return 'entries';
  }
}

const ICONS: Record<StatusLevel, string> = { normal: '$(list-flat)', warning: '$(warning)', error: '$(error)' };

export function describeStatus(status: Pick<StatusParams, 'kind' | 'entries' | 'bytes'>, limits: Limits, locale?: string): StatusView {
  const { entries, bytes } = status;
  const level = statusLevel(entries, bytes, limits);
  const integer = numberFormat(locale, 0, 0);
  const noun = entryNoun(status.kind);
  const text = `${ICONS[level]} ${integer.format(entries)} / ${integer.format(limits.maxEntries)} ${noun} · `
    + `${formatMegabytes(bytes, limits.maxBytes, locale)} / ${formatLimitMegabytes(limits.maxBytes, locale)} MB`;
  const share = numberFormat(locale, 1, 1);
  const percent = (value: number, max: number) => share.format((100 * value) / max);
  const overLimit = level === 'error';
  const tooltip = [
    `${integer.format(entries)} of ${integer.format(limits.maxEntries)} ${noun} allowed (${percent(entries, limits.maxEntries)} %)`,
    `${integer.format(bytes)} of ${integer.format(limits.maxBytes)} bytes allowed (${percent(bytes, limits.maxBytes)} %)`,
    overLimit ? 'Over a limit: click to split the file into parts listed by a sitemap index.'
      : level === 'warning' ? 'Close to a limit (sitemap.limits).' : 'Limits: sitemap.limits.maxEntries and sitemap.limits.maxBytes.',
  ].join('\n');
  return { text, tooltip, level, overLimit };
}

function numberFormat(locale: string | undefined, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = { minimumFractionDigits, maximumFractionDigits, useGrouping: true };
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', options);
  } catch {
    return new Intl.NumberFormat('en-US', options);
  }
}
