/** Rules on one entry, run by the parser as an entry's child or the entry closes: missing-loc and the value rules.
 * (duplicate-element, unknown-element and element-order need only a child's name: the parser decides them as it opens.) */
import type { LocalProblem } from './catalogue';
import type { ValueProblem } from './valueProblem';
import { checkListedUrl } from './listedUrl';
import { checkLastmod } from './lastmod';
import { checkChangefreq, checkPriority } from './simpleValues';
import type { ValueText } from '../syntax/valueText';
import { isWhitespace } from '../syntax/textMetrics';
import { escapeXml } from '../syntax/xmlText';
import { Field, type EntryState } from '../syntax/parseState';

/** Schema order of the children. */
export const FIELD_RANK: readonly number[] = [0, 1, 2, 3];

/** A `<url>`'s children in schema order (each one's index is its Field); a `<sitemap>` has the first two. */
const URL_CHILDREN: readonly string[] = ['loc', 'lastmod', 'changefreq', 'priority'];
const SITEMAP_CHILDREN = URL_CHILDREN.slice(0, 2);

const URL_FIELDS = new Map(URL_CHILDREN.map((name, k) => [name, k as Field]));
const SITEMAP_FIELDS = new Map(SITEMAP_CHILDREN.map((name, k) => [name, k as Field]));

/** The entry's children in schema order, for the parser, completion and the element-order fix alike. */
export function childOrder(kind: 'urlset' | 'sitemapindex'): readonly string[] {
  return kind === 'urlset' ? URL_CHILDREN : SITEMAP_CHILDREN;
}

export function fieldsOf(kind: 'urlset' | 'sitemapindex'): ReadonlyMap<string, Field> {
  return kind === 'urlset' ? URL_FIELDS : SITEMAP_FIELDS;
}

/** Scratch space for value problems: values are checked one at a time. */
const found: ValueProblem[] = [];

/** Runs the value rule of one field; `first` is false for a duplicate (validated, but not the entry's value). */
export function checkFieldValue(
  field: Field, value: ValueText, entry: EntryState, first: boolean, nameStart: number, nameEnd: number, problems: LocalProblem[],
): void {
  const raw = value.value;
  let start = 0;
  let end = raw.length;
  while (start < end && isWhitespace(raw.charCodeAt(start))) start++;
  while (end > start && isWhitespace(raw.charCodeAt(end - 1))) end--;
  const text = start === 0 && end === raw.length ? raw : raw.slice(start, end);
  if (found.length !== 0) found.length = 0;
  switch (field) {
    case Field.Loc:
      if (text === '') {
        if (first) {
          entry.locEmptyStart = nameStart;
          entry.locEmptyEnd = nameEnd;
        }
        return;
      }
      checkListedUrl(text, found);
      if (first) {
        entry.url = escapeXml(text);
        entry.urlStart = value.sourceStart(start);
        entry.urlEnd = value.sourceEnd(end);
      }
      break;
    case Field.Lastmod: {
      // future-lastmod depends on the clock: it is a contextual rule, checked outside the parser.
      const time = checkLastmod(text, Infinity, found);
      if (first && time !== undefined) {
        entry.lastmod = time;
        entry.lastmodStart = value.sourceStart(start);
        entry.lastmodEnd = value.sourceEnd(end);
      }
      break;
    }
    case Field.Changefreq:
      checkChangefreq(text, found);
      break;
    case Field.Priority:
      checkPriority(text, found);
      break;
  }
  for (const p of found) {
    problems.push({ rule: p.rule, start: value.sourceStart(start + p.start), end: value.sourceEnd(start + p.end), message: p.message });
  }
}

export function checkEntryEnd(entry: EntryState, problems: LocalProblem[]): void {
  if ((entry.seen & (1 << Field.Loc)) === 0) {
    problems.push({ rule: 'missing-loc', start: entry.nameStart, end: entry.nameEnd, message: `This <${entry.kind === 'urlset' ? 'url' : 'sitemap'}> has no <loc>.` });
  } else if (entry.locEmptyStart >= 0) {
    problems.push({ rule: 'missing-loc', start: entry.locEmptyStart, end: entry.locEmptyEnd, message: 'This <loc> is empty.' });
  }
}
