import type { LocalProblem } from '../rules/catalogue';
import type { EntryExtensions, EntryFields } from '../syntax/parseState';

export const enum SegmentKind {
  /** Prolog, root start tag and whatever precedes the root's first child element. */
  Head,
  /** One child element of the root, plus the content that follows it up to the next child or the root's end tag. */
  Element,
  /** The root's end tag and everything after it (or nothing, when the root is never closed). */
  Tail,
  /** One line of a text sitemap, with its line break. */
  Line,
}

/** Shared by every segment without problems (most of them): saves an array per entry. */
export const NO_PROBLEMS: readonly LocalProblem[] = Object.freeze([]) as readonly LocalProblem[];

/** Consecutive segments of a model's list: see Segment.run. */
export interface SegmentRun {
  readonly start: number;
}

/** The run of a list not cut into runs yet: the place is the index. */
export const WHOLE_LIST: SegmentRun = Object.freeze({ start: 0 });

/**
 * The unit of incremental reparsing. Offsets inside are relative to the segment's start, so a segment survives
 * edits elsewhere untouched. Kept flat and small: a 50,000-entry sitemap holds 50,000 of them.
 */
export class Segment implements EntryFields {
  /**
   * Where the segment lives in the model's list, kept current by the model: a run of consecutive segments and the
   * place in it, so that adding a segment moves the runs after it, not every segment after it (chunkedList.ts).
   */
  run: SegmentRun = WHOLE_LIST;
  place = 0;
  problems: readonly LocalProblem[] = NO_PROBLEMS;
  /** Problems that depend on the world outside the segment (scope, clock, workspace). */
  contextual: readonly LocalProblem[] = NO_PROBLEMS;
  /** An entry (`<url>` in a urlset, `<sitemap>` in an index, a URL line). */
  isEntry = false;
  /**
   * The element was left open and closed only by the next segment's first tag (an entry start tag, or the root's end
   * tag that starts the tail): the boundary after this segment is not a clean state, so a reparse of the next segment
   * must include this one.
   */
  closedByNext = false;
  /**
   * Its parse depends on the text after it (syntax/textAfter.ts): ended at the next entry start tag because the text
   * that would end it properly is absent after it (held here, one or both: `</name` for an element left open, `-->` for
   * a comment), so an edit that writes that text after it must reparse from it.
   */
  absentAfter: readonly string[] | undefined = undefined;
  /**
   * The converse: an entry start tag did not close the root child because its end tag (held here: `</name`) is present
   * after the segment (the element was closed by something else first): an edit after it that erases that end tag
   * must reparse from it.
   */
  presentAfter: string | undefined = undefined;
  /** Line breaks in `text`. */
  lineBreaks = 0;
  /** Range of the entry's start tag, relative (for `too-many-entries`). */
  tagStart = 0;
  tagEnd = 0;
  /** Where the root child element ends, relative: the rest of an element segment is what follows it. */
  elementEnd = 0;
  /**
   * The entry's URL (`<loc>` or text line), if it has a non-empty one, in canonical escaped form (xmlText.ts):
   * the key for duplicates; `unescapeXml` gives the URL itself. And the range of the value.
   */
  url: string | undefined = undefined;
  urlStart = 0;
  urlEnd = 0;
  /** The entry's `<lastmod>` in epoch ms when valid (NaN otherwise), and its range. */
  lastmod = NaN;
  lastmodStart = 0;
  lastmodEnd = 0;
  /** What the entry's extension elements leave for the rules beyond it, when it has any (offsets relative). */
  extensions: EntryExtensions | undefined = undefined;

  constructor(public readonly kind: SegmentKind, public readonly text: string) {}

  /** Position in the model's segment list. */
  get index(): number {
    return this.run.start + this.place;
  }
}
