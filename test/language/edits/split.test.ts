/**
 * Split into Index (server/src/language/edits/splitSitemap.ts): text in → exact children and index out; the greedy cut at
 * both limits; entries byte for byte; refusals with offsets; the index valid under our own validate().
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument, splitIntoIndex, SplitRefused, SplitStream, type SitemapLanguageId, type SplitOptions, type SplitPlan, type SplitRefusal } from '../../../server/src/language/languageService';
import { diagnose } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const utf8 = (s: string) => Buffer.byteLength(s);

function options(overrides: Partial<SplitOptions> = {}): SplitOptions {
  return { maxEntries: 50_000, maxBytes: 52_428_800, baseUrl: 'https://example.com/maps/', childName: (n) => `sitemap-${n}.xml`, ...overrides };
}

function split(text: string, overrides: Partial<SplitOptions> = {}, languageId: SitemapLanguageId = 'sitemap'): SplitPlan {
  const outcome = splitIntoIndex(parseDocument(text, languageId), options(overrides));
  assert.equal(outcome.refused, undefined, `refused: ${JSON.stringify(outcome.refused)}`);
  return outcome.plan!;
}

function url(n: number, lastmod?: string): string {
  return `<url><loc>https://example.com/p${n}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`;
}

/** The text between the root start tag and the root end tag (less the interim closing's line ending). */
function bodies(plan: SplitPlan, prefix: string, qname: string, eol: string): string {
  return plan.children.map((c, k) => {
    assert.ok(c.text.startsWith(prefix), `child ${k + 1} starts with the prolog and root start tag`);
    const body = c.text.slice(prefix.length, c.text.lastIndexOf(`</${qname}>`));
    if (k === plan.children.length - 1) return body;
    assert.ok(body.endsWith(eol));
    return body.slice(0, body.length - eol.length);
  }).join('');
}

function checkInvariants(original: string, plan: SplitPlan, o: SplitOptions, prefix: string, qname: string, eol = '\n'): void {
  assert.equal(bodies(plan, prefix, qname, eol), original.slice(prefix.length, original.lastIndexOf(`</${qname}>`)), 'entries byte for byte');
  for (const [k, c] of plan.children.entries()) {
    assert.equal(c.bytes, utf8(c.text), `child ${k + 1}'s byte count`);
    assert.ok(c.bytes <= o.maxBytes, `child ${k + 1} within maxBytes`);
    assert.ok(c.entries <= o.maxEntries && c.entries >= 1, `child ${k + 1} within maxEntries`);
    assert.equal(parseDocument(c.text, 'sitemap').entryCount, c.entries);
  }
  assert.deepEqual(diagnose(plan.index), [], 'the index has no problems');
}

describe('splitIntoIndex: XML sitemaps', () => {
  it('cuts by entries: exact children and index', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n  ${url(1, '2024-01-02')}\n  ${url(2, '2024-03-04T10:00:00+01:00')}\n  ${url(3)}\n</urlset>\n`;
    const plan = split(text, { maxEntries: 2 });
    assert.deepEqual(plan.children.map((c) => c.text), [
      `${DECL}\n<urlset xmlns="${NS}">\n  ${url(1, '2024-01-02')}\n  ${url(2, '2024-03-04T10:00:00+01:00')}\n</urlset>\n`,
      `${DECL}\n<urlset xmlns="${NS}">\n  ${url(3)}\n</urlset>\n`,
    ]);
    assert.deepEqual(plan.children.map((c) => [c.name, c.loc, c.entries, c.lastmod]), [
      ['sitemap-1.xml', 'https://example.com/maps/sitemap-1.xml', 2, '2024-03-04T10:00:00+01:00'],
      ['sitemap-2.xml', 'https://example.com/maps/sitemap-2.xml', 1, undefined],
    ]);
    assert.equal(plan.index, `${DECL}\n<sitemapindex xmlns="${NS}">\n` +
      `  <sitemap>\n    <loc>https://example.com/maps/sitemap-1.xml</loc>\n    <lastmod>2024-03-04T10:00:00+01:00</lastmod>\n  </sitemap>\n` +
      `  <sitemap>\n    <loc>https://example.com/maps/sitemap-2.xml</loc>\n  </sitemap>\n</sitemapindex>\n`);
    checkInvariants(text, plan, options({ maxEntries: 2 }), `${DECL}\n<urlset xmlns="${NS}">`, 'urlset');
  });

  it('takes the latest lastmod by time, not by text, and ignores invalid ones', () => {
    // 2024-05-01T01:00:00+05:00 is 2024-04-30T20:00Z: earlier than 2024-04-30T23:00:00Z although it sorts later as text.
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${url(1, '2024-05-01T01:00:00+05:00')}\n${url(2, '2024-04-30T23:00:00Z')}\n${url(3, '2099-99-99')}\n</urlset>\n`;
    assert.equal(split(text).children[0].lastmod, '2024-04-30T23:00:00Z');
  });

  it('is greedy at the byte limit: a child of exactly maxBytes is allowed, one byte less moves the entry', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n${url(2)}\n${url(3)}\n</urlset>\n`;
    const twoEntries = utf8(`${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n${url(2)}\n</urlset>\n`);
    const exact = split(text, { maxBytes: twoEntries });
    assert.deepEqual(exact.children.map((c) => c.entries), [2, 1]);
    assert.equal(exact.children[0].bytes, twoEntries);
    const less = split(text, { maxBytes: twoEntries - 1 });
    assert.deepEqual(less.children.map((c) => c.entries), [1, 1, 1]);
    // The last child keeps the original's own closing: here without a final line break, one byte less than the others.
    const noFinalBreak = text.slice(0, -1);
    const last = split(noFinalBreak, { maxBytes: twoEntries - 1 });
    assert.deepEqual(last.children.map((c) => c.entries), [1, 2]);
    assert.equal(last.children[1].bytes, twoEntries - 1);
    checkInvariants(noFinalBreak, last, options({ maxBytes: twoEntries - 1 }), `${DECL}\n<urlset xmlns="${NS}">`, 'urlset');
  });

  it('counts UTF-8 bytes, not UTF-16 code units', () => {
    const entry = (n: number) => `<url><loc>https://example.com/küche/${n}/😀</loc></url>`;
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${entry(1)}\n${entry(2)}\n</urlset>\n`;
    const oneChild = utf8(`${DECL}\n<urlset xmlns="${NS}">\n${entry(1)}\n</urlset>\n`);
    assert.notEqual(oneChild, `${DECL}\n<urlset xmlns="${NS}">\n${entry(1)}\n</urlset>\n`.length);
    // Enough room for two entries counted in code units, not in bytes.
    const plan = split(text, { maxBytes: oneChild + entry(2).length + 1 });
    assert.deepEqual(plan.children.map((c) => c.entries), [1, 1]);
    assert.equal(plan.children[0].bytes, oneChild);
    checkInvariants(text, plan, options({ maxBytes: oneChild + entry(2).length + 1 }), `${DECL}\n<urlset xmlns="${NS}">`, 'urlset');
  });

  it('keeps the prolog, a prefixed root with every namespace, comments with the entry after them, and CRLF', () => {
    const prefix = `${DECL}\r\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\r\n<!-- generated -->\r\n` +
      `<sm:urlset xmlns:sm="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`;
    const entry = (n: number) => `<sm:url><sm:loc>https://example.com/p${n}</sm:loc><image:image><image:loc>https://example.com/i${n}.png</image:loc></image:image></sm:url>`;
    const text = `${prefix}\r\n\t<!-- first -->\r\n\t${entry(1)}\r\n\t<!-- second -->\r\n\t${entry(2)}\r\n\t${entry(3)}\r\n\t<!-- after the last -->\r\n</sm:urlset>\r\n<!-- trailer -->\r\n`;
    const plan = split(text, { maxEntries: 1 });
    assert.deepEqual(plan.children.map((c) => c.text), [
      `${prefix}\r\n\t<!-- first -->\r\n\t${entry(1)}\r\n</sm:urlset>\r\n`,
      `${prefix}\r\n\t<!-- second -->\r\n\t${entry(2)}\r\n</sm:urlset>\r\n`,
      `${prefix}\r\n\t${entry(3)}\r\n\t<!-- after the last -->\r\n</sm:urlset>\r\n<!-- trailer -->\r\n`,
    ]);
    assert.equal(plan.index.split('\r\n').length, 2 + 3 * 3 + 2, 'CRLF line endings throughout');
    assert.ok(!/[^\r]\n/.test(plan.index));
    assert.ok(plan.index.includes('\r\n\t<sitemap>\r\n\t\t<loc>https://example.com/maps/sitemap-1.xml</loc>\r\n\t</sitemap>'), 'indented like the entries');
    checkInvariants(text, plan, options({ maxEntries: 1 }), prefix, 'sm:urlset', '\r\n');
    for (const c of plan.children) assert.deepEqual(diagnose(c.text), []);
  });

  it('escapes child names in <loc>', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n</urlset>\n`;
    const plan = split(text, { childName: (n) => `karte ${n}&'ü.xml`, baseUrl: 'https://example.com/a?b=1&c=2/' });
    assert.equal(plan.children[0].loc, 'https://example.com/a?b=1&c=2/karte%201%26%27%C3%BC.xml');
    assert.ok(plan.index.includes('<loc>https://example.com/a?b=1&amp;c=2/karte%201%26%27%C3%BC.xml</loc>'));
    // Children in a subfolder (the editor's name pattern may hold one): the `/` stays a path separator.
    assert.equal(split(text, { childName: (n) => `teile/karte ${n}.xml` }).children[0].loc, 'https://example.com/maps/teile/karte%201.xml');
  });

  it('keeps the entries byte for byte whatever the limits', () => {
    const parts = [`${DECL}\n<urlset xmlns="${NS}" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">`];
    for (let n = 0; n < 40; n++) {
      if (n % 7 === 3) parts.push(`\n  <!-- block ${n} -->`);
      parts.push(`\n  <url>\n    <loc>https://example.com/ä/${'x'.repeat(n * 3)}${n}</loc>\n    <lastmod>2024-01-${String((n % 28) + 1).padStart(2, '0')}</lastmod>\n  </url>`);
    }
    parts.push('\n</urlset>');
    const text = parts.join('');
    for (const maxEntries of [1, 3, 7, 40]) {
      for (const maxBytes of [400, 700, 2000, 100_000]) {
        const o = options({ maxEntries, maxBytes });
        const outcome = splitIntoIndex(parseDocument(text, 'sitemap'), o);
        assert.equal(outcome.refused, undefined);
        const plan = outcome.plan!;
        checkInvariants(text, plan, o, parts[0], 'urlset');
        // Greedy: each child but the last was closed because the next entry would not fit.
        for (let k = 0; k + 1 < plan.children.length; k++) {
          const c = plan.children[k];
          const next = plan.children[k + 1];
          const nextUnit = next.text.slice(parts[0].length, next.text.indexOf('</url>') + 6);
          assert.ok(c.entries === maxEntries || c.bytes + utf8(nextUnit) > maxBytes, `child ${k + 1} closed early (${maxEntries}, ${maxBytes})`);
        }
        assert.equal(plan.children.reduce((n, c) => n + c.entries, 0), 40);
      }
    }
  });
});

describe('splitIntoIndex: text sitemaps', () => {
  it('writes text children, blank lines travelling with the next URL, and an XML index', () => {
    const text = 'https://example.com/a\r\n\r\nhttps://example.com/b\r\nhttps://example.com/c\r\n\r\n';
    const plan = split(text, { maxEntries: 2, childName: (n) => `urls-${n}.txt` }, 'sitemap-txt');
    assert.deepEqual(plan.children.map((c) => c.text), ['https://example.com/a\r\n\r\nhttps://example.com/b\r\n', 'https://example.com/c\r\n\r\n']);
    assert.equal(plan.children.map((c) => c.text).join(''), text);
    assert.equal(plan.index, `${DECL}\r\n<sitemapindex xmlns="${NS}">\r\n  <sitemap>\r\n    <loc>https://example.com/maps/urls-1.txt</loc>\r\n  </sitemap>\r\n` +
      `  <sitemap>\r\n    <loc>https://example.com/maps/urls-2.txt</loc>\r\n  </sitemap>\r\n</sitemapindex>\r\n`);
    assert.deepEqual(diagnose(plan.index), []);
  });

  it('cuts text children by bytes', () => {
    const text = 'https://example.com/ä\nhttps://example.com/b\n';
    const plan = split(text, { maxBytes: utf8('https://example.com/ä\n') }, 'sitemap-txt');
    assert.deepEqual(plan.children.map((c) => [c.text, c.bytes]), [['https://example.com/ä\n', 23], ['https://example.com/b\n', 22]]);
  });
});

describe('splitIntoIndex: refusals', () => {
  const refusal = (text: string, overrides: Partial<SplitOptions> = {}, languageId: SitemapLanguageId = 'sitemap') =>
    splitIntoIndex(parseDocument(text, languageId), options(overrides)).refused;

  it('refuses an ill-formed document at its first xml-syntax problem', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n<url><loc>https://example.com/x</loc>\n${url(3)}\n</urlset>\n`;
    assert.deepEqual(refusal(text), { reason: 'ill-formed', offset: text.indexOf('<url><loc>https://example.com/x') + 1 });
    const unclosed = `${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n`;
    assert.deepEqual(refusal(unclosed), { reason: 'ill-formed', offset: unclosed.indexOf('urlset') });
  });

  it('does not refuse for other problems', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n<url><loc>not a url</loc><priority>7</priority></url>\n</urlset>\n`;
    assert.equal(split(text).children.length, 1);
  });

  it('refuses an entry that cannot fit alone, at its start', () => {
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n${url(22222)}\n</urlset>\n`;
    const fits = utf8(`${DECL}\n<urlset xmlns="${NS}">\n${url(1)}\n</urlset>\n`);
    assert.deepEqual(refusal(text, { maxBytes: fits }), { reason: 'entry-too-large', offset: text.indexOf(url(22222)) });
  });

  it('refuses no entries, an index and another root', () => {
    const empty = `${DECL}\n<urlset xmlns="${NS}">\n</urlset>\n`;
    assert.deepEqual(refusal(empty), { reason: 'no-entries', offset: empty.indexOf('urlset') });
    const index = `${DECL}\n<sitemapindex xmlns="${NS}"><sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>`;
    assert.deepEqual(refusal(index), { reason: 'not-a-sitemap', offset: index.indexOf('sitemapindex') });
    const rss = `${DECL}\n<rss version="2.0"><channel/></rss>`;
    assert.deepEqual(refusal(rss), { reason: 'not-a-sitemap', offset: rss.indexOf('rss') });
    assert.deepEqual(refusal('\n\nUser-agent: *\n', {}, 'sitemap-txt'), { reason: 'no-entries', offset: 0 });
  });
});

describe('SplitStream: the same split, streamed', () => {
  /** Streams `text` in `chunk`-character pieces with a small window, collecting the children like the chore does. */
  function stream(text: string, o: SplitOptions, xml: boolean, chunk: number, window: number): SplitPlan | SplitRefusal {
    const texts: string[] = [];
    let parts: string[] = [];
    const sink = { open: () => { parts = []; }, write: (t: string) => { parts.push(t); }, close: () => { texts.push(parts.join('')); } };
    const s = new SplitStream(o, sink, xml, window);
    try {
      for (let p = 0; p < text.length; p += chunk) s.push(text.slice(p, p + chunk));
      const { children, index } = s.end();
      return { children: children.map((c, k) => ({ ...c, text: texts[k] })), index };
    } catch (e) {
      if (e instanceof SplitRefused) return e.refusal;
      throw e;
    }
  }

  function same(text: string, o: SplitOptions, languageId: SitemapLanguageId = 'sitemap'): void {
    const outcome = splitIntoIndex(parseDocument(text, languageId), o);
    const expected = outcome.plan ?? outcome.refused;
    for (const [chunk, window] of [[1, 1], [7, 40], [13, 200], [1000, 100_000]]) {
      assert.deepEqual(stream(text, o, languageId === 'sitemap', chunk, window), expected, `chunk ${chunk}, window ${window}`);
    }
  }

  const entries = (n: number, prefix = '') => Array.from({ length: n }, (_, k) =>
    `${k % 4 === 1 ? '\r\n  <!-- c<url> -->' : ''}\r\n  <${prefix}url><${prefix}loc>https://example.com/ü/${k}</${prefix}loc>${k % 3 ? `<${prefix}lastmod>2024-02-0${(k % 9) + 1}</${prefix}lastmod>` : ''}</${prefix}url>`).join('');

  it('gives the in-memory plan for any chunking', () => {
    const text = `\uFEFF${DECL}\r\n<?xml-stylesheet href="s.xsl"?>\r\n<urlset xmlns="${NS}">${entries(25)}\r\n  <!-- end -->\r\n</urlset>\r\n<!-- after -->`;
    for (const maxEntries of [1, 4, 100]) same(text, options({ maxEntries, maxBytes: 900 }));
    const prefixed = `${DECL}\n<s:urlset xmlns:s="${NS}">${entries(9, 's:')}</s:urlset>`;
    same(prefixed, options({ maxEntries: 2 }));
    same('https://example.com/a\r\n\r\nhttps://example.com/b\rhttps://example.com/c\n\n', options({ maxEntries: 1 }), 'sitemap-txt');
    same('https://example.com/a\nhttps://example.com/b', options({ maxBytes: 30 }), 'sitemap-txt');
  });

  it('refuses as the in-memory chore does, at the same offsets', () => {
    same(`${DECL}\n<urlset xmlns="${NS}">${entries(6)}\n<url><loc>https://example.com/x</loc>${entries(6)}\n</urlset>`, options());
    same(`${DECL}\n<urlset xmlns="${NS}">${entries(6)}`, options());
    same(`${DECL}\n<urlset xmlns="${NS}">${entries(3)}\n<url><loc>https://example.com/${'y'.repeat(300)}</loc></url>${entries(3)}</urlset>`, options({ maxBytes: 300 }));
    same(`${DECL}\n<sitemapindex xmlns="${NS}"><sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>`, options());
    same(`${DECL}\n<urlset xmlns="${NS}">\n</urlset>`, options());
    same(`${DECL}\n<urlset xmlns="${NS}"><foo/>\n</urlset>`, options());
  });
});

describe('splitIntoIndex: the index against siteindex.xsd', () => {
  const XSD = path.resolve(__dirname, '../../../../test/fixtures/schemas/siteindex.xsd');
  const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;

  it('writes every valid W3C lastmod form as xsd:date or xsd:dateTime, at the same instant', () => {
    const forms = ['2024', '2024-05', '2024-05-06', '2024-05-06T07:08+02:00', '2024-05-06T07:08:09Z', '2024-05-06T07:08:09.5-03:00'];
    const text = `${DECL}\n<urlset xmlns="${NS}">\n${forms.map((f, k) => url(k, f)).join('\n')}\n</urlset>\n`;
    const plan = split(text, { maxEntries: 1 });
    const lastmods = [...plan.index.matchAll(/<lastmod>([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(lastmods, ['2024-01-01', '2024-05-01', '2024-05-06', '2024-05-06T07:08:00+02:00', '2024-05-06T07:08:09Z', '2024-05-06T07:08:09.5-03:00']);
    assert.deepEqual(diagnose(plan.index), []);
    if (!hasXmllint) {
      // CI installs xmllint (.ci/run) and asks for the schema check; elsewhere it is optional.
      assert.ok(process.env.SITEMAP_REQUIRE_XMLLINT !== '1', 'xmllint is not installed (apt-get install libxml2-utils)');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-xsd-'));
    try {
      const file = path.join(dir, 'index.xml');
      fs.writeFileSync(file, plan.index);
      const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      // The check can fail: a lastmod as the source wrote it (no seconds) is not an xsd:dateTime.
      fs.writeFileSync(file, plan.index.replace('2024-05-06T07:08:00+02:00', '2024-05-06T07:08+02:00'));
      assert.notEqual(spawnSync('xmllint', ['--noout', '--schema', XSD, file]).status, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
