/** The one problem a file that is not UTF-8 gets (the language layer's validateFileEncoding), as a report's line 1,
 * column 1. */
import { validateFileEncoding, type SitemapSettings } from '../../language/languageService';
import type { FileEncoding } from '../../../../shared/fileEncoding';
import type { LintProblem } from '../../node/lintResults';

export function encodingProblem(encoding: FileEncoding | undefined, settings: SitemapSettings): LintProblem | undefined {
  const found = encoding === undefined ? undefined : validateFileEncoding(encoding, settings);
  return found && { rule: found.rule, severity: found.severity, message: found.message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
