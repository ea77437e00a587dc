/** Netlify's `_redirects` (Cloudflare Pages reads the same format): rules with their line ranges, and the rule a URL
 * meets, redirects (3xx) only for matchRedirect (issue 22, page-redirect). Cases after Netlify's redirect-parser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchRedirect, matchRule, parseRedirectsFile } from '../../../server/src/language/site/redirectsFile';
import { random } from '../../support/generate';

const FILE = [
  '# Redirects from what the browser requests to what we serve',
  '/home              /',
  '/blog/my-post.php  /blog/my-post   # inline comment',
  '',
  '  /news/*          /blog/:splat    302',
  '/articles/:year/:slug  /posts/:year-:slug/  308!',
  '/store id=:id      /shop/:id       301',
  '/app/*             /app/index.html 200',
  '/en/*              /en/404.html    404',
  '/pricing           /fr/pricing     302  Country=fr',
  'https://old.example.com/*  https://example.com/:splat  301!',
  '/docs/* 200',
  '/authors/c%C3%A9line  /authors/about-celine',
].join('\r\n');

test('rules: comments and blank lines skipped, default status 301, force, query, conditions, forward rules, CRLF', () => {
  const { rules, problems } = parseRedirectsFile(FILE);
  assert.deepEqual(problems, []);
  assert.deepEqual(rules.map((r) => [r.line, r.from, r.to, r.status, r.force]), [
    [1, '/home', '/', 301, false],
    [2, '/blog/my-post.php', '/blog/my-post', 301, false],
    [4, '/news/*', '/blog/:splat', 302, false],
    [5, '/articles/:year/:slug', '/posts/:year-:slug/', 308, true],
    [6, '/store', '/shop/:id', 301, false],
    [7, '/app/*', '/app/index.html', 200, false],
    [8, '/en/*', '/en/404.html', 404, false],
    [9, '/pricing', '/fr/pricing', 302, false],
    [10, 'https://old.example.com/*', 'https://example.com/:splat', 301, true],
    [11, '/docs/*', '/docs/:splat', 200, false],
    [12, '/authors/c%C3%A9line', '/authors/about-celine', 301, false],
  ]);
  assert.deepEqual(rules[4]!.query, [['id', ':id']]);
  assert.deepEqual(rules[7]!.conditions, [['Country', 'fr']]);
});

test("a rule's range is its text on its line: not the indentation, not an inline comment", () => {
  const { rules } = parseRedirectsFile(FILE);
  const textOf = (i: number) => FILE.slice(rules[i]!.start, rules[i]!.end);
  assert.equal(textOf(1), '/blog/my-post.php  /blog/my-post');
  assert.equal(textOf(2), '/news/*          /blog/:splat    302');
  assert.equal(rules[2]!.start, FILE.indexOf('/news/*'));
});

test('lines Netlify refuses are problems at their line: no destination, a bad status, a source that is not a path', () => {
  const text = '/a\n/b /c 30x\nb /c\n/d 301\n/ok /fine\n#/e';
  const { rules, problems } = parseRedirectsFile(text);
  assert.deepEqual(problems.map((p) => [p.line, p.kind, text.slice(p.start, p.end)]), [
    [0, 'no-destination', '/a'], [1, 'bad-status', '/b /c 30x'], [2, 'bad-source', 'b /c'], [3, 'no-destination', '/d 301'],
  ]);
  assert.deepEqual(rules.map((r) => r.from), ['/ok']);
});

test('matchRedirect: exact paths, a trailing slash either way, splats and placeholders filled in and resolved', () => {
  const { rules } = parseRedirectsFile(FILE);
  const redirect = (url: string) => {
    const match = matchRedirect(rules, url);
    return match === undefined ? undefined : [match.rule.line, match.target, match.rule.status];
  };
  assert.deepEqual(redirect('https://example.com/home'), [1, 'https://example.com/', 301]);
  assert.deepEqual(redirect('https://example.com/home/'), [1, 'https://example.com/', 301]);
  assert.deepEqual(redirect('https://example.com/blog/my-post.php?x=1'), [2, 'https://example.com/blog/my-post', 301]);
  assert.deepEqual(redirect('https://example.com/news/2004/01/story'), [4, 'https://example.com/blog/2004/01/story', 302]);
  assert.deepEqual(redirect('https://example.com/news'), [4, 'https://example.com/blog/', 302]);
  assert.deepEqual(redirect('https://example.com/articles/2024/hello'), [5, 'https://example.com/posts/2024-hello/', 308]);
  assert.equal(redirect('https://example.com/articles/2024'), undefined);
  assert.equal(redirect('https://example.com/articles/2024/hello/more'), undefined);
  assert.deepEqual(redirect('https://example.com/authors/c%C3%A9line'), [12, 'https://example.com/authors/about-celine', 301]);
  assert.deepEqual(redirect('https://example.com/authors/céline'), [12, 'https://example.com/authors/about-celine', 301]);
  assert.equal(redirect('https://example.com/Home'), undefined);
});

test('query parameters: the rule needs them, and binds them', () => {
  const { rules } = parseRedirectsFile(FILE);
  assert.equal(matchRedirect(rules, 'https://example.com/store'), undefined);
  assert.equal(matchRedirect(rules, 'https://example.com/store?id=42&ref=x')?.target, 'https://example.com/shop/42');
  const literal = parseRedirectsFile('/s lang=fr /fr/s 301').rules;
  assert.equal(matchRedirect(literal, 'https://example.com/s?lang=de'), undefined);
  assert.equal(matchRedirect(literal, 'https://example.com/s?lang=fr')?.target, 'https://example.com/fr/s');
  assert.equal(matchRedirect(literal, 'https://example.com/s?l%61ng=fr%3D')?.target, undefined);
  assert.equal(matchRedirect(parseRedirectsFile('/s q=a=b /t 301').rules, 'https://example.com/s?q=a%3Db')?.target, 'https://example.com/t');
});

test('200 rewrites and 404 pages are not redirects, and they decide the URL when they come first', () => {
  const { rules } = parseRedirectsFile(FILE);
  assert.equal(matchRedirect(rules, 'https://example.com/app/settings'), undefined);
  assert.deepEqual([matchRule(rules, 'https://example.com/app/settings')?.rule.status, matchRule(rules, 'https://example.com/app/settings')?.target], [200, 'https://example.com/app/index.html']);
  assert.equal(matchRedirect(rules, 'https://example.com/en/missing'), undefined);
  assert.equal(matchRule(rules, 'https://example.com/en/missing')?.rule.status, 404);
  assert.equal(matchRule(rules, 'https://example.com/docs/a/b')?.target, 'https://example.com/docs/a/b');
  const shadowed = parseRedirectsFile('/x/* /index.html 200\n/x/old /x/new 301').rules;
  assert.equal(matchRedirect(shadowed, 'https://example.com/x/old'), undefined);
});

test("rules for some visitors only (Country, Language, Role, Cookie) do not apply to a crawler", () => {
  const { rules } = parseRedirectsFile(FILE);
  assert.equal(matchRule(rules, 'https://example.com/pricing'), undefined);
});

test('where a file serves the path, Netlify skips rules without `!` (shadowing); forced rules still apply', () => {
  const { rules } = parseRedirectsFile(FILE);
  assert.equal(matchRedirect(rules, 'https://example.com/home', { fileExists: true }), undefined);
  assert.equal(matchRedirect(rules, 'https://example.com/articles/2024/hello', { fileExists: true })?.rule.line, 5);
});

test('domain-level rules match their own host and scheme only', () => {
  const { rules } = parseRedirectsFile(FILE);
  assert.deepEqual(matchRedirect(rules, 'https://old.example.com/a/b?q')?.target, 'https://example.com/a/b');
  assert.equal(matchRedirect(rules, 'http://old.example.com/a/b'), undefined);
  assert.equal(matchRedirect(rules, 'https://example.com/a/b'), undefined);
  const written = parseRedirectsFile('HTTPS://Old.Example.com:443/blog/* https://example.com/posts/:splat 301').rules;
  assert.equal(matchRedirect(written, 'https://old.example.com/blog/x')?.target, 'https://example.com/posts/x');
});

test('no rules, no file, garbage: nothing matches and nothing throws', () => {
  assert.deepEqual(parseRedirectsFile(''), { rules: [], problems: [] });
  assert.equal(matchRule([], 'https://example.com/'), undefined);
  assert.equal(matchRule(parseRedirectsFile('/* /x 301').rules, 'not a url'), undefined);
  const garbage = parseRedirectsFile('\uFEFF\0\0 /a\n\x89PNG /b 301 ::: =\n/%zz /%yy 302');
  assert.equal(matchRedirect(garbage.rules, 'https://example.com/%zz')?.rule.line, 2);
});

test('random lines and URLs: nothing throws, every rule and problem lies on its line', () => {
  const tokens = ['/a', '/a/*', '/:x', '/*', 'https://h.example/*', '/b/:splat', '301', '302!', '200', '404', 'x=:y', 'Country=us', '#c', '*', ':', '=', '%zz', '\t', ' '];
  const next = random(7);
  for (let round = 0; round < 300; round++) {
    const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, () => Array.from({ length: Math.floor(next() * 5) }, () => tokens[Math.floor(next() * tokens.length)]).join(' '));
    const text = lines.join(next() < 0.5 ? '\n' : '\r\n');
    const { rules, problems } = parseRedirectsFile(text);
    for (const item of [...rules, ...problems]) {
      assert.ok(item.start < item.end && item.end <= text.length && !text.slice(item.start, item.end).includes('\n'), JSON.stringify(text));
      assert.equal(text.split('\n')[item.line]!.includes(text.slice(item.start, item.end)), true, JSON.stringify(text));
    }
    for (const url of ['https://example.com/a', 'https://h.example/b/c?x=1', 'https://example.com/', 'https://example.com/%zz/b']) matchRule(rules, url);
  }
});
