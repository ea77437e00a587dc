/** Sitemap roles — the root, its entries, each entry's fields — decided from names and resolved namespaces as elements
 * open; and the entry checks run as fields and entries close (rules/entryRules.ts). */
import { isWhitespace } from '../../../../shared/xmlChars';
import { Role, type Frame, type RootInfo } from './elementFrame';
import { closeEntryExtensions, closeExtensionElement } from '../rules/extensionElements';
import { extensionOf } from '../rules/extensionNamespaces';
import { checkEntryEnd, checkFieldValue, FIELD_RANK, fieldsOf } from '../rules/entryRules';
import { resetEntryState, type EntryState } from './parseState';
import type { SegmentAssembler } from './segmentAssembler';
import type { ValueText } from './valueText';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function setRoot(root: RootInfo, frame: Frame, out: SegmentAssembler): void {
  frame.role = Role.Root;
  root.frame = frame;
  root.nameStart = frame.nameStart;
  root.nameEnd = frame.nameEnd;
  if (frame.local !== 'urlset' && frame.local !== 'sitemapindex') {
    root.kind = 'unknown';
    root.sitemapNamespace = SITEMAP_NAMESPACE;
    out.report('unknown-root', frame.nameStart, frame.nameEnd, `A sitemap's root element is <urlset> or <sitemapindex>, not <${frame.qname}>.`);
    return;
  }
  root.kind = frame.local;
  root.entryName = frame.local === 'urlset' ? 'url' : 'sitemap';
  root.sitemapNamespace = frame.ns;
  if (frame.ns === SITEMAP_NAMESPACE) return;
  const prefix = frame.qname.length > frame.local.length ? frame.qname.slice(0, frame.qname.length - frame.local.length - 1) : '';
  const binding = frame.bindings?.find((b) => b.prefix === prefix);
  if (binding !== undefined) {
    out.report('bad-namespace', binding.valueStart, binding.valueEnd, `The sitemap namespace is "${SITEMAP_NAMESPACE}".`);
  } else {
    out.report('bad-namespace', frame.nameStart, frame.nameEnd, `<${frame.qname}> needs xmlns="${SITEMAP_NAMESPACE}".`);
  }
}

/** A root child: an entry (its state reset to `entry`), or reported; returns whether it is an entry. */
export function classifyRootChild(root: RootInfo, frame: Frame, tagEnd: number, entry: EntryState, out: SegmentAssembler): boolean {
  if (root.kind !== 'urlset' && root.kind !== 'sitemapindex') return false;
  if (frame.ns !== root.sitemapNamespace) {
    // Other namespaces are allowed, but an entry outside the root's namespace is the classic slip of
    // `<sm:urlset xmlns:sm="…">` with plain `<url>` children: consumers would see no entries at all.
    if (frame.local === root.entryName) {
      out.report('bad-namespace', frame.nameStart, frame.nameEnd, `This <${frame.qname}> is not in the namespace of <${root.frame!.qname}>, so it is not an entry.`);
    } else if (extensionOf(frame.ns) !== undefined) {
      // Other namespaces may stand here, but search engines read an extension's elements only inside an entry.
      const where = root.kind === 'urlset' ? 'inside a <url>: here search engines ignore it' : 'in a sitemap, inside a <url>, not in an index';
      out.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> belongs ${where}.`);
    }
    return false;
  }
  if (frame.local === root.entryName) {
    resetEntryState(entry, root.kind, frame.tagStart, tagEnd, frame.nameStart, frame.nameEnd);
    frame.entry = entry;
    return true;
  }
  out.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> is not allowed in <${root.frame!.qname}>${frame.local === 'url' || frame.local === 'sitemap' ? '' : `: it holds <${root.entryName}> entries`}.`);
  return false;
}

/** A child of an entry: a field (reading its value into `value`), a foreign element, or reported. */
export function classifyEntryChild(root: RootInfo, frame: Frame, entry: EntryState, tagEnd: number, value: ValueText, out: SegmentAssembler): void {
  if (frame.ns !== root.sitemapNamespace) {
    entry.foreignSeen = true;
    return;
  }
  const field = fieldsOf(entry.kind).get(frame.local);
  if (field === undefined) {
    out.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> is not a child of <${entry.kind === 'urlset' ? 'url' : 'sitemap'}>.`);
    return;
  }
  frame.role = Role.Field;
  frame.value = value;
  value.reset(tagEnd);
  frame.field = field;
  frame.entry = entry;
  const bit = 1 << field;
  if (entry.seen & bit) {
    frame.duplicate = true;
    out.report('duplicate-element', frame.nameStart, frame.nameEnd, `A second <${frame.qname}> in one entry.`);
    return;
  }
  entry.seen |= bit;
  const rank = FIELD_RANK[field];
  if ((rank < entry.maxRank || entry.foreignSeen) && !entry.orderReported) {
    entry.orderReported = true;
    out.report('element-order', frame.nameStart, frame.nameEnd, 'Children of an entry go in the order loc, lastmod, changefreq, priority, then other namespaces.');
  }
  if (rank > entry.maxRank) entry.maxRank = rank;
}

/** The entry checks, as a field or an entry closes. */
export function closeFrame(frame: Frame, out: SegmentAssembler): void {
  if (frame.role === Role.Field) {
    checkFieldValue(frame.field, frame.value!, frame.entry!, !frame.duplicate, frame.nameStart, frame.nameEnd, out.problems);
    frame.value = null;
  } else if (frame.role === Role.Extension) {
    closeExtensionElement(frame, out.problems);
  } else if (frame.role === Role.RootChild && frame.entry !== null) {
    checkEntryEnd(frame.entry, out.problems);
    if (frame.entry.extensions !== null) closeEntryExtensions(frame.entry, out.problems);
  }
}

/** Text that is not part of a value: only whitespace is allowed outside the root, in the root and in entries. */
export function checkStrayText(text: string, start: number, end: number, frame: Frame | undefined, root: RootInfo, rootClosed: boolean, out: SegmentAssembler): void {
  if (frame !== undefined && frame.role !== Role.Root && (frame.role !== Role.RootChild || frame.entry === null)) return;
  let first = start;
  while (first < end && isWhitespace(text.charCodeAt(first))) first++;
  if (first === end) return;
  let last = end;
  while (last > first && isWhitespace(text.charCodeAt(last - 1))) last--;
  if (frame === undefined) {
    out.report('xml-syntax', first, last, rootClosed ? 'Text is not allowed after the root element.' : 'Text is not allowed before the root element.');
  } else if (frame.role === Role.Root) {
    if (root.kind === 'urlset' || root.kind === 'sitemapindex') {
      out.report('unknown-element', first, last, `Text is not allowed directly inside <${frame.qname}>.`);
    }
  } else {
    out.report('unknown-element', first, last, `Text is not allowed directly inside <${frame.qname}>: put values in its child elements.`);
  }
}
