/** Where each rule is documented, for `codeDescription` and hover links: the docs/rules.md shipped beside the bundle as a
 * `file:` URI with `#L<line>` (VS Code's opener selects the line), so the link works offline; else the GitHub page. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleLink, type RuleLink } from '../../language/languageService';
import { BUNDLE_ROOT } from '../../node/bundle';

export const BUNDLED_RULES_FILE = path.join(BUNDLE_ROOT, 'docs', 'rules.md');

export interface RuleDocs {
  /** The link to `rule`'s documentation. */
  href: RuleLink;
}

/** Reads `file` (docs/rules.md) and maps each rule to the line of its `## <rule>` heading. */
export function loadRuleDocs(file: string): RuleDocs {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { href: (rule) => ruleLink(rule) };
  }
  const lines = text.split(/\r?\n/);
  const headings = new Map<string, number>();
  lines.forEach((line, n) => {
    const heading = /^## ([a-z][a-z0-9-]*)\s*$/.exec(line);
    if (heading !== null && !headings.has(heading[1])) headings.set(heading[1], n + 1);
  });
  const base = pathToFileURL(file).href;
  const lineOf = (rule: string): number => {
    // A rule without its own section (`too-many-problems`): the first line that names it.
    let line = headings.get(rule);
    if (line === undefined) headings.set(rule, (line = lines.findIndex((l) => l.includes(`\`${rule}\``)) + 1 || 1));
    return line;
  };
  return { href: (rule) => `${base}#L${lineOf(rule)}` };
}

let bundled: RuleDocs | undefined;

/** The bundle's docs, read on first use. */
export function ruleDocs(): RuleDocs {
  return (bundled ??= loadRuleDocs(BUNDLED_RULES_FILE));
}
