/** What the parser knows of an open element, and of the document's root. */
import type { Field, EntryState } from './parseState';
import type { DoctypeFacts } from './doctype/doctypeFacts';
import type { ExtensionElement } from '../rules/extensionVocabulary';
import type { ValueText } from './valueText';

export type RootKind = 'urlset' | 'sitemapindex' | 'unknown' | 'none';

export const enum Role {
  Root,
  /** A child element of the root: a segment of its own. */
  RootChild,
  /** A sitemap-namespace value element of an entry: `<loc>`, `<lastmod>`, … */
  Field,
  /** An element of a sitemap extension (image, video, news, xhtml:link) inside an entry: rules/extensionElements.ts. */
  Extension,
  Other,
}

/** A namespace declaration, its URI decoded; the range is the attribute value's. */
export interface Binding {
  prefix: string;
  uri: string;
  valueStart: number;
  valueEnd: number;
}

export interface Frame {
  qname: string;
  local: string;
  ns: string | undefined;
  tagStart: number;
  nameStart: number;
  nameEnd: number;
  role: Role;
  bindings: Binding[] | null;
  /** Nearest frame (this one included) that declares namespaces. */
  scope: Frame | null;
  /** For a frame with bindings: the nearest ancestor with bindings. */
  outerScope: Frame | null;
  /** The entry this frame is (role RootChild) or is a field of (role Field). */
  entry: EntryState | null;
  value: ValueText | null;
  field: Field;
  /** A field already seen in this entry: validated, but not the entry's value. */
  duplicate: boolean;
  /** The start tag ended at a "<" instead of ">": most likely a tag still being typed. */
  unterminated: boolean;
  /** Role Extension: what the element is, its parent when that is an extension element too, and its children seen. */
  extension: ExtensionElement | undefined;
  extensionParent: Frame | null;
  /** Occurrences of each child (by its place in the vocabulary's list of the element's children), once one is seen. */
  childCounts: number[] | null;
  /** Bit set of the children present with a value (by the same place). */
  childrenFilled: number;
  /** Where a `</qname` was found ahead of an entry start tag met inside this root child (-1: not looked for). */
  endTagAhead: number;
}

export interface RootInfo {
  kind: RootKind;
  /** Range of the root element's name (absolute; the head starts at 0). */
  nameStart: number;
  nameEnd: number;
  /** End of the root's start tag (absolute): what a split copies before its entries. */
  startTagEnd: number;
  /** The frame region parses start from; undefined when the document has no open root to reparse inside. */
  frame: Frame | undefined;
  /** Namespace that the root's children must use (the root's own, even when it is the wrong one). */
  sitemapNamespace: string | undefined;
  /** Name of the entry element: `url` or `sitemap`. */
  entryName: string;
  /** What the DOCTYPE's internal subset declares, when there is one: entity references are read against it. */
  doctype: DoctypeFacts | undefined;
}
