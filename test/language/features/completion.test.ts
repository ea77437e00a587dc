/**
 * Completion in every context of issue 4: root content, entries, values, root attributes, closing tags, text
 * sitemaps. The clock and the time zone are injected; `|` marks the cursor.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, complete, parseDocument, type CompletionOptions, type CompletionResult, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { applyOffsetEdits, withCursor } from '../../support/cursor';
import { NOW, NS, render } from '../../support/fixtures';
import { expandSnippet } from '../../support/snippetExpander';
import { DEFAULT_SETTINGS, validate } from '../../../server/src/language/languageService';

const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
const NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
const BASE: CompletionOptions = { now: NOW, timeZoneOffset: () => 120, location: 'https://www.example.com/sitemap.xml' };

function completeAt(fixture: string, options: CompletionOptions = BASE, languageId: SitemapLanguageId = 'sitemap'): CompletionResult & { text: string; offset: number } {
  const { text, offset } = withCursor(fixture);
  return { ...complete(parseDocument(text, languageId), offset, options), text, offset };
}

function labels(result: CompletionResult): string[] {
  return [...result.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
}

/** The text after accepting `label` (snippet syntax left in place), with the item's other edits. */
function accept(result: CompletionResult & { text: string }, label: string): string {
  const item = result.items.find((i) => i.label === label);
  assert.ok(item, `no item ${label} in ${JSON.stringify(result.items.map((i) => i.label))}`);
  return applyOffsetEdits(result.text, [{ start: item.start, end: item.end, text: item.insertText }, ...(item.additionalEdits ?? [])]);
}

/** The text after accepting `label` and leaving every placeholder at its default (as Tab through it would). */
function acceptDefaults(result: CompletionResult & { text: string }, label: string): string {
  return expandSnippet(accept(result, label), { variables: {} });
}

function problems(text: string): string[] {
  return render(validate(parseDocument(text, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }));
}

/** The extension blocks, offered in every `<url>` of a urlset (declaring their namespace on the root when it lacks it). */
const EXTENSIONS = ['image:image', 'video:video', 'news:news', 'xhtml:link'];
const FILE_SNIPPETS = ['urlset', 'urlset-xsd', 'urlset-extensions', 'urlset-image', 'urlset-video', 'urlset-news', 'urlset-hreflang', 'sitemapindex', 'sitemapindex-xsd'];

const urlset = (body: string, attributes = ''): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"${attributes}>\n${body}</urlset>\n`;
const index = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${body}</sitemapindex>\n`;
const ENTRY = '  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n';

describe('completion in the root', () => {
  it('offers a url block in a urlset: loc with the base URL, today\'s lastmod, the cursor in the loc', () => {
    const result = completeAt(urlset(`${ENTRY}  |\n`));
    assert.deepEqual(labels(result), ['url', 'url-full']);
    const item = result.items[0];
    assert.equal(item.snippet, true);
    assert.equal(item.preselect, true);
    assert.equal(item.kind, 'entry');
    assert.equal(item.insertText, '<url>\n    <loc>https://www.example.com/$1</loc>\n    <lastmod>2025-06-15</lastmod>\n  </url>$0');
    assert.equal(accept(result, 'url'), urlset(`${ENTRY}  <url>\n    <loc>https://www.example.com/$1</loc>\n    <lastmod>2025-06-15</lastmod>\n  </url>$0\n`));
  });

  it('offers only sitemap in an index, never url', () => {
    const result = completeAt(index('  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n  </sitemap>\n  |\n'));
    assert.deepEqual(labels(result), ['sitemap']);
    assert.match(result.items[0].insertText, /^<sitemap>\n    <loc>https:\/\/www\.example\.com\/\$1<\/loc>\n    <lastmod>2025-06-15<\/lastmod>\n  <\/sitemap>\$0$/);
  });

  it('never offers sitemap in a urlset', () => {
    for (const fixture of [urlset('  |\n'), urlset('  <|\n'), urlset(`${ENTRY}|`)]) {
      assert.ok(!labels(completeAt(fixture)).includes('sitemap'), fixture);
    }
  });

  it('after "<" inserts the rest of the tag, replacing the name typed so far', () => {
    const result = completeAt(urlset(`${ENTRY}  <u|\n`));
    assert.deepEqual(labels(result), ['url', 'url-full']);
    const item = result.items[0];
    assert.equal(result.text.slice(item.start, item.end), 'u');
    assert.match(item.insertText, /^url>\n/);
  });

  it('uses the local date: just before midnight UTC it is already tomorrow at +02:00', () => {
    const late = Date.UTC(2025, 5, 15, 23, 30);
    const result = completeAt(urlset('  |\n'), { ...BASE, now: late });
    assert.match(result.items[0].insertText, /<lastmod>2025-06-16<\/lastmod>/);
  });

  it('takes the indentation of the file (four spaces, tabs)', () => {
    const four = completeAt(`<urlset xmlns="${NS}">\n    <url>\n        <loc>https://www.example.com/</loc>\n    </url>\n    |\n</urlset>\n`);
    assert.equal(four.items[0].insertText, '<url>\n        <loc>https://www.example.com/$1</loc>\n        <lastmod>2025-06-15</lastmod>\n    </url>$0');
    const tabs = completeAt(`<urlset xmlns="${NS}">\n\t<url>\n\t\t<loc>https://www.example.com/</loc>\n\t</url>\n\t|\n</urlset>\n`);
    assert.equal(tabs.items[0].insertText, '<url>\n\t\t<loc>https://www.example.com/$1</loc>\n\t\t<lastmod>2025-06-15</lastmod>\n\t</url>$0');
  });

  it('uses the root\'s prefix when the sitemap namespace is bound to one', () => {
    const result = completeAt(`<sm:urlset xmlns:sm="${NS}">\n  |\n</sm:urlset>\n`);
    assert.deepEqual(labels(result), ['sm:url', 'url-full']);
    assert.match(result.items[0].insertText, /^<sm:url>\n    <sm:loc>.*<\/sm:loc>\n    <sm:lastmod>2025-06-15<\/sm:lastmod>\n  <\/sm:url>\$0$/);
    assert.match(result.items[1].insertText, /^<sm:url>\n    <sm:loc>.*<\/sm:loc>\n    <sm:lastmod>.*\n    <sm:changefreq>.*\n    <sm:priority>.*\n  <\/sm:url>\$0$/);
    assert.deepEqual(problems(acceptDefaults(result, 'url-full')), []);
  });

  it('offers root skeletons in a document without a root', () => {
    const result = completeAt('<?xml version="1.0" encoding="UTF-8"?>\n|');
    assert.deepEqual(labels(result), FILE_SNIPPETS);
    assert.match(result.items[0].insertText, new RegExp(`^<urlset xmlns="${NS.replace(/\./g, '\\.')}">\n  <url>`));
  });

  it('offers nothing inside a comment or after the root', () => {
    assert.deepEqual(completeAt(urlset(`${ENTRY}  <!-- |  -->\n`)).items, []);
    assert.deepEqual(completeAt(`${urlset(ENTRY)}|`).items, []);
    assert.deepEqual(completeAt(urlset('  <url |>\n    <loc>https://www.example.com/</loc>\n  </url>\n')).items, []);
  });
});

describe('completion in an entry', () => {
  it('offers the children the entry lacks, in schema order', () => {
    assert.deepEqual(labels(completeAt(urlset('  <url>\n    |\n  </url>\n'))), ['loc', 'lastmod', 'changefreq', 'priority', ...EXTENSIONS]);
    assert.deepEqual(labels(completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  </url>\n'))), ['lastmod', 'changefreq', 'priority', ...EXTENSIONS]);
    assert.deepEqual(
      labels(completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n    <priority>0.5</priority>\n    |\n  </url>\n'))),
      ['changefreq', ...EXTENSIONS],
    );
  });

  it('inserts whole elements with placeholders, or the rest of the tag after "<"', () => {
    const result = completeAt(urlset('  <url>\n    |\n  </url>\n'));
    const insert = (label: string): string => result.items.find((i) => i.label === label)!.insertText;
    assert.equal(insert('loc'), '<loc>https://www.example.com/$1</loc>$0');
    assert.equal(insert('lastmod'), '<lastmod>${1:2025-06-15}</lastmod>$0');
    assert.equal(insert('changefreq'), '<changefreq>${1:weekly}</changefreq>$0');
    assert.equal(insert('priority'), '<priority>${1:0.5}</priority>$0');
    const afterBracket = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    <la|\n  </url>\n'));
    const item = afterBracket.items.find((i) => i.label === 'lastmod')!;
    assert.equal(item.insertText, 'lastmod>${1:2025-06-15}</lastmod>$0');
    assert.equal(afterBracket.text.slice(item.start, item.end), 'la');
  });

  it('a field that does not fit at the cursor goes where the schema puts it (issue 20): no element-order', () => {
    const loc = '    <loc>https://www.example.com/</loc>\n';
    const priority = '    <priority>0.5</priority>\n';
    const cases: Array<[string, string, string]> = [
      // After <priority>, typed as a word, and after "<".
      [`  <url>\n${loc}${priority}    |\n  </url>\n`, 'lastmod', `  <url>\n${loc}    <lastmod>2025-06-15</lastmod>\n${priority}    \n  </url>\n`],
      [`  <url>\n${loc}${priority}    la|\n  </url>\n`, 'lastmod', `  <url>\n${loc}    <lastmod>2025-06-15</lastmod>\n${priority}    \n  </url>\n`],
      [`  <url>\n${loc}${priority}    <la|\n  </url>\n`, 'changefreq', `  <url>\n${loc}    <changefreq>weekly</changefreq>\n${priority}    \n  </url>\n`],
      // Before <loc>: after it.
      [`  <url>\n    |\n${loc}  </url>\n`, 'priority', `  <url>\n    \n${loc}    <priority>0.5</priority>\n  </url>\n`],
      // An entry on one line stays on one line.
      [`  <url><loc>https://www.example.com/</loc><priority>0.5</priority>|</url>\n`, 'lastmod', `  <url><loc>https://www.example.com/</loc><lastmod>2025-06-15</lastmod><priority>0.5</priority></url>\n`],
      [`  <url><lastmod>2024-01-01</lastmod>|</url>\n`, 'loc', `  <url><loc>https://www.example.com/</loc><lastmod>2024-01-01</lastmod></url>\n`],
      // No loc yet, a lastmod after the cursor's place: before the lastmod.
      [`  <url>\n    <lastmod>2024-01-01</lastmod>\n    |\n  </url>\n`, 'loc', `  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n    \n  </url>\n`],
    ];
    for (const [fixture, label, expected] of cases) {
      const result = completeAt(urlset(fixture));
      const item = result.items.find((i) => i.label === label)!;
      assert.equal(item.insertText, '', label);
      const after = acceptDefaults(result, label);
      assert.equal(after, urlset(expected), `${fixture} → ${label}`);
      assert.deepEqual(problems(after).filter((p) => p.startsWith('element-order')), []);
    }
  });

  it('after an extension element every field goes before it, in schema order', () => {
    const attributes = ` xmlns:image="${IMAGE}"`;
    const image = '    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>\n';
    const result = completeAt(urlset(`  <url>\n    <loc>https://www.example.com/</loc>\n${image}    |\n  </url>\n`, attributes));
    const after = acceptDefaults(result, 'lastmod');
    assert.equal(after, urlset(`  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2025-06-15</lastmod>\n${image}    \n  </url>\n`, attributes));
    assert.deepEqual(problems(after), []);
  });

  it('a field that fits at the cursor is inserted there, as a snippet', () => {
    const result = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n    <priority>0.5</priority>\n  </url>\n'));
    for (const label of ['lastmod', 'changefreq']) {
      const item = result.items.find((i) => i.label === label)!;
      assert.equal(item.additionalEdits, undefined, label);
      assert.deepEqual(problems(acceptDefaults(result, label)), [], label);
    }
  });

  it('offers loc and lastmod in a sitemap entry, nothing else', () => {
    assert.deepEqual(labels(completeAt(index('  <sitemap>\n    |\n  </sitemap>\n'))), ['loc', 'lastmod']);
    assert.deepEqual(labels(completeAt(index('  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n    |\n  </sitemap>\n'))), ['lastmod']);
  });

  it('offers the elements of the extension namespaces the root declares, with their required children', () => {
    const attributes = ` xmlns:image="${IMAGE}" xmlns:video="${VIDEO}" xmlns:news="${NEWS}" xmlns:xhtml="${XHTML}"`;
    const result = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  </url>\n', attributes));
    assert.deepEqual(labels(result), ['lastmod', 'changefreq', 'priority', ...EXTENSIONS]);
    assert.ok(result.items.every((i) => i.additionalEdits === undefined), 'every namespace is declared already');
    const insert = (label: string): string => result.items.find((i) => i.label === label)!.insertText;
    assert.equal(insert('image:image'), '<image:image>\n      <image:loc>${1:https://www.example.com/images/photo.jpg}</image:loc>\n    </image:image>$0');
    assert.equal(insert('video:video'), '<video:video>\n      <video:thumbnail_loc>${1:https://www.example.com/thumbnails/video.jpg}</video:thumbnail_loc>\n'
      + '      <video:title>${2:Video title}</video:title>\n      <video:description>${3:What the video shows}</video:description>\n'
      + '      <video:${4|content_loc,player_loc|}>${5:https://www.example.com/videos/video.mp4}</video:$4>\n    </video:video>$0');
    assert.equal(insert('news:news'), '<news:news>\n      <news:publication>\n        <news:name>${1:Publication name}</news:name>\n'
      + '        <news:language>${2:en}</news:language>\n      </news:publication>\n      <news:publication_date>${3:2025-06-15}</news:publication_date>\n'
      + '      <news:title>${4:Article title}</news:title>\n    </news:news>$0');
    assert.equal(insert('xhtml:link'), '<xhtml:link rel="alternate" hreflang="${1:en}" href="https://www.example.com/"/>\n'
      + '    <xhtml:link rel="alternate" hreflang="${2:de}" href="${3:https://www.example.com/de/}"/>$0');
    for (const label of EXTENSIONS) assert.deepEqual(problems(acceptDefaults(result, label)), [], label);
  });

  it('uses the prefixes the root declares', () => {
    const result = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  </url>\n', ` xmlns:img="${IMAGE}"`));
    assert.deepEqual(labels(result), ['lastmod', 'changefreq', 'priority', 'img:image', 'video:video', 'news:news', 'xhtml:link']);
    const image = result.items.find((i) => i.label === 'img:image')!;
    assert.equal(image.additionalEdits, undefined);
    assert.equal(image.insertText, '<img:image>\n      <img:loc>${1:https://www.example.com/images/photo.jpg}</img:loc>\n    </img:image>$0');
  });

  it('offers a news element only once per entry; images repeat', () => {
    const attributes = ` xmlns:image="${IMAGE}" xmlns:news="${NEWS}"`;
    const body = '  <url>\n    <loc>https://www.example.com/</loc>\n    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>\n'
      + '    <news:news><news:title>T</news:title></news:news>\n    |\n  </url>\n';
    assert.deepEqual(labels(completeAt(urlset(body, attributes))), ['lastmod', 'changefreq', 'priority', 'image:image', 'video:video', 'xhtml:link']);
  });

  it('offers no extension element in an index', () => {
    const text = `<sitemapindex xmlns="${NS}" xmlns:image="${IMAGE}">\n  <sitemap>\n    |\n  </sitemap>\n</sitemapindex>\n`;
    assert.deepEqual(labels(completeAt(text)), ['loc', 'lastmod']);
  });

  it('completes the closing tag after "</", and offers it in an entry left open', () => {
    const closing = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </|\n'));
    assert.deepEqual(closing.items.map((i) => [i.label, i.insertText]), [['</url>', 'url>']]);
    const open = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  <url>\n    <loc>https://www.example.com/b</loc>\n  </url>\n'));
    assert.ok(open.items.some((i) => i.kind === 'closingTag' && i.insertText === '</url>'));
    const closed = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  </url>\n'));
    assert.ok(!closed.items.some((i) => i.kind === 'closingTag'));
  });

  it('completes the closing tag of a value element', () => {
    const result = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</|\n  </url>\n'));
    assert.deepEqual(result.items.map((i) => i.insertText), ['loc>']);
  });

  it('sees the entry as it is after an edit (the segment\'s structure is rebuilt)', () => {
    const { text, offset } = withCursor(urlset('  <url>\n    |\n  </url>\n'));
    const document = parseDocument(text, 'sitemap');
    assert.deepEqual(labels(complete(document, offset, BASE)), ['loc', 'lastmod', 'changefreq', 'priority', ...EXTENSIONS]);
    const inserted = '<loc>https://www.example.com/</loc>\n    ';
    applyEdits(document, [{ start: offset, end: offset, text: inserted }]);
    assert.deepEqual(labels(complete(document, offset + inserted.length, BASE)), ['lastmod', 'changefreq', 'priority', ...EXTENSIONS]);
  });
});

describe('snippets by context (issue 8)', () => {
  const SNIPPET_PREFIXES = [...FILE_SNIPPETS, 'url', 'url-full', 'sitemap', 'image', 'video', 'news', 'hreflang'];
  const IMAGE_ENTRY = '  <url>\n    <loc>https://www.example.com/</loc>\n    |\n  </url>\n';

  it('at the urlset level: one url item and url-full, nothing that cannot go there', () => {
    for (const fixture of [urlset('  |\n'), urlset(`${ENTRY}  |\n`), urlset(`  |\n${ENTRY}`), urlset(`${ENTRY}|`), urlset(`${ENTRY}  <|\n`), urlset(`${ENTRY}  <u|\n`)]) {
      const offered = labels(completeAt(fixture)).filter((label) => !label.startsWith('</'));
      assert.deepEqual(offered, ['url', 'url-full'], fixture);
    }
    const offered = labels(completeAt(urlset(`${ENTRY}  |\n`, ` xmlns:image="${IMAGE}" xmlns:news="${NEWS}"`)));
    assert.deepEqual(offered.filter((label) => SNIPPET_PREFIXES.includes(label) || label.includes(':')), ['url', 'url-full']);
  });

  it('in an empty document: the whole-file snippets, each valid as inserted, the declaration only where it may go', () => {
    for (const fixture of ['|', '\uFEFF|', '  \n|\n', '<?xml version="1.0" encoding="UTF-8"?>\n|', '<?xml version="1.0" encoding="UTF-8"?>\n<!-- generated -->\n|\n\n', '<?xml version="1.0" encoding="UTF-8"?>\n<|', '<ur|']) {
      const result = completeAt(fixture);
      assert.deepEqual(labels(result), FILE_SNIPPETS, fixture);
      for (const label of FILE_SNIPPETS) {
        const text = acceptDefaults(result, label);
        assert.deepEqual(problems(text), [], `${label} in ${JSON.stringify(fixture)}:\n${text}`);
        assert.equal(text.match(/<\?xml/g)?.length ?? 0, fixture.startsWith('<?xml') || /^\uFEFF?[<|]/.test(fixture) ? 1 : 0, `${label} in ${JSON.stringify(fixture)}`);
      }
    }
    const typed = completeAt('<ur|');
    assert.deepEqual([typed.items[0].start, typed.items[0].end, typed.items[0].filterText], [0, 3, '<urlset']);
    assert.match(typed.items[0].insertText, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="[^"]+">\n  <url>\n    <loc>https:\/\/www\.example\.com\/\$1<\/loc>\n    <lastmod>\$\{2:2025-06-15\}<\/lastmod>\n  <\/url>\$0\n<\/urlset>\n$/);
  });

  it('not in a document with anything else in it', () => {
    for (const fixture of ['hello |', '|<?xml version="1.0" encoding="UTF-8"?>\n', '|\n<!-- c -->', `<urlset xmlns="${NS}"/>\n|`, 'x\n<ur|']) {
      assert.ok(!labels(completeAt(fixture)).some((label) => FILE_SNIPPETS.includes(label)), fixture);
    }
  });

  it('inside a <url> without the image namespace: image:image declares it on the root, keeping every other byte', () => {
    const text = (attributes: string): string => urlset(IMAGE_ENTRY.replace('|', ''), attributes);
    const result = completeAt(urlset(IMAGE_ENTRY));
    const image = result.items.find((i) => i.label === 'image:image')!;
    assert.deepEqual(image.additionalEdits, [{ start: text('').indexOf('>\n  <url>'), end: text('').indexOf('>\n  <url>'), text: ` xmlns:image="${IMAGE}"` }]);
    const expected = text(` xmlns:image="${IMAGE}"`).replace('    \n', '    <image:image>\n      <image:loc>${1:https://www.example.com/images/photo.jpg}</image:loc>\n    </image:image>$0\n');
    assert.equal(accept(result, 'image:image'), expected);
    assert.deepEqual(problems(acceptDefaults(result, 'image:image')), []);
    // Declared already: no edit.
    assert.equal(completeAt(urlset(IMAGE_ENTRY, ` xmlns:image="${IMAGE}"`)).items.find((i) => i.label === 'image:image')!.additionalEdits, undefined);
  });

  it('declares on a line of its own when the root has one attribute per line; never rebinds a prefix in use', () => {
    const root = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset\n  xmlns="${NS}"\n  xmlns:xhtml="${XHTML}">\n`;
    const result = completeAt(`${root}${IMAGE_ENTRY}</urlset>\n`);
    const news = result.items.find((i) => i.label === 'news:news')!;
    const after = root.indexOf('">\n') + 1;
    assert.deepEqual(news.additionalEdits, [{ start: after, end: after, text: `\n  xmlns:news="${NEWS}"` }]);
    assert.deepEqual(problems(acceptDefaults(result, 'news:news')), []);
    assert.equal(result.items.find((i) => i.label === 'xhtml:link')!.additionalEdits, undefined);
    // `image` bound to something else: Google's image block is not offered under that prefix.
    const taken = completeAt(urlset(IMAGE_ENTRY, ' xmlns:image="urn:example:pictures"'));
    assert.ok(!taken.items.some((i) => i.label === 'image:image'), JSON.stringify(labels(taken)));
  });

  it('offers no extension block before a child of the entry\'s own (extensions come last: element-order)', () => {
    const before = '  <url>\n    <loc>https://www.example.com/</loc>\n    |\n    <changefreq>daily</changefreq>\n  </url>\n';
    assert.deepEqual(labels(completeAt(urlset(before, ` xmlns:image="${IMAGE}"`))), ['lastmod', 'priority']);
    const after = '  <url>\n    <loc>https://www.example.com/</loc>\n    <changefreq>daily</changefreq>\n    |\n  </url>\n';
    const result = completeAt(urlset(after, ` xmlns:image="${IMAGE}"`));
    assert.deepEqual(labels(result).filter((l) => l.includes(':')), EXTENSIONS);
    for (const label of EXTENSIONS) assert.deepEqual(problems(acceptDefaults(result, label)), [], label);
  });

  it('offers the extension blocks by their snippet prefix too (hreflang)', () => {
    const link = completeAt(urlset(IMAGE_ENTRY)).items.find((i) => i.label === 'xhtml:link')!;
    assert.ok(link.filterText!.split(' ').includes('hreflang'), link.filterText);
  });

  it('in an index: sitemap only, and no extension block in its entries', () => {
    for (const fixture of [index('  |\n'), index('  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n  </sitemap>\n  |\n'), index('  <|\n')]) {
      assert.deepEqual(labels(completeAt(fixture)), ['sitemap'], fixture);
    }
    const result = completeAt(index('  |\n'));
    assert.deepEqual(problems(acceptDefaults(result, 'sitemap')), []);
    const withImage = `<sitemapindex xmlns="${NS}" xmlns:image="${IMAGE}">\n  <sitemap>\n    |\n  </sitemap>\n</sitemapindex>\n`;
    assert.deepEqual(labels(completeAt(withImage)), ['loc', 'lastmod']);
  });

  it('every entry snippet validates as inserted, with or without a base URL', () => {
    // Without a location, and no entry to take an origin from, the snippets' example URLs stay.
    for (const options of [BASE, { now: NOW, timeZoneOffset: () => 120 }]) {
      const result = completeAt(urlset('  |\n'), options);
      for (const label of ['url', 'url-full']) assert.deepEqual(problems(acceptDefaults(result, label)), [], label);
      assert.deepEqual(problems(acceptDefaults(completeAt(index('  |\n'), options), 'sitemap')), []);
    }
  });
});

describe('completion of values', () => {
  const value = (element: string, content: string): CompletionResult & { text: string; offset: number } =>
    completeAt(urlset(`  <url>\n    <loc>https://www.example.com/</loc>\n    <${element}>${content}</${element}>\n  </url>\n`));

  it('changefreq: the seven values, replacing the whole value', () => {
    const result = value('changefreq', 'wee|k');
    assert.deepEqual(labels(result), ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
    assert.ok(result.items.every((i) => result.text.slice(i.start, i.end) === 'week' && i.kind === 'value' && !i.snippet));
  });

  it('priority: 0.0 to 1.0 with 0.5 first and marked as the default', () => {
    const result = value('priority', '|');
    assert.deepEqual(labels(result), ['0.5', '0.0', '0.1', '0.2', '0.3', '0.4', '0.6', '0.7', '0.8', '0.9', '1.0']);
    const half = result.items.find((i) => i.label === '0.5')!;
    assert.equal(half.detail, 'default');
    assert.equal(half.preselect, true);
  });

  it('lastmod: today, now with the local offset, now in UTC', () => {
    const result = value('lastmod', '|');
    assert.deepEqual(labels(result), ['2025-06-15', '2025-06-15T14:00:00+02:00', '2025-06-15T12:00:00Z']);
    const west = completeAt(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>|</lastmod>\n  </url>\n'), { ...BASE, timeZoneOffset: () => -330 });
    assert.deepEqual(labels(west), ['2025-06-15', '2025-06-15T06:30:00-05:30', '2025-06-15T12:00:00Z']);
  });

  it('loc: the directory of the sitemap\'s location, escaped candidates not listed yet and in scope', () => {
    const text = urlset(`${ENTRY}  <url>\n    <loc>|</loc>\n  </url>\n`);
    const result = completeAt(text, {
      ...BASE, location: 'https://www.example.com/shop/sitemap.xml',
      candidateUrls: ['https://www.example.com/shop/', 'https://www.example.com/shop/a?x=1&y=2', 'https://www.example.com/elsewhere/', 'https://www.example.com/shop/b'],
    });
    assert.equal(result.acceptsUrls, true);
    assert.deepEqual(result.items.map((i) => [i.label, i.insertText]), [
      ['https://www.example.com/shop/', 'https://www.example.com/shop/'],
      ['https://www.example.com/shop/a?x=1&y=2', 'https://www.example.com/shop/a?x=1&amp;y=2'],
      ['https://www.example.com/shop/b', 'https://www.example.com/shop/b'],
    ]);
  });

  it('loc: skips candidates the file lists, however they are escaped', () => {
    const text = urlset('  <url>\n    <loc>https://www.example.com/a?x=1&amp;y=2</loc>\n  </url>\n  <url>\n    <loc>|</loc>\n  </url>\n');
    const result = completeAt(text, { ...BASE, candidateUrls: ['https://www.example.com/a?x=1&y=2', 'https://www.example.com/b'] });
    assert.deepEqual(result.items.map((i) => i.label), ['https://www.example.com/', 'https://www.example.com/b']);
  });

  it('loc: without a location, the origin of the file\'s first URL', () => {
    const result = completeAt(urlset('  <url>\n    <loc>https://shop.example.org/x/y</loc>\n  </url>\n  <url>\n    <loc>|</loc>\n  </url>\n'), { now: NOW });
    assert.deepEqual(result.items.map((i) => i.label), ['https://shop.example.org/']);
  });

  it('loc: many candidates are capped, filtered by what is typed, and the list is marked incomplete', () => {
    const candidates = Array.from({ length: 500 }, (_, k) => `https://www.example.com/p${k}`);
    const all = completeAt(urlset('  <url>\n    <loc>|</loc>\n  </url>\n'), { ...BASE, candidateUrls: candidates, maxCandidates: 50 });
    assert.equal(all.isIncomplete, true);
    assert.equal(all.items.length, 51);
    const typed = completeAt(urlset('  <url>\n    <loc>https://www.example.com/p49|</loc>\n  </url>\n'), { ...BASE, candidateUrls: candidates, maxCandidates: 50 });
    assert.equal(typed.isIncomplete, false);
    assert.deepEqual(typed.items.map((i) => i.label).slice(1), ['p49', ...Array.from({ length: 10 }, (_, k) => `p49${k}`)].map((p) => `https://www.example.com/${p}`));
  });

  it('loc in an index: the caller\'s sitemap files', () => {
    const text = index('  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n  </sitemap>\n  <sitemap>\n    <loc>|</loc>\n  </sitemap>\n');
    const result = completeAt(text, { ...BASE, candidateUrls: ['https://www.example.com/a.xml', 'https://www.example.com/b.xml'] });
    assert.deepEqual(result.items.map((i) => i.label), ['https://www.example.com/', 'https://www.example.com/b.xml']);
  });

  it('a text sitemap line: the base URL and candidates, unescaped', () => {
    const result = completeAt('https://www.example.com/\n|\n', { ...BASE, candidateUrls: ['https://www.example.com/a?x=1&y=2'] }, 'sitemap-txt');
    assert.deepEqual(result.items.map((i) => i.insertText), ['https://www.example.com/', 'https://www.example.com/a?x=1&y=2']);
  });
});

describe('completion of root attributes', () => {
  it('offers the namespace declarations the root lacks and xsi:schemaLocation with its xmlns:xsi', () => {
    const result = completeAt(`<urlset xmlns="${NS}" |>\n${ENTRY}</urlset>\n`);
    assert.deepEqual(labels(result), ['xmlns:image', 'xmlns:video', 'xmlns:news', 'xmlns:xhtml', 'xsi:schemaLocation']);
    const insert = (label: string): string => result.items.find((i) => i.label === label)!.insertText;
    assert.equal(insert('xmlns:image'), `xmlns:image="${IMAGE}"`);
    assert.equal(insert('xmlns:video'), `xmlns:video="${VIDEO}"`);
    assert.equal(insert('xmlns:news'), `xmlns:news="${NEWS}"`);
    assert.equal(insert('xmlns:xhtml'), `xmlns:xhtml="${XHTML}"`);
    assert.equal(insert('xsi:schemaLocation'),
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} ${NS}/sitemap.xsd"`);
  });

  it('offers xmlns on a root without it, and the index schema in an index', () => {
    const result = completeAt(`<sitemapindex xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" x|>\n</sitemapindex>\n`);
    assert.ok(labels(result).includes('xmlns'));
    assert.equal(result.items.find((i) => i.label === 'xmlns')!.insertText, `xmlns="${NS}"`);
    assert.equal(result.items.find((i) => i.label === 'xsi:schemaLocation')!.insertText, `xsi:schemaLocation="${NS} ${NS}/siteindex.xsd"`);
    const item = result.items[0];
    assert.equal(result.text.slice(item.start, item.end), 'x');
  });

  it('completes the value of a namespace declaration', () => {
    const result = completeAt(`<urlset xmlns="${NS}" xmlns:image="ht|">\n${ENTRY}</urlset>\n`);
    assert.deepEqual(result.items.map((i) => i.insertText), [IMAGE]);
    assert.equal(result.text.slice(result.items[0].start, result.items[0].end), 'ht');
  });
});

describe('completion in the extensions (issue 12)', () => {
  const ALL = ` xmlns:image="${IMAGE}" xmlns:video="${VIDEO}" xmlns:news="${NEWS}" xmlns:xhtml="${XHTML}"`;
  const inUrl = (body: string, attributes = ALL): string => urlset(`  <url>\n    <loc>https://www.example.com/</loc>\n${body}  </url>\n`, attributes);
  const item = (result: CompletionResult, label: string): CompletionResult['items'][number] => {
    const found = result.items.find((i) => i.label === label);
    assert.ok(found, `no item ${label} in ${JSON.stringify(labels(result))}`);
    return found;
  };

  it('inside video:video: the children it lacks in schema order, in the prefix it uses, never a deprecated one', () => {
    const text = inUrl('    <v:video>\n      <v:thumbnail_loc>https://www.example.com/t.jpg</v:thumbnail_loc>\n      <v:tag>a</v:tag>\n      |\n    </v:video>\n', ` xmlns:v="${VIDEO}"`);
    const result = completeAt(text);
    assert.deepEqual(labels(result), ['v:title', 'v:description', 'v:content_loc', 'v:player_loc', 'v:duration', 'v:expiration_date', 'v:rating',
      'v:view_count', 'v:publication_date', 'v:family_friendly', 'v:restriction', 'v:platform', 'v:requires_subscription', 'v:uploader', 'v:live', 'v:tag']);
    assert.equal(item(result, 'v:title').insertText, '<v:title>$1</v:title>$0');
    assert.equal(item(result, 'v:title').detail, 'Required');
    assert.equal(item(result, 'v:family_friendly').insertText, '<v:family_friendly>${1|yes,no|}</v:family_friendly>$0');
    assert.equal(item(result, 'v:restriction').insertText, '<v:restriction relationship="${1|allow,deny|}">$2</v:restriction>$0');
    const offset = result.offset;
    assert.ok(result.items.every((i) => i.start === offset && i.end === offset && i.snippet));
  });

  it('after "<" in image:image: image:loc only (the other children are deprecated), the rest of the tag', () => {
    const result = completeAt(inUrl('    <image:image>\n      <im|\n    </image:image>\n'));
    assert.deepEqual(labels(result), ['image:loc']);
    assert.equal(result.items[0].insertText, 'image:loc>$1</image:loc>$0');
    assert.equal(result.text.slice(result.items[0].start, result.items[0].end), 'im');
    assert.deepEqual(labels(completeAt(inUrl('    <image:image><image:loc>https://www.example.com/a.png</image:loc>|</image:image>\n'))), []);
  });

  it('inside news:news the publication with its required children; inside news:publication its name and language', () => {
    const result = completeAt(inUrl('    <news:news>\n      |\n    </news:news>\n'));
    assert.deepEqual(labels(result), ['news:publication', 'news:publication_date', 'news:title']);
    assert.equal(item(result, 'news:publication').insertText,
      '<news:publication>\n        <news:name>$1</news:name>\n        <news:language>$2</news:language>\n      </news:publication>$0');
    assert.deepEqual(labels(completeAt(inUrl('    <news:news>\n      <news:publication>|</news:publication>\n    </news:news>\n'))), ['news:name', 'news:language']);
  });

  it('recognises an extension by its namespace URI, a near miss included; nothing in an index or outside a url', () => {
    const nearMiss = ` xmlns:image="https://www.google.com/schemas/sitemap-image/1.1"`;
    assert.deepEqual(labels(completeAt(inUrl('    <image:image>|</image:image>\n', nearMiss))), ['image:loc']);
    assert.deepEqual(labels(completeAt(inUrl('    <image:image>|</image:image>\n', ' xmlns:image="urn:example:pictures"'))).filter((l) => !l.startsWith('</')), []);
    const inIndex = `<sitemapindex xmlns="${NS}" xmlns:image="${IMAGE}">\n  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n    <image:image>|</image:image>\n  </sitemap>\n</sitemapindex>\n`;
    assert.deepEqual(labels(completeAt(inIndex)), []);
  });

  it('values: yes/no, countries with their names (the token under the cursor, not one listed already), platforms', () => {
    const yesNo = completeAt(inUrl('    <video:video><video:live>y|</video:live></video:video>\n'));
    assert.deepEqual(labels(yesNo), ['yes', 'no']);
    assert.equal(yesNo.text.slice(yesNo.items[0].start, yesNo.items[0].end), 'y');
    const countries = completeAt(inUrl('    <video:video><video:restriction relationship="allow">US c| FR</video:restriction></video:video>\n'));
    const ca = item(countries, 'CA');
    assert.equal(ca.detail, 'Canada');
    assert.equal(countries.text.slice(ca.start, ca.end), 'c');
    assert.ok(!countries.items.some((i) => i.label === 'US' || i.label === 'FR'));
    assert.equal(countries.items.length, 249 - 2);
    const platforms = completeAt(inUrl('    <video:video><video:platform relationship="deny">web |</video:platform></video:video>\n'));
    assert.deepEqual(labels(platforms), ['mobile', 'tv']);
  });

  it('news:language: ISO 639-1 with names, then zh-cn and zh-tw, replacing the whole value', () => {
    const result = completeAt(inUrl('    <news:news><news:publication><news:name>N</news:name><news:language> e|n </news:language></news:publication></news:news>\n'));
    assert.equal(item(result, 'en').detail, 'English');
    assert.deepEqual(labels(result).slice(-2), ['zh-cn', 'zh-tw']);
    assert.equal(result.text.slice(result.items[0].start, result.items[0].end), 'en');
  });

  it('attributes: the ones an element lacks, and their values (relationship, rel, hreflang)', () => {
    assert.deepEqual(labels(completeAt(inUrl('    <xhtml:link rel="alternate" |/>\n'))), ['hreflang', 'href']);
    const link = completeAt(inUrl('    <xhtml:link |/>\n'));
    assert.deepEqual(link.items.map((i) => i.insertText), ['rel="alternate"', 'hreflang="$1"', 'href="$1"']);
    assert.deepEqual(completeAt(inUrl('    <video:video><video:restriction |>US</video:restriction></video:video>\n')).items.map((i) => i.insertText),
      ['relationship="${1|allow,deny|}"']);
    assert.deepEqual(labels(completeAt(inUrl('    <video:video><video:restriction relationship="|">US</video:restriction></video:video>\n'))), ['allow', 'deny']);
    const rel = completeAt(inUrl('    <xhtml:link rel="alt|" hreflang="en" href="https://www.example.com/"/>\n'));
    assert.deepEqual(labels(rel), ['alternate']);
    assert.equal(rel.text.slice(rel.items[0].start, rel.items[0].end), 'alt');
  });

  it('hreflang values: x-default, ISO 639-1 languages, common language-REGION pairs; every region once "xx-" is typed', () => {
    const result = completeAt(inUrl('    <xhtml:link rel="alternate" hreflang="|" href="https://www.example.com/"/>\n'));
    assert.equal(labels(result)[0], 'x-default');
    assert.equal(item(result, 'de').detail, 'German');
    assert.equal(item(result, 'en-GB').detail, 'English (United Kingdom)');
    const regions = completeAt(inUrl('    <xhtml:link rel="alternate" hreflang="pt-|" href="https://www.example.com/"/>\n'));
    assert.equal(regions.items.length, 249);
    assert.equal(item(regions, 'pt-BR').detail, 'Portuguese (Brazil)');
    assert.equal(regions.text.slice(regions.items[0].start, regions.items[0].end), 'pt-');
  });
});

describe('extension snippets (issue 12)', () => {
  const entry = (loc: string, more = ''): string => `  <url>\n    <loc>${loc}</loc>\n${more}    |\n  </url>\n`;

  it('each extension block, in a root without its namespace, declares it and validates with zero problems as expanded', () => {
    const result = completeAt(urlset(entry('https://www.example.com/')));
    for (const [label, extension] of [['image:image', 'image'], ['video:video', 'video'], ['news:news', 'news'], ['xhtml:link', 'xhtml']]) {
      const item = result.items.find((i) => i.label === label)!;
      const uri = { image: IMAGE, video: VIDEO, news: NEWS, xhtml: XHTML }[extension];
      assert.deepEqual(item.additionalEdits?.map((e) => e.text), [` xmlns:${extension}="${uri}"`], label);
      const text = acceptDefaults(result, label);
      assert.deepEqual(problems(text), [], `${label}:\n${text}`);
    }
  });

  it('the hreflang group lists the page itself: its href is the entry\'s loc (escaped as it is), the alternate another language', () => {
    const result = completeAt(urlset(entry('https://www.example.com/a?x=1&amp;y=2')));
    const text = acceptDefaults(result, 'xhtml:link');
    assert.match(text, /<xhtml:link rel="alternate" hreflang="en" href="https:\/\/www\.example\.com\/a\?x=1&amp;y=2"\/>\n {4}<xhtml:link rel="alternate" hreflang="de" href="https:\/\/www\.example\.com\/de\/"\/>\n/);
    assert.deepEqual(problems(text), []);
  });

  it('the self link takes the language of the URL\'s first path segment; the alternate swaps that segment', () => {
    const result = completeAt(urlset(entry('https://www.example.com/de-at/shop/page')));
    assert.equal(result.items.find((i) => i.label === 'xhtml:link')!.insertText,
      '<xhtml:link rel="alternate" hreflang="${1:de-at}" href="https://www.example.com/de-at/shop/page"/>\n'
      + '    <xhtml:link rel="alternate" hreflang="${2:en}" href="${3:https://www.example.com/en/shop/page}"/>$0');
  });

  it('an entry that links itself already gets one alternate, in a language it does not link yet', () => {
    const self = '    <xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/"/>\n    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/de/"/>\n';
    const result = completeAt(urlset(entry('https://www.example.com/', self), ` xmlns:xhtml="${XHTML}"`));
    assert.equal(result.items.find((i) => i.label === 'xhtml:link')!.insertText,
      '<xhtml:link rel="alternate" hreflang="${2:fr}" href="${3:https://www.example.com/fr/}"/>$0');
    assert.deepEqual(problems(acceptDefaults(result, 'xhtml:link')), []);
  });
});
