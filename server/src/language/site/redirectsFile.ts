/** Netlify's `_redirects` file (Cloudflare Pages reads the same format): its rules, and the rule a URL meets.
 * Syntax: `from [query=:value …] to [status[!]] [Condition=value …]`, `#` comments, default status 301. */
import { decodeSegment, parseWebUrl, type WebUrl } from '../../../../shared/webUrl';

export interface RedirectRule {
  /** The path pattern, or a whole URL for a domain-level rule (`https://old.example.com/*`). */
  from: string;
  /** Query parameters the URL must carry: `[name, ':placeholder' | literal]`. */
  query: Array<[string, string]>;
  to: string;
  status: number;
  /** `!`: the rule applies even where a file is served (Netlify's shadowing off). */
  force: boolean;
  /** `Country=`, `Language=`, `Role=`, `Cookie=`…: the rule is for some visitors only. */
  conditions: Array<[string, string]>;
  /** 0-based line, and the offsets of the rule's text in the file (without the line's indentation or comment). */
  line: number;
  start: number;
  end: number;
}

export interface RedirectsFileProblem {
  line: number;
  start: number;
  end: number;
  /** `unsupported-source`, `not-json`: vercel.json only (vercelJson.ts). */
  kind: 'no-destination' | 'bad-status' | 'bad-source' | 'unsupported-source' | 'not-json';
}

export interface RedirectsFile {
  rules: RedirectRule[];
  problems: RedirectsFileProblem[];
}

export function parseRedirectsFile(text: string): RedirectsFile {
  const file: RedirectsFile = { rules: [], problems: [] };
  let lineStart = 0;
  for (let line = 0; lineStart <= text.length; line++) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    parseLine(text.slice(lineStart, lineEnd), line, lineStart, file);
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return file;
}

/** One line: tokens up to an inline comment, then from, query pairs, to, status, conditions (Netlify's line parser). */
function parseLine(lineText: string, line: number, offset: number, file: RedirectsFile): void {
  const tokens: Array<{ text: string; start: number; end: number }> = [];
  for (const match of lineText.matchAll(/\S+/g)) {
    if (match[0].startsWith('#')) break;
    tokens.push({ text: match[0], start: offset + match.index!, end: offset + match.index! + match[0].length });
  }
  if (tokens.length === 0) return;
  const start = tokens[0]!.start;
  const end = tokens[tokens.length - 1]!.end;
  const problem = (kind: RedirectsFileProblem['kind']) => file.problems.push({ line, start, end, kind });
  const [from, ...parts] = tokens.map((token) => token.text) as [string, ...string[]];
  if (!from.startsWith('/') && !/^https?:\/\//i.test(from)) return void problem('bad-source');
  // A forward rule (`/a/* 200`) names no destination: it is the source with `/*` read as `/:splat`.
  const forward = /^\d+!?$/.test(parts[0] ?? '');
  const toIndex = forward ? -1 : parts.findIndex((part) => part.startsWith('/') || /^https?:\/\//i.test(part));
  if (toIndex < 0 && !(forward && from.endsWith('/*'))) return void problem('no-destination');
  const query = parts.slice(0, Math.max(toIndex, 0)).map(pair);
  const to = forward ? from.replace(/\/\*$/, '/:splat') : parts[toIndex]!;
  const [statusPart, ...conditionParts] = parts.slice(toIndex + 1);
  const status = statusPart === undefined ? 301 : Number.parseInt(statusPart, 10);
  if (!Number.isInteger(status) || !/^\d+!?$/.test(statusPart ?? '301')) return void problem('bad-status');
  const force = statusPart?.endsWith('!') ?? false;
  file.rules.push({ from, query, to, status, force, conditions: conditionParts.map(pair), line, start, end });
}

function pair(token: string): [string, string] {
  const equals = token.indexOf('=');
  return equals < 0 ? [token, ''] : [token.slice(0, equals), token.slice(equals + 1)];
}

/** The first rule a URL meets, with its destination filled in (splat, placeholders) and resolved against the URL. */
export interface RuleMatch {
  rule: RedirectRule;
  target: string;
}

export interface MatchOptions {
  /**
   * A file serves the URL's path: Netlify then skips rules without `!` (shadowing). Cloudflare Pages follows every
   * rule whatever the files: leave it false there.
   */
  fileExists?: boolean;
}

/**
 * The rule that decides `url` (an absolute URL), any status: rules are tried top to bottom and the first that applies
 * wins. Rules with conditions apply to some visitors only, not to a crawler: they are skipped.
 */
export function matchRule(rules: readonly RedirectRule[], url: string, options: MatchOptions = {}): RuleMatch | undefined {
  const target = parseWebUrl(url);
  if (target === undefined) return undefined;
  const have = normalizedPath(target.pathname).split('/');
  const params = new Map<string, string>();
  for (const part of target.search.slice(1).split('&')) {
    const [name, value] = pair(part);
    if (part !== '') params.set(decodeQuery(name), decodeQuery(value));
  }
  for (const rule of rules) {
    if (rule.conditions.length > 0 || (options.fileExists === true && !rule.force)) continue;
    const bindings = matchSource(rule, target, have, params);
    if (bindings !== undefined) return { rule, target: fillDestination(rule.to, bindings, url) };
  }
  return undefined;
}

/** As matchRule, only when the deciding rule redirects (3xx): a 200 rewrite or a 404 page is not a redirect. */
export function matchRedirect(rules: readonly RedirectRule[], url: string, options: MatchOptions = {}): RuleMatch | undefined {
  const match = matchRule(rules, url, options);
  return match !== undefined && match.rule.status >= 300 && match.rule.status < 400 ? match : undefined;
}

/** A rule's source made ready to match: its origin for a domain-level rule, its decoded path's segments. */
interface CompiledSource {
  origin: { protocol: string; host: string } | undefined;
  segments: string[];
  /** The first segment when literal: a path with another first segment cannot match. */
  first: string | undefined;
}

/** Sources compiled once per rule, not once per URL. */
const compiledSources = new WeakMap<RedirectRule, CompiledSource | null>();

function compiledSource(rule: RedirectRule): CompiledSource | null {
  let compiled = compiledSources.get(rule);
  if (compiled === undefined) {
    let origin: CompiledSource['origin'];
    let path = rule.from;
    if (!path.startsWith('/')) {
      const from = parseWebUrl(path.replace(/\*$/, ''));
      origin = from === undefined ? undefined : { protocol: from.protocol, host: from.host };
      path = from === undefined ? '' : from.pathname + (rule.from.endsWith('*') ? '*' : '');
    }
    const segments = normalizedPath(path).split('/');
    compiled = path === '' ? null : { origin, segments, first: /^[:*]/.test(segments[1]!) ? undefined : segments[1] };
    compiledSources.set(rule, compiled);
  }
  return compiled;
}

/** The rule's placeholders bound by the URL, or undefined when its source does not match. */
function matchSource(rule: RedirectRule, target: WebUrl, have: readonly string[], params: ReadonlyMap<string, string>): Map<string, string> | undefined {
  const source = compiledSource(rule);
  if (source === null || (source.first !== undefined && source.first !== have[1])) return undefined;
  if (source.origin !== undefined && (source.origin.host !== target.host || source.origin.protocol !== target.protocol)) return undefined;
  const bindings = matchPath(source.segments, have);
  if (bindings === undefined) return undefined;
  for (const [name, value] of rule.query) {
    const actual = params.get(name);
    if (actual === undefined) return undefined;
    if (value.startsWith(':')) bindings.set(value.slice(1), actual);
    else if (value !== actual) return undefined;
  }
  return bindings;
}

/**
 * `/news/:year/*` against a path, segment by segment: `:name` binds one segment, a final `*` the rest (even none) as
 * `splat`; vercel.json's final `:name*` binds the rest as `name`, `:name+` a rest of one segment or more.
 */
function matchPath(want: readonly string[], have: readonly string[]): Map<string, string> | undefined {
  const bindings = new Map<string, string>();
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const rest = i === want.length - 1 ? /^(?:\*|:(\w+)([*+]))$/.exec(part) : null;
    if (rest !== null) {
      const value = have.slice(i).join('/');
      if (rest[2] === '+' && value === '') return undefined;
      bindings.set(rest[1] ?? 'splat', value);
      return bindings;
    }
    const segment = have[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':') && segment !== '') bindings.set(part.slice(1), segment);
    else if (part !== segment) return undefined;
  }
  return want.length === have.length ? bindings : undefined;
}

/** Percent-decoded, without a trailing slash (Netlify matches `/a` and `/a/` alike). */
function normalizedPath(path: string): string {
  const decoded = path.split('/').map((segment) => decodeSegment(segment) ?? segment).join('/');
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

function decodeQuery(part: string): string {
  return decodeSegment(part.replace(/\+/g, ' ')) ?? part;
}

/** The destination with `:splat` and `:name` replaced, resolved against the URL. */
function fillDestination(to: string, bindings: ReadonlyMap<string, string>, url: string): string {
  const filled = to.replace(/:([A-Za-z_]\w*)[*+]?/g, (whole, name: string) => bindings.get(name) ?? whole);
  return parseWebUrl(filled, url)?.href ?? filled;
}
