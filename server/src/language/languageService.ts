/**
 * The language layer's facade: parse a document, apply edits to it, validate it. Pure: no LSP, no I/O.
 * Offsets are UTF-16 code units; positions (0-based line and character) exist only for the protocol's edge.
 */
import { SitemapModel, type DocumentKind, type Position, type SitemapLanguageId } from './model';
import type { SitemapSettings, ValidationContext } from './settings';
import { validateModel, type SitemapDiagnostic } from './validation';

export type { DocumentKind, Position, SitemapLanguageId, SitemapDiagnostic };
export { DEFAULT_SETTINGS, type SitemapSettings, type ValidationContext } from './settings';

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

export function parseDocument(text: string, languageId: SitemapLanguageId): SitemapDocument {
  return new SitemapModel(languageId, text);
}

/** Applies the edits in order, each against the text the previous one left. */
export function applyEdits(document: SitemapDocument, edits: readonly OffsetEdit[]): void {
  const model = asModel(document);
  for (const edit of edits) model.applyEdit(edit.start, edit.end, edit.text);
}

export function validate(document: SitemapDocument, settings: SitemapSettings, context: ValidationContext): SitemapDiagnostic[] {
  return validateModel(asModel(document), settings, context);
}

function asModel(document: SitemapDocument): SitemapModel {
  if (!(document instanceof SitemapModel)) throw new TypeError('Not a document created by parseDocument.');
  return document;
}
