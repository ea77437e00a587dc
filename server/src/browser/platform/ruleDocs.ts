/** The web build's `lsp/features/ruleDocs.ts` (build.mjs, webPlatform): no bundled docs/rules.md to read in a web
 * worker, so each rule links to its section of the documentation on GitHub. */
import { ruleLink, type RuleLink } from '../../language/languageService';

export interface RuleDocs {
  href: RuleLink;
}

export function ruleDocs(): RuleDocs {
  return { href: (rule) => ruleLink(rule) };
}
