/**
 * What Split into Index asks about a document before its prompts: the first `xml-syntax` problem (the split refuses
 * such a document and points at it) and the origin of the first entry URL (the base URL offered when the sitemap's
 * location is unknown). Read from the model's segments: no validation run, no copy of the text.
 */
import type { SitemapModel } from '../model';
import { firstSyntaxError } from '../chores/entries';

export interface SplitFacts {
  /** The first `xml-syntax` problem in document order. */
  syntaxError?: { start: number; end: number };
  /** `https://www.example.com`, from the first entry with a URL that has one. */
  firstOrigin?: string;
}

export function getSplitFacts(model: SitemapModel): SplitFacts {
  const facts: SplitFacts = {};
  const syntaxError = firstSyntaxError(model);
  if (syntaxError !== undefined) facts.syntaxError = { start: syntaxError.start, end: syntaxError.end };
  for (const segment of model.segments) {
    const origin = segment.url !== undefined ? model.origins.originOf(segment.url) : undefined;
    if (origin !== undefined) {
      facts.firstOrigin = origin;
      break;
    }
  }
  return facts;
}
