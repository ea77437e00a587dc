/**
 * isPlainListedUrl, the fast path's shortcut past checkListedUrl: whenever it says yes, checkListedUrl finds
 * nothing — over every ordering of pairs from a pool of URLs next to the shortcut's edges (ports, user info,
 * escapes, fragments, local hosts, a host that only starts like the last one) — and it says yes to the common case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkListedUrl, isPlainListedUrl } from '../../../../server/src/language/rules/listedUrl';
import type { ValueProblem } from '../../../../server/src/language/rules/valueProblem';

const POOL = [
  'https://www.example.com/a/b?x=1&amp;y=2', 'https://www.example.com', 'https://www.example.com/', 'https://www.example.com?q',
  'https://www.example.com.evil/a', 'https://www.example.co/a', 'http://www.example.com/a', 'https://WWW.example.com/a',
  'https://www.example.com:8080/a', 'https://www.example.com:99999/a', 'https://www.example.com:/a', 'https://user@www.example.com/a',
  'https://www.example.com/a#frag', 'https://www.example.com/a%2', 'https://www.example.com/a%C3%BC', 'https://www.example.com/a%zz',
  'https://www.example.com/a b', 'https://www.example.com/é', 'https://www.example.com/a|b', 'https://www.example.com/a?b?c/d',
  'https://localhost/a', 'https://localhost:3000/a', 'http://127.0.0.1/a', 'https://[::1]/a', 'https://[2001:db8::1]/a',
  'https://ex-.com/a', 'https://www.example.com/' + 'a'.repeat(2050), 'https://www.example.com/a\'b', 'ftp://www.example.com/a',
  'https://www.example.com/a[1]', 'https://www.example.com/a\\b', 'https://www.example.com/a^b',
];

test('isPlainListedUrl says yes only to URLs checkListedUrl finds nothing in', () => {
  let yes = 0;
  for (const first of POOL) {
    for (const second of POOL) {
      checkListedUrl(first, []);
      const plain = isPlainListedUrl(second);
      const problems: ValueProblem[] = [];
      checkListedUrl(second, problems);
      if (plain) {
        yes++;
        assert.deepEqual(problems, [], `${first} then ${second}`);
      }
    }
  }
  assert.ok(yes > 50, `only ${yes} shortcuts`);
});

test('a second URL on the host of a clean one takes the shortcut; a local host never does', () => {
  checkListedUrl('https://www.example.com/a', []);
  assert.equal(isPlainListedUrl('https://www.example.com/products/item-1?color=red&amp;size=xl'), true);
  assert.equal(isPlainListedUrl('https://www.example.com:8080/a'), false);
  checkListedUrl('http://localhost:3000/a', []);
  assert.equal(isPlainListedUrl('http://localhost:3000/b'), false);
});
