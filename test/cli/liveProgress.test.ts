/** liveProgress.ts: the terminal's bar redrawn in place and cleared, the log's line at its interval. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LiveProgressLine, progressText } from '../../server/src/cli/lint/liveProgress';

class FakeStream {
  readonly writes: string[] = [];
  private waiter: (() => void) | undefined;
  constructor(readonly isTTY: boolean, readonly columns = 80) {}
  write(text: string): boolean {
    this.writes.push(text);
    this.waiter?.();
    return true;
  }
  /** Resolves at the next write. */
  next(): Promise<void> {
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

const numbers = (text: string) => (text.match(/[0-9][0-9,.]*/g) ?? []).join(' ');

describe('the live progress line', () => {
  it('says checked/total, the rate, problems and errors, in en-US digits', () => {
    assert.equal(numbers(progressText({ checked: 1204, total: 5000, problems: 12, errors: 3 }, 2000)), '1,204 5,000 602.0 12 3');
  });

  it('on a terminal: drawn at once over the same line, no newline, cleared before a note and at the end', () => {
    const out = new FakeStream(true, 40);
    const line = new LiveProgressLine(out, 60_000, () => 0);
    line.update({ checked: 0, total: 3, problems: 0, errors: 0 });
    assert.equal(out.writes.length, 1);
    assert.ok(out.writes[0]!.startsWith('\r\x1b[2K'));
    assert.ok(!out.writes[0]!.includes('\n'));
    assert.ok(out.writes[0]!.length - 5 <= 39, 'cut to the terminal\'s width');
    line.interrupt();
    assert.equal(out.writes.at(-1), '\r\x1b[2K');
    line.stop();
    assert.equal(out.writes.length, 2, 'nothing drawn since: nothing to clear');
  });

  it('in a log: one line per interval, nothing before the first counts, nothing after stop', async () => {
    const out = new FakeStream(false);
    const line = new LiveProgressLine(out, 5);
    line.update({ checked: 1, total: 2, problems: 1, errors: 0 });
    assert.equal(out.writes.length, 0, 'a log waits for its interval');
    // The line's timer keeps no process alive: this one does, until the line comes (the test's timeout bounds it).
    const alive = setInterval(() => undefined, 1_000);
    await out.next();
    clearInterval(alive);
    assert.ok(out.writes[0]!.endsWith('\n'));
    assert.ok(!out.writes[0]!.includes('\x1b'));
    line.stop();
    const count = out.writes.length;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(out.writes.length, count);
  });
});
