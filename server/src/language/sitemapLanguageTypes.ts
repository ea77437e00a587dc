/**
 * The language layer's public types, apart from the facade (languageService.ts) so that features and chores can name
 * them without importing the facade that imports them.
 */
import type { DocumentKind } from '../../../shared/kinds';
import type { Position, SitemapLanguageId } from './model';

export type { DocumentKind, Position, SitemapLanguageId };

/** Replace text[start, end) with `text` (UTF-16 offsets). */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

export interface SitemapDocument {
  readonly languageId: SitemapLanguageId;
  readonly kind: DocumentKind;
  readonly length: number;
  readonly lineCount: number;
  readonly entryCount: number;
  readonly byteLength: number;
  getText(): string;
  offsetAt(position: Position): number;
  positionAt(offset: number): Position;
}

export interface ParseOptions {
  /** The text's UTF-8 length, when the caller has it (the bytes it decoded): saves counting it (6–10 ms at 12 MB). */
  byteLength?: number;
  /**
   * The document is validated and never edited (a linter): the URL index is then filled only if duplicates need it
   * (a native Set tells whether any URL repeats). Editing it still works; the first edit fills the index.
   */
  once?: boolean;
}
