/**
 * The per-segment element trees of the authoring features (features/structure.ts) agree with the parser: the root's
 * name, kind and namespace, which root children are entries (name and namespace), entry start tags and extents, and
 * where each entry's loc stands. On the fixtures and on the mutation corpus of the xmldom agreement test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from '../../../server/src/language/languageService';
import type { SitemapModel } from '../../../server/src/language/model/model';
import { SegmentKind } from '../../../server/src/language/model/segment';
import { contentEnd, namespaceOf, rootStructure, structureOf, type XmlElement } from '../../../server/src/language/features/structure';
import { extensionOf } from '../../../server/src/language/rules/extensionNamespaces';
import { extensionElement } from '../../../server/src/language/rules/extensionVocabulary';
import { BASE_DOCUMENTS, mutationCorpus } from '../../support/mutations';
import { benchSitemap } from '../../support/generate';

/** Disagreements of the trees of `text`'s segments with its parse, as readable lines; none when they agree. */
function disagreements(text: string): string[] {
  const model = parseDocument(text, 'sitemap') as unknown as SitemapModel;
  const info = model.root!;
  const root = rootStructure(model);
  const out: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) out.push(what);
  };
  const sitemapKind = info.kind === 'urlset' || info.kind === 'sitemapindex';
  if (info.kind !== 'none') {
    const element = root.element;
    check(element !== undefined && element.nameStart === info.nameStart && element.nameEnd === info.nameEnd, 'root name range');
    if (element !== undefined) {
      check(element.startTagEnd === info.startTagEnd, `root start tag end ${element.startTagEnd} ≠ ${info.startTagEnd}`);
      const kind = element.local === 'urlset' || element.local === 'sitemapindex' ? element.local : 'unknown';
      check(kind === info.kind, `root kind ${kind} ≠ ${info.kind}`);
      if (sitemapKind) check(namespaceOf(element, root) === info.sitemapNamespace, `root namespace ${namespaceOf(element, root)} ≠ ${info.sitemapNamespace}`);
    }
  }
  model.segments.forEach((segment, index) => {
    if (segment.kind !== SegmentKind.Element) {
      check(!segment.isEntry, `segment ${index}: an entry outside the root's children`);
      return;
    }
    const element = structureOf(segment).elements[0];
    if (element === undefined || element.start !== 0) {
      out.push(`segment ${index}: does not start with an element`);
      return;
    }
    if (typedToTheEnd(element, segment.text)) return;
    const entry = sitemapKind && element.local === info.entryName && namespaceOf(element, root) === info.sitemapNamespace;
    check(entry === segment.isEntry, `segment ${index} <${element.qname}>: entry ${entry} ≠ ${segment.isEntry}`);
    if (!entry || !segment.isEntry) return;
    check(element.startTagEnd === segment.tagEnd, `segment ${index}: start tag end ${element.startTagEnd} ≠ ${segment.tagEnd}`);
    const closed = element.endTagStart >= 0 || element.selfClosing;
    check((closed ? element.end : segment.text.length) === segment.elementEnd, `segment ${index}: element end ${closed ? element.end : '-'} ≠ ${segment.elementEnd}`);
    const loc = element.children.find((c) => c.local === 'loc' && namespaceOf(c, root) === info.sitemapNamespace);
    if (segment.url !== undefined) {
      check(loc !== undefined && segment.urlStart >= loc.startTagEnd && segment.urlEnd <= contentEnd(loc), `segment ${index}: the URL is not in the first loc`);
    } else if (loc !== undefined && loc.startTagClosed) {
      // No URL: the loc is empty or its value not a URL — or it is not the parser's loc.
      const problems = segment.problems.filter((p) => p.start >= loc.start && p.end <= Math.max(contentEnd(loc), loc.startTagEnd));
      check(problems.length > 0 || segment.text.slice(loc.startTagEnd, contentEnd(loc)).trim() === '', `segment ${index}: a loc the parser did not take`);
    }
    for (const child of element.children) {
      if (typedToTheEnd(child, segment.text)) continue;
      checkChildNamespace(child, segment.problems, index, (c) => namespaceOf(c, root), info.sitemapNamespace, info.kind === 'urlset', check);
    }
  });
  return out;
}

/**
 * A start tag the text ends in: the parser opens no element for it (it reports the tag unterminated), the tree keeps
 * it for completion while it is typed.
 */
function typedToTheEnd(element: XmlElement, text: string): boolean {
  return !element.startTagClosed && element.startTagEnd === text.length;
}

/**
 * A sitemap-namespace child of an entry that is not a field gets unknown-element at its name; so does an extension's
 * element (in a `<url>`) that is none of the extension's top-level elements; any other foreign one never.
 */
function checkChildNamespace(child: XmlElement, problems: ReadonlyArray<{ rule: string; start: number; end: number }>, index: number,
  namespace: (e: XmlElement) => string | undefined, sitemapNamespace: string | undefined, inUrl: boolean, check: (ok: boolean, what: string) => void): void {
  const flagged = problems.some((p) => p.rule === 'unknown-element' && p.start === child.nameStart && p.end === child.nameEnd);
  const ns = namespace(child);
  if (ns === sitemapNamespace) {
    const field = ['loc', 'lastmod', 'changefreq', 'priority'].includes(child.local);
    if (!field) check(flagged, `segment ${index} <${child.qname}>: a sitemap-namespace element not flagged unknown`);
    return;
  }
  const extension = inUrl ? extensionOf(ns) : undefined;
  const known = extension === undefined || extensionElement(extension, undefined, child.local) !== undefined;
  check(flagged === !known, `segment ${index} <${child.qname}>: a foreign element ${flagged ? '' : 'not '}flagged unknown`);
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? xmlFiles(path) : name.endsWith('.xml') ? [path] : [];
  });
}

test('the element trees agree with the parser on the fixtures', () => {
  const fixtures = [
    ...BASE_DOCUMENTS.map((d) => ({ name: d.name, text: d.text })),
    ...xmlFiles(join(__dirname, '../../../../test/e2e')).map((path) => ({ name: path, text: readFileSync(path, 'utf8') })),
    { name: 'benchSitemap(300)', text: benchSitemap(300) },
    // Namespace names with character references: the parser decodes them, so must the trees.
    { name: 'decoded prefix', text: '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url xmlns:s="http://www.sitemaps.org/schemas/sitemap/0&#46;9"><s:loc>https://a.example/</s:loc><s:lost/></url></urlset>' },
    { name: 'decoded default', text: '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url xmlns="http://www.sitemaps.org/schemas/sitemap/0&#x2E;9"><loc>https://a.example/</loc></url></urlset>' },
  ];
  assert.ok(fixtures.length > 20);
  for (const fixture of fixtures) assert.deepEqual(disagreements(fixture.text), [], fixture.name);
});

test('the element trees agree with the parser on the mutation corpus', () => {
  const failures: string[] = [];
  for (const seed of [1, 2, 3, 4]) {
    for (const mutant of mutationCorpus(seed, 2000)) {
      const found = disagreements(mutant.text);
      if (found.length > 0 && failures.length < 5) failures.push(`${mutant.base}: ${mutant.steps.join('; ')}\n  ${found.join('\n  ')}\n  text: ${JSON.stringify(mutant.text)}`);
    }
  }
  assert.deepEqual(failures, []);
});
