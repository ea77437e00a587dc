/**
 * The Sitemaps view's items (client/src/sitemapsView/sitemapsTreeFormat.ts): description against the limits, icons and
 * colours by kind and severity, collapsible state. The tooltip is checked for its numbers only, never its wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeSiteTreeNode } from '../../client/src/sitemapsView/sitemapsTreeFormat';
import type { SiteTreeNode } from '../../shared/protocol';

const LIMITS = { entries: 50_000, bytes: 52_428_800 };
const MB = 1024 * 1024;
const node = (fields: Partial<SiteTreeNode> & Pick<SiteTreeNode, 'kind'>): SiteTreeNode =>
  ({ id: 'file:///site/x.xml', label: 'x.xml', hasChildren: false, ...fields });

describe('Sitemaps view items', () => {
  it('describes a sitemap by its entries and size against the limits and its newest lastmod (date only)', () => {
    const view = describeSiteTreeNode(node({ kind: 'sitemap', entries: 12_345, bytes: 2.85 * MB, newestLastmod: '2024-05-01T10:00:00Z' }), LIMITS, 'en-US');
    assert.equal(view.description, '12,345 / 50,000 URLs (24.7 %) · 2.85 MB · 2024-05-01');
    assert.equal(view.label, 'x.xml');
    assert.equal(view.icon, 'file-code');
    assert.equal(view.iconColor, undefined);
    assert.equal(view.collapsible, 'none');
    assert.equal(view.contextValue, 'sitemap');
  });

  it('counts an index in sitemaps, a robots.txt in sitemaps without a limit or a size', () => {
    const index = describeSiteTreeNode(node({ kind: 'index', entries: 3, bytes: 2048, hasChildren: true }), LIMITS, 'en-US');
    assert.equal(index.description, '3 / 50,000 sitemaps (0.0 %) · <0.01 MB');
    assert.equal(index.collapsible, 'collapsed');
    assert.equal(index.icon, 'list-tree');
    const robots = describeSiteTreeNode(node({ kind: 'robots', label: 'robots.txt', entries: 2, bytes: 120, hasChildren: true }), LIMITS, 'en-US');
    assert.equal(robots.description, '2 sitemaps');
    assert.equal(robots.icon, 'robot');
    assert.equal(describeSiteTreeNode(node({ kind: 'robots', label: 'robots.txt', entries: 1, hasChildren: true }), LIMITS, 'en-US').description, '1 sitemap');
  });

  it('shows an origin group expanded without counts; a document read from its URL, or listed in one, with no edit command in its menu', () => {
    const group = describeSiteTreeNode(node({ id: 'sitemap-url-origin:https://www.example.com', kind: 'origin', label: 'https://www.example.com', hasChildren: true }), LIMITS, 'en-US');
    assert.deepEqual([group.collapsible, group.description, group.icon, group.contextValue], ['expanded', '', 'globe', 'origin']);
    const uri = 'sitemap-url:/www.example.com/sitemap_index.xml?https%3A%2F%2Fwww.example.com%2Fsitemap_index.xml';
    const index = describeSiteTreeNode(node({ kind: 'index', uri, entries: 3, bytes: 2048, hasChildren: true }), LIMITS, 'en-US');
    assert.deepEqual([index.collapsible, index.icon, index.contextValue], ['collapsed', 'list-tree', 'url-index']);
    const unopened = describeSiteTreeNode(node({ kind: 'unopened', uri, hasChildren: false }), LIMITS, 'en-US');
    assert.deepEqual([unopened.collapsible, unopened.icon, unopened.iconColor, unopened.contextValue], ['none', 'cloud-download', undefined, 'url-unopened']);
    assert.notEqual(unopened.description, describeSiteTreeNode(node({ kind: 'sitemap', uri }), LIMITS, 'en-US').description, 'not "reading…": nothing is read until it is opened');
  });

  it('shows a folder expanded, without counts', () => {
    const view = describeSiteTreeNode(node({ kind: 'folder', label: 'site', hasChildren: true }), LIMITS, 'en-US');
    assert.equal(view.collapsible, 'expanded');
    assert.equal(view.description, '');
    assert.equal(view.icon, 'root-folder');
  });

  it('shows a missing file with a warning icon and colour, a sitemap not read yet without counts', () => {
    const missing = describeSiteTreeNode(node({ kind: 'missing', label: 'https://example.com/gone.xml', url: 'https://example.com/gone.xml' }), LIMITS, 'en-US');
    assert.equal(missing.icon, 'warning');
    assert.equal(missing.iconColor, 'list.warningForeground');
    assert.equal(missing.contextValue, 'missing');
    assert.notEqual(missing.description, '');
    const unread = describeSiteTreeNode(node({ kind: 'sitemap' }), LIMITS, 'en-US');
    assert.doesNotMatch(unread.description, /\d/);
  });

  it('colours the icon by the worst problem, and past a limit as an error', () => {
    const color = (fields: Partial<SiteTreeNode>) => describeSiteTreeNode(node({ kind: 'sitemap', entries: 10, bytes: 100, ...fields }), LIMITS).iconColor;
    assert.equal(color({ problems: { errors: 1, warnings: 4, others: 2 } }), 'list.errorForeground');
    assert.equal(color({ problems: { errors: 0, warnings: 4, others: 2 } }), 'list.warningForeground');
    assert.equal(color({ problems: { errors: 0, warnings: 0, others: 2 } }), undefined);
    assert.equal(color({ entries: 50_001 }), 'list.errorForeground');
    assert.equal(color({ bytes: 52_428_801 }), 'list.errorForeground');
    assert.equal(color({ entries: 50_000, bytes: 52_428_800 }), undefined);
  });

  it('puts the counts, the problems by severity and the pages by verdict in the tooltip', () => {
    const view = describeSiteTreeNode(node({
      kind: 'sitemap', entries: 1_234, bytes: 56_789, problems: { errors: 7, warnings: 8, others: 9 },
      pages: { blocked: 11, noindex: 12, notFound: 13, redirected: 14 },
    }), LIMITS, 'en-US');
    const numbers: string[] = view.tooltip.match(/\d[\d,.]*/g) ?? [];
    for (const expected of ['1,234', '50,000', '56,789', '52,428,800', '7', '8', '9', '11', '12', '13', '14']) {
      assert.ok(numbers.includes(expected), `${expected} in ${view.tooltip}`);
    }
  });

  it('escapes Markdown in a label and a URL', () => {
    const view = describeSiteTreeNode(node({ kind: 'missing', label: 'https://e.com/[a](b)*.xml', url: 'https://e.com/[a](b)*.xml' }), LIMITS);
    assert.ok(!view.tooltip.includes('[a](b)'), view.tooltip);
  });
});
