/** Whether a robots.txt lets a crawler fetch a URL, decided exactly as Google's parser (google/robotstxt robots.cc)
 * decides: its groups, longest match with Allow winning ties, `*` and `$`, and its quirks. Parsed once, asked often. */
import { readRobotsLineAsGoogle, robotsLineStart } from '../../../../shared/robotsLine';
import { compilePattern, escapeRobotsPattern, robotsPath, utf8Bytes, type CompiledPattern } from './robotsPattern';
import { buildPrefixIndex, firstMatch, type PrefixIndex } from './robotsPrefixIndex';

/** An Allow or Disallow line of a robots.txt. */
export interface RobotsRule {
  allow: boolean;
  /** The value as Google compares it (percent-encoding normalised). */
  pattern: string;
  /** Google's match length when it matches: the pattern's length, `*` and `$` included. */
  priority: number;
  /** 1-based, lines ended by CR, LF or CRLF, as Google counts them. */
  lineNumber: number;
  /** The directive's offsets in the robots.txt, name to value (`Disallow: /private`), comment and spaces left out. */
  start: number;
  end: number;
  compiled: CompiledPattern;
}

/** One group: consecutive User-agent lines and the rules after them, up to the next User-agent line after a rule. */
export interface RobotsGroup {
  /** Each User-agent value's product token (`Googlebot` of `Googlebot/2.1`), lower-cased ASCII; `*` is `global`. */
  agents: string[];
  global: boolean;
  rules: RobotsRule[];
}

/** A parsed robots.txt; `isAllowed` keeps each crawler's merged rules in `byAgent` for the next URL. */
export interface RobotsRules {
  groups: RobotsGroup[];
  byAgent: Map<string, AgentRules>;
}

/** The rules that apply to one crawler: its own groups merged, else the `*` groups merged, longest pattern first. */
interface AgentRules {
  rules: PrefixIndex<RobotsRule>;
  /** Each rule's verdict, made once: asking allocates nothing but the path. */
  verdicts: RobotsVerdict[];
  noMatch: RobotsVerdict;
}

/** `rule`: the line that decided (Google's `matching_line`), undefined when no rule matched. Shared: do not change. */
export interface RobotsVerdict {
  readonly allowed: boolean;
  readonly rule?: RobotsRule;
  /** Which groups applied: the crawler's own, the `*` ones, or none (no rules for it). */
  readonly group: 'agent' | 'global' | undefined;
}

/** Google reads at most this many bytes of a line (8 × 2083), the rest is ignored. */
const MAX_LINE_BYTES = 2083 * 8 - 1;
const USER_AGENT_NAMES = ['user-agent', 'useragent', 'user agent'];
const DISALLOW_NAMES = ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];

/** Parses a robots.txt's groups and rules for any crawler; rules before the first User-agent line are ignored. */
export function parseRobotsRules(text: string): RobotsRules {
  const groups: RobotsGroup[] = [];
  let group: RobotsGroup | undefined;
  let sawRule = false;
  forEachLine(text, (lineStart, lineEnd, lineNumber) => {
    const line = readLine(text, lineStart, lineEnd, lineNumber);
    if (line === undefined) return;
    if (line.kind === 'agent') {
      if (group === undefined || sawRule) groups.push((group = { agents: [], global: false, rules: [] }));
      sawRule = false;
      addAgent(group, line.value);
    } else if (group !== undefined) {
      sawRule = true;
      group.rules.push(...rulesOf(line.rule));
    }
  });
  return { groups, byAgent: new Map() };
}

/**
 * Whether `userAgent` (a product token such as `Googlebot`, compared whole and case-insensitively, as Google does) may
 * fetch `url` (percent-encoded, as Google expects it): the longest matching pattern decides, Allow on a tie.
 */
export function isAllowed(rules: RobotsRules, userAgent: string, url: string): RobotsVerdict {
  const forAgent = agentRules(rules, userAgent);
  let path = robotsPath(url);
  const nul = path.indexOf('\0');
  if (nul >= 0) path = path.slice(0, nul); // Google reads the path as a C string.
  const position = firstMatch(forAgent.rules, path);
  return position < 0 ? forAgent.noMatch : forAgent.verdicts[position];
}

/** Whether Google obeys rules for this crawler name at all: letters, `-` and `_` only (robots.cc). */
export function isValidUserAgentToObey(userAgent: string): boolean {
  return userAgent.length > 0 && productToken(userAgent) === userAgent;
}

function agentRules(rules: RobotsRules, userAgent: string): AgentRules {
  let found = rules.byAgent.get(userAgent);
  if (found === undefined) {
    found = mergeGroups(rules.groups, asciiLowerCase(userAgent));
    rules.byAgent.set(userAgent, found);
  }
  return found;
}

/** A group naming the crawler (even with `*` beside it, even without rules) shuts out the `*` groups. */
function mergeGroups(groups: RobotsGroup[], agent: string): AgentRules {
  const own = groups.filter((g) => g.agents.includes(agent));
  const chosen = own.length > 0 ? own : groups.filter((g) => g.global);
  const merged = chosen.flatMap((g) => g.rules);
  // Stable: among equal lengths Allow first, then the earlier line, which is the line Google reports.
  merged.sort((a, b) => b.priority - a.priority || Number(b.allow) - Number(a.allow));
  const group: RobotsVerdict['group'] = own.length > 0 ? 'agent' : chosen.length > 0 ? 'global' : undefined;
  const verdicts = merged.map((rule) => ({ allowed: rule.allow || rule.priority === 0, rule, group }));
  return { rules: buildPrefixIndex(merged), verdicts, noMatch: { allowed: true, group } };
}

/** `*` alone or followed by a space is the global agent; anything else counts by its product token only. */
function addAgent(group: RobotsGroup, value: string): void {
  if (value.startsWith('*') && (value.length === 1 || isCSpace(value.charCodeAt(1)))) group.global = true;
  else group.agents.push(asciiLowerCase(productToken(value)));
}

/** An Allow line for `…/index.htm…` allows its folder too (Google-specific): a second, shorter pattern `…/$`. */
function rulesOf(line: RuleLine): RobotsRule[] {
  const { allow, pattern } = line;
  const rule: RobotsRule = { ...line, priority: pattern.length, compiled: compilePattern(pattern) };
  const slash = pattern.lastIndexOf('/');
  if (!allow || slash < 0 || !pattern.startsWith('/index.htm', slash)) return [rule];
  const folder = pattern.slice(0, slash + 1) + '$';
  return [rule, { ...rule, pattern: folder, priority: folder.length, compiled: compilePattern(folder) }];
}

type RuleLine = Omit<RobotsRule, 'priority' | 'compiled'>;
type ReadLine = { kind: 'agent'; value: string } | { kind: 'rule'; rule: RuleLine };

/** A User-agent, Allow or Disallow line (names as Google reads them, typos included), undefined for any other. */
function readLine(text: string, lineStart: number, lineEnd: number, lineNumber: number): ReadLine | undefined {
  const cut = googleLineEnd(text, lineStart, lineEnd);
  const lineText = text.slice(lineStart, cut.end);
  const line = readRobotsLineAsGoogle(lineText, lineText.length, lineStart === 0);
  if (line === undefined) return undefined;
  const name = lineText.slice(line.nameStart, line.nameEnd);
  const value = lineText.slice(line.valueStart, line.valueEnd);
  if (startsWithAny(name, USER_AGENT_NAMES)) return { kind: 'agent', value };
  const allow = startsWithAny(name, ['allow']);
  if (!allow && !startsWithAny(name, DISALLOW_NAMES)) return undefined;
  const lastCharBytes = line.valueEnd === lineText.length ? cut.lastCharBytes : undefined;
  const pattern = escapeRobotsPattern(value, lastCharBytes);
  return { kind: 'rule', rule: { allow, pattern, lineNumber, start: lineStart + line.nameStart, end: lineStart + line.valueEnd } };
}

/**
 * Where Google stops reading a line: at a NUL (it reads C strings) or after MAX_LINE_BYTES bytes of UTF-8, keeping
 * `lastCharBytes` bytes of a character cut through.
 */
function googleLineEnd(text: string, start: number, end: number): { end: number; lastCharBytes?: number } {
  const nul = text.indexOf('\0', start);
  if (nul >= 0 && nul < end) end = nul;
  if ((end - start) * 3 <= MAX_LINE_BYTES) return { end };
  let bytes = 0;
  // A byte-order mark opening the file is skipped before the line is read.
  for (let i = start + (start === 0 ? robotsLineStart(text, true) : 0); i < end; i++) {
    const codePoint = text.codePointAt(i) ?? 0;
    const size = utf8Bytes(codePoint).length;
    const units = codePoint > 0xffff ? 2 : 1;
    if (bytes + size > MAX_LINE_BYTES) return bytes === MAX_LINE_BYTES ? { end: i } : { end: i + units, lastCharBytes: MAX_LINE_BYTES - bytes };
    bytes += size;
    i += units - 1;
  }
  return { end };
}

/** Calls `visit` with each line's content range; CR, LF and CRLF end a line, as in Google's parser. */
function forEachLine(text: string, visit: (start: number, end: number, lineNumber: number) => void): void {
  let lineNumber = 1;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x0a && c !== 0x0d) continue;
    visit(start, i, lineNumber++);
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
  }
  visit(start, text.length, lineNumber);
}

/** robots.cc `ExtractUserAgent`: the leading run of ASCII letters, `-` and `_`. */
function productToken(value: string): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end))) end++;
  return value.slice(0, end);
}

function isTokenChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;
}

/** C's `isspace`: space, tab, LF, VT, FF, CR. */
function isCSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Google compares names case-insensitively in ASCII only (no Unicode folding: the Kelvin sign is no `k`). */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

function startsWithAny(name: string, prefixes: string[]): boolean {
  const start = asciiLowerCase(name.slice(0, 10));
  return prefixes.some((prefix) => start.startsWith(prefix));
}
