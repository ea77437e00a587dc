/**
 * extension-namespace: a declaration whose URI is a near miss of the image, video, news or XHTML namespace, on the
 * declaration's value; exact URIs, other namespaces and the sitemap namespace's own slips (bad-namespace) are not.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { expectDiagnostics, NS, urlset } from '../../support/fixtures';
import { EXTENSION_NAMESPACES, nearMissExtension } from '../../../server/src/language/rules/extensionNamespaces';

const ENTRY = '<url><loc>https://example.com/</loc></url>';

/** A urlset in the sitemap namespace that also declares `declaration`. */
const declaring = (declaration: string): string => urlset(ENTRY, `xmlns="${NS}" ${declaration}`);

test('extension-namespace: near misses of each extension namespace, on the value', () => {
  const slips: Array<[string, string]> = [
    ['image', 'https://www.google.com/schemas/sitemap-image/1.1'], // https
    ['image', 'http://google.com/schemas/sitemap-image/1.1'], // www. missing
    ['image', 'http://www.google.com/schemas/sitemap-image/1.1/'], // trailing slash
    ['image', 'http://www.google.com/schemas/sitemap-image/1.0'], // another version
    ['image', 'http://www.google.com/schemas/sitemap-images/1.1'], // plural
    ['image', 'http://www.google.com/schemas/sitemap-image/1.1/sitemap-image.xsd'], // the schema file
    ['image', 'http://www.google.com/schemas/sitemap-imgae/1.1'], // a typo
    ['video', 'http://www.google.com/schema/sitemap-video/1.1'], // schema for schemas
    ['video', 'HTTP://WWW.GOOGLE.COM/schemas/sitemap-video/1.1'], // namespace names compare as strings
    ['news', 'http://www.google.com/schemas/sitemap-news/0.84'],
    ['xhtml', 'https://www.w3.org/1999/xhtml'],
    ['xhtml', 'http://www.w3.org/1999/xhtml/'],
  ];
  for (const [prefix, uri] of slips) {
    expectDiagnostics(declaring(`xmlns:${prefix}="⟦${uri}⟧"`), ['extension-namespace']);
    // The prefix does not decide: the URI does.
    expectDiagnostics(declaring(`xmlns:x="⟦${uri}⟧"`), ['extension-namespace']);
  }
});

test('extension-namespace: the exact namespaces, other namespaces and the sitemap namespace are left alone', () => {
  for (const { name, uri } of EXTENSION_NAMESPACES) expectDiagnostics(declaring(`xmlns:${name}="${uri}"`), []);
  for (const other of [
    'http://www.google.com/schemas/sitemap-mobile/1.0', // a retired extension
    'http://www.google.com/schemas/sitemap-pagemap/1.0',
    'http://www.w3.org/2001/XMLSchema-instance',
    'http://www.w3.org/1999/xlink',
    'urn:example:images',
  ]) {
    expectDiagnostics(declaring(`xmlns:x="${other}"`), []);
  }
  // A near miss of the sitemap namespace is bad-namespace (root.test.ts), never this rule.
  assert.equal(nearMissExtension('https://www.sitemaps.org/schemas/sitemap/0.9'), undefined);
  // A default namespace declaration is the sitemap's own.
  assert.equal(nearMissExtension(''), undefined);
});

test('extension-namespace: the declared value with its references decoded, on the raw range', () => {
  expectDiagnostics(declaring('xmlns:image="⟦https://www.google.com/schemas/sitemap&#x2D;image/1.1⟧"'), ['extension-namespace']);
  expectDiagnostics(declaring('xmlns:image="http://www.google.com/schemas/sitemap&#x2D;image/1.1"'), []);
});
