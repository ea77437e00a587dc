/** `<changefreq>` and `<priority>`. Surrounding XML whitespace is tolerated (consumers trim it, the schema collapses it);
 * ranges cover the value without it, or the whole string when it is blank. */
import type { ValueProblem } from './valueProblem';

export const CHANGEFREQ_VALUES: readonly string[] = Object.freeze([
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
]);

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function quote(s: string): string {
  return s.length > 40 ? `"${s.slice(0, 37)}…"` : `"${s}"`;
}

/** `invalid-changefreq` unless the value is exactly one of CHANGEFREQ_VALUES (lower case). */
export function checkChangefreq(value: string, problems: ValueProblem[]): void {
  let s = 0;
  let e = value.length;
  while (s < e && isXmlSpace(value.charCodeAt(s))) s++;
  while (e > s && isXmlSpace(value.charCodeAt(e - 1))) e--;
  const v = s === 0 && e === value.length ? value : value.slice(s, e);
  switch (v) {
    case 'always':
    case 'hourly':
    case 'daily':
    case 'weekly':
    case 'monthly':
    case 'yearly':
    case 'never':
      return;
  }
  let message: string;
  if (v === '') {
    message = `changefreq is empty; use one of ${CHANGEFREQ_VALUES.join(', ')}.`;
  } else if (CHANGEFREQ_VALUES.includes(v.toLowerCase())) {
    message = `changefreq values are lower case: write "${v.toLowerCase()}".`;
  } else {
    message = `${quote(v)} is not a changefreq value; use one of ${CHANGEFREQ_VALUES.join(', ')}.`;
  }
  problems.push({ rule: 'invalid-changefreq', start: e > s ? s : 0, end: e > s ? e : value.length, message });
}

/**
 * `invalid-priority` unless the value is an xsd:decimal, `(\+|-)?([0-9]+(\.[0-9]*)?|\.[0-9]+)`, from 0.0
 * to 1.0 inclusive. The range test is exact on the digits (so `1.0000000000000000001` is out of range
 * although it rounds to 1 as a double). Returns the value (never -0) when valid.
 */
export function checkPriority(value: string, problems: ValueProblem[]): number | undefined {
  let s = 0;
  let e = value.length;
  while (s < e && isXmlSpace(value.charCodeAt(s))) s++;
  while (e > s && isXmlSpace(value.charCodeAt(e - 1))) e--;

  const fail = (message: string): undefined => {
    problems.push({ rule: 'invalid-priority', start: e > s ? s : 0, end: e > s ? e : value.length, message });
    return undefined;
  };

  let k = s;
  let negative = false;
  const sign = value.charCodeAt(k);
  if (sign === 0x2b || sign === 0x2d) {
    negative = sign === 0x2d;
    k++;
  }
  // integer part: value of its digits, capped (only 0 and 1 matter)
  let intDigits = 0;
  let intValue = 0;
  while (k < e) {
    const c = value.charCodeAt(k);
    if (c < 48 || c > 57) break;
    if (intValue < 10) intValue = intValue * 10 + (c - 48);
    intDigits++;
    k++;
  }
  let fracDigits = 0;
  let fracNonZero = false;
  if (k < e && value.charCodeAt(k) === 0x2e) {
    k++;
    while (k < e) {
      const c = value.charCodeAt(k);
      if (c < 48 || c > 57) break;
      if (c !== 48) fracNonZero = true;
      fracDigits++;
      k++;
    }
  }
  if (k !== e || (intDigits === 0 && fracDigits === 0)) {
    if (e === s) return fail('priority is empty; use a number from 0.0 to 1.0, e.g. 0.5.');
    const v = value.slice(s, e);
    if (/^[+-]?\d*,\d+$/.test(v)) return fail(`Use a decimal point, not a comma: write "${v.replace(',', '.')}".`);
    return fail(`${quote(v)} is not a decimal number; use a number from 0.0 to 1.0, e.g. 0.5.`);
  }
  const isZero = intValue === 0 && !fracNonZero;
  if ((negative && !isZero) || intValue > 1 || (intValue === 1 && fracNonZero)) {
    return fail(`Priority ${quote(value.slice(s, e))} is out of range: it must be from 0.0 to 1.0.`);
  }
  if (isZero) return 0;
  return Number(value.slice(s, e));
}
