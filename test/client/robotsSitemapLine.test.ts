/** Add to robots.txt: where the Sitemap: line goes, text in → text out. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planRobotsSitemapLine } from '../../client/src/commands/robotsSitemapLine';
import { applyOffsetEdits } from '../support/cursor';

const URL_ = 'https://www.e.com/sitemap.xml';

function added(robots: string): string {
  const plan = planRobotsSitemapLine(robots, URL_);
  assert.equal(plan.status, 'add', JSON.stringify(plan));
  if (plan.status !== 'add') throw new Error('unreachable');
  return applyOffsetEdits(robots, [plan.add]);
}

describe('planRobotsSitemapLine', () => {
  it('appends at the end, keeping line endings and the trailing-newline state', () => {
    assert.equal(added('User-agent: *\r\nDisallow:\r\n'), `User-agent: *\r\nDisallow:\r\nSitemap: ${URL_}\r\n`);
    assert.equal(added('User-agent: *\nDisallow:'), `User-agent: *\nDisallow:\nSitemap: ${URL_}`);
    assert.equal(added(''), `Sitemap: ${URL_}\n`);
  });

  it('adds after the last Sitemap: line', () => {
    assert.equal(added('Sitemap: https://www.e.com/a.xml\nsitemap:https://www.e.com/b.xml # b\n\nUser-agent: *\n'),
      `Sitemap: https://www.e.com/a.xml\nsitemap:https://www.e.com/b.xml # b\nSitemap: ${URL_}\n\nUser-agent: *\n`);
  });

  it('says when the sitemap is listed already (normalised URLs)', () => {
    assert.deepEqual(planRobotsSitemapLine('User-agent: *\n  SITEMAP : https://WWW.e.com:443/sitemap.xml\n', URL_), { status: 'listed', line: 1 });
    // In a spelling Google reads as Sitemap, after a partial byte-order mark (robots-sitemap-spelling flags the line).
    assert.deepEqual(planRobotsSitemapLine('\uFFFDSite-map: https://www.e.com/sitemap.xml\n', URL_), { status: 'listed', line: 0 });
  });

  it('offers to update a line for the same file under another URL, replacing only the URL', () => {
    const robots = 'Sitemap: http://old.e.com/sitemap.xml # old\nUser-agent: *\n';
    const plan = planRobotsSitemapLine(robots, URL_);
    assert.equal(plan.status, 'other-url');
    if (plan.status !== 'other-url') return;
    assert.equal(plan.url, 'http://old.e.com/sitemap.xml');
    assert.equal(applyOffsetEdits(robots, [plan.update]), `Sitemap: ${URL_} # old\nUser-agent: *\n`);
    assert.equal(applyOffsetEdits(robots, [plan.add]), `Sitemap: http://old.e.com/sitemap.xml # old\nSitemap: ${URL_}\nUser-agent: *\n`);
  });
});
