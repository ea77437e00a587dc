/**
 * Keystrokes on a 50,000-entry sitemap over the wire, sent one message per write as an editor sends them: a burst is
 * validated far fewer times than it has keystrokes, and last for its last version; a document whose validation is
 * fast is validated after every keystroke the server has handled, one whose validation is slow (made so by
 * `SITEMAP_VALIDATION_COST_MS`) waits before validating again, so the keystrokes of that wait are validated once. No timing: the order of
 * a keystroke's diagnostics and a later request's answer shows whether the validation waited (messages keep their
 * order, and the server writes a change's diagnostics before answering a request sent after it).
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FoldingRange, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient, positionAt, summarize } from '../lspClient';
import { benchSitemap } from '../../support/generate';

const ENTRIES = 50_000;
const KEYSTROKES = 20;
const fast = benchSitemap(ENTRIES);
/** The first entry's `<lastmod>` value: typing after it makes it invalid. */
const LASTMOD = '2024-03-01T10:00:00+00:00';

describe('keystrokes on a 50,000-entry sitemap over stdio', () => {
  let client: LspClient;
  /** Every publishDiagnostics of a document, in arrival order, and what arrived between them. */
  const seen = new Map<string, PublishDiagnosticsParams[]>();

  before(async () => {
    client = await LspClient.start({
      textDocumentCapabilities: { foldingRange: { rangeLimit: 10 } },
    });
    client.onNotificationSeen = (method, params) => {
      if (method !== 'textDocument/publishDiagnostics') return;
      const published = params as PublishDiagnosticsParams;
      seen.set(published.uri, [...(seen.get(published.uri) ?? []), published]);
    };
  });

  after(async () => {
    const code = await client.stop();
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  const openAndWait = async (uri: string, text: string): Promise<PublishDiagnosticsParams> => {
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    const params = await opened;
    seen.delete(uri);
    return params;
  };
  /** Types `typed[k]` after the first `<lastmod>`'s value, one character per change; returns the new version. */
  const typeAt = (uri: string, text: string, typed: string, k: number): number => {
    const end = positionAt(text, text.indexOf(LASTMOD) + LASTMOD.length);
    const position = { line: end.line, character: end.character + k };
    return client.change(uri, { range: { start: position, end: position }, text: typed[k] });
  };
  /** Resolves once the server has handled every message sent before it (folding waits for the queue to drain). */
  const roundTrip = (uri: string): Promise<FoldingRange[]> =>
    client.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });

  it('validates a burst of 20 keystrokes sent back to back at most 5 times, last for its last version', async () => {
    const uri = 'file:///burst/fast.xml';
    const before = await openAndWait(uri, fast);
    const typed = 'x'.repeat(KEYSTROKES);
    let last = 0;
    const settled = client.nextDiagnostics(uri, (_, params) => params.version === last);
    for (let k = 0; k < KEYSTROKES; k++) last = typeAt(uri, fast, typed, k);
    const final = await settled;
    const published = seen.get(uri)!;
    assert.ok(published.length <= 5, `${published.length} publishes: ${published.map((p) => p.version).join(', ')}`);
    assert.deepEqual(published.map((p) => p.version), [...published.map((p) => p.version)].sort((a, b) => a! - b!));
    // The burst's problems: the document's own, and the first entry's lastmod, now invalid over its whole value.
    const line = positionAt(fast, fast.indexOf(LASTMOD)).line;
    const character = positionAt(fast, fast.indexOf(LASTMOD)).character;
    const lastmod = { code: 'invalid-lastmod', severity: 1, range: `${line}:${character}-${line}:${character + LASTMOD.length + KEYSTROKES}` };
    assert.deepEqual(summarize(final.diagnostics), [...summarize(before.diagnostics), lastmod].sort(inDrawingOrder));
    client.close(uri);
  });

  it('validates a fast document after every keystroke it has handled, before answering the next request', async () => {
    const uri = 'file:///burst/fast-each.xml';
    await openAndWait(uri, fast);
    // The open's validation (a full one, with the settings fetched) may be slow enough to make the first keystroke wait.
    const typed = 'y'.repeat(KEYSTROKES + 1);
    const warm = typeAt(uri, fast, typed, 0);
    await client.nextDiagnostics(uri, (_, params) => params.version === warm);
    seen.delete(uri);
    for (let k = 1; k <= KEYSTROKES; k++) {
      const version = typeAt(uri, fast, typed, k);
      await roundTrip(uri);
      assert.equal(seen.get(uri)?.at(-1)?.version, version, `keystroke ${k}: not yet validated when the next request was answered`);
    }
    assert.equal(seen.get(uri)!.length, KEYSTROKES);
    client.close(uri);
  });

  it('waits before validating a slow document again: the keystrokes of that wait are validated once', async () => {
    // A server that counts every validation as slow (the wait is bounded): timing-free, unlike a really slow document.
    const slow = await LspClient.start({ env: { SITEMAP_VALIDATION_COST_MS: '1000000' }, textDocumentCapabilities: { foldingRange: { rangeLimit: 10 } } });
    try {
      const uri = 'file:///burst/slow.xml';
      const published: (number | undefined)[] = [];
      const opened = slow.nextDiagnostics(uri);
      slow.open(uri, 'sitemap', fast);
      await opened;
      slow.onNotificationSeen = (method, params) => {
        if (method === 'textDocument/publishDiagnostics') published.push((params as PublishDiagnosticsParams).version);
      };
      const typed = 'z'.repeat(KEYSTROKES);
      let last = 0;
      for (let k = 0; k < KEYSTROKES; k++) {
        const end = positionAt(fast, fast.indexOf(LASTMOD) + LASTMOD.length);
        last = slow.change(uri, { range: { start: { line: end.line, character: end.character + k }, end: { line: end.line, character: end.character + k } }, text: typed[k] });
        await slow.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } });
        // Right after the open's validation, the first keystroke is handled and the request answered before it is validated.
        if (k === 0) assert.deepEqual(published, []);
      }
      const final = await slow.nextDiagnostics(uri, (_, params) => params.version === last);
      assert.ok(published.length <= 5, `${published.length} publishes: ${published.join(', ')}`);
      assert.ok(final.diagnostics.some((d) => d.code === 'invalid-lastmod'));
    } finally {
      assert.equal(await slow.stop(), 0);
    }
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
