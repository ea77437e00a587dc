/** What the Sitemaps view asks for again on `sitemap/siteTreeChanged` (client/src/sitemapsView/sitemapsRefresh.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { levelsToRefresh, type ShownNode } from '../../client/src/sitemapsView/sitemapsRefresh';
import type { SiteTreeNode } from '../../shared/protocol';

const element = (id: string, kind: SiteTreeNode['kind']): ShownNode => ({ node: { id, kind } });

describe('Sitemaps view refresh', () => {
  const siteA = element('file:///a', 'folder');
  const siteB = element('file:///b', 'folder');
  const robots = element('file:///a/robots.txt', 'robots');
  const index = element('file:///a/index.xml', 'index');
  const child = element('file:///a/child.xml', 'sitemap');
  const shown = new Map<ShownNode | undefined, ShownNode[]>([
    [undefined, [siteA, siteB]], [siteA, [robots]], [robots, [index]], [index, [child]],
  ]);

  it('asks a named node\'s parent again, each parent once, where its counts come from', () => {
    assert.deepEqual(levelsToRefresh(shown, { folder: 'file:///a', nodes: ['file:///a/child.xml'] }), [index]);
    assert.deepEqual(levelsToRefresh(shown, { folder: 'file:///a', nodes: ['file:///a/child.xml', 'file:///a/index.xml'] }), [robots, index]);
    assert.deepEqual(levelsToRefresh(shown, { folder: 'file:///a', nodes: ['file:///a/not-shown.xml'] }), []);
  });

  it('asks the folder again when no nodes are named, the whole tree when the folder is not shown as a node', () => {
    assert.deepEqual(levelsToRefresh(shown, { folder: 'file:///b' }), [siteB]);
    assert.deepEqual(levelsToRefresh(shown, { folder: 'file:///c' }), [undefined]);
    const oneFolder = new Map<ShownNode | undefined, ShownNode[]>([[undefined, [robots]], [robots, [index]]]);
    assert.deepEqual(levelsToRefresh(oneFolder, { folder: 'file:///a' }), [undefined]);
  });

  it('asks the whole tree once when a named node is at the top', () => {
    const oneFolder = new Map<ShownNode | undefined, ShownNode[]>([[undefined, [robots, child]], [robots, [index]]]);
    assert.deepEqual(levelsToRefresh(oneFolder, { folder: 'file:///a', nodes: ['file:///a/child.xml', 'file:///a/index.xml'] }), [undefined]);
  });
});
