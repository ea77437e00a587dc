/** A problem's message as people read it (stylish lines, annotations, SARIF's text): led by the URL of its entry when
 * the message does not name it already, so that the problems of a one-line sitemap do not differ by column alone. */
import type { LintProblem } from '../../node/lintResults';

export function problemText(p: Pick<LintProblem, 'message' | 'url'>): string {
  return p.url === undefined || p.message.includes(p.url) ? p.message : `${p.url}: ${p.message}`;
}
