/** A slow, plain robots.txt matcher (robots.cc's handler transcribed, patterns as regular expressions) to hold the fast
 * one to, and a seeded generator of robots.txt files, user agents and URLs full of the cases Google's parser treats
 * specially. */
import { readRobotsLineAsGoogle } from '../../shared/robotsLine';
import { escapeRobotsPattern, robotsPath } from '../../server/src/language/site/robotsPattern';
import { random } from './generate';

export interface RobotsCase {
  robotstxt: string;
  userAgent: string;
  url: string;
}

export interface ReferenceVerdict {
  allowed: boolean;
  /** Google's `matching_line()`: 0 when no rule matched. */
  lineNumber: number;
}

interface Match {
  priority: number;
  lineNumber: number;
}

const NONE: Match = { priority: -1, lineNumber: 0 };

/** robots.cc `RobotsMatcher`, line by line: one pass over the file per question, no index, no merging, no sorting. */
export function referenceAllowed({ robotstxt, userAgent, url }: RobotsCase): ReferenceVerdict {
  const path = robotsPath(url).split('\0')[0];
  const best = { allowGlobal: NONE, allowSpecific: NONE, disallowGlobal: NONE, disallowSpecific: NONE };
  let seenGlobal = false;
  let seenSpecific = false;
  let everSeenSpecific = false;
  let seenSeparator = false;
  const record = (allow: boolean, priority: number, lineNumber: number): void => {
    const key = `${allow ? 'allow' : 'disallow'}${seenSpecific ? 'Specific' : 'Global'}` as keyof typeof best;
    if (best[key].priority < priority) best[key] = { priority, lineNumber };
  };
  robotstxt.split(/\r\n|\r|\n/).forEach((rawLine, k) => {
    const lineText = rawLine.split('\0')[0];
    const line = readRobotsLineAsGoogle(lineText, lineText.length, k === 0);
    if (line === undefined) return;
    const name = lineText.slice(line.nameStart, line.nameEnd);
    const value = lineText.slice(line.valueStart, line.valueEnd);
    if (/^(user-agent|useragent|user agent)/i.test(name)) {
      if (seenSeparator) seenSpecific = seenGlobal = seenSeparator = false;
      if (/^\*([ \t\n\v\f\r]|$)/.test(value)) seenGlobal = true;
      else if ((/^[A-Za-z_-]*/.exec(value)?.[0] ?? '').toLowerCase() === asciiLower(userAgent)) everSeenSpecific = seenSpecific = true;
      return;
    }
    const allow = /^allow/i.test(name);
    if (!allow && !/^(disallow|dissallow|dissalow|disalow|diasllow|disallaw)/i.test(name)) return;
    if (!seenGlobal && !seenSpecific) return;
    seenSeparator = true;
    const pattern = escapeRobotsPattern(value);
    const lineNumber = k + 1;
    if (regexOf(pattern).test(path)) record(allow, pattern.length, lineNumber);
    else if (allow && /\/index\.htm[^/]*$/.test(pattern)) {
      const folder = pattern.slice(0, pattern.lastIndexOf('/') + 1) + '$';
      if (regexOf(folder).test(path)) record(true, folder.length, lineNumber);
    }
  });
  return decide(best, everSeenSpecific);
}

function decide(best: Record<'allowGlobal' | 'allowSpecific' | 'disallowGlobal' | 'disallowSpecific', Match>, everSeenSpecific: boolean): ReferenceVerdict {
  const higher = (disallow: Match, allow: Match): number => (disallow.priority > allow.priority ? disallow : allow).lineNumber;
  const lineNumber = everSeenSpecific ? higher(best.disallowSpecific, best.allowSpecific) : higher(best.disallowGlobal, best.allowGlobal);
  if (best.allowSpecific.priority > 0 || best.disallowSpecific.priority > 0) {
    return { allowed: !(best.disallowSpecific.priority > best.allowSpecific.priority), lineNumber };
  }
  if (everSeenSpecific) return { allowed: true, lineNumber };
  if (best.allowGlobal.priority > 0 || best.disallowGlobal.priority > 0) {
    return { allowed: !(best.disallowGlobal.priority > best.allowGlobal.priority), lineNumber };
  }
  return { allowed: true, lineNumber };
}

/** `*` any characters, a final `$` the end, everything else itself; anchored at the start, a prefix otherwise. */
function regexOf(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body.split('*').map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('[\\s\\S]*');
  return new RegExp('^' + source + (anchored ? '$' : ''));
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const PATH_PIECES = ['/', '/', '/', 'a', 'b', 'a', 'b', '*', '*', '$', '$', '%', '2', 'f', 'F', 'é', 'ツ', '?', '=', '.', 'index.html',
  'index.htm', '#', ' ', '\t', ';', ':', '%2f', '%2F', '%e3%83%84', '😀', '\v', '\0'];
const KEYS = ['User-agent', 'user-agent', 'USER-AGENT', 'useragent', 'user agent', 'User-agentx', 'Allow', 'allow', 'ALLOW',
  'Allowed', 'Disallow', 'disallow', 'dissallow', 'disalow', 'diasllow', 'disallaw', 'Dissalow', 'Sitemap', 'Noindex',
  'Crawl-delay', 'Disalow', 'Disallow https'];
const AGENTS = ['FooBot', 'FooBot', '*', '*', 'foobot', '* x', 'Foo Bar', '*foo', 'BarBot', '', 'FooBot/1.0', 'Foo', 'F😀o', 'Foo_bot', 'FOOBOT'];
const ASKED_AGENTS = ['FooBot', 'FooBot', 'FooBot', 'foobot', 'BarBot', '', 'Foo', 'FooBot/1.0', '*', 'x', 'Foo_bot'];
const URL_STARTS = ['http://foo.bar', 'https://foo.bar', 'foo.bar', '', '//foo.bar', 'http://foo.bar:80', 'http://a/b?c=http://d', 'a://b'];
const SEPARATORS = [': ', ':', ' :', ' ', '\t', ' : ', ':\t', '\v', ' \v'];
const LINE_ENDS = ['\n', '\r\n', '\r', '\n\r'];

/** `count` questions, three per generated robots.txt, replayable from `seed`. */
export function generateRobotsCases(seed: number, count: number): RobotsCase[] {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
  const pieces = (n: number): string => Array.from({ length: n }, () => pick(PATH_PIECES)).join('');
  // Patterns of few letters, `*` and `$`, whose pieces overlap in the paths they meet.
  const small = (n: number): string => Array.from({ length: Math.floor(next() * n) }, () => pick(['a', 'b', 'a', '*', '$', '/'])).join('');
  let values: string[] = [];
  const line = (): string => {
    const r = next();
    if (r < 0.05) return '';
    if (r < 0.08) return '# ' + pieces(3);
    const key = pick(KEYS);
    const value = /user/i.test(key) ? pick(AGENTS) : (next() < 0.8 ? '/' : '') + (next() < 0.3 ? small(6) : pieces(Math.floor(next() * 4)));
    values.push(value);
    return pick(['', '', ' ', '\t']) + key + pick(SEPARATORS) + value + pick(['', '', ' ', ' # c', '\t']);
  };
  const cases: RobotsCase[] = [];
  while (cases.length < count) {
    const lineEnd = pick(LINE_ENDS);
    values = [];
    let robotstxt = (next() < 0.05 ? '\uFEFF' : '') + (next() < 0.7 ? `User-agent: ${pick(AGENTS)}${lineEnd}` : '');
    for (let n = Math.floor(next() * 10); n > 0; n--) robotstxt += line() + (next() < 0.1 ? pick(LINE_ENDS) : lineEnd);
    for (let k = 0; k < 3 && cases.length < count; k++) {
      // Half the paths start with a value of the file, whole or cut, so that rules match often and barely miss.
      const value = values.length > 0 && next() < 0.5 ? pick(values).replace(/[*$]/g, '') : '/';
      const start = next() < 0.5 ? value : value.slice(0, 1 + Math.floor(next() * value.length));
      const url = pick(URL_STARTS) + (next() < 0.9 ? start : pick(['?', ';', '#', ''])) + pieces(Math.floor(next() * 4));
      cases.push({ robotstxt, userAgent: pick(ASKED_AGENTS), url });
    }
  }
  return cases;
}
