/**
 * What the client does when its language server dies (client/src/languageServer/serverHealth.ts): restarts after a crash until the
 * fifth within three minutes, a fresh count after the user's Restart, and a status bar item that never looks like a
 * file without problems while the server is down. Wording is not checked; levels, commands and actions are.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CrashHistory, describeHealth, RESTART_ACTION, SHOW_OUTPUT_ACTION, stoppedNotice } from '../../client/src/languageServer/serverHealth';

const RESTART = 'sitemap.restartServer';
const MINUTE = 60_000;

function history(): { crashes: CrashHistory; advance(ms: number): void } {
  let now = 1_000_000;
  return { crashes: new CrashHistory(4, 3 * MINUTE, () => now), advance: (ms) => (now += ms) };
}

describe('server health', () => {
  it('restarts after four crashes and gives up on the fifth within three minutes', () => {
    const { crashes, advance } = history();
    const decisions = [];
    for (let n = 0; n < 5; n++) {
      decisions.push(crashes.crashed());
      advance(10_000);
    }
    assert.deepEqual(decisions, ['restart', 'restart', 'restart', 'restart', 'give-up']);
  });

  it('keeps restarting when the crashes are spread over more than three minutes', () => {
    const { crashes, advance } = history();
    for (let n = 0; n < 12; n++) {
      assert.equal(crashes.crashed(), 'restart', `crash ${n + 1}`);
      advance(MINUTE);
    }
  });

  it('counts afresh after the user restarts the server', () => {
    const { crashes } = history();
    for (let n = 0; n < 4; n++) crashes.crashed();
    crashes.reset();
    assert.equal(crashes.crashed(), 'restart');
  });

  it('shows a stopped server in the error colour, with Restart on click', () => {
    const view = describeHealth('stopped', RESTART);
    assert.equal(view?.level, 'error');
    assert.equal(view?.command, RESTART);
    assert.match(view?.text ?? '', /^\$\(error\) /);
  });

  it('shows a server being restarted, and nothing of its own while it runs or first starts', () => {
    assert.equal(describeHealth('restarting', RESTART)?.level, 'warning');
    assert.equal(describeHealth('running', RESTART), undefined);
    assert.equal(describeHealth('starting', RESTART), undefined);
  });

  it('offers Restart Language Server and Show Output when it gives up', () => {
    assert.deepEqual(stoppedNotice({ count: 5, windowMs: 3 * MINUTE }).actions, [RESTART_ACTION, SHOW_OUTPUT_ACTION]);
    assert.deepEqual(stoppedNotice().actions, [RESTART_ACTION, SHOW_OUTPUT_ACTION]);
    assert.equal(RESTART_ACTION, 'Restart Language Server');
    assert.equal(SHOW_OUTPUT_ACTION, 'Show Output');
  });
});
