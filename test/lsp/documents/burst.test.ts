/**
 * Keystrokes on a 50,000-entry sitemap over the wire, sent one message per write as an editor sends them. Whether a
 * document's validation is fast or slow is the server's measure, which the machine's load moves; these tests fix it
 * (`SITEMAP_VALIDATION_COST_MS`): on a server where every validation counts as fast, a document is validated after
 * every keystroke the server has handled, before the next request is answered (the order of messages shows it: no
 * timing); on one where every validation counts as slow, with a wait of `WAIT_MS` (`SITEMAP_MAX_VALIDATION_DELAY_MS`),
 * the server's own stamps (`SITEMAP_TIMING_LOG`) show a publish never follows the last one sooner than the wait —
 * true under any load — so the keystrokes of a wait are validated once, and the last publish is for the last version.
 * Without the wait, the burst's publish follows the open's as soon as the client answers it (milliseconds).
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FoldingRange, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient, positionAt, summarize } from '../lspClient';
import { benchSitemap } from '../../support/generate';
import { tempFolders } from '../../support/tempFolders';

const ENTRIES = 50_000;
const KEYSTROKES = 20;
const fast = benchSitemap(ENTRIES);
/** The first entry's `<lastmod>` value: typing after it makes it invalid. */
const LASTMOD = '2024-03-01T10:00:00+00:00';
/** The slow server's wait: far longer than a loaded client takes to answer a publish with a keystroke. */
const WAIT_MS = 1000;
/** Node's timers may fire up to a millisecond before their time as performance.now() counts it. */
const TIMER_SLACK_MS = 2;
const FOLDING = { foldingRange: { rangeLimit: 10 } };

const tempFolder = tempFolders('sitemap-burst-');

describe('keystrokes on a 50,000-entry sitemap over stdio', () => {
  /** Every validation counts as fast. */
  let quick: LspClient;
  /** Every validation counts as slow; the wait is WAIT_MS; its stamps go to `timingLog`. */
  let slow: LspClient;
  let timingLog: string;
  /** Every publishDiagnostics of a document, in arrival order. */
  const seen = new Map<string, PublishDiagnosticsParams[]>();

  before(async () => {
    timingLog = path.join(tempFolder(), 'timing.jsonl');
    [quick, slow] = await Promise.all([
      LspClient.start({ env: { SITEMAP_VALIDATION_COST_MS: '0' }, textDocumentCapabilities: FOLDING }),
      LspClient.start({
        env: { SITEMAP_VALIDATION_COST_MS: '1000000', SITEMAP_MAX_VALIDATION_DELAY_MS: String(WAIT_MS), SITEMAP_TIMING_LOG: timingLog },
        textDocumentCapabilities: FOLDING,
      }),
    ]);
    for (const client of [quick, slow]) {
      client.onNotificationSeen = (method, params) => {
        if (method !== 'textDocument/publishDiagnostics') return;
        const published = params as PublishDiagnosticsParams;
        seen.set(published.uri, [...(seen.get(published.uri) ?? []), published]);
      };
    }
  });

  after(async () => {
    for (const client of [quick, slow]) {
      const code = await client.stop();
      assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
      assert.deepEqual(client.protocolErrors, []);
    }
  });

  const openAndWait = async (client: LspClient, uri: string, text: string): Promise<PublishDiagnosticsParams> => {
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    const params = await opened;
    seen.delete(uri);
    return params;
  };
  /** Types `typed[k]` after the first `<lastmod>`'s value, one character per change; returns the new version. */
  const typeAt = (client: LspClient, uri: string, typed: string, k: number): number => {
    const end = positionAt(fast, fast.indexOf(LASTMOD) + LASTMOD.length);
    const position = { line: end.line, character: end.character + k };
    return client.change(uri, { range: { start: position, end: position }, text: typed[k] });
  };
  /** Resolves once the server has handled every message sent before it (folding waits for the queue to drain). */
  const roundTrip = (client: LspClient, uri: string): Promise<FoldingRange[]> =>
    client.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
  /** The slow server's publishes of `uri` (the open's first) are at least its wait apart, by its own clock. */
  const assertSpacedByTheWait = (uri: string): void => {
    const stamps = fs.readFileSync(timingLog, 'utf8').split('\n').filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { t: number; event: string; uri?: string; version?: number })
      .filter((stamp) => stamp.event === 'published' && stamp.uri === uri);
    assert.ok(stamps.length >= 2, `${stamps.length} publishes stamped`);
    const gaps = stamps.slice(1).map((stamp, i) => Math.round(stamp.t - stamps[i].t));
    assert.ok(gaps.every((gap) => gap >= WAIT_MS - TIMER_SLACK_MS), `ms between publishes (versions ${stamps.map((s) => s.version).join(', ')}): ${gaps.join(', ')}`);
  };

  it('validates a burst of 20 keystrokes sent back to back (one write each) once per wait, last for its last version', async () => {
    const uri = 'file:///burst/fast.xml';
    const before = await openAndWait(slow, uri, fast);
    const typed = 'x'.repeat(KEYSTROKES);
    let last = 0;
    const settled = slow.nextDiagnostics(uri, (_, params) => params.version === last);
    for (let k = 0; k < KEYSTROKES; k++) last = typeAt(slow, uri, typed, k);
    const final = await settled;
    const versions = seen.get(uri)!.map((p) => p.version!);
    assert.deepEqual(versions, [...versions].sort((a, b) => a - b));
    assertSpacedByTheWait(uri);
    // The burst's problems: the document's own, and the first entry's lastmod, now invalid over its whole value.
    const { line, character } = positionAt(fast, fast.indexOf(LASTMOD));
    const lastmod = { code: 'invalid-lastmod', severity: 1, range: `${line}:${character}-${line}:${character + LASTMOD.length + KEYSTROKES}` };
    assert.deepEqual(summarize(final.diagnostics), [...summarize(before.diagnostics), lastmod].sort(inDrawingOrder));
    slow.close(uri);
  });

  it('validates a fast document after every keystroke it has handled, before answering the next request', async () => {
    const uri = 'file:///burst/fast-each.xml';
    await openAndWait(quick, uri, fast);
    const typed = 'y'.repeat(KEYSTROKES);
    for (let k = 0; k < KEYSTROKES; k++) {
      const version = typeAt(quick, uri, typed, k);
      await roundTrip(quick, uri);
      assert.equal(seen.get(uri)?.at(-1)?.version, version, `keystroke ${k}: not yet validated when the next request was answered`);
    }
    assert.equal(seen.get(uri)!.length, KEYSTROKES);
    quick.close(uri);
  });

  it('waits before validating a slow document again: the keystrokes of that wait are validated once', async () => {
    const uri = 'file:///burst/slow.xml';
    await openAndWait(slow, uri, fast);
    const typed = 'z'.repeat(KEYSTROKES);
    let last = 0;
    for (let k = 0; k < KEYSTROKES; k++) {
      last = typeAt(slow, uri, typed, k);
      await roundTrip(slow, uri);
    }
    // Without the wait, the last keystroke is validated before its request is answered.
    const validated = seen.get(uri)?.at(-1);
    const final = validated?.version === last ? validated : await slow.nextDiagnostics(uri, (_, params) => params.version === last);
    assertSpacedByTheWait(uri);
    assert.ok(final.diagnostics.some((d) => d.code === 'invalid-lastmod'));
    slow.close(uri);
  });
});

/** As the server publishes: errors first, then warnings, information and hints, each in document order. */
function inDrawingOrder(a: { severity?: number; range: string }, b: { severity?: number; range: string }): number {
  if (a.severity !== b.severity) return (a.severity ?? 1) - (b.severity ?? 1);
  const key = (r: string): number[] => r.split(/[-:]/).map(Number);
  const [x, y] = [key(a.range), key(b.range)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}
