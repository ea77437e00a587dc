/** `--format sarif`: SARIF 2.1.0 as GitHub code scanning takes it — one run, every rule with its documentation link,
 * results by URI relative to the current directory (`%SRCROOT%`); SARIF's columns count UTF-16 code units, as ours. A
 * problem about an entry names its URL: `properties.url`, and a logical location of kind `resource` (SARIF §3.33.7). With
 * a baseline, each result has its `baselineState`: `new`, or `unchanged` for those it records, which are kept, suppressed
 * (`accepted`: GitHub code scanning closes their alerts); the run's `properties.baseline` holds the totals. */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isUrlInput } from '../http/urlInput';
import { ruleLink, RULES, TOO_MANY_PROBLEMS, type Severity } from '../../language/languageService';
import { packageJson, packageVersion } from '../../node/bundle';
import type { FileResult, LintProblem } from '../../node/lintResults';
import { problemText } from './problemText';
import { STDIN_NAME } from '../lint/lintInputs';
import type { BaselineTotals } from '../lint/baseline/applyBaseline';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/sitemap-studio/sitemap-studio';
const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** The catalogue's rules, then the summary problem of a file over `maxProblems`. */
const RULE_IDS: ReadonlyArray<keyof typeof RULES | typeof TOO_MANY_PROBLEMS> = [...(Object.keys(RULES) as Array<keyof typeof RULES>), TOO_MANY_PROBLEMS];

export function formatSarif(results: readonly FileResult[], cwd: string, baseline?: BaselineTotals): string {
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'sitemap-lint', version: packageVersion(), informationUri: INFORMATION_URI, rules: ruleDescriptors() } },
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd + path.sep).href } },
      results: results.flatMap((r) => [
        ...r.problems.map((p) => ({ ...resultOf(p, r, cwd), ...(baseline === undefined ? {} : { baselineState: 'new' }) })),
        ...(r.baseline?.suppressed ?? []).map((p) => ({ ...resultOf(p, r, cwd), ...suppressedBy(baseline!) })),
      ]),
      ...(baseline === undefined ? {} : { properties: { baseline } }),
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A problem the baseline records: unchanged since it, and suppressed as accepted, which code scanning shows as closed. */
function suppressedBy(baseline: BaselineTotals) {
  return {
    baselineState: 'unchanged',
    suppressions: [{ kind: 'external', status: 'accepted', justification: `Recorded in the baseline ${baseline.file}.` }],
  };
}

function resultOf(p: LintProblem, r: FileResult, cwd: string) {
  return {
    ruleId: p.rule,
    ruleIndex: RULE_IDS.indexOf(p.rule),
    level: LEVELS[p.severity],
    message: { text: problemText(p) },
    locations: [{
      physicalLocation: {
        artifactLocation: artifactOf(r.file, cwd),
        region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn },
      },
      ...(p.url !== undefined ? { logicalLocations: [{ name: p.url, fullyQualifiedName: p.url, kind: 'resource' }] } : {}),
    }],
    ...(p.related !== undefined ? {
      relatedLocations: p.related.map((x, id) => ({
        id,
        message: { text: x.message },
        physicalLocation: {
          artifactLocation: artifactOf(x.file, cwd),
          region: { startLine: x.line, startColumn: x.column, endLine: x.endLine, endColumn: x.endColumn },
        },
      })),
    } : {}),
    ...propertiesOf(p, r),
  };
}

/** The entry's URL; on a --max-problems notice, the problems of each severity it stands for. */
function propertiesOf(p: LintProblem, r: FileResult): { properties?: Record<string, unknown> } {
  if (p.url !== undefined) return { properties: { url: p.url } };
  if (p.rule === TOO_MANY_PROBLEMS && r.omitted !== undefined) return { properties: { omitted: r.omitted } };
  return {};
}

function ruleDescriptors() {
  const descriptions = settingDescriptions();
  return RULE_IDS.map((id) => ({
    id,
    shortDescription: { text: shortDescription(id, descriptions[id]) },
    helpUri: ruleLink(id),
    defaultConfiguration: { level: id in RULES ? LEVELS[RULES[id as keyof typeof RULES]] : 'note' },
  }));
}

/** The first sentence of the rule's setting description in package.json, else the id in words. */
function shortDescription(id: string, text: unknown): string {
  const sentence = typeof text === 'string' ? /^(.+?)[.:](?:\s|$)/.exec(text.replace(/`/g, ''))?.[1] : undefined;
  if (sentence !== undefined) return `${sentence}.`;
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `contributes.configuration[].properties['sitemap.rules'].properties[id].markdownDescription`. */
function settingDescriptions(): Record<string, unknown> {
  const contributes = (packageJson() as { contributes?: { configuration?: unknown } } | undefined)?.contributes?.configuration;
  const sections = Array.isArray(contributes) ? contributes : [contributes];
  const out: Record<string, unknown> = {};
  for (const section of sections) {
    const rules = (section as { properties?: Record<string, { properties?: Record<string, { markdownDescription?: unknown }> }> } | undefined)
      ?.properties?.['sitemap.rules']?.properties ?? {};
    for (const [id, rule] of Object.entries(rules)) out[id] = rule.markdownDescription;
  }
  return out;
}

/** Relative to the current directory when under it (GitHub needs that), else an absolute file URI; a URL input's URL. */
function artifactOf(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (file === STDIN_NAME) return { uri: 'stdin' };
  // A sitemap read over HTTP is its URL, an absolute URI as SARIF's artifactLocation takes it (SARIF 2.1.0 §3.4.3).
  if (isUrlInput(file)) return { uri: new URL(file).href };
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return { uri: pathToFileURL(absolute).href };
  return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}
