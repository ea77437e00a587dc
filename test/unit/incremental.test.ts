/**
 * Incremental equals full: random edits anywhere (inside tags, across entries, in the prolog), and after every
 * one the incremental model must report exactly what a fresh parse of the same text reports.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, applyEdits, parseDocument, validate, type SitemapLanguageId, type SitemapDocument } from '../../server/src/language/languageService';
import { SitemapModel } from '../../server/src/language/model';
import { random } from '../support/generate';
import { NOW } from '../support/fixtures';

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
    name: 'robots.txt', languageId: 'robots-txt',
    text: 'User-agent: *\r\nDisallow: /private/\r\n# sitemaps\r\n' +
      Array.from({ length: 10 }, (_, n) => ['Sitemap: https://example.com/s', 'sitemap :/rel', 'Sitemaps: https://example.com/s', 'Sitemap https://example.com/s', 'Allow: /'][n % 5] + `${n} # c${n}\n`).join(''),
  },
];

const FRAGMENTS = [
  '<', '>', '?', '?>', '/', '</url>', '<url>', '<loc>', '</loc>', '&', '&amp;', '&nbsp;', '<!--', '-->', '<![CDATA[', ']]>', '"', "'",
  '\n', '\r\n', '\r', ' ', 'x', 'url', ':', '</urlset>', '<?xml version="1.0"?>', '<priority>0.5</priority>', 'https://other.com/',
  '<url><loc>https://example.com/new</loc></url>', '<sitemap>', '=', 'xmlns="x"', '<!DOCTYPE x>', '\uFFFD', '\u0001', '2024-13-01',
  'Sitemap: ', '#',
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

function snapshot(document: SitemapDocument) {
  return validate(document, DEFAULT_SETTINGS, { now: NOW, location: undefined });
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
    // Every few seeds, start from a broken variant so edits also repair things.
    for (let step = 0; step < EDITS_PER_SEED; step++) {
      const edit = randomEdit(rnd, text);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      applyEdits(document, [edit]);
      edits++;
      const fresh = parseDocument(text, base.languageId);
      const where = `seed ${seed}, edit ${step} (${JSON.stringify(edit)}) on ${base.name}`;
      assert.equal(document.getText(), text, where);
      assert.equal(document.lineCount, fresh.lineCount, where);
      assert.equal(document.entryCount, fresh.entryCount, where);
      assert.equal(document.byteLength, fresh.byteLength, where);
      assert.deepEqual(snapshot(document), snapshot(fresh), where);
      // Offsets and positions agree with the fresh parse at a few random places.
      for (let k = 0; k < 3; k++) {
        const offset = Math.floor(rnd() * (text.length + 1));
        const position = fresh.positionAt(offset);
        assert.deepEqual(document.positionAt(offset), position, `${where}: positionAt(${offset})`);
        assert.equal(document.offsetAt(position), fresh.offsetAt(position), `${where}: offsetAt`);
      }
    }
    incremental += (document as SitemapModel).stats.incrementalParses;
  }
  assert.ok(edits >= 10_000);
  // The test would pass vacuously if every edit fell back to a full parse. (Random edits soon break documents
  // badly, e.g. an unterminated comment that swallows the rest, where a full parse is the right answer.)
  assert.ok(incremental / edits > 0.4, `only ${incremental} of ${edits} edits were incremental`);
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
  assert.equal(model.stats.fullParses, 1);
  assert.equal(model.stats.incrementalParses, 2);
  const changed = model.segments.filter((s, k) => s !== before[k]);
  assert.equal(changed.length, 1);
  assert.equal(changed[0].index, 101);
  // Breaking and repairing an end tag stays local too.
  const close = model.getText().indexOf('</url>', at);
  applyEdits(model, [{ start: close + 2, end: close + 3, text: '' }]); // </rl>
  applyEdits(model, [{ start: close + 2, end: close + 2, text: 'u' }]);
  assert.equal(model.stats.fullParses, 1);
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
  assert.equal(model.stats.fullParses, 1, 'no keystroke fell back to a full parse');
  const problems = validate(model, DEFAULT_SETTINGS, {}).map((p) => `${p.rule} ${model.getText().slice(p.start, p.end)}`);
  assert.deepEqual(problems, ['xml-syntax url', 'missing-loc url'], 'the new <url> is never closed and has no <loc>; nothing else');
  applyEdits(model, [{ start: at, end: at, text: '<loc>https://example.com/new</loc></url>\n' }]);
  assert.deepEqual(validate(model, DEFAULT_SETTINGS, {}), []);
  assert.equal(model.entryCount, 201);
  assert.equal(model.stats.fullParses, 1);
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
  assert.equal((model as SitemapModel).stats.incrementalParses, 1);
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
  assert.equal(model.stats.fullParses, 1);
});
