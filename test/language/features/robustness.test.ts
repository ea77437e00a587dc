/**
 * The authoring features never throw, whatever the text: every feature at many offsets of a mutation corpus of
 * broken sitemaps, and after edits (the incremental model's segments change under the cached structures).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyEdits, complete, DEFAULT_SETTINGS, findDocumentLinks, findDocumentSymbols, getFixAllEdits, getFoldingRanges, getHover, getQuickFixes,
  getSelectionRanges, parseDocument, validate,
} from '../../../server/src/language/languageService';
import { mutationCorpus } from '../../support/mutations';
import { random } from '../../support/generate';
import { applyOffsetEdits } from '../../support/cursor';
import { NOW } from '../../support/fixtures';

describe('robustness of the authoring features', () => {
  it('answers at every tenth offset of 300 broken documents, and its fixes apply cleanly', () => {
    for (const mutant of mutationCorpus(4, 300)) {
      const document = parseDocument(mutant.text, 'sitemap');
      const options = { now: NOW, timeZoneOffset: () => 60, location: 'https://www.example.com/sitemap.xml', candidateUrls: ['https://www.example.com/x'] };
      try {
        for (let offset = 0; offset <= mutant.text.length; offset += 10) {
          for (const item of complete(document, offset, options).items) assert.ok(item.start <= item.end && item.end <= mutant.text.length);
          getHover(document, offset, options);
        }
        getSelectionRanges(document, [0, Math.floor(mutant.text.length / 2), mutant.text.length]);
        findDocumentSymbols(document, { maxItems: 3 });
        getFoldingRanges(document);
        findDocumentLinks(document);
        const problems = validate(document, DEFAULT_SETTINGS, { now: NOW });
        for (const fix of getQuickFixes(document, problems)) applyOffsetEdits(mutant.text, fix.edits);
        applyOffsetEdits(mutant.text, getFixAllEdits(document));
      } catch (error) {
        assert.fail(`${mutant.steps.join('; ')}\n${mutant.text}\n${String((error as Error).stack)}`);
      }
    }
  });

  it('follows random edits', () => {
    const rnd = random(11);
    const [base] = mutationCorpus(5, 1);
    const document = parseDocument(base.text, 'sitemap');
    for (let n = 0; n < 500; n++) {
      const length = document.length;
      const start = Math.floor(rnd() * (length + 1));
      const end = Math.min(length, start + Math.floor(rnd() * 4));
      applyEdits(document, [{ start, end, text: ['<', '>', 'url', '</url>', '<loc>', '', 'a'][Math.floor(rnd() * 7)] }]);
      const offset = Math.floor(rnd() * (document.length + 1));
      complete(document, offset, { now: NOW });
      getHover(document, offset, { now: NOW });
      getSelectionRanges(document, [offset]);
    }
  });
});
