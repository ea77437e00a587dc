/**
 * The pump both streams read through (ValidationStream, SplitStream): at every window size its windows and last window
 * are the whole-document parse's segments, each at its offset; a declined head leaves the text whole; back-off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WindowPump, type WindowSink } from '../../../server/src/language/stream/windowPump';
import { parseXmlDocument } from '../../../server/src/language/syntax/parser';
import { parseTextLines } from '../../../server/src/language/syntax/textSitemap';
import type { Segment } from '../../../server/src/language/model/segment';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XML = `<?xml version="1.0"?>\n<!-- a <url> in a comment -->\n<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9">\n`
  + Array.from({ length: 12 }, (_, n) => `  <s:url><s:loc>https://example.com/${n}</s:loc></s:url>${n === 4 ? '<!-- <s:url> -->' : ''}\n`).join('')
  + '  <s:urlx/>\n</s:urlset>\n<!-- after -->\n';
const TEXT = Array.from({ length: 20 }, (_, n) => `https://example.com/${n}`).join('\r\n') + '\n\r\n';

interface Run {
  heads: number;
  /** Each window's segments' texts, and whether each started at the sum of the texts before it. */
  windows: string[][];
  offsetsRight: boolean;
  stalls: number;
}

function pump(text: string, xml: boolean, window: number, piece: number, options: { accept?: boolean; backOff?: boolean } = {}): { run: Run; pump: WindowPump } {
  const run: Run = { heads: 0, windows: [], offsetsRight: true, stalls: 0 };
  let expected = 0;
  const sink: WindowSink = {
    head: (head) => {
      run.heads++;
      expected = head.text.length;
      return options.accept ?? true;
    },
    window: (segments, offset) => {
      if (offset !== expected) run.offsetsRight = false;
      run.windows.push(segments.map((s) => s.text));
      expected += segments.reduce((n, s) => n + s.text.length, 0);
    },
    stalled: () => run.stalls++,
  };
  const p = new WindowPump({ xml, window, backOff: options.backOff ?? true }, sink);
  for (let at = 0; at < text.length; at += piece) p.push(text.slice(at, at + piece));
  return { run, pump: p };
}

const texts = (segments: readonly Segment[]) => segments.map((s) => s.text);

test('at every window size, the XML windows and the last window are the whole parse\'s segments at their offsets', () => {
  const whole = texts(parseXmlDocument(XML).segments);
  for (let window = 1; window <= XML.length + 1; window += 7) {
    const { run, pump: p } = pump(XML, true, window, Math.max(1, window >> 1));
    const { parsed, offset } = p.lastXml();
    const head = parsed.segments[0].text;
    assert.equal(run.heads, window <= XML.length ? 1 : 0, `window ${window}`);
    assert.equal(offset, run.windows.flat().join('').length, `window ${window}`);
    assert.ok(run.offsetsRight, `window ${window}`);
    assert.deepEqual([head, ...run.windows.flat(), ...texts(parsed.segments.slice(1))], whole, `window ${window}`);
    assert.equal(p.text, '');
  }
});

test('small windows cut the XML into several windows, never inside the commented entry tags', () => {
  const { run } = pump(XML, true, 40, 10);
  assert.ok(run.windows.length >= 5);
  for (const w of run.windows) assert.match(w[0], /^<s:url>/);
});

test('a declined head leaves the rest unwindowed: the last window is the whole document, from offset 0', () => {
  const { run, pump: p } = pump(XML, true, 16, 16, { accept: false });
  assert.equal(run.heads, 1);
  assert.deepEqual(run.windows, []);
  const { parsed, offset } = p.lastXml();
  assert.equal(offset, 0);
  assert.deepEqual(texts(parsed.segments), texts(parseXmlDocument(XML).segments));
});

test('text windows end after a line break, never between the CR and LF of a CRLF', () => {
  const whole = texts(parseTextLines(TEXT));
  for (let window = 1; window <= 40; window++) {
    const { run, pump: p } = pump(TEXT, false, window, window);
    for (const w of run.windows) assert.match(w.join(''), /\n$/, `window ${window}`);
    const { segments, offset } = p.lastLines();
    assert.equal(offset, run.windows.flat().join('').length);
    assert.deepEqual([...run.windows.flat(), ...texts(segments)], whole, `window ${window}`);
  }
});

test('with back-off, a cut that fails is tried again only once the held text has doubled', () => {
  const unclosed = `<urlset ${NS}>\n<url><loc>https://example.com/</loc></url><!-- ${'x'.repeat(4000)}`;
  const eager = pump(unclosed, true, 8, 8, { backOff: false }).run;
  const patient = pump(unclosed, true, 8, 8, { backOff: true }).run;
  assert.equal(eager.windows.length, 0);
  assert.ok(eager.stalls > 400, `${eager.stalls}`);
  assert.ok(patient.stalls > 0 && patient.stalls < 20, `${patient.stalls}`);
});
