/**
 * Quick fixes, text in → text out, exact; and source.fixAll.sitemap. Every fix is asked for the way the protocol
 * layer asks: with the rule id and range of a diagnostic the validator reported.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, getFixAllEdits, getQuickFixes, parseDocument, validate, type FixOptions, type QuickFix, type SitemapLanguageId,
} from '../../../server/src/language/languageService';
import { HTML_ENTITIES } from '../../../server/src/language/features/htmlEntities';
import { editDistance, lastmodCandidates } from '../../../server/src/language/features/codeActions';
import { applyOffsetEdits } from '../../support/cursor';
import { NOW, NS } from '../../support/fixtures';

/** Berlin-like: +02:00 from April to September, +01:00 otherwise (enough for these dates). */
const BERLIN: FixOptions = { timeZoneOffset: (ms) => { const m = new Date(ms).getUTCMonth(); return m >= 3 && m <= 8 ? 120 : 60; } };

const urlset = (body: string, rootAttributes = `xmlns="${NS}"`): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${rootAttributes}>\n${body}</urlset>\n`;
const entry = (inner: string): string => urlset(`  <url>\n${inner}  </url>\n`);

/** The fixes offered for the (first, or `nth`) diagnostic of `rule`, each with the text it produces. */
function fixesFor(text: string, rule: string, options: FixOptions = BERLIN, languageId: SitemapLanguageId = 'sitemap', nth = 0): Array<QuickFix & { result: string }> {
  const document = parseDocument(text, languageId);
  const diagnostics = validate(document, DEFAULT_SETTINGS, { now: NOW }).filter((d) => d.rule === rule);
  assert.ok(diagnostics.length > nth, `no ${rule} diagnostic in ${text}`);
  const d = diagnostics[nth];
  return getQuickFixes(document, [{ rule: d.rule, start: d.start, end: d.end }], options).map((fix) => ({ ...fix, result: applyOffsetEdits(text, fix.edits) }));
}

function onlyFix(text: string, rule: string, options?: FixOptions): QuickFix & { result: string } {
  const fixes = fixesFor(text, rule, options);
  assert.equal(fixes.length, 1, JSON.stringify(fixes.map((f) => f.title)));
  return fixes[0];
}

function fixAll(text: string, rules = {}): string {
  return applyOffsetEdits(text, getFixAllEdits(parseDocument(text, 'sitemap'), { rules }));
}

describe('quick fixes for characters and entities', () => {
  it('unescaped-ampersand → &amp;', () => {
    const fix = onlyFix(entry('    <loc>https://www.example.com/?a=1&b=2</loc>\n'), 'unescaped-ampersand');
    assert.equal(fix.result, entry('    <loc>https://www.example.com/?a=1&amp;b=2</loc>\n'));
    assert.equal(fix.isPreferred, true);
    assert.equal(fix.safe, true);
    assert.deepEqual(fix.edits, [{ start: fix.edits[0].start, end: fix.edits[0].start + 1, text: '&amp;' }]);
  });

  it('a malformed character reference is an ampersand too', () => {
    assert.equal(onlyFix(entry('    <loc>https://www.example.com/?a=&#12b</loc>\n'), 'unescaped-ampersand').result,
      entry('    <loc>https://www.example.com/?a=&amp;#12b</loc>\n'));
  });

  it('a stale unescaped-ampersand (the & starts a reference by now) gets no fix: never &amp;amp;', () => {
    // The editor asks again with its last diagnostics right after applying the fix, before new ones arrive.
    const before = entry('    <loc>https://www.example.com/?a=1&b=2</loc>\n');
    const at = before.indexOf('&');
    for (const now of ['&amp;b=2', '&#38;b=2', '&#x26;b=2', '&nbsp;b=2']) {
      const document = parseDocument(before.replace('&b=2', now), 'sitemap');
      assert.deepEqual(getQuickFixes(document, [{ rule: 'unescaped-ampersand', start: at, end: at + 1 }]), [], now);
    }
  });

  it('unknown-entity → the numeric reference', () => {
    for (const [name, code] of [['nbsp', 160], ['eacute', 233], ['copy', 169], ['hellip', 8230], ['mdash', 8212], ['euro', 8364], ['rsquo', 8217], ['AMP', 38]] as const) {
      const fix = onlyFix(entry(`    <loc>https://www.example.com/a&${name};b</loc>\n`), 'unknown-entity');
      assert.equal(fix.result, entry(`    <loc>https://www.example.com/a&#${code};b</loc>\n`), name);
      assert.equal(fix.safe, true);
    }
  });

  it('entity-not-expanded → the declared value in its place, when it is plain text; not part of Fix All', () => {
    const doctype = (value: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE urlset [<!ENTITY e "${value}">]>\n`;
    const text = (value: string, loc: string) => entry(`    <loc>${loc}</loc>\n`).replace('<?xml version="1.0" encoding="UTF-8"?>\n', doctype(value));
    const fix = onlyFix(text('caf&#233;', 'https://www.example.com/&e;'), 'entity-not-expanded');
    assert.equal(fix.result, text('caf&#233;', 'https://www.example.com/café'));
    assert.equal(fix.safe, false);
    assert.equal(fixAll(text('x', 'https://www.example.com/&e;')), text('x', 'https://www.example.com/&e;'));
    for (const value of ['a&amp;b', '&lt;b', "it's"]) assert.deepEqual(fixesFor(text(value, 'https://www.example.com/&e;'), 'entity-not-expanded'), [], value);
  });

  it('unknown-entity: no fix for a name nobody knows', () => {
    assert.deepEqual(fixesFor(entry('    <loc>https://www.example.com/a&bogus;b</loc>\n'), 'unknown-entity'), []);
  });

  it('the entity table maps the whole Latin-1 set in order', () => {
    assert.equal(HTML_ENTITIES.get('nbsp'), 0xa0);
    assert.equal(HTML_ENTITIES.get('iquest'), 0xbf);
    assert.equal(HTML_ENTITIES.get('times'), 0xd7);
    assert.equal(HTML_ENTITIES.get('szlig'), 0xdf);
    assert.equal(HTML_ENTITIES.get('divide'), 0xf7);
    assert.equal(HTML_ENTITIES.get('yuml'), 0xff);
    const latin1 = [...HTML_ENTITIES.values()].filter((c) => c >= 0xa0 && c <= 0xff);
    assert.equal(new Set(latin1).size, 96);
  });
});

describe('quick fix for the XML declaration', () => {
  const body = `\n<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/</loc></url>\n</urlset>\n`;

  it('inserts exactly what its terminator lacks: ">", "?>" or "?"; every other byte is kept', () => {
    const cases: Array<[string, string]> = [
      ['<?xml version="1.0" encoding="UTF-8"?' + body, '<?xml version="1.0" encoding="UTF-8"?>' + body],
      ['<?xml version="1.0" encoding="UTF-8"' + body, '<?xml version="1.0" encoding="UTF-8"?>' + body],
      ['<?xml version="1.0" encoding="UTF-8"  \r\n' + body, '<?xml version="1.0" encoding="UTF-8"?>  \r\n' + body],
      ['<?xml version="1.0" encoding="UTF-8">' + body, '<?xml version="1.0" encoding="UTF-8"?>' + body],
      ['\uFEFF<?xml version=\'1.0\' ?' + body, '\uFEFF<?xml version=\'1.0\' ?>' + body],
    ];
    for (const [before, after] of cases) {
      const fix = onlyFix(before, 'xml-syntax');
      assert.equal(fix.result, after);
      assert.equal(fix.edits.length, 1);
      assert.equal(fix.edits[0].start, fix.edits[0].end, 'an insertion');
      assert.equal(fix.isPreferred, true);
      assert.deepEqual(validate(parseDocument(fix.result, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }), []);
      assert.equal(fixAll(before), after);
    }
  });

  it('offers nothing for other syntax problems, a malformed declaration, or a stale range', () => {
    assert.deepEqual(fixesFor(`<?xml version=1.0${body}`, 'xml-syntax'), []);
    assert.deepEqual(fixesFor(urlset('  <url><loc>https://www.example.com/</lox></url>\n'), 'xml-syntax'), []);
    const text = '<?xml version="1.0"?' + body;
    assert.deepEqual(getQuickFixes(parseDocument(text, 'sitemap'), [{ rule: 'xml-syntax', start: 0, end: 5 }]), []);
    assert.deepEqual(getQuickFixes(parseDocument(text.replace('"?', '"?>'), 'sitemap'), [{ rule: 'xml-syntax', start: 0, end: 20 }]), []);
  });
});

describe('quick fixes for the namespace', () => {
  it('replaces a wrong namespace value', () => {
    const fix = onlyFix(urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n', 'xmlns="http://www.google.com/schemas/sitemap/0.84"'), 'bad-namespace');
    assert.equal(fix.result, urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n'));
    assert.equal(fix.safe, true);
  });

  it('inserts xmlns after the root name when it is missing', () => {
    const text = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n</urlset>\n';
    assert.equal(onlyFix(text, 'bad-namespace').result,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n</urlset>\n`);
  });

  it('fixes a prefixed root\'s binding', () => {
    const text = '<sm:urlset xmlns:sm="https://www.sitemaps.org/schemas/sitemap/0.9">\n  <sm:url>\n    <sm:loc>https://www.example.com/</sm:loc>\n  </sm:url>\n</sm:urlset>\n';
    assert.equal(onlyFix(text, 'bad-namespace').result, text.replace('https://www.sitemaps.org', 'http://www.sitemaps.org'));
  });

  it('binds the default namespace for plain entries in a prefixed root', () => {
    const text = `<sm:urlset xmlns:sm="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n</sm:urlset>\n`;
    assert.equal(onlyFix(text, 'bad-namespace').result, `<sm:urlset xmlns="${NS}" xmlns:sm="${NS}">\n  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n</sm:urlset>\n`);
  });
});

describe('quick fixes for an extension namespace', () => {
  it('writes the extension namespace a near miss meant; safe, so Fix All does it too', () => {
    const good = urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n', `xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"`);
    const slip = good.replace('http://www.google.com/schemas/sitemap-image/1.1', 'https://google.com/schemas/sitemap-image/1.1/');
    const fix = onlyFix(slip, 'extension-namespace');
    assert.equal(fix.result, good);
    assert.equal(fix.safe, true);
    assert.equal(fixAll(slip), good);
  });
});

describe('quick fixes for values', () => {
  it('invalid-lastmod: pads a date', () => {
    const fix = onlyFix(entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-1-5</lastmod>\n'), 'invalid-lastmod');
    assert.equal(fix.result, entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-01-05</lastmod>\n'));
    assert.equal(fix.isPreferred, true);
    assert.equal(fix.safe, false);
  });

  it('invalid-lastmod: a time without a zone gets Z or the local offset of that date, both offered', () => {
    const summer = fixesFor(entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-07-01T10:00:00</lastmod>\n'), 'invalid-lastmod');
    assert.deepEqual(summer.map((f) => f.result), [
      entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-07-01T10:00:00Z</lastmod>\n'),
      entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-07-01T10:00:00+02:00</lastmod>\n'),
    ]);
    assert.ok(summer.every((f) => !f.isPreferred && !f.safe));
    const winter = fixesFor(entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-01-15T10:00</lastmod>\n'), 'invalid-lastmod');
    assert.deepEqual(winter.map((f) => f.edits[0].text), ['2023-01-15T10:00Z', '2023-01-15T10:00+01:00']);
  });

  it('invalid-lastmod: the machine\'s zone by default, for that date (TZ)', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      assert.deepEqual(lastmodCandidates('2023-07-01T10:00:00', (ms) => -new Date(ms).getTimezoneOffset()).map((c) => c.value), ['2023-07-01T10:00:00Z', '2023-07-01T10:00:00-04:00']);
      const fixes = fixesFor(entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-01-15T10:00:00</lastmod>\n'), 'invalid-lastmod', {});
      assert.deepEqual(fixes.map((f) => f.edits[0].text), ['2023-01-15T10:00:00Z', '2023-01-15T10:00:00-05:00']);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('invalid-lastmod: other clear intents, and none where it is not clear', () => {
    const zone = BERLIN.timeZoneOffset!;
    const value = (raw: string): string[] => lastmodCandidates(raw, zone).map((c) => c.value);
    assert.deepEqual(value('2023-01-05 10:00:00+0200'), ['2023-01-05T10:00:00+02:00']);
    assert.deepEqual(value('2023/01/05'), ['2023-01-05']);
    assert.deepEqual(value('2023-01-05t10:00:00z'), ['2023-01-05T10:00:00Z']);
    assert.deepEqual(value('2023-01-05T10:00:00 UTC'), ['2023-01-05T10:00:00Z']);
    assert.deepEqual(value('2023-01-05Z'), ['2023-01-05']);
    assert.deepEqual(value('2023-1'), ['2023-01']);
    for (const raw of ['2023-02-30', '05/01/2023', 'yesterday', '2023-13-01', '2023-01-05T25:00:00Z']) assert.deepEqual(value(raw), [], raw);
    assert.deepEqual(fixesFor(entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2023-02-30</lastmod>\n'), 'invalid-lastmod'), []);
  });

  it('invalid-priority: clamps into 0.0–1.0 and fixes the decimal comma', () => {
    const cases: Array<[string, string, boolean]> = [['1.5', '1.0', false], ['-0.1', '0.0', false], ['0,8', '0.8', true], ['1,5', '1.0', false], ['12', '1.0', false]];
    for (const [bad, good, safe] of cases) {
      const fix = onlyFix(entry(`    <loc>https://www.example.com/</loc>\n    <priority>${bad}</priority>\n`), 'invalid-priority');
      assert.equal(fix.result, entry(`    <loc>https://www.example.com/</loc>\n    <priority>${good}</priority>\n`), bad);
      assert.equal(fix.safe, safe, bad);
      assert.equal(fix.isPreferred, true);
    }
    assert.deepEqual(fixesFor(entry('    <loc>https://www.example.com/</loc>\n    <priority>high</priority>\n'), 'invalid-priority'), []);
  });

  it('invalid-changefreq: the case, or the nearest value for a typo', () => {
    const daily = onlyFix(entry('    <loc>https://www.example.com/</loc>\n    <changefreq> Daily </changefreq>\n'), 'invalid-changefreq');
    assert.equal(daily.result, entry('    <loc>https://www.example.com/</loc>\n    <changefreq> daily </changefreq>\n'));
    assert.equal(daily.safe, true);
    const typo = onlyFix(entry('    <loc>https://www.example.com/</loc>\n    <changefreq>weekley</changefreq>\n'), 'invalid-changefreq');
    assert.equal(typo.result, entry('    <loc>https://www.example.com/</loc>\n    <changefreq>weekly</changefreq>\n'));
    assert.equal(typo.safe, false);
    assert.equal(typo.isPreferred, true);
    for (const bad of ['sometimes', 'biweekly', 'x', 'day']) {
      assert.deepEqual(fixesFor(entry(`    <loc>https://www.example.com/</loc>\n    <changefreq>${bad}</changefreq>\n`), 'invalid-changefreq'), [], bad);
    }
    assert.equal(editDistance('dialy', 'daily'), 1);
  });
});

describe('quick fix for element order', () => {
  it('reorders the entry\'s children, keeping each child\'s text and the layout', () => {
    const fix = onlyFix(entry('    <priority>0.5</priority>\n    <lastmod>2024-01-01</lastmod>\n    <loc>https://www.example.com/</loc>\n    <changefreq>daily</changefreq>\n'), 'element-order');
    assert.equal(fix.result, entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n    <changefreq>daily</changefreq>\n    <priority>0.5</priority>\n'));
    assert.equal(fix.isPreferred, true);
    assert.equal(fix.safe, true);
  });

  it('edits only the span of the children that move', () => {
    const text = entry('    <loc>https://www.example.com/</loc>\n    <priority>0.5</priority>\n    <lastmod>2024-01-01</lastmod>\n');
    const fix = onlyFix(text, 'element-order');
    assert.equal(fix.result, entry('    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n    <priority>0.5</priority>\n'));
    assert.equal(fix.edits.length, 1);
    assert.equal(text.slice(fix.edits[0].start, fix.edits[0].end), '<priority>0.5</priority>\n    <lastmod>2024-01-01</lastmod>');
  });

  it('moves extension elements after the sitemap ones, with the comment before a child', () => {
    const text = urlset('  <url><loc>https://www.example.com/</loc>\n    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>\n'
      + '    <!-- updated by hand -->\n    <lastmod>2024-01-01</lastmod></url>\n', `xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"`);
    assert.equal(onlyFix(text, 'element-order').result, urlset('  <url><loc>https://www.example.com/</loc>\n    <!-- updated by hand -->\n    <lastmod>2024-01-01</lastmod>\n'
      + '    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image></url>\n', `xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"`));
  });

  it('works on one-line entries', () => {
    const text = urlset('  <url><lastmod>2024-01-01</lastmod><loc>https://www.example.com/</loc></url>\n');
    assert.equal(onlyFix(text, 'element-order').result, urlset('  <url><loc>https://www.example.com/</loc><lastmod>2024-01-01</lastmod></url>\n'));
  });
});

describe('quick fix for URLs', () => {
  it('percent-encodes the illegal characters, leaving entities and non-ASCII alone', () => {
    const fix = fixesFor(entry('    <loc>https://www.example.com/a b|c/küche?q=x y&amp;z={1}#top#2</loc>\n'), 'invalid-url');
    assert.equal(fix.length, 1);
    assert.equal(fix[0].result, entry('    <loc>https://www.example.com/a%20b%7Cc/küche?q=x%20y&amp;z=%7B1%7D#top%232</loc>\n'));
    assert.equal(fix[0].isPreferred, true);
  });

  it('encodes a "%" that starts no escape, and characters written as references', () => {
    assert.equal(fixesFor(entry('    <loc>https://www.example.com/100%zz&lt;b&gt;&#32;</loc>\n'), 'invalid-url')[0].result,
      entry('    <loc>https://www.example.com/100%25zz%3Cb%3E%20</loc>\n'));
  });

  it('offers nothing for a problem in the host or a relative URL', () => {
    assert.deepEqual(fixesFor(entry('    <loc>https://www.exa mple.com/</loc>\n'), 'invalid-url'), []);
    assert.deepEqual(fixesFor(entry('    <loc>/about us</loc>\n'), 'invalid-url'), []);
  });

  it('works on text sitemaps', () => {
    assert.equal(fixesFor('https://www.example.com/a{b}\n', 'invalid-url', BERLIN, 'sitemap-txt')[0].result, 'https://www.example.com/a%7Bb%7D\n');
  });
});

describe('quick fix for duplicate URLs', () => {
  it('removes the entry with its line', () => {
    const text = urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n  <url>\n    <loc>https://www.example.com/</loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>\n  <url>\n    <loc>https://www.example.com/b</loc>\n  </url>\n');
    const fix = onlyFix(text, 'duplicate-url');
    assert.equal(fix.result, urlset('  <url>\n    <loc>https://www.example.com/</loc>\n  </url>\n  <url>\n    <loc>https://www.example.com/b</loc>\n  </url>\n'));
    assert.equal(fix.isPreferred, false);
    assert.equal(fix.safe, false);
  });

  it('removes just the element when it shares its line, and CRLF lines whole', () => {
    const shared = urlset('  <url><loc>https://www.example.com/</loc></url><url><loc>https://www.example.com/</loc></url>\n');
    assert.equal(onlyFix(shared, 'duplicate-url').result, urlset('  <url><loc>https://www.example.com/</loc></url>\n'));
    const crlf = `<urlset xmlns="${NS}">\r\n  <url><loc>https://www.example.com/</loc></url>\r\n  <url><loc>https://www.example.com/</loc></url>\r\n</urlset>\r\n`;
    assert.equal(onlyFix(crlf, 'duplicate-url').result, `<urlset xmlns="${NS}">\r\n  <url><loc>https://www.example.com/</loc></url>\r\n</urlset>\r\n`);
  });

  it('removes the line of a text sitemap', () => {
    assert.equal(fixesFor('https://www.example.com/\nhttps://www.example.com/\nhttps://www.example.com/b\n', 'duplicate-url', BERLIN, 'sitemap-txt')[0].result,
      'https://www.example.com/\nhttps://www.example.com/b\n');
  });
});

describe('quick fixes for out-of-scope', () => {
  const LOCATION = 'https://www.example.com/blog/sitemap.xml';
  const fixes = (text: string, languageId: SitemapLanguageId = 'sitemap', nth = 0): Array<QuickFix & { result: string }> => {
    const document = parseDocument(text, languageId);
    const problems = validate(document, DEFAULT_SETTINGS, { now: NOW, location: LOCATION }).filter((d) => d.rule === 'out-of-scope');
    assert.ok(problems.length > nth, `no out-of-scope in ${text}`);
    return getQuickFixes(document, [problems[nth]], { location: LOCATION }).map((fix) => ({ ...fix, result: applyOffsetEdits(text, fix.edits) }));
  };

  it('removes the entry with its line, or allows its origin (the editor changes sitemap.allowedHosts)', () => {
    const text = urlset('  <url>\n    <loc>https://www.example.com/blog/a</loc>\n  </url>\n  <url>\n    <loc>https://cdn.example.net:8443/blog/b?x=1&amp;y=2</loc>\n  </url>\n');
    assert.deepEqual(fixes(text).map((f) => [f.result, f.allowHost, f.isPreferred, f.safe]), [
      [urlset('  <url>\n    <loc>https://www.example.com/blog/a</loc>\n  </url>\n'), undefined, false, false],
      [text, 'https://cdn.example.net:8443', false, false],
    ]);
  });

  it('on the sitemap\'s own origin, outside its folder: only the removal (allowing the origin would hide the folder rule)', () => {
    const text = urlset('  <url><loc>https://www.example.com/shop/</loc></url><url><loc>https://www.example.com/blog/</loc></url>\n');
    assert.deepEqual(fixes(text).map((f) => [f.result, f.allowHost]), [[urlset('  <url><loc>https://www.example.com/blog/</loc></url>\n'), undefined]]);
  });

  it('in an index and a text sitemap too', () => {
    const index = `<sitemapindex xmlns="${NS}">\r\n  <sitemap><loc>http://www.example.com/blog/s.xml</loc></sitemap>\r\n</sitemapindex>\r\n`;
    assert.deepEqual(fixes(index).map((f) => [f.result, f.allowHost]), [[`<sitemapindex xmlns="${NS}">\r\n</sitemapindex>\r\n`, undefined], [index, 'http://www.example.com']]);
    assert.deepEqual(fixes('https://www.example.com/blog/a\nhttps://example.com/blog/b\n', 'sitemap-txt').map((f) => [f.result, f.allowHost]), [
      ['https://www.example.com/blog/a\n', undefined], ['https://www.example.com/blog/a\nhttps://example.com/blog/b\n', 'https://example.com'],
    ]);
  });
});

describe('fixes are robust', () => {
  it('offers nothing when the text no longer matches the problem', () => {
    const document = parseDocument(entry('    <loc>https://www.example.com/?a=1&amp;b=2</loc>\n'), 'sitemap');
    assert.deepEqual(getQuickFixes(document, [{ rule: 'unescaped-ampersand', start: 5, end: 6 }, { rule: 'unknown-entity', start: 0, end: 4 }, { rule: 'element-order', start: 60, end: 63 }]), []);
    assert.deepEqual(getQuickFixes(document, [{ rule: 'no-such-rule', start: 0, end: 1 }, { rule: 'unescaped-ampersand', start: -3, end: 99999 }]), []);
  });

  it('deduplicates a fix shared by several problems', () => {
    const text = entry('    <loc>https://www.example.com/a b c</loc>\n');
    const document = parseDocument(text, 'sitemap');
    const problems = validate(document, DEFAULT_SETTINGS, { now: NOW }).filter((d) => d.rule === 'invalid-url');
    assert.equal(problems.length, 2);
    assert.equal(getQuickFixes(document, problems).length, 1);
  });
});

describe('source.fixAll.sitemap', () => {
  const BROKEN = urlset(
    '  <url>\n    <changefreq>Daily</changefreq>\n    <loc>https://www.example.com/?a=1&b=2&nbsp;x</loc>\n    <priority>0,8</priority>\n'
    + '    <lastmod>2023-1-5</lastmod>\n  </url>\n  <url>\n    <loc>https://www.example.com/a b</loc>\n    <priority>1.5</priority>\n    <changefreq>weekley</changefreq>\n  </url>\n',
    'xmlns="http://www.google.com/schemas/sitemap/0.84"',
  );

  it('applies every safe fix at once, composing the reordering with the fixes inside the children it moves', () => {
    assert.equal(fixAll(BROKEN), urlset(
      '  <url>\n    <loc>https://www.example.com/?a=1&amp;b=2&#160;x</loc>\n    <lastmod>2023-1-5</lastmod>\n    <changefreq>daily</changefreq>\n'
      + '    <priority>0.8</priority>\n  </url>\n  <url>\n    <loc>https://www.example.com/a b</loc>\n    <changefreq>weekley</changefreq>\n    <priority>1.5</priority>\n  </url>\n',
    ));
  });

  it('leaves nothing safe to fix behind, and then has nothing to do', () => {
    const fixed = fixAll(BROKEN);
    const safeRules = ['unescaped-ampersand', 'unknown-entity', 'bad-namespace', 'element-order'];
    const left = validate(parseDocument(fixed, 'sitemap'), DEFAULT_SETTINGS, { now: NOW }).map((d) => d.rule);
    assert.deepEqual(left.filter((r) => safeRules.includes(r)), []);
    assert.deepEqual(getFixAllEdits(parseDocument(fixed, 'sitemap')), []);
  });

  it('skips rules that are turned off', () => {
    const text = entry('    <loc>https://www.example.com/?a=1&b=2</loc>\n    <changefreq>Daily</changefreq>\n');
    assert.equal(fixAll(text, { 'unescaped-ampersand': 'off' }), entry('    <loc>https://www.example.com/?a=1&b=2</loc>\n    <changefreq>daily</changefreq>\n'));
  });

  it('binds the namespace once for all plain entries of a prefixed root', () => {
    const text = `<sm:urlset xmlns:sm="${NS}">\n  <url><loc>https://www.example.com/a</loc></url>\n  <url><loc>https://www.example.com/b</loc></url>\n</sm:urlset>\n`;
    assert.equal(fixAll(text), text.replace('<sm:urlset ', `<sm:urlset xmlns="${NS}" `));
  });

  it('returns non-overlapping edits in document order', () => {
    const edits = getFixAllEdits(parseDocument(BROKEN, 'sitemap'));
    for (let k = 1; k < edits.length; k++) assert.ok(edits[k].start >= edits[k - 1].end);
  });
});

describe('quick fixes for the extensions (issue 12)', () => {
  const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
  const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const withXhtml = `xmlns="${NS}" xmlns:xhtml="${XHTML}"`;
  const link = (hreflang: string, href: string): string => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>\n`;
  const page = (loc: string, links: string): string => `  <url>\n    <loc>${loc}</loc>\n${links}  </url>\n`;

  /**
   * The fixes for a problem of `rule` at [start, end) — the rule contract's range, where the validator reports it.
   */
  function fixesAt(text: string, rule: string, start: number, end: number): Array<QuickFix & { result: string }> {
    const document = parseDocument(text, 'sitemap');
    const reported = validate(document, DEFAULT_SETTINGS, { now: NOW }).filter((d) => d.rule === rule).map((d) => [d.start, d.end]);
    assert.ok(reported.some(([s, e]) => s === start && e === end), `${rule} at ${start}-${end} not in ${JSON.stringify(reported)}`);
    return getQuickFixes(document, [{ rule, start, end }]).map((fix) => ({ ...fix, result: applyOffsetEdits(text, fix.edits) }));
  }

  it('extension-namespace on an undeclared prefix: declares it on the root, after its last attribute (safe, preferred)', () => {
    const body = '  <url>\n    <loc>https://www.example.com/</loc>\n    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>\n  </url>\n';
    const text = urlset(body);
    const prefix = text.indexOf('<image:image>') + 1;
    const fixes = fixesAt(text, 'extension-namespace', prefix, prefix + 'image'.length);
    assert.equal(fixes.length, 1);
    const at = text.indexOf('>\n  <url>');
    assert.deepEqual(fixes[0].edits, [{ start: at, end: at, text: ` xmlns:image="${IMAGE}"` }]);
    assert.equal(fixes[0].result, urlset(body, `xmlns="${NS}" xmlns:image="${IMAGE}"`));
    assert.equal(fixes[0].safe, true);
    assert.equal(fixes[0].isPreferred, true);
    // The same fix from the problem on <image:loc>: one edit fixes both.
    const inner = text.indexOf('<image:loc>') + 1;
    assert.deepEqual(fixesAt(text, 'extension-namespace', inner, inner + 5)[0].edits, fixes[0].edits);
    // Bound to another namespace, on the element itself: declaring it on the root would change nothing; no fix.
    const local = urlset(body.replace('<image:image>', '<image:image xmlns:image="urn:example:pictures">'));
    const localPrefix = local.indexOf('<image:image') + 1;
    assert.deepEqual(fixesAt(local, 'extension-namespace', localPrefix, localPrefix + 5), []);
    // Bound by now (a stale diagnostic), or not a known extension: nothing.
    assert.deepEqual(getQuickFixes(parseDocument(urlset(body, `xmlns="${NS}" xmlns:image="${IMAGE}"`), 'sitemap'), [{ rule: 'extension-namespace', start: prefix + 30, end: prefix + 35 }]), []);
  });

  it('Fix All declares every undeclared extension prefix once, on the root', () => {
    const body = '  <url>\n    <loc>https://www.example.com/</loc>\n    <image:image><image:loc>https://www.example.com/a.png</image:loc></image:image>\n'
      + '    <image:image><image:loc>https://www.example.com/b.png</image:loc></image:image>\n    <video:video/>\n  </url>\n';
    assert.equal(fixAll(urlset(body)), urlset(body, `xmlns="${NS}" xmlns:image="${IMAGE}" xmlns:video="${VIDEO}"`));
  });

  it('hreflang-invalid on a link without rel: inserts rel="alternate" after the name; a wrong rel becomes alternate', () => {
    const text = urlset(page('https://www.example.com/', '    <xhtml:link hreflang="en" href="https://www.example.com/"/>\n'), withXhtml);
    const name = text.indexOf('xhtml:link');
    const fixes = fixesAt(text, 'hreflang-invalid', name, name + 'xhtml:link'.length);
    assert.deepEqual(fixes.map((f) => f.edits), [[{ start: name + 10, end: name + 10, text: ' rel="alternate"' }]]);
    assert.equal(fixes[0].result, urlset(page('https://www.example.com/', link('en', 'https://www.example.com/')), withXhtml));
    const wrong = urlset(page('https://www.example.com/', '    <xhtml:link rel="canonical" hreflang="en" href="https://www.example.com/"/>\n'), withXhtml);
    const value = wrong.indexOf('canonical');
    assert.equal(fixesAt(wrong, 'hreflang-invalid', value, value + 9)[0].result, urlset(page('https://www.example.com/', link('en', 'https://www.example.com/')), withXhtml));
    // The name of a link that has its rel (a missing href, say): no rel fix.
    const noHref = urlset(page('https://www.example.com/', '    <xhtml:link rel="alternate" hreflang="en"/>\n'), withXhtml);
    const noHrefName = noHref.indexOf('xhtml:link');
    assert.deepEqual(getQuickFixes(parseDocument(noHref, 'sitemap'), [{ rule: 'hreflang-invalid', start: noHrefName, end: noHrefName + 10 }]), []);
  });

  it('hreflang-missing-self: the page\'s own link before its others, hreflang from the path segment that differs', () => {
    const loc = 'https://www.example.com/en/about?x=1&amp;y=2';
    const text = urlset(page(loc, link('de', 'https://www.example.com/de/about?x=1&amp;y=2') + link('fr', 'https://www.example.com/fr/about?x=1&amp;y=2')), withXhtml);
    const start = text.indexOf(loc);
    const fixes = fixesAt(text, 'hreflang-missing-self', start, start + loc.length);
    assert.equal(fixes.length, 1);
    const first = text.indexOf('<xhtml:link');
    assert.deepEqual(fixes[0].edits, [{ start: first, end: first, text: `<xhtml:link rel="alternate" hreflang="en" href="${loc}"/>\n    ` }]);
    assert.equal(fixes[0].result, urlset(page(loc, link('en', loc) + link('de', 'https://www.example.com/de/about?x=1&amp;y=2') + link('fr', 'https://www.example.com/fr/about?x=1&amp;y=2')), withXhtml));
  });

  it('hreflang-missing-self: the language of the host label that differs; x-default for a page beside its language versions', () => {
    const sub = urlset(page('https://de.example.com/', link('en', 'https://en.example.com/')), withXhtml);
    const s = sub.indexOf('https://de.example.com/');
    assert.equal(fixesAt(sub, 'hreflang-missing-self', s, s + 23)[0].result,
      urlset(page('https://de.example.com/', link('de', 'https://de.example.com/') + link('en', 'https://en.example.com/')), withXhtml));
    const home = urlset(page('https://www.example.com/', link('en', 'https://www.example.com/en/') + link('de', 'https://www.example.com/de/')), withXhtml);
    const h = home.indexOf('https://www.example.com/<');
    const fix = fixesAt(home, 'hreflang-missing-self', h, h + 24)[0];
    assert.equal(fix.edits[0].text, '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/"/>\n    ');
    // x-default taken and no language to read off the URL: no guess, no fix.
    const taken = urlset(page('https://www.example.com/', link('x-default', 'https://www.example.com/int/') + link('de', 'https://www.example.com/de/')), withXhtml);
    const k = taken.indexOf('https://www.example.com/<');
    assert.deepEqual(fixesAt(taken, 'hreflang-missing-self', k, k + 24), []);
  });

  it('hreflang-not-reciprocal: the link back in the other entry, after its links', () => {
    const a = page('https://www.example.com/en/', link('en', 'https://www.example.com/en/') + link('de', 'https://www.example.com/de/'));
    const b = page('https://www.example.com/de/', link('de', 'https://www.example.com/de/') + link('fr', 'https://www.example.com/fr/'));
    const text = urlset(a + b, withXhtml);
    const href = text.indexOf('https://www.example.com/de/"');
    const fixes = fixesAt(text, 'hreflang-not-reciprocal', href, href + 'https://www.example.com/de/'.length);
    assert.equal(fixes.length, 1);
    const b2 = page('https://www.example.com/de/', link('de', 'https://www.example.com/de/') + link('fr', 'https://www.example.com/fr/') + link('en', 'https://www.example.com/en/'));
    assert.equal(fixes[0].result, urlset(a + b2, withXhtml));
    assert.equal(fixes[0].edits.length, 1);
  });

  it('hreflang-not-reciprocal: an entry without links gets its own link too, in the language A gives it, after its last child', () => {
    const a = page('https://www.example.com/en/', link('en', 'https://www.example.com/en/') + link('de', 'https://www.example.com/de/'));
    const b = '  <url>\n    <loc>https://www.example.com/de/</loc>\n    <lastmod>2025-06-01</lastmod>\n  </url>\n';
    const text = urlset(a + b, withXhtml);
    const href = text.indexOf('https://www.example.com/de/"');
    const fix = fixesAt(text, 'hreflang-not-reciprocal', href, href + 27)[0];
    const b2 = '  <url>\n    <loc>https://www.example.com/de/</loc>\n    <lastmod>2025-06-01</lastmod>\n'
      + link('de', 'https://www.example.com/de/') + link('en', 'https://www.example.com/en/') + '  </url>\n';
    assert.equal(fix.result, urlset(a + b2, withXhtml));
    // B links back by now (stale): nothing.
    assert.deepEqual(getQuickFixes(parseDocument(fix.result, 'sitemap'), [{ rule: 'hreflang-not-reciprocal', start: href, end: href + 27 }]), []);
  });
});
