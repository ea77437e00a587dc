/** describePage, the `<loc>` hover's facts of a page: how the URL is served, title, robots, canonical, redirect, the
 * blocking line, the last commit; markdown as the other hovers give it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describePage, pageDescription } from '../../../server/src/language/languageService';
import { builtSite, page, SITE_URL as U } from '../../support/builtSiteFixture';

const site = builtSite({
  files: {
    'about.html': page(`<meta name="robots" content="nofollow"><meta name="bingbot" content="noindex"><link rel="canonical" href="${U}about">`, 'About us'),
    'team/index.html': page(),
    'moved.html': page(`<meta http-equiv="refresh" content="0; url=${U}about">`),
    'private.html': page(),
    'robots.txt': 'User-agent: *\nDisallow: /private\n',
    '_redirects': '/old /about 301\n',
  },
  history: { 'about.html': '2025-03-04T05:06:07Z' },
});

test('a served page: its file, title, robots for the agent, canonical, last commit', () => {
  assert.deepEqual(pageDescription(`${U}about`, [site], 'Googlebot'), {
    url: `${U}about`, served: { file: 'about.html' }, title: 'About us', robots: ['nofollow'], canonicals: [`${U}about`],
    readProblems: [], commit: { hash: 'abc1234', subject: 'Edit the page', time: Date.UTC(2025, 2, 4, 5, 6, 7) },
  });
  assert.deepEqual(pageDescription(`${U}about`, [site], 'Bingbot')?.robots, ['nofollow', 'noindex']);
  const markdown = describePage(`${U}about`, [site], 'Googlebot')!;
  for (const part of ['about.html', 'About us', 'nofollow', `${U}about`, 'abc1234', '2025-03-04']) assert.ok(markdown.includes(part), part);
});

test('a slash mismatch, a missing page, a redirect, a refresh, a blocked URL; nothing outside the site', () => {
  assert.deepEqual(pageDescription(`${U}team`, [site], 'Googlebot')?.served, { slashMismatch: 'team/index.html', expectedUrl: `${U}team/` });
  assert.deepEqual(pageDescription(`${U}nothing`, [site], 'Googlebot')?.served, { notFound: true });
  assert.deepEqual(pageDescription(`${U}old`, [site], 'Googlebot')?.redirect, { target: `${U}about`, by: 'host' });
  assert.deepEqual(pageDescription(`${U}moved.html`, [site], 'Googlebot')?.redirect, { target: `${U}about`, by: 'refresh' });
  assert.deepEqual(pageDescription(`${U}private`, [site], 'Googlebot')?.blockedBy, { file: 'public/robots.txt', line: 2 });
  assert.equal(describePage('https://other.example.com/', [site], 'Googlebot'), undefined);
  assert.equal(describePage(`${U}about`, [builtSite({ files: { 'a.md': '' } })], 'Googlebot'), undefined);
});

test('a blocked URL: robots.txt comes first in the hover, as in the page rules\' order', () => {
  const markdown = describePage(`${U}private`, [site], 'Googlebot')!;
  assert.ok(markdown.indexOf('public/robots.txt') >= 0 && markdown.indexOf('public/robots.txt') < markdown.indexOf('private.html'), markdown);
});

test('a root without pages: the hover names the robots.txt line that blocks a URL, and nothing for one it allows', () => {
  const robotsOnly = builtSite({ files: { 'robots.txt': 'User-agent: *\nDisallow: /private\n' } });
  assert.deepEqual(pageDescription(`${U}private`, [robotsOnly], 'Googlebot'), {
    url: `${U}private`, served: { unknown: true }, blockedBy: { file: 'public/robots.txt', line: 2 }, canonicals: [], readProblems: [],
  });
  assert.ok(describePage(`${U}private`, [robotsOnly], 'Googlebot')!.includes('public/robots.txt'));
  assert.equal(describePage(`${U}open`, [robotsOnly], 'Googlebot'), undefined);
});

test('a page whose last commit changed only its template: the last content change too, and what it changed', () => {
  const themed = builtSite({ files: { 'a.html': page() }, history: { 'a.html': { content: '2025-01-02T00:00:00Z', template: '2025-03-04T00:00:00Z' } } });
  const description = pageDescription(`${U}a`, [themed], 'Googlebot');
  assert.deepEqual([description?.commit?.hash, description?.contentCommit], ['def5678', { hash: 'abc1234', subject: 'Edit the page', time: Date.UTC(2025, 0, 2), changed: 'main text changed' }]);
  const markdown = describePage(`${U}a`, [themed], 'Googlebot')!;
  for (const part of ['def5678', 'abc1234', '2025-01-02']) assert.ok(markdown.includes(part), part);
  assert.equal(pageDescription(`${U}about`, [site], 'Googlebot')?.contentCommit, undefined);
});
