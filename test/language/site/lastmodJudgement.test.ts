/** lastmod-stale and lastmod-inflated decided (server/src/language/site/lastmodJudgement.ts): spans of a lastmod, of a
 * change, the 48-hour tolerance at its edges, content against template changes and the work tree; the value Set lastmod
 * from Git History writes; what a change changed, as the messages say it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  changeSpan,
  describeChange,
  judgeLastmod,
  judgeLastmodValue,
  LASTMOD_TOLERANCE_MS,
  lastmodFromHistory,
  lastmodSpan,
  type SourceHistory,
} from '../../../server/src/language/site/lastmodJudgement';

const HOUR = 3_600_000;
const at = (iso: string): number => Date.parse(iso);
const utc = (): number => 0;
const plus2 = (): number => 120;

/** A page whose content was last committed at `iso` (authored then too unless said), with no commit after it. */
function committed(iso: string, authored = iso): SourceHistory {
  const change = { time: at(iso), authorTime: at(authored) };
  return { newest: change, significant: change, uncommitted: false };
}

describe('the span of a lastmod', () => {
  it('is one instant for a datetime, the day in every time zone for a date, the month or year likewise', () => {
    assert.deepEqual(lastmodSpan('2024-05-01T10:00:00+02:00'), { start: at('2024-05-01T08:00:00Z'), end: at('2024-05-01T08:00:00Z') });
    assert.deepEqual(lastmodSpan(' 2024-05-01 '), { start: at('2024-04-30T10:00:00Z'), end: at('2024-05-02T12:00:00Z') });
    assert.deepEqual(lastmodSpan('2024-02'), { start: at('2024-01-31T10:00:00Z'), end: at('2024-03-01T12:00:00Z') });
    assert.deepEqual(lastmodSpan('2024'), { start: at('2023-12-31T10:00:00Z'), end: at('2025-01-01T12:00:00Z') });
    assert.equal(lastmodSpan('2024-13-01'), undefined);
    assert.equal(lastmodSpan('yesterday'), undefined);
  });
});

describe('the judgement', () => {
  const tolerance = LASTMOD_TOLERANCE_MS;
  it('tolerates 48 hours either way', () => {
    assert.equal(tolerance, 48 * HOUR);
    const lastmod = { start: at('2024-05-01T00:00:00Z'), end: at('2024-05-01T00:00:00Z') };
    const change = (ms: number) => ({ earliest: ms, latest: ms });
    assert.equal(judgeLastmod(lastmod, change(lastmod.end + tolerance)), 'ok');
    assert.equal(judgeLastmod(lastmod, change(lastmod.end + tolerance + 1)), 'stale');
    assert.equal(judgeLastmod(lastmod, change(lastmod.start - tolerance)), 'ok');
    assert.equal(judgeLastmod(lastmod, change(lastmod.start - tolerance - 1)), 'inflated');
  });

  it('reads a date-only lastmod as its whole day in any time zone', () => {
    // Committed at 23:00 in UTC-10:00 on 1 May, i.e. 09:00 UTC on the 2nd: "2024-05-01" is right, and 3 days off is not.
    assert.equal(judgeLastmodValue('2024-05-01', committed('2024-05-02T09:00:00Z'), at('2024-06-01T00:00:00Z')), 'ok');
    assert.equal(judgeLastmodValue('2024-05-01', committed('2024-05-04T12:00:01Z'), 0), 'stale');
    assert.equal(judgeLastmodValue('2024-05-01', committed('2024-05-04T11:59:59Z'), 0), 'ok');
    assert.equal(judgeLastmodValue('2024-05-04', committed('2024-05-01T09:59:59Z'), 0), 'inflated');
    assert.equal(judgeLastmodValue('2024-05-04', committed('2024-05-01T10:00:00Z'), 0), 'ok');
  });

  it('accepts a lastmod anywhere between the author date and the commit date (rebase, squash, cherry-pick)', () => {
    const rebased = committed('2024-05-20T00:00:00Z', '2024-05-01T00:00:00Z');
    assert.equal(judgeLastmodValue('2024-05-01T00:00:00Z', rebased, 0), 'ok');
    assert.equal(judgeLastmodValue('2024-05-20T00:00:00Z', rebased, 0), 'ok');
    assert.equal(judgeLastmodValue('2024-04-20T00:00:00Z', rebased, 0), 'stale');
    assert.equal(judgeLastmodValue('2024-05-25T00:00:00Z', rebased, 0), 'inflated');
  });

  it('counts an uncommitted change as now', () => {
    const now = at('2024-06-10T00:00:00Z');
    assert.deepEqual(changeSpan({ ...committed('2020-01-01T00:00:00Z'), uncommitted: true }, now), { earliest: now, latest: now });
    assert.equal(judgeLastmodValue('2024-06-09', { uncommitted: true }, now), 'ok');
    assert.equal(judgeLastmodValue('2024-06-01', { uncommitted: true }, now), 'stale');
  });

  it('counts an uncommitted change to the template only as a change now, not a content change', () => {
    const now = at('2024-06-10T00:00:00Z');
    const rebuilt: SourceHistory = { ...committed('2024-03-01T00:00:00Z'), uncommitted: 'template' };
    assert.deepEqual(changeSpan(rebuilt, now), { earliest: at('2024-03-01T00:00:00Z'), latest: now });
    assert.equal(judgeLastmodValue('2024-03-01', rebuilt, now), 'ok');
    assert.equal(judgeLastmodValue('2024-06-09', rebuilt, now), 'ok');
    assert.equal(judgeLastmodValue('2024-02-01', rebuilt, now), 'stale');
    assert.equal(lastmodFromHistory(rebuilt, now, '2023-01-01', utc), '2024-03-01');
  });

  it('judges stale by the content\'s last change and inflated by the file\'s, and stale nothing when no content change is known', () => {
    assert.equal(changeSpan({ uncommitted: false }, 0), undefined);
    assert.equal(judgeLastmodValue('2024-01-01', { uncommitted: false }, 0), undefined);
    const template = { time: at('2024-06-01T00:00:00Z'), authorTime: at('2024-06-01T00:00:00Z') };
    const edit = { time: at('2024-03-01T00:00:00Z'), authorTime: at('2024-03-01T00:00:00Z') };
    const afterEdit: SourceHistory = { newest: template, significant: edit, uncommitted: false };
    assert.equal(judgeLastmodValue('2024-02-01', afterEdit, 0), 'stale', 'the edit of March is after it');
    assert.equal(judgeLastmodValue('2024-03-01', afterEdit, 0), 'ok', 'the template commit of June is no news');
    assert.equal(judgeLastmodValue('2024-04-15', afterEdit, 0), 'ok', 'between the edit and the template change');
    assert.equal(judgeLastmodValue('2024-06-20', afterEdit, 0), 'inflated', 'nothing at all changed after June');
    const undated: SourceHistory = { newest: template, uncommitted: false };
    assert.equal(judgeLastmodValue('2010-01-01', undated, 0), 'ok');
    assert.equal(judgeLastmodValue('2024-06-20', undated, 0), 'inflated');
  });
});

describe('what a change changed', () => {
  it('names the parts, an addition alone', () => {
    assert.equal(describeChange(['text']), 'main text changed');
    assert.equal(describeChange(['title', 'text', 'links']), 'title, main text and links changed');
    assert.equal(describeChange(['added']), 'page added');
    assert.equal(describeChange(['source']), 'source text changed');
  });
});

describe('the value Set lastmod from Git History writes', () => {
  const history = committed('2024-05-01T22:30:15Z');
  it('is the commit date in the form of the sample: date, datetime with Z, with an offset, with a fraction', () => {
    assert.equal(lastmodFromHistory(history, 0, '2023-01-01', utc), '2024-05-01');
    assert.equal(lastmodFromHistory(history, 0, '2023-01-01', plus2), '2024-05-02');
    assert.equal(lastmodFromHistory(history, 0, '2023-01-01T00:00:00Z', plus2), '2024-05-01T22:30:15Z');
    assert.equal(lastmodFromHistory(history, 0, '2023-01-01T00:00+01:00', plus2), '2024-05-02T00:30+02:00');
    assert.equal(lastmodFromHistory(history, 0, '2023-01-01T00:00:00.000Z', utc), '2024-05-01T22:30:15.000Z');
    assert.equal(lastmodFromHistory(history, 0, undefined, plus2), '2024-05-02T00:30:15+02:00');
  });

  it('is now for an uncommitted change, and nothing when git cannot date the page', () => {
    assert.equal(lastmodFromHistory({ uncommitted: true }, at('2024-06-01T08:00:00Z'), '2023-01-01T00:00:00Z', utc), '2024-06-01T08:00:00Z');
    assert.equal(lastmodFromHistory({ uncommitted: false }, 0, '2023-01-01', utc), undefined);
    const undated: SourceHistory = { newest: { time: 1, authorTime: 1 }, uncommitted: false };
    assert.equal(lastmodFromHistory(undated, 0, '2023-01-01', utc), undefined);
    const templateSince: SourceHistory = { newest: { time: at('2024-06-01T00:00:00Z'), authorTime: 0 }, significant: { time: at('2024-03-01T00:00:00Z'), authorTime: 0 }, uncommitted: false };
    assert.equal(lastmodFromHistory(templateSince, 0, '2023-01-01', utc), '2024-03-01');
  });

  it('writes a value the judgement finds right', () => {
    for (const sample of ['2023-01-01', '2023-01-01T00:00Z', '2023-01-01T00:00:00-11:00']) {
      for (const zone of [utc, plus2, () => -600, () => 840]) {
        const value = lastmodFromHistory(history, 0, sample, zone);
        assert.equal(judgeLastmodValue(value ?? '', history, 0), 'ok', `${sample} → ${value}`);
      }
    }
  });
});
