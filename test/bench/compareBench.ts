/** Compare with Last Commit's memory over the wire: two versions of a sitemap of 200,000 entries (46 MB each), the old
 * one committed, the new one open in the client; the server's peak RSS (VmHWM) after the open and after each compare. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { COMPARE_REQUEST, type CompareParams, type CompareResult } from '../../shared/protocol';
import { LspClient } from '../lsp/lspClient';
import { gitRepository } from '../support/gitRepository';
import { urlset } from './diffBench';

const ENTRIES = Number(process.env.BENCH_COMPARE_ENTRIES ?? 200_000);

/** The server's peak resident set so far, in MB (Linux: /proc). */
function peakRssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'))!;
  return Math.round(Number(/\d+/.exec(line)![0]) / 1024);
}

async function compare(client: LspClient, params: CompareParams): Promise<string> {
  const start = performance.now();
  const result = (await client.connection.sendRequest(COMPARE_REQUEST, params)) as CompareResult;
  const ms = Math.round(performance.now() - start);
  if (result.diff === undefined) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  const { counts } = result.diff;
  return `${ms} ms, peak RSS ${peakRssMb(client.process.pid!)} MB (${counts.old} → ${counts.new}: +${counts.added} −${counts.removed} ~${counts.lastmodChanged})`;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-compare-bench-'));
  try {
    const repo = gitRepository(path.join(root, 'repo'));
    const oldText = urlset(0, ENTRIES, 'old');
    repo.commit('old', '2024-01-01T00:00:00Z', { 'sitemap.xml': oldText });
    const newText = urlset(0, ENTRIES, 'new');
    const file = path.join(repo.dir, 'sitemap.xml');
    fs.writeFileSync(file, newText);
    const other = path.join(root, 'old-sitemap.xml');
    fs.writeFileSync(other, oldText);
    const mb = (text: string) => (Buffer.byteLength(text) / 1e6).toFixed(1);
    console.log(`old ${mb(oldText)} MB, new ${mb(newText)} MB, ${ENTRIES} entries`);
    const uri = pathToFileURL(file).href;
    // A fresh server for each: the peak of one is not the garbage of the other.
    for (const [name, params] of [['HEAD (git show streamed)', { uri }], ['the old file on disk', { uri, otherUri: pathToFileURL(other).href }]] as const) {
      const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(repo.dir).href, name: 'repo' }] });
      try {
        const validated = client.nextDiagnostics(uri);
        client.open(uri, 'sitemap', newText);
        await validated;
        const opened = peakRssMb(client.process.pid!);
        console.log(`compare with ${name}: server peak RSS ${opened} MB with the new version open, then ${await compare(client, params)}`);
      } finally {
        await client.stop();
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
