/**
 * The Explorer's Sitemaps view, read through the extension's API (`sitemapsTree`) as the view shows it: the first level
 * (the robots.txt files, then the sitemaps nothing lists) and what an index lists, a missing file as missing. The fixture
 * site is test/e2e/workspace/site/ (robots.txt → index.xml → blog.xml, news.xml, a missing archive.xml).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SitemapStudioApi } from '../../../client/src/extension';
import type { SitemapsItemSnapshot } from '../../../client/src/sitemapsView/sitemapsView';
import { EXTENSION_ID, fixtureUri, poll } from './helpers';

const brief = (items: SitemapsItemSnapshot[]) => items.map((item) => `${item.contextValue} ${item.uri ?? ''} ${item.label}`);

describe('Sitemaps view', () => {
  let api: SitemapStudioApi;
  before(async () => {
    api = (await vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID)!.activate());
  });

  it('shows the robots.txt files first, then the sitemaps no one lists; one folder is the top level', async () => {
    const top = await api.sitemapsTree();
    const kinds = top.map((item) => item.contextValue);
    assert.ok(!kinds.includes('folder'), brief(top).join('\n'));
    assert.ok(kinds.lastIndexOf('robots') < kinds.findIndex((kind) => kind !== 'robots'), brief(top).join('\n'));
    const robots = top.find((item) => item.uri === fixtureUri('site/robots.txt').toString());
    assert.equal(robots?.contextValue, 'robots');
    assert.equal(robots?.collapsible, 'collapsed');
    const unlisted = top.find((item) => item.uri === fixtureUri('urls.xml').toString());
    assert.equal(unlisted?.contextValue, 'sitemap', 'urls.xml, listed by no one');
    assert.ok(!top.some((item) => item.uri === fixtureUri('site/blog.xml').toString()), 'a listed sitemap is under its index only');
  });

  it('shows what an index lists, in its order, with its counts once read, a file not in the workspace as missing', async () => {
    const robots = fixtureUri('site/robots.txt').toString();
    const [index] = await api.sitemapsTree([robots]);
    assert.deepEqual([index?.contextValue, index?.uri, index?.collapsible], ['index', fixtureUri('site/index.xml').toString(), 'collapsed']);
    const children = await poll('the children\'s counts', () => api.sitemapsTree([robots, index.id]),
      (items) => items.length === 3 && items.slice(0, 2).every((item) => /\d/.test(item.description)), (items) => brief(items).join('; '));
    assert.deepEqual(children.map((item) => [item.contextValue, item.uri, item.collapsible]), [
      ['sitemap', fixtureUri('site/blog.xml').toString(), 'none'],
      ['sitemap', fixtureUri('site/news.xml').toString(), 'none'],
      ['missing', fixtureUri('site/archive.xml').toString(), 'none'],
    ]);
    assert.equal(children[2].label, 'https://site.example.org/archive.xml');
    assert.equal(children[2].icon, 'warning');
    assert.match(children[0].description, /^2 \/ 50,000 /, 'blog.xml\'s two URLs against the limit');
  });
});
