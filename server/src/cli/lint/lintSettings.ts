/** The settings of a `sitemap-lint` run: `--config` (the `sitemap.*` keys, read as the server reads them) under the
 * options. Site roots end up keyed by absolute folder, whatever they were relative to. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizeSiteRootUrl } from '../../../../shared/location';
import { isObject, isRuleId, resolveSettings, type SitemapSettings } from '../../language/languageService';
import type { LintArgs } from './lintArgs';
import type { LintOptions } from './lintContract';
import { SiteContext, siteRootOptions, withInferredRoots } from './siteContext';
import { Failure } from '../io/failure';
import { reasonOf, withCause } from '../../../../shared/causes';
import { packedSitemapSummary } from '../../node/packedSummary';
import { isUrlInput } from '../http/urlInput';

/** The engine's cap (sitemap.maxProblems) in a CLI run: none (the problems are counted exactly, maxProblems.ts caps the report). */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

export interface LintSettings {
  settings: SitemapSettings;
  /** Absolute folder → site root URL. */
  siteRoots: Record<string, string>;
}

export function lintSettings(args: LintArgs, cwd: string): LintSettings {
  const config = args.config === undefined ? {} : readConfig(args.config);
  const section = resolveSettings(config);
  const configDir = args.config === undefined ? cwd : path.dirname(path.resolve(cwd, args.config));
  const siteRoots: Record<string, string> = {};
  for (const [dir, url] of Object.entries(section.siteRoots)) {
    if (normalizeSiteRootUrl(url) === undefined) throw new Failure(`${args.config}: siteRoots "${dir}" needs an absolute http(s) URL, not "${url}"`);
    siteRoots[path.resolve(configDir, dir)] = url;
  }
  Object.assign(siteRoots, siteRootOptions(args.siteRoots, cwd));
  // maxProblems is the editor's (VS Code shows 1,000 problems a file): the CLI reports every problem, --max-problems caps its report.
  const { siteRoots: _roots, symbols: _symbols, maxProblems: _editorCap, ...settings } = section;
  return {
    settings: {
      ...settings, maxProblems: UNCAPPED, rules: { ...settings.rules, ...args.rules }, allowedHosts: [...settings.allowedHosts, ...args.allowedHosts],
      robots: { userAgent: args.userAgent ?? settings.robots.userAgent },
      pageSources: pageSourcesFrom(settings.pageSources, configDir),
    },
    siteRoots,
  };
}

/** A run's options from its arguments: sitemap-lint's and the GitHub Action's alike. Whoever runs it trusts the
 * checkout, so git may run; notes go to `onNote` and never change the exit code. */
export function lintOptions(args: LintArgs, cwd: string, onNote: (text: string) => void): LintOptions & { siteRoots: Record<string, string> } {
  const explicit = lintSettings(args, cwd);
  const { settings } = explicit;
  const local = args.mergeSummaries ? [] : args.inputs.filter((name) => !isUrlInput(name));
  const siteRoots = withInferredRoots(explicit.siteRoots, local, cwd, onNote, 'give --site-root DIR=URL');
  return {
    settings, site: new SiteContext(siteRoots, cwd), follow: args.follow, cwd, now: Date.now(), pageRules: { git: true }, onNote, siteRoots, sitemapSummary: packedSitemapSummary,
  };
}

/** `pageSources` with its folders (keys and a mapping's `root`) relative to the config file, as its siteRoots are, made absolute. */
function pageSourcesFrom(pageSources: Readonly<Record<string, unknown>>, configDir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [dir, value] of Object.entries(pageSources)) {
    const root = isObject(value) && typeof value.root === 'string' ? { root: path.resolve(configDir, value.root) } : {};
    out[path.resolve(configDir, dir)] = isObject(value) ? { ...value, ...root } : value;
  }
  return out;
}

/** The config file's object; an unreadable file, bad JSON or an unknown rule id is a Failure. */
function readConfig(file: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Failure(`${file}: ${code === 'ENOENT' ? 'no such config file' : e instanceof SyntaxError ? `not valid JSON (${e.message})` : withCause('cannot read', reasonOf(e))}`);
  }
  if (!isObject(json)) throw new Failure(`${file}: the config must be a JSON object with rules, siteRoots, allowedHosts or limits`);
  if (isObject(json.rules)) {
    const unknown = Object.keys(json.rules).find((id) => !isRuleId(id));
    if (unknown !== undefined) throw new Failure(`${file}: unknown rule "${unknown}"`);
  }
  return json;
}
