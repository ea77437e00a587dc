/** The form of a `<lastmod>` (precision, fraction digits, `Z` or offset), read from one the file holds and written back:
 * the edits that write dates (Set lastmod to Now, from git history, Add Unlisted Pages) write them as the file does. */
import type { SitemapModel } from '../model/model';
import type { TimeZoneOffset } from '../sitemapLanguageTypes';
import { SegmentKind } from '../model/segment';
import { formatOffset } from '../features/clock';

export interface LastmodStyle {
  /** Characters of `YYYY-MM-DDThh:mm:ss` kept: 4, 7, 10, 16 or 19. */
  length: number;
  fraction: number;
  utc: boolean;
}

const DEFAULT_STYLE: LastmodStyle = { length: 19, fraction: 0, utc: false };
const W3C = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** The file's first valid `<lastmod>` value in a W3C form, the sample its new dates copy; undefined when none. */
export function firstValidLastmod(model: SitemapModel): string | undefined {
  for (const segment of model.segments) {
    if (segment.kind !== SegmentKind.Element || Number.isNaN(segment.lastmod)) continue;
    const value = segment.text.slice(segment.lastmodStart, segment.lastmodEnd).trim();
    if (styleOf(value) !== undefined) return value;
  }
  return undefined;
}

export function styleOf(value: string): LastmodStyle | undefined {
  const match = W3C.exec(value);
  if (match === null) return undefined;
  const zone = match[2];
  const length = zone === undefined ? value.length : value.length - zone.length - (match[1] === undefined ? 0 : match[1].length + 1);
  return { length, fraction: match[1]?.length ?? 0, utc: zone === 'Z' };
}

/** `time` in the form of `sample` (a `<lastmod>` of the entry or the file), else a local datetime with seconds and offset. */
export function formatLastmodLike(time: number, sample: string | undefined, zone: TimeZoneOffset): string {
  return formatInStyle(time, (sample === undefined ? undefined : styleOf(sample.trim())) ?? DEFAULT_STYLE, zone);
}

function formatInStyle(time: number, style: LastmodStyle, zone: TimeZoneOffset): string {
  const offset = style.utc ? 0 : zone(time);
  const iso = new Date(time + offset * 60_000).toISOString(); // YYYY-MM-DDThh:mm:ss.sssZ of the wall clock
  if (style.length <= 10) return iso.slice(0, style.length);
  const fraction = style.fraction === 0 ? '' : '.' + iso.slice(20, 23).padEnd(style.fraction, '0').slice(0, style.fraction);
  return iso.slice(0, style.length) + (style.length === 19 ? fraction : '') + (style.utc ? 'Z' : formatOffset(offset));
}
