import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANGEFREQ_VALUES, checkChangefreq, checkPriority } from '../../../../server/src/language/rules/simpleValues';
import type { ValueProblem } from '../../../../server/src/language/rules/valueProblem';

function changefreq(value: string) {
  const raw: ValueProblem[] = [];
  checkChangefreq(value, raw);
  return raw.map(({ rule, start, end }) => ({ rule, start, end }));
}

function priority(value: string) {
  const raw: ValueProblem[] = [];
  const n = checkPriority(value, raw);
  return { n, problems: raw.map(({ rule, start, end }) => ({ rule, start, end })), raw };
}

test('CHANGEFREQ_VALUES lists the seven protocol values in order', () => {
  assert.deepEqual([...CHANGEFREQ_VALUES], ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
  assert.ok(Object.isFrozen(CHANGEFREQ_VALUES));
});

test('changefreq: the seven values are valid', () => {
  for (const v of CHANGEFREQ_VALUES) assert.deepEqual(changefreq(v), [], v);
});

test('changefreq: surrounding XML whitespace is tolerated', () => {
  assert.deepEqual(changefreq(' daily '), []);
  assert.deepEqual(changefreq('\n\tweekly\r\n'), []);
});

test('changefreq: anything else is invalid, range the value without surrounding whitespace', () => {
  const bad = (v: string, start: number, end: number) =>
    assert.deepEqual(changefreq(v), [{ rule: 'invalid-changefreq', start, end }], JSON.stringify(v));
  for (const v of ['Daily', 'DAILY', 'Never', 'sometimes', 'dayly', 'daily.', 'day', 'annually', 'biweekly', '1', 'daily weekly', 'da\u00a0ily', 'dai\u200bly']) {
    bad(v, 0, v.length);
  }
  bad(' weekly x', 1, 9);
  bad('  Daily\n', 2, 7);
  bad('\u00a0daily', 0, 6); // NBSP is not XML whitespace
  bad('', 0, 0);
  bad('   ', 0, 3);
});

test('changefreq: messages are non-empty', () => {
  for (const v of ['', 'Daily', 'nope', 'x'.repeat(500)]) {
    const raw: ValueProblem[] = [];
    checkChangefreq(v, raw);
    assert.equal(raw.length, 1);
    assert.ok(raw[0].message.length > 0 && raw[0].message.length < 200);
  }
});

test('priority: valid xsd:decimal values from 0.0 to 1.0, with their value', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['0.0', 0],
    ['0.5', 0.5],
    ['1', 1],
    ['1.0', 1],
    ['1.', 1],
    ['1.0000', 1],
    ['.5', 0.5],
    ['0.', 0],
    ['.0', 0],
    ['+0.5', 0.5],
    ['+1', 1],
    ['+.8', 0.8],
    ['-0', 0],
    ['-0.0', 0],
    ['-.0', 0],
    ['00.80', 0.8],
    ['001', 1],
    ['0.123456789012345678901234567890', 0.12345678901234568],
    [' 0.3 ', 0.3],
    ['\n0.7\t', 0.7],
  ];
  for (const [v, n] of cases) {
    const r = priority(v);
    assert.deepEqual(r.problems, [], JSON.stringify(v));
    assert.ok(Object.is(r.n, n), `${JSON.stringify(v)} → ${r.n}, expected ${n}`);
  }
});

test('priority: invalid values, range the value without surrounding whitespace', () => {
  const bad = (v: string, start: number, end: number) => {
    const r = priority(v);
    assert.deepEqual(r.problems, [{ rule: 'invalid-priority', start, end }], JSON.stringify(v));
    assert.equal(r.n, undefined);
  };
  for (const v of [
    '1.5',
    '-0.1',
    '-1',
    '2',
    '10',
    '1.01',
    '1.0000000000000000001', // rounds to 1 as a double, but is above 1
    '-0.0000000000000000001',
    'high',
    '0,8',
    ',8',
    '1e-1',
    '1E0',
    '.',
    '+',
    '-',
    '+.',
    '0.5.1',
    '0..5',
    '0x1',
    'NaN',
    'Infinity',
    '½',
    '0. 5',
    '+-0.5',
    '--0.5',
    '0.5%',
    '50%',
    '0.5f',
    '٠.٥', // Arabic-Indic digits
    '0.8\u00a0',
  ]) {
    bad(v, 0, v.length);
  }
  bad(' 1.5 ', 1, 4);
  bad('\t0,8\n', 1, 4);
  bad('', 0, 0);
  bad('  ', 0, 2);
});

test('priority: messages are non-empty', () => {
  for (const v of ['', '1.5', '0,8', 'high', '-1', 'x'.repeat(500)]) {
    const r = priority(v);
    assert.equal(r.raw.length, 1);
    assert.ok(r.raw[0].message.length > 0 && r.raw[0].message.length < 200);
  }
});
