/**
 * Incremental equals full: random edits anywhere (inside tags, across entries, in the prolog), and after every
 * one the incremental model must report exactly what a fresh parse of the same text reports.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, applyEdits, completeParse, parseDocument, validate, type SitemapLanguageId, type SitemapDocument } from '../../../server/src/language/languageService';
import { SitemapModel } from '../../../server/src/language/model/model';
import { random } from '../../support/generate';
import { NOW } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const BASES: Array<{ name: string; languageId: SitemapLanguageId; text: string }> = [
  {
    name: 'urlset', languageId: 'sitemap',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n` +
      Array.from({ length: 12 }, (_, n) =>
        `  <url>\n    <loc>https://example.com/p/${n}?a=1&amp;b=${n}</loc>\n    <lastmod>2024-0${(n % 9) + 1}-1${n % 10}</lastmod>\n` +
        `    <changefreq>weekly</changefreq>\n    <priority>0.${n % 10}</priority>\n` +
        (n % 3 === 0 ? `    <image:image><image:loc>https://example.com/i/${n}.png</image:loc></image:image>\n` : '') +
        `  </url>\n`).join('') + '</urlset>\n',
  },
  {
    // hreflang groups (reciprocal, one-way, self-less), news articles, a video: the alternate index and the facts the
    // document-level extension rules read must follow every edit.
    name: 'urlset with extensions', languageId: 'sitemap',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml" ` +
      `xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n` +
      Array.from({ length: 9 }, (_, n) =>
        `  <url>\n    <loc>https://example.com/${['en', 'de', 'fr'][n % 3]}/${n - (n % 3)}</loc>\n` +
        ['en', 'de', 'fr'].filter((_, k) => k !== 2 || n % 2 === 0).map((language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="https://example.com/${language}/${n - (n % 3)}"/>\n`).join('') +
        (n % 4 === 1 ? `    <news:news><news:publication><news:name>P</news:name><news:language>en</news:language></news:publication>` +
          `<news:publication_date>2025-06-1${n % 7}</news:publication_date><news:title>T${n}</news:title></news:news>\n` : '') +
        (n === 4 ? `    <video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>V</video:title>` +
          `<video:description>D</video:description><video:content_loc>https://example.com/de/3</video:content_loc></video:video>\n` : '') +
        `  </url>\n`).join('') + '</urlset>\n',
  },
  {
    name: 'prefixed index with comments and CRLF', languageId: 'sitemap',
    text: `<?xml version="1.0"?>\r\n<!-- generated -->\r\n<sm:sitemapindex xmlns:sm="${NS}">\r\n` +
      Array.from({ length: 8 }, (_, n) => `<sm:sitemap><sm:loc>https://example.com/s${n}.xml</sm:loc><!-- n${n} --><sm:lastmod>2024-01-0${n + 1}</sm:lastmod></sm:sitemap>\r\n`).join('') +
      '</sm:sitemapindex>\r\n',
  },
  {
    name: 'broken urlset', languageId: 'sitemap',
    text: `<urlset xmlns="${NS}">\n<url><loc>http://a.com/x?a&b</loc><priority>2</priority></url>\n<url><loc><![CDATA[http://a.com/&y]]></loc>\n` +
      `<url><loc>http://a.com/x?a&b</loc><lastmod>2024-02-30</lastmod></url>\n<foo>text</foo>\n<url><loc>rel/ative</loc><changefreq>Daily</changefreq></url>\n</urlset>`,
  },
  {
    // Read as XML (language-mismatch) until an edit makes its start no longer look like XML, and back.
    name: 'XML in a text sitemap', languageId: 'sitemap-txt',
    text: `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n` + Array.from({ length: 10 }, (_, n) => `<url><loc>https://example.com/x/${n}</loc></url>\n`).join('') + '</urlset>\n',
  },
  {
    name: 'text sitemap', languageId: 'sitemap-txt',
    text: Array.from({ length: 15 }, (_, n) => (n % 5 === 4 ? 'not a url\n' : `https://example.com/t/${n}\r\n`)).join(''),
  },
  {
    // A DOCTYPE whose entities the entries use: edits in the subset change what the references in every entry are.
    name: 'urlset with a DOCTYPE', languageId: 'sitemap',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE urlset [\n  <!ENTITY e "x">\n  <!ENTITY t "<b>&e;</b>">\n  <!ATTLIST urlset a CDATA "&e;">\n]>\n` +
      `<urlset xmlns="${NS}">\n` + Array.from({ length: 10 }, (_, n) => `  <url><loc>https://example.com/${n}&e;</loc></url>\n`).join('') + '</urlset>\n',
  },
  {
    name: 'robots.txt', languageId: 'robots-txt',
    text: 'User-agent: *\r\nDisallow: /private/\r\n# sitemaps\r\n' +
      Array.from({ length: 10 }, (_, n) => ['Sitemap: https://example.com/s', 'sitemap :/rel', 'Sitemaps: https://example.com/s', 'Sitemap https://example.com/s', 'Allow: /'][n % 5] + `${n} # c${n}\n`).join(''),
  },
];

const FRAGMENTS = [
  '<', '>', '?', '?>', '/', '</url>', '<url>', '<loc>', '</loc>', '&', '&amp;', '&nbsp;', '<!--', '-->', '<![CDATA[', ']]>', '"', "'",
  '\n', '\r\n', '\r', ' ', 'x', 'url', ':', '</urlset>', '<?xml version="1.0"?>', '<priority>0.5</priority>', 'https://other.com/',
  '<url><loc>https://example.com/new</loc></url>', '<sitemap>', '=', 'xmlns="x"', '<!DOCTYPE x>', '\uFFFD', '\u0001', '2024-13-01',
  'Sitemap: ', '#', '</sitemap>', '<foo>', '</foo>', '<x:y>', '</x:y>', '<!-- </foo> -->',
  '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/0"/>', 'https://example.com/en/3', 'xhtml', 'news:news',
  'xmlns:xhtml="http://www.w3.org/1999/xhtml"', 'https://www.w3.org/1999/xhtml', '<news:publication_date>2025-06-01</news:publication_date>',
];

function randomEdit(rnd: () => number, text: string) {
  const start = Math.floor(rnd() * (text.length + 1));
  const kind = rnd();
  const span = kind < 0.35 ? 0 : Math.floor(rnd() * (rnd() < 0.8 ? 4 : 60));
  const end = Math.min(text.length, start + span);
  let insert = '';
  if (kind > 0.2) {
    insert = rnd() < 0.7 ? FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)] : String.fromCharCode(97 + Math.floor(rnd() * 26));
  }
  if (span === 0 && insert === '') insert = FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)];
  return { start, end, text: insert };
}

/** Edits handled without parsing the whole document. */
function incrementalParses(model: SitemapModel): number {
  const { lines, entries, head, rest } = model.reparses;
  return lines + entries + head + rest;
}

function snapshot(document: SitemapDocument) {
  return validate(document, DEFAULT_SETTINGS, { now: NOW, location: undefined });
}

/** What a model is, segment by segment, apart from where each lives in its list (run, place). */
function facts(document: SitemapDocument) {
  const model = document as SitemapModel;
  const root = model.root;
  return {
    root: root && { kind: root.kind, nameStart: root.nameStart, nameEnd: root.nameEnd, startTagEnd: root.startTagEnd, sitemapNamespace: root.sitemapNamespace, entryName: root.entryName },
    segments: model.segments.map((s) => ({
      kind: s.kind, text: s.text, problems: s.problems, isEntry: s.isEntry, closedByNext: s.closedByNext, lineBreaks: s.lineBreaks,
      absentAfter: s.absentAfter, presentAfter: s.presentAfter,
      tagStart: s.tagStart, tagEnd: s.tagEnd, elementEnd: s.elementEnd, url: s.url, urlStart: s.urlStart, urlEnd: s.urlEnd,
      // A range without a valid lastmod is left over from the entry before (and never read).
      lastmod: s.lastmod, lastmodRange: Number.isNaN(s.lastmod) ? undefined : [s.lastmodStart, s.lastmodEnd],
      extensions: s.extensions,
    })),
  };
}

test('incremental reparsing equals a full parse after every random edit', () => {
  const SEEDS = 60;
  const EDITS_PER_SEED = 200;
  let edits = 0;
  let incremental = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const base = BASES[seed % BASES.length];
    const rnd = random(seed);
    let text = base.text;
    const document = parseDocument(text, base.languageId);
    const script: Edit[] = [];
    // Every few seeds, start from a broken variant so edits also repair things.
    for (let step = 0; step < EDITS_PER_SEED; step++) {
      const edit = randomEdit(rnd, text);
      script.push(edit);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      applyEdits(document, [edit]);
      edits++;
      const fresh = parseDocument(text, base.languageId);
      const where = `seed ${seed}, edit ${step} (${JSON.stringify(edit)}) on ${base.name}`;
      keepingScript({ found: `seed ${seed} of the random oracle`, base, edits: script }, () => {
        sameAsFreshModel(document, fresh, text, where);
        // Offsets and positions agree with the fresh parse at a few random places.
        for (let k = 0; k < 3; k++) {
          const offset = Math.floor(rnd() * (text.length + 1));
          const position = fresh.positionAt(offset);
          assert.deepEqual(document.positionAt(offset), position, `${where}: positionAt(${offset})`);
          assert.equal(document.offsetAt(position), fresh.offsetAt(position), `${where}: offsetAt`);
        }
      });
    }
    incremental += incrementalParses(document as SitemapModel);
  }
  assert.ok(edits >= 10_000);
  // The test would pass vacuously if every edit fell back to a full parse. (Random edits soon break documents
  // badly, e.g. an unterminated comment that swallows the rest, where a full parse is the right answer.)
  assert.ok(incremental / edits > 0.4, `only ${incremental} of ${edits} edits were incremental`);
});

/** The model after an edit against `fresh`, a full parse of `text`: the same text, counts, problems and segments. */
function sameAsFreshModel(document: SitemapDocument, fresh: SitemapDocument, text: string, where: string): void {
  assert.equal(document.getText(), text, where);
  assert.equal(document.lineCount, fresh.lineCount, where);
  assert.equal(document.entryCount, fresh.entryCount, where);
  assert.equal(document.byteLength, fresh.byteLength, where);
  assert.deepEqual(snapshot(document), snapshot(fresh), where);
  assert.deepEqual(facts(document), facts(fresh), where);
}

type Edit = { start: number; end: number; text: string };

/** An edit script that once made the model diverge from a full parse (test/fixtures/reparse/regressions.json). */
interface RegressionScript {
  /** Where it was found, and what fixed it. */
  found: string;
  fixedBy?: string;
  base: string;
  languageId: SitemapLanguageId;
  text: string;
  edits: Edit[];
}

const REGRESSIONS_FILE = path.resolve(__dirname, '../../../../test/fixtures/reparse/regressions.json');

/**
 * Runs `check`; when it fails, prints the edit script so far as an entry for the regressions file: once the divergence
 * is fixed, add it there with `fixedBy`, so that it is checked for good (a seed changes meaning when the fragments or
 * the bases change). `node --test --test-reporter=spec` prints the entry unescaped.
 */
function keepingScript(run: { found: string; base: (typeof BASES)[number]; edits: Edit[] }, check: () => void): void {
  try {
    check();
  } catch (error) {
    const entry: RegressionScript = { found: run.found, base: run.base.name, languageId: run.base.languageId, text: run.base.text, edits: run.edits };
    console.error(`To keep this case, add it to ${REGRESSIONS_FILE} with what fixed it:\n${JSON.stringify(entry)}`);
    throw error;
  }
}

test('edit scripts that once made the model diverge from a full parse give what a full parse gives after every edit', () => {
  const scripts = JSON.parse(readFileSync(REGRESSIONS_FILE, 'utf8')) as RegressionScript[];
  assert.ok(scripts.length >= 3);
  for (const { found, languageId, text: base, edits } of scripts) {
    const document = parseDocument(base, languageId);
    let text = base;
    edits.forEach((edit, step) => {
      applyEdits(document, [edit]);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      sameAsFreshModel(document, parseDocument(text, languageId), text, `${found}: edit ${step} (${JSON.stringify(edit)})`);
    });
  }
});

/** What the URL index knows, comparable: the groups of entries sharing a URL (segment indexes), and the URLs it finds. */
function urlIndexFacts(document: SitemapDocument) {
  const model = document as SitemapModel;
  return {
    duplicates: [...model.urls.duplicateGroups()].map((g) => g.map((s) => s.index).sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]),
    found: model.segments.filter((s) => s.url !== undefined).map((s) => model.urls.has(s.url!)),
  };
}

test('a document opened with its URL index deferred, validated, then completed (or not), edits like one parsed fully', () => {
  const SEEDS = 24;
  const EDITS_PER_SEED = 120;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const base = BASES[seed % BASES.length];
    const rnd = random(1000 + seed);
    let text = base.text;
    // As the server opens: a parse deferring its URL index, validated at once; the index completed after (even seeds) or by the first edit.
    const document = parseDocument(text, base.languageId, { deferUrlIndex: true });
    assert.deepEqual(snapshot(document), snapshot(parseDocument(text, base.languageId)), `seed ${seed}, open`);
    if (seed % 2 === 0) completeParse(document);
    for (let step = 0; step < EDITS_PER_SEED; step++) {
      const edit = randomEdit(rnd, text);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      applyEdits(document, [edit]);
      const fresh = parseDocument(text, base.languageId);
      const where = `seed ${seed}, edit ${step} (${JSON.stringify(edit)}) on ${base.name}`;
      assert.equal(document.getText(), text, where);
      assert.deepEqual(snapshot(document), snapshot(fresh), where);
      assert.deepEqual(facts(document), facts(fresh), where);
      assert.deepEqual(urlIndexFacts(document), urlIndexFacts(fresh), where);
    }
  }
});

test('positions agree with a naive line index, for every offset', () => {
  const text = 'a\r\nb\rc\n\n<urlset>\r\n</urlset>\r';
  for (const languageId of ['sitemap', 'sitemap-txt'] as const) {
    const document = parseDocument(text, languageId);
    let line = 0;
    let lineStart = 0;
    for (let offset = 0; offset <= text.length; offset++) {
      assert.deepEqual(document.positionAt(offset), { line, character: offset - lineStart }, `${languageId} offset ${offset}`);
      assert.equal(document.offsetAt({ line, character: offset - lineStart }), offset);
      const c = text[offset];
      if (c === '\n' || (c === '\r' && text[offset + 1] !== '\n')) {
        line++;
        lineStart = offset + 1;
      }
    }
    assert.equal(document.lineCount, line + 1);
  }
});

test('a keystroke inside one <url> reparses that entry only', () => {
  const text = `<urlset xmlns="${NS}">\n` + Array.from({ length: 200 }, (_, n) => `<url><loc>https://example.com/${n}</loc><priority>0.5</priority></url>\n`).join('') + '</urlset>\n';
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  const before = [...model.segments];
  const at = text.indexOf('<priority>0.5', text.indexOf('/100<')) + 12;
  applyEdits(model, [{ start: at, end: at + 1, text: '7' }]); // 0.5 → 0.7
  applyEdits(model, [{ start: at, end: at, text: '9' }]); // 0.97 — still one entry
  assert.equal(model.reparses.full, 0);
  assert.equal(incrementalParses(model), 2);
  const changed = model.segments.filter((s, k) => s !== before[k]);
  assert.equal(changed.length, 1);
  assert.equal(changed[0].index, 101);
  // Breaking and repairing an end tag stays local too.
  const close = model.getText().indexOf('</url>', at);
  applyEdits(model, [{ start: close + 2, end: close + 3, text: '' }]); // </rl>
  applyEdits(model, [{ start: close + 2, end: close + 2, text: 'u' }]);
  assert.equal(model.reparses.full, 0);
  assert.equal(model.getText(), text.slice(0, at) + '97' + text.slice(at + 1));
});

test('typing a new <url> above an entry keeps the damage in the new tag, keystroke by keystroke', () => {
  const entry = (n: number) => `<url><loc>https://example.com/${n}</loc></url>\n`;
  const text = `<urlset xmlns="${NS}">\n` + Array.from({ length: 200 }, (_, n) => entry(n)).join('') + '</urlset>\n';
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  let at = text.indexOf(entry(100));
  // `<u`, `<ur`, `<url` lack their ">": the entry start tag after them closes them, so the 100 entries below stay
  // entries, and validated. From `<url` on, the new tag is an entry itself.
  const entriesAfter: Array<[string, number]> = [['<', 200], ['u', 200], ['r', 200], ['l', 201], ['>', 201]];
  for (const [typed, entries] of entriesAfter) {
    applyEdits(model, [{ start: at, end: at, text: typed }]);
    at++;
    assert.equal(model.entryCount, entries, `after "${typed}"`);
  }
  assert.equal(model.reparses.full, 0, 'no keystroke fell back to a full parse');
  const problems = validate(model, DEFAULT_SETTINGS, {}).map((p) => `${p.rule} ${model.getText().slice(p.start, p.end)}`);
  assert.deepEqual(problems, ['xml-syntax url', 'missing-loc url'], 'the new <url> is never closed and has no <loc>; nothing else');
  applyEdits(model, [{ start: at, end: at, text: '<loc>https://example.com/new</loc></url>\n' }]);
  assert.deepEqual(validate(model, DEFAULT_SETTINGS, {}), []);
  assert.equal(model.entryCount, 201);
  assert.equal(model.reparses.full, 0);
});

test('typing the ">" a declaration lost, and deleting it again, gives what a full parse gives', () => {
  const text = `<?xml version="1.0" encoding="UTF-8"?\n<urlset xmlns="${NS}">\n` + Array.from({ length: 40 }, (_, n) => `<url><loc>https://example.com/${n}</loc></url>\n`).join('') + '</urlset>\n';
  const model = parseDocument(text, 'sitemap');
  const at = text.indexOf('?\n') + 1;
  const steps = [{ start: at, end: at, text: '>' }, { start: at, end: at + 1, text: '' }, { start: at - 1, end: at, text: '' }, { start: at - 1, end: at - 1, text: '?>' }];
  let current = text;
  for (const edit of steps) {
    applyEdits(model, [edit]);
    current = current.slice(0, edit.start) + edit.text + current.slice(edit.end);
    const fresh = parseDocument(current, 'sitemap');
    assert.equal(model.getText(), current);
    assert.equal(model.entryCount, 40);
    assert.deepEqual(snapshot(model), snapshot(fresh), JSON.stringify(edit));
  }
  assert.deepEqual(snapshot(model), []);
});

test('the problem of a broken root end tag belongs to the tail: an edit in the entry before it keeps it', () => {
  const text = `<urlset xmlns="${NS}">\n<url><loc>https://example.com/</loc></url></urlset x>\n`;
  const model = parseDocument(text, 'sitemap');
  const at = text.indexOf('example');
  applyEdits(model, [{ start: at, end: at, text: 'w' }]);
  const current = text.slice(0, at) + 'w' + text.slice(at);
  assert.equal(incrementalParses(model as SitemapModel), 1);
  assert.deepEqual(snapshot(model), snapshot(parseDocument(current, 'sitemap')));
  assert.ok(snapshot(model).some((p) => p.rule === 'xml-syntax' && p.start === current.indexOf(' x>') + 1));
});

test('adding and removing entries in a document of many chunks keeps indexes, offsets and lines right', () => {
  // 6,000 entries: several chunks of the model's list (chunkedList.ts), so edits cross and split them.
  const entry = (n: number): string => `  <url>\n    <loc>https://example.com/e/${n}</loc>\n  </url>\n`;
  let text = `<urlset xmlns="${NS}">\n` + Array.from({ length: 6000 }, (_, n) => entry(n)).join('') + '</urlset>\n';
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  const rnd = random(11);
  model.positionAt(0); // builds the list, as an editor's first request does
  for (let step = 0; step < 40; step++) {
    const at = model.segmentStart(model.entrySegment(Math.floor(rnd() * model.entryCount)));
    const edit = rnd() < 0.5
      ? { start: at, end: at, text: Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, k) => entry(10_000 + step * 3 + k)).join('') }
      : { start: at, end: at + model.segments[model.segmentAt(at)].text.length, text: '' };
    applyEdits(model, [edit]);
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    const fresh = parseDocument(text, 'sitemap');
    const where = `step ${step}`;
    assert.equal(model.getText(), text, where);
    assert.equal(model.entryCount, fresh.entryCount, where);
    assert.equal(model.lineCount, fresh.lineCount, where);
    let start = 0;
    model.segments.forEach((segment, k) => {
      assert.equal(segment.index, k, `${where}: index of segment ${k}`);
      assert.equal(model.segmentStart(k), start, `${where}: start of segment ${k}`);
      start += segment.text.length;
    });
    for (let k = 0; k < 5; k++) {
      const offset = Math.floor(rnd() * (text.length + 1));
      const position = fresh.positionAt(offset);
      assert.deepEqual(model.positionAt(offset), position, `${where}: positionAt(${offset})`);
      assert.equal(model.offsetAt(position), offset, `${where}: offsetAt`);
    }
  }
  assert.equal(model.reparses.full, 0);
});

/**
 * Edits that used to parse the whole document again (issue 11): each, applied to a model, gives exactly the segments
 * and problems of a fresh parse of the new text, and so does undoing it; `bounded` ones never parse everything.
 */
const SCHEMA_LOCATION = 'http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd';
const FALLBACK_BASE = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- head -->\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"\n` +
  `  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">\n` +
  Array.from({ length: 300 }, (_, n) => `  <url><loc>https://example.com/${n}</loc>${n % 50 === 7 ? `<image:image><image:loc>https://example.com/${n}.png</image:loc></image:image>` : ''}</url>\n` +
    (n === 250 ? '  <!-- late -->\n' : '')).join('') + '</urlset>\n';

function at(text: string, needle: string, from = 0): number {
  const k = text.indexOf(needle, from);
  assert.ok(k >= 0, needle);
  return k;
}

const middle = (text: string): number => at(text, '<url><loc>https://example.com/150<');
const FALLBACK_EDITS: Array<{ name: string; bounded: boolean; edit: (text: string) => { start: number; end: number; text: string } }> = [
  { name: 'delete the "<" of a "</url>"', bounded: true, edit: (t) => ({ start: at(t, '</url>', middle(t)), end: at(t, '</url>', middle(t)) + 1, text: '' }) },
  { name: 'delete the "<" of the last "</url>"', bounded: true, edit: (t) => ({ start: t.lastIndexOf('</url>'), end: t.lastIndexOf('</url>') + 1, text: '' }) },
  { name: 'type "<sitemap>" between entries', bounded: true, edit: (t) => ({ start: middle(t), end: middle(t), text: '<sitemap>' }) },
  { name: 'type "<sitemap>" inside an entry', bounded: true, edit: (t) => ({ start: middle(t) + 5, end: middle(t) + 5, text: '<sitemap>' }) },
  { name: 'type "<!--" before many entries (a later comment ends it)', bounded: true, edit: (t) => ({ start: at(t, '<url>'), end: at(t, '<url>'), text: '<!--' }) },
  { name: 'type "<!--" after the last comment', bounded: true, edit: (t) => ({ start: middle(t) + 5 * 60, end: middle(t) + 5 * 60, text: '<!--' }) },
  { name: 'type "<!--" in the last entry', bounded: true, edit: (t) => ({ start: t.lastIndexOf('<loc>'), end: t.lastIndexOf('<loc>'), text: '<!--' }) },
  { name: 'type in the tail', bounded: true, edit: (t) => ({ start: t.length - 1, end: t.length - 1, text: '<!-- x -->' }) },
  { name: 'type in the XML declaration', bounded: true, edit: (t) => ({ start: at(t, 'UTF-8'), end: at(t, 'UTF-8') + 3, text: 'utf' }) },
  { name: 'type in a comment of the prolog', bounded: true, edit: (t) => ({ start: at(t, 'head'), end: at(t, 'head'), text: 'x' }) },
  { name: 'type in xsi:schemaLocation', bounded: true, edit: (t) => ({ start: at(t, '.xsd'), end: at(t, '.xsd'), text: 'x' }) },
  { name: 'add an attribute to the root', bounded: true, edit: (t) => ({ start: at(t, '<urlset') + 7, end: at(t, '<urlset') + 7, text: ' id="x"' }) },
  { name: 'type in the root\'s xmlns value', bounded: true, edit: (t) => ({ start: at(t, '/0.9"'), end: at(t, '/0.9"') + 4, text: '' }) },
  { name: 'type in a prefix the entries use', bounded: false, edit: (t) => ({ start: at(t, 'image/1.1'), end: at(t, 'image/1.1'), text: 'x' }) },
  { name: 'remove the xsi declaration', bounded: true, edit: (t) => ({ start: at(t, ' xmlns:xsi'), end: at(t, '"', at(t, 'xmlns:xsi') + 11) + 1, text: '' }) },
  { name: 'add a declaration of a prefix no entry uses', bounded: true, edit: (t) => ({ start: at(t, '<urlset') + 7, end: at(t, '<urlset') + 7, text: ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"' }) },
  { name: 'add a declaration of a prefix an entry uses undeclared', bounded: false, edit: (t) => ({ start: at(t, '<urlset') + 7, end: at(t, '<urlset') + 7, text: ' xmlns:news="x"' }) },
  { name: 'delete the closing quote of the root\'s xmlns', bounded: false, edit: (t) => ({ start: at(t, '0.9"') + 3, end: at(t, '0.9"') + 4, text: '' }) },
  { name: 'rename the root', bounded: false, edit: (t) => ({ start: at(t, '<urlset') + 7, end: at(t, '<urlset') + 7, text: 'x' }) },
  { name: 'delete the ">" of the root start tag', bounded: true, edit: (t) => ({ start: at(t, '.xsd">') + 5, end: at(t, '.xsd">') + 6, text: '' }) },
  { name: 'delete the "<" of the first "<url>"', bounded: true, edit: (t) => ({ start: at(t, '<url>'), end: at(t, '<url>') + 1, text: '' }) },
  { name: 'type "<url>" at the end of the head', bounded: true, edit: (t) => ({ start: at(t, '<url>'), end: at(t, '<url>'), text: '<url>' }) },
  { name: 'type text at the end of the head', bounded: true, edit: (t) => ({ start: at(t, '<url>'), end: at(t, '<url>'), text: 'x' }) },
  { name: 'delete from the head into the first entry', bounded: true, edit: (t) => ({ start: at(t, '.xsd">') + 6, end: at(t, '<loc>'), text: '' }) },
];

function sameAsFresh(model: SitemapDocument, text: string, where: string): void {
  const fresh = parseDocument(text, 'sitemap');
  assert.equal(model.getText(), text, where);
  assert.equal(model.byteLength, fresh.byteLength, where);
  assert.equal(model.lineCount, fresh.lineCount, where);
  assert.deepEqual(snapshot(model), snapshot(fresh), where);
  assert.deepEqual(facts(model), facts(fresh), where);
}

/**
 * `model` edited with its expected text kept beside it: `change` applies an edit to both and checks the model against a
 * fresh parse of the text.
 */
function editing(model: SitemapDocument, text: string): { readonly text: string; change(edit: { start: number; end: number; text: string }, where?: string): void } {
  let current = text;
  return {
    get text() {
      return current;
    },
    change(edit, where = JSON.stringify(edit)) {
      applyEdits(model, [edit]);
      current = current.slice(0, edit.start) + edit.text + current.slice(edit.end);
      sameAsFresh(model, current, where);
    },
  };
}

test('edits that used to parse everything again give what a full parse gives, and the bounded ones parse less', () => {
  // Also with an entry using a prefix the root does not declare, and one declaring a namespace (no longer bounded).
  const variant = FALLBACK_BASE.replace('</loc></url>\n  <url><loc>https://example.com/20<', '</loc><news:news/></url>\n  <url><loc>https://example.com/20<')
    .replace('<url><loc>https://example.com/30</loc>', '<url xmlns:x="http://example.com/x"><loc>https://example.com/30</loc><x:y/>');
  for (const base of [FALLBACK_BASE, variant]) {
    for (const { name, bounded, edit } of FALLBACK_EDITS) {
      const model = parseDocument(base, 'sitemap') as SitemapModel;
      model.positionAt(0);
      const e = edit(base);
      const text = base.slice(0, e.start) + e.text + base.slice(e.end);
      applyEdits(model, [e]);
      sameAsFresh(model, text, name);
      if (bounded && base === FALLBACK_BASE) assert.equal(model.reparses.full, 0, `${name}: parsed everything`);
      applyEdits(model, [{ start: e.start, end: e.start + e.text.length, text: base.slice(e.start, e.end) }]);
      sameAsFresh(model, base, `${name}, undone`);
    }
  }
});

test('typing the root\'s namespace character by character, and namespaces a child declares, give what a full parse gives', () => {
  const base = FALLBACK_BASE.replace('<url><loc>https://example.com/30</loc>', '<url><loc>https://example.com/30</loc><y:z xmlns:y="http://example.com/s"/>');
  const model = parseDocument(base, 'sitemap') as SitemapModel;
  const doc = editing(model, base);
  const value = at(base, NS);
  // Replaced by a namespace a child declares: that child's element would become a sitemap element.
  for (const edit of [{ start: value, end: value + NS.length, text: '' }, ...[...'http://example.com/s'].map((c, k) => ({ start: value + k, end: value + k, text: c }))]) {
    doc.change(edit);
  }
  doc.change({ start: value, end: value + 'http://example.com/s'.length, text: NS }, 'restored');
  assert.equal(doc.text, base);
});

test('typing <sitemap> and <!-- character by character between entries, then closing them, gives what a full parse gives', () => {
  const model = parseDocument(FALLBACK_BASE, 'sitemap') as SitemapModel;
  const doc = editing(model, FALLBACK_BASE);
  let offset = middle(FALLBACK_BASE);
  for (const typed of ['<sitemap>', '<!--', ' x ', '-->', '</sitemap>']) {
    for (const c of typed) {
      doc.change({ start: offset, end: offset, text: c }, `${typed}: ${c}`);
      offset++;
    }
  }
  assert.equal(model.reparses.full, 0);
});

test('a namespace an entry declares after an edit of the root\'s namespace is still seen at the next one', () => {
  const model = parseDocument(FALLBACK_BASE, 'sitemap') as SitemapModel;
  const doc = editing(model, FALLBACK_BASE);
  const change = doc.change;
  const value = at(doc.text, NS);
  change({ start: value, end: value + NS.length, text: 'http://example.com/' }, 'root namespace changed');
  assert.equal(model.reparses.full, 0, 'no entry declares a namespace: the head alone was parsed');
  const entry = at(doc.text, '</loc>', middle(doc.text)) + 6;
  change({ start: entry, end: entry, text: '<y:z xmlns:y="http://example.com/s"/>' }, 'an entry declares a namespace');
  change({ start: value + 19, end: value + 19, text: 's' }, 'the root takes the namespace the entry declared');
  const declared = at(doc.text, ' xmlns:y=');
  change({ start: declared, end: at(doc.text, '/>', declared), text: '' }, 'the declaration removed');
  const fullParses = model.reparses.full;
  change({ start: value + 19, end: value + 20, text: '' }, 'root namespace changed again');
  assert.equal(model.reparses.full, fullParses, 'no entry declares a namespace any more');
});

test('an open comment that swallows thousands of entries, and closing it again, gives what a full parse gives', () => {
  // More segments than one splice takes as arguments (model.ts spliceInPlace), across many chunks of the list.
  const entry = (n: number): string => `  <url><loc>https://example.com/c/${n}</loc></url>\n`;
  const base = `<urlset xmlns="${NS}">\n` + Array.from({ length: 6000 }, (_, n) => entry(n)).join('') + '</urlset>\n';
  const model = parseDocument(base, 'sitemap') as SitemapModel;
  model.positionAt(0);
  const at = base.indexOf(entry(3));
  const doc = editing(model, base);
  for (const edit of [{ start: at, end: at, text: '<!--' }, { start: at, end: at + 4, text: '' }, { start: at, end: at, text: '<sitemap>' }, { start: at, end: at + 9, text: '' }]) {
    doc.change(edit);
    let start = 0;
    model.segments.forEach((segment, k) => {
      assert.equal(segment.index, k);
      assert.equal(model.segmentStart(k), start);
      start += segment.text.length;
    });
  }
  assert.equal(model.reparses.full, 0);
});

for (const opener of ['<sitemap>', '<!--']) {
  test(`${opener} typed between entries ends at the next entry while nothing after it would close it: typing in it stays local`, () => {
    const model = parseDocument(FALLBACK_BASE, 'sitemap') as SitemapModel;
    const entries = model.entryCount;
    const doc = editing(model, FALLBACK_BASE);
    let offset = at(FALLBACK_BASE, '<url><loc>https://example.com/260<');
    const type = (typed: string, where: string): void => {
      for (const c of typed) {
        doc.change({ start: offset, end: offset, text: c }, `${where}: ${c}`);
        offset++;
      }
    };
    type(opener, 'open');
    const incremental = incrementalParses(model);
    type('<loc>https://example.com/s.xml</loc>', 'inside');
    assert.equal(model.entryCount, entries, 'the entries after it are still entries');
    assert.ok(model.segments.slice(1).every((segment) => segment.text.length < 200), 'no segment swallowed the entries');
    assert.equal(incrementalParses(model) - incremental, '<loc>https://example.com/s.xml</loc>'.length);
    assert.equal(model.reparses.full, 0);
  });
}

test('writing what closes an element or comment far below where it was left open, and removing it, gives what a full parse gives', () => {
  const model = parseDocument(FALLBACK_BASE, 'sitemap') as SitemapModel;
  const doc = editing(model, FALLBACK_BASE);
  const change = doc.change;
  // After the document's last comment ("late", at entry 250), so that only the typed "-->" can end the typed "<!--".
  for (const [opener, closer] of [['<sitemap>', '</sitemap>'], ['<x:y>', '</x:y>'], ['<!--', '-->']]) {
    const open = at(doc.text, '<url><loc>https://example.com/260<');
    change({ start: open, end: open, text: opener }, `${opener} typed`);
    const entries = model.entryCount;
    const below = at(doc.text, '<url><loc>https://example.com/280<');
    for (let k = 0; k < closer.length; k++) change({ start: below + k, end: below + k, text: closer[k] }, `${closer} typed to ${k + 1}`);
    assert.ok(model.entryCount < entries, `${opener}: the entries up to ${closer} are inside it`);
    for (let k = closer.length - 1; k >= 0; k--) change({ start: below + k, end: below + k + 1, text: '' }, `${closer} erased to ${k}`);
    change({ start: open, end: open + opener.length, text: '' }, `${opener} erased`);
  }
  assert.equal(doc.text, FALLBACK_BASE);
  assert.equal(model.reparses.full, 0);
});

test('a root child closed by its own end tag still holds the entries inside it', () => {
  const text = `<urlset xmlns="${NS}">\n<group>\n<url><loc>https://example.com/a</loc></url>\n</group>\n<url><loc>https://example.com/b</loc></url>\n</urlset>\n`;
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  assert.equal(model.entryCount, 1);
  assert.ok(model.segments.every((segment) => segment.absentAfter === undefined));
});

test('breaking the root\'s end tag that closed an element left open before it gives what a full parse gives', () => {
  // <foo> is closed by </urlset>: once that is no end tag, what follows is inside <foo>, in <foo>'s segment.
  const text = `<urlset xmlns="${NS}">\n<url><loc>https://example.com/a</loc></url>\n<foo>\n</urlset>\n`;
  const doc = editing(parseDocument(text, 'sitemap'), text);
  const edits = [
    (t: string) => ({ start: at(t, '</urlset>') + 1, end: at(t, '</urlset>') + 2, text: '' }),
    (t: string) => ({ start: at(t, '<urlset>\n') + 1, end: at(t, '<urlset>\n') + 1, text: '/' }),
  ];
  for (const editOf of edits) doc.change(editOf(doc.text));
});

test('erasing the end tag that an element closed by another end tag was kept open for gives what a full parse gives', () => {
  // <foo> holds the first entry because a "</foo" follows (in the comment), though </bar> closes it.
  const text = `<urlset xmlns="${NS}">\n<foo>\n<url><loc>https://example.com/a</loc></url>\n</bar>\n` +
    `<url><loc>https://example.com/b</loc></url>\n<!-- </foo> -->\n</urlset>\n`;
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  assert.equal(model.segments[1].presentAfter, '</foo');
  const slash = at(text, '</foo>') + 1;
  const doc = editing(model, text);
  for (const edit of [{ start: slash, end: slash + 1, text: '' }, { start: slash, end: slash, text: '/' }]) doc.change(edit);
  assert.equal(model.reparses.full, 0);
});

test('an element and a comment left open in one segment: writing either closer far below reparses from it', () => {
  const model = parseDocument(FALLBACK_BASE, 'sitemap') as SitemapModel;
  const doc = editing(model, FALLBACK_BASE);
  const change = doc.change;
  const open = at(doc.text, '<url><loc>https://example.com/260<');
  change({ start: open, end: open, text: '<foo><!-- x' }, 'both left open');
  assert.deepEqual(model.segments.find((s) => s.absentAfter !== undefined)?.absentAfter, ['-->', '</foo']);
  for (const closer of ['-->', '</foo>']) {
    const below = at(doc.text, '<url><loc>https://example.com/280<');
    change({ start: below, end: below, text: closer }, `${closer} written below`);
    change({ start: below, end: below + closer.length, text: '' }, `${closer} erased`);
  }
  assert.equal(model.reparses.full, 0);
});

test('typing a DOCTYPE that declares an entity the entries use, character by character, gives what a full parse gives', () => {
  // Entries refer to &e; (unknown-entity without the declaration, entity-not-expanded with it): an edit of the head
  // that changes the declarations changes the problems of entries far below it.
  const base = FALLBACK_BASE.replace('<loc>https://example.com/150<', '<loc>https://example.com/150&e;<');
  const model = parseDocument(base, 'sitemap') as SitemapModel;
  const doc = editing(model, base);
  let offset = at(base, '<urlset');
  for (const c of '<!DOCTYPE urlset [<!ENTITY e "x">]>') {
    doc.change({ start: offset, end: offset, text: c }, `typed ${JSON.stringify(doc.text.slice(at(base, '<!-- head -->') + 13, offset + 1))}`);
    offset++;
  }
  const value = at(doc.text, '"x"') + 1;
  doc.change({ start: value, end: value + 1, text: '<' }, 'a value that is not well-formed content');
  doc.change({ start: value, end: value + 1, text: '' }, 'an empty value');
});
