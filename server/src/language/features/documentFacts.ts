/** What the commands ask before their prompts: the first `xml-syntax` problem (Split refuses such a document) and the
 * first entry URL's origin. Read from the model's segments: no validation run, no copy of the text. */
import type { DocumentFacts } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { firstSyntaxError } from '../edits/entries';

export function getDocumentFacts(model: SitemapModel): DocumentFacts {
  const facts: DocumentFacts = {};
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
