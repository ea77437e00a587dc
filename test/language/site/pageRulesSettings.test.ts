/** `sitemap.robots.userAgent` and `sitemap.pageSources` as resolveSettings reads them: valid values kept, junk back to
 * the defaults, never a throw. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, resolveSettings } from '../../../server/src/language/languageService';

test('defaults: Googlebot, no page sources', () => {
  const settings = resolveSettings(undefined);
  assert.deepEqual(settings.robots, { userAgent: 'Googlebot' });
  assert.deepEqual(settings.pageSources, {});
  assert.deepEqual(DEFAULT_SETTINGS.robots, { userAgent: 'Googlebot' });
});

test('sitemap.robots.userAgent: a product token is kept (trimmed), anything else falls back to Googlebot', () => {
  assert.equal(resolveSettings({ robots: { userAgent: ' Bingbot ' } }).robots.userAgent, 'Bingbot');
  assert.equal(resolveSettings({ robots: { userAgent: 'Googlebot-Image' } }).robots.userAgent, 'Googlebot-Image');
  for (const junk of [42, '', 'Googlebot/2.1', 'Mozilla/5.0 (compatible)', null, ['Bingbot']]) {
    assert.equal(resolveSettings({ robots: { userAgent: junk } }).robots.userAgent, 'Googlebot', JSON.stringify(junk));
  }
  assert.equal(resolveSettings({ robots: 'Bingbot' }).robots.userAgent, 'Googlebot');
});

test('sitemap.pageSources: presets and objects that map are kept, the rest dropped', () => {
  const raw = {
    public: 'hugo',
    'docs/site': { preset: 'mkdocs' },
    blog: { root: 'b', patterns: { '/notes/{slug}/': '_notes/{slug}.md' } },
    bad: 'wordpress',
    empty: {},
    list: ['hugo'],
    number: 3,
  };
  assert.deepEqual(resolveSettings({ pageSources: raw }).pageSources, { public: 'hugo', 'docs/site': { preset: 'mkdocs' }, blog: raw.blog });
  assert.deepEqual(resolveSettings({ pageSources: 'hugo' }).pageSources, {});
  assert.deepEqual(resolveSettings({ pageSources: null }).pageSources, {});
});
