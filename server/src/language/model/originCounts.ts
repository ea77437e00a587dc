/** How many entry URLs share each origin, kept per segment: mixed-hosts needs the commonest, and counting 50,000 URLs
 * per keystroke would cost more than the keystroke. URLs are grouped by their authority as written, each parsed to its
 * origin once. */
import { copyString } from '../syntax/copyString';
import { checkUrl } from '../rules/url';
import type { ValueProblem } from '../rules/valueProblem';
import { unescapeXml } from '../syntax/xmlText';

/** The origin most entry URLs share, and how many do. */
export interface ReferenceOrigin {
  origin: string;
  count: number;
}

interface Prefix {
  key: string;
  /** Undefined when the URL has no valid origin (not absolute, bad host or port). */
  origin: string | undefined;
  count: number;
}

const ignored: ValueProblem[] = [];

export class OriginCounts {
  private readonly prefixes = new Map<string, Prefix>();
  /** The prefix met last: most files have a single one, and a startsWith finds it. */
  private last: Prefix | undefined;

  clear(): void {
    this.prefixes.clear();
    this.last = undefined;
  }

  /** `url` in canonical escaped form (segment.url). */
  add(url: string): void {
    this.update(url, 1);
  }

  remove(url: string): void {
    this.update(url, -1);
  }

  /** The origin of an entry URL (canonical escaped form), undefined when it has none. */
  originOf(url: string): string | undefined {
    return this.prefixOf(url).origin;
  }

  /** The origin most entry URLs share; on a tie, the one that appears first in `segments` (document order). */
  reference(segments: Iterable<{ url: string | undefined }>): ReferenceOrigin | undefined {
    const { origins, count } = this.leaders();
    if (origins.length <= 1) return origins.length === 0 ? undefined : { origin: origins[0], count };
    const tied = new Set(origins);
    for (const segment of segments) {
      const origin = segment.url !== undefined ? this.originOf(segment.url) : undefined;
      if (origin !== undefined && tied.has(origin)) return { origin, count };
    }
    return undefined;
  }

  /** Whether every URL counted has `origin` as its origin (none has another, none has none). */
  allHave(origin: string): boolean {
    for (const prefix of this.prefixes.values()) if (prefix.origin !== origin) return false;
    return true;
  }

  /** The origins with the highest count (several on a tie) and that count. */
  private leaders(): { origins: string[]; count: number } {
    const counts = new Map<string, number>();
    for (const prefix of this.prefixes.values()) {
      if (prefix.origin !== undefined) counts.set(prefix.origin, (counts.get(prefix.origin) ?? 0) + prefix.count);
    }
    let count = 0;
    let origins: string[] = [];
    for (const [origin, n] of counts) {
      if (n > count) {
        count = n;
        origins = [origin];
      } else if (n === count) {
        origins.push(origin);
      }
    }
    return { origins, count };
  }

  private update(url: string, delta: number): void {
    const prefix = this.prefixOf(url);
    prefix.count += delta;
    if (prefix.count === 0) {
      this.prefixes.delete(prefix.key);
      if (this.last === prefix) this.last = undefined;
    }
  }

  private prefixOf(url: string): Prefix {
    const last = this.last;
    if (last !== undefined && url.startsWith(last.key) && endsAuthority(url.charCodeAt(last.key.length))) return last;
    let key = url.slice(0, authorityEnd(url));
    let prefix = this.prefixes.get(key);
    if (prefix === undefined) {
      // Kept as long as a URL has it: not a view of the text it was sliced from.
      key = copyString(key);
      const origin = key === '' ? undefined : checkUrl(unescapeXml(key), ignored)?.origin;
      if (ignored.length !== 0) ignored.length = 0;
      prefix = { key, origin, count: 0 };
      this.prefixes.set(key, prefix);
    }
    if (key !== '') this.last = prefix;
    return prefix;
  }
}

/** End of `scheme://authority`, or 0 when the URL does not start that way (it then has no origin). */
function authorityEnd(url: string): number {
  const colon = url.indexOf(':');
  if (colon <= 0 || url.charCodeAt(colon + 1) !== 0x2f || url.charCodeAt(colon + 2) !== 0x2f) return 0;
  let end = colon + 3;
  while (end < url.length && !endsAuthority(url.charCodeAt(end))) end++;
  return end;
}

/** '/', '?', '#' or the end of the URL (NaN). */
function endsAuthority(c: number): boolean {
  return c === 0x2f || c === 0x3f || c === 0x23 || Number.isNaN(c);
}
