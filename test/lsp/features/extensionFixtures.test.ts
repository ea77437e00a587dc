/**
 * The extension fixtures (test/support/extensionFixtures.ts) over stdio: each is opened in the bundled server and its
 * first published diagnostics are exactly the marked rule ids, with their default severities, at the marked ranges,
 * in drawing order (errors, then warnings, then information, each in document order). The server has no injectable
 * clock, so `news-too-old` is turned off for the fixtures (sitemap.rules) and checked on its own with dates that are
 * too old, or not, whatever the day.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { CLOCK_RULE, clockFreeNewsCase, expectedOf, extensionCases } from '../../support/extensionFixtures';
import { RULES } from '../../../server/src/language/rules/catalogue';
import { formatRange, LspClient, positionAt, summarize, type Summary } from '../lspClient';

/** The protocol's DiagnosticSeverity of each catalogue severity. */
const SEVERITY: Readonly<Record<string, number>> = { error: 1, warning: 2, information: 3, hint: 4 };

function severityOf(rule: string): number | undefined {
  return SEVERITY[(RULES as Record<string, string>)[rule]];
}

/** What the server must publish for a case: drawing order is a stable sort by severity of document order. */
function published(text: string, expected: ReadonlyArray<{ rule: string; start: number; end: number }>): Summary[] {
  const summaries = expected.map((e) => ({
    code: e.rule, severity: severityOf(e.rule), range: formatRange({ start: positionAt(text, e.start), end: positionAt(text, e.end) }),
  }));
  return summaries.map((s, k) => ({ s, k })).sort((a, b) => (a.s.severity ?? 0) - (b.s.severity ?? 0) || a.k - b.k).map(({ s }) => s);
}

describe('extension fixtures over stdio', () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start({ settings: { rules: { [CLOCK_RULE]: 'off' } } });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  for (const c of extensionCases()) {
    it(`${c.name}: the marked problems, published in drawing order`, async () => {
      const { text, expected } = expectedOf(c, [CLOCK_RULE]);
      const uri = `file:///extension-fixtures/${c.name}`;
      const first = client.nextDiagnostics(uri, (_, params) => params.version === 1);
      client.open(uri, 'sitemap', text);
      assert.deepEqual(summarize((await first).diagnostics), published(text, expected));
      client.close(uri);
    });
  }

  it('news-too-old with the server\'s real clock: an article of 2017 is too old, one of 2999 is not', async () => {
    const c = clockFreeNewsCase();
    const { text, expected } = expectedOf(c);
    const uri = `file:///extension-fixtures/${c.name}`;
    const withClockRule = await LspClient.start();
    try {
      const first = withClockRule.nextDiagnostics(uri, (_, params) => params.version === 1);
      withClockRule.open(uri, 'sitemap', text);
      assert.deepEqual(summarize((await first).diagnostics), published(text, expected));
    } finally {
      assert.equal(await withClockRule.stop(), 0);
    }
    assert.deepEqual(withClockRule.protocolErrors, []);
  });

  it('hreflang-not-reciprocal carries related information at the other entry\'s <loc> value', async () => {
    const c = extensionCases().find((x) => x.name === 'hreflang-bad.xml')!;
    const { text } = expectedOf(c);
    const uri = 'file:///extension-fixtures/related/hreflang-bad.xml';
    const first = client.nextDiagnostics(uri, (_, params) => params.version === 1);
    client.open(uri, 'sitemap', text);
    const problem = (await first).diagnostics.find((d) => d.code === 'hreflang-not-reciprocal');
    assert.ok(problem !== undefined);
    const loc = text.indexOf('<loc>https://www.example.com/deutsch/</loc>') + '<loc>'.length;
    assert.deepEqual(problem.relatedInformation?.map((r) => [r.location.uri, r.location.range]), [
      [uri, { start: positionAt(text, loc), end: positionAt(text, loc + 'https://www.example.com/deutsch/'.length) }],
    ]);
    client.close(uri);
  });
});
