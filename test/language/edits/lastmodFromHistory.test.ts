/** Set lastmod from Git History: text in → exact text out, each entry dated by its own page's history in the entry's
 * own form, entries git cannot date left alone, and what it writes accepted by the lastmod rules. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, setLastmodFromHistory, type LastmodFromHistoryResult, type SourceHistory, type TimeZoneOffset } from '../../../server/src/language/languageService';
import { judgeLastmodValue } from '../../../server/src/language/site/lastmodJudgement';
import { applyOffsetEdits, withSelections } from '../../support/cursor';
import { NS } from '../../support/fixtures';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const PLUS_TWO: TimeZoneOffset = () => 120;

function committed(iso: string): SourceHistory {
  const change = { time: Date.parse(iso), authorTime: Date.parse(iso) - 3_600_000 };
  return { newest: change, significant: change, uncommitted: false };
}

/** Histories by page path: /a, /b … (the others have none). */
const HISTORIES: Record<string, SourceHistory> = {
  'https://e.com/a': committed('2024-03-02T10:20:30Z'),
  'https://e.com/b': committed('2024-07-08T23:30:00Z'),
  'https://e.com/c?x=1&y=2': committed('2025-01-01T00:00:00Z'),
  'https://e.com/mass': { newest: { time: Date.parse('2025-06-01T00:00:00Z'), authorTime: Date.parse('2025-06-01T00:00:00Z') }, uncommitted: false },
  'https://e.com/edited': { ...committed('2024-01-01T00:00:00Z'), uncommitted: true },
  /** Its content last changed in March; a template commit (a new sidebar) rewrote it in June, and another is not committed yet. */
  'https://e.com/template': { ...committed('2024-03-02T10:20:30Z'), newest: { time: Date.parse('2024-06-01T00:00:00Z'), authorTime: Date.parse('2024-06-01T00:00:00Z') }, uncommitted: 'template' },
};

/** `|` marks cursors; `[` … `]` a selection; none: the whole file. */
function run(fixture: string, languageId: 'sitemap' | 'sitemap-txt' = 'sitemap'): { text: string; result: LastmodFromHistoryResult } {
  const { text, ranges } = withSelections(fixture);
  const result = setLastmodFromHistory(parseDocument(text, languageId), ranges, { historyOf: (url) => HISTORIES[url], now: NOW, timeZoneOffset: PLUS_TWO });
  return { text: result.status === 'set' ? applyOffsetEdits(text, result.edits) : text, result };
}

const set = (body: string, eol = '\n'): string => `<?xml version="1.0" encoding="UTF-8"?>${eol}<urlset xmlns="${NS}">${eol}${body}</urlset>${eol}`;
const entry = (path: string, lastmod?: string): string =>
  `  <url>\n    <loc>https://e.com/${path}</loc>\n${lastmod === undefined ? '' : `    <lastmod>${lastmod}</lastmod>\n`}  </url>\n`;

describe('setLastmodFromHistory', () => {
  it('dates every entry of the file when no range is given, each by its own history, in its own form', () => {
    const { text, result } = run(set(entry('a', '2020-01-01') + entry('b', '2020-01-01T00:00:00Z') + entry('none', '2020-01-01') + entry('c?x=1&amp;y=2', '2020-01-01T00:00+01:00')));
    assert.equal(text, set(entry('a', '2024-03-02') + entry('b', '2024-07-08T23:30:00Z') + entry('none', '2020-01-01') + entry('c?x=1&amp;y=2', '2025-01-01T02:00+02:00')));
    assert.deepEqual({ ...result, edits: undefined }, { status: 'set', edits: undefined, entries: 3, unchanged: 0, undated: 1 });
  });

  it('dates only the entries the cursors and selections touch', () => {
    const fixture = set(entry('a', '2020-01-01') + '[' + entry('b', '2020-01-01') + ']' + entry('c?x=1&amp;y=2', '2020-01-01').replace('<loc>', '|<loc>'));
    assert.equal(run(fixture).text, set(entry('a', '2020-01-01') + entry('b', '2024-07-09') + entry('c?x=1&amp;y=2', '2025-01-01')));
  });

  it('inserts a missing lastmod after <loc> in the file\'s first valid form, keeping tabs and CRLF', () => {
    const body = '\t<url>\r\n\t\t<loc>https://e.com/a</loc>\r\n\t</url>\r\n\t<url>\r\n\t\t<loc>https://e.com/b</loc>\r\n\t\t<lastmod>2020-01-01T00:00Z</lastmod>\r\n\t</url>\r\n';
    assert.equal(run(set(body, '\r\n')).text, set(body
      .replace('a</loc>\r\n', 'a</loc>\r\n\t\t<lastmod>2024-03-02T10:20Z</lastmod>\r\n')
      .replace('2020-01-01T00:00Z', '2024-07-08T23:30Z'), '\r\n'));
  });

  it('writes a local datetime with seconds and offset when the file has no valid lastmod; keeps a one-line file on one line', () => {
    const text = `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b</loc><lastmod>bad</lastmod></url></urlset>`;
    assert.equal(run(text).text, `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc><lastmod>2024-03-02T12:20:30+02:00</lastmod></url><url><loc>https://e.com/b</loc><lastmod>2024-07-09T01:30:00+02:00</lastmod></url></urlset>`);
  });

  it('leaves alone an entry git cannot date: no history, no content change known, no <loc>', () => {
    const fixture = set(entry('none', '2020-01-01') + entry('mass', '2020-01-01') + '  <url><lastmod>2020-01-01</lastmod></url>\n');
    assert.deepEqual(run(fixture).result, { status: 'unchanged', unchanged: 0, undated: 3 });
  });

  it('dates a page by its last content change, not by template changes after it, committed or not', () => {
    assert.equal(run(set(entry('template', '2020-01-01'))).text, set(entry('template', '2024-03-02')));
  });

  it('dates an uncommitted change now', () => {
    assert.equal(run(set(entry('edited', '2020-01-01T00:00:00Z'))).text, set(entry('edited', '2025-06-15T12:00:00Z')));
  });

  it('writes what the lastmod rules accept, whatever the form', () => {
    let judged = 0;
    for (const form of ['2020', '2020-01', '2020-01-01', '2020-01-01T00:00Z', '2020-01-01T00:00:00-11:00', '2020-01-01T00:00:00.000+14:00']) {
      for (const zone of [-720, 0, 120, 840]) {
        for (const [url, history] of Object.entries(HISTORIES)) {
          const text = set(`  <url><loc>${url.replace('&', '&amp;')}</loc><lastmod>${form}</lastmod></url>\n`);
          const result = setLastmodFromHistory(parseDocument(text, 'sitemap'), [], { historyOf: (u) => HISTORIES[u], now: NOW, timeZoneOffset: () => zone });
          if (result.status !== 'set') continue;
          const value = result.edits[0].text;
          assert.equal(judgeLastmodValue(value, history, NOW), 'ok', `${form} at ${zone} for ${url}: ${value}`);
          judged++;
        }
      }
    }
    assert.equal(judged, 6 * 4 * 5);
  });

  it('changes nothing the second time', () => {
    const first = run(set(entry('a') + entry('b', '2020-01-01') + entry('none'))).text;
    assert.deepEqual(run(first).result, { status: 'unchanged', unchanged: 2, undated: 1 });
  });

  it('refuses a file with syntax errors, a text sitemap; finds no entry before the first one', () => {
    assert.deepEqual(run(set(entry('a', '2020-01-01')).replace('</loc>', '</lo>')).result, { status: 'not-editable' });
    assert.deepEqual(run('https://e.com/a\n', 'sitemap-txt').result, { status: 'not-editable' });
    assert.deepEqual(run(`<?xml version="1.0"?>|\n<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc></url></urlset>`).result, { status: 'no-entries' });
  });
});
