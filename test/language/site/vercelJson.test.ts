/** vercel.json's redirects read as `_redirects` rules, with the range of each redirect object, and the redirects its
 * `cleanUrls` and `trailingSlash` options make (issue 22, page-redirect). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchRedirect } from '../../../server/src/language/site/redirectsFile';
import { parseVercelJson, vercelImplicitRedirect } from '../../../server/src/language/site/vercelJson';

const CONFIG = `{
  "cleanUrls": true,
  "rewrites": [{ "source": "/api/(.*)", "destination": "/api" }],
  "redirects": [
    { "source": "/old", "destination": "/new" },
    { "source": "/blog/:slug", "destination": "/posts/:slug", "permanent": false },
    { "source": "/docs/:path*", "destination": "https://docs.example.com/:path*", "statusCode": 301 },
    { "source": "/legacy/(.*)", "destination": "/archive/$1" },
    { "source": "/a/:id(\\\\d+)", "destination": "/b/:id" },
    { "source": "/beta", "destination": "/", "has": [{ "type": "cookie", "key": "beta" }] },
    { "source": "no-slash", "destination": "/" }
  ]
}`;

test('redirects become rules with their status (308 permanent, 307 not, statusCode wins) and the range of their object', () => {
  const config = parseVercelJson(CONFIG);
  assert.deepEqual(config.rules.map((r) => [r.line, r.from, r.to, r.status, r.force]), [
    [4, '/old', '/new', 308, true],
    [5, '/blog/:slug', '/posts/:slug', 307, true],
    [6, '/docs/:path*', 'https://docs.example.com/:path*', 301, true],
    [7, '/legacy/*', '/archive/:splat', 308, true],
    [9, '/beta', '/', 308, true],
  ]);
  const first = config.rules[0]!;
  assert.equal(CONFIG.slice(first.start, first.end), '{ "source": "/old", "destination": "/new" }');
  assert.deepEqual(config.problems.map((p) => [p.line, p.kind, CONFIG.slice(p.start, p.end).slice(0, 20)]), [
    [8, 'unsupported-source', '{ "source": "/a/:id('], [10, 'bad-source', '{ "source": "no-slas'],
  ]);
  assert.deepEqual([config.cleanUrls, config.trailingSlash], [true, undefined]);
});

test('matchRedirect reads them: placeholders, a rest of path, (.*) as $1; `has` conditions skipped', () => {
  const { rules } = parseVercelJson(CONFIG);
  const target = (url: string) => matchRedirect(rules, url, { fileExists: true })?.target;
  assert.equal(target('https://example.com/old/'), 'https://example.com/new');
  assert.equal(target('https://example.com/blog/hello'), 'https://example.com/posts/hello');
  assert.equal(target('https://example.com/docs/a/b'), 'https://docs.example.com/a/b');
  assert.equal(target('https://example.com/docs'), 'https://docs.example.com/');
  assert.equal(target('https://example.com/legacy/x/y'), 'https://example.com/archive/x/y');
  assert.equal(target('https://example.com/beta'), undefined);
  const plus = parseVercelJson('{"redirects":[{"source":"/p/:rest+","destination":"/q/:rest+"}]}').rules;
  assert.equal(matchRedirect(plus, 'https://example.com/p'), undefined);
  assert.equal(matchRedirect(plus, 'https://example.com/p/1/2')?.target, 'https://example.com/q/1/2');
});

test('cleanUrls and trailingSlash redirect URLs of their own', () => {
  const clean = parseVercelJson('{"cleanUrls": true}');
  assert.equal(vercelImplicitRedirect(clean, 'https://example.com/about.html?x=1'), 'https://example.com/about?x=1');
  assert.equal(vercelImplicitRedirect(clean, 'https://example.com/docs/index.html'), 'https://example.com/docs/');
  assert.equal(vercelImplicitRedirect(clean, 'https://example.com/about'), undefined);
  const slash = parseVercelJson('{"trailingSlash": true}');
  assert.equal(vercelImplicitRedirect(slash, 'https://example.com/about'), 'https://example.com/about/');
  assert.equal(vercelImplicitRedirect(slash, 'https://example.com/logo.png'), undefined);
  const noSlash = parseVercelJson('{"trailingSlash": false}');
  assert.equal(vercelImplicitRedirect(noSlash, 'https://example.com/about/'), 'https://example.com/about');
  assert.equal(vercelImplicitRedirect(noSlash, 'https://example.com/'), undefined);
});

test('not JSON, or JSON of another shape: a problem or nothing, never a throw', () => {
  assert.deepEqual(parseVercelJson('{ "redirects": [').problems.map((p) => p.kind), ['not-json']);
  for (const text of ['null', '[]', '"x"', '{"redirects": {}}', '{"redirects": [null, 3, {"source": "/a"}]}']) {
    const config = parseVercelJson(text);
    assert.deepEqual(config.rules, [], text);
  }
  assert.deepEqual(parseVercelJson('{"redirects": [null, 3, {"source": "/a"}]}').problems.map((p) => p.kind), ['bad-source', 'bad-source', 'no-destination']);
});
