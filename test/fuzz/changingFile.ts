/**
 * A file that changes between a tool's `stat` and its `read` (issue 35): while a case's tools run, the fuzzer rewrites
 * one of its sitemaps in a loop — grown by appended entries, shrunk to 0 bytes, replaced by a folder or a symbolic link,
 * deleted, written back — a step every few milliseconds. Which state a tool meets is up to the scheduler, so a run is
 * not repeatable to the byte; the property must hold whatever the timing. Bounded: the loop stops with the case's runs,
 * and the file never grows past 2 MB.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { ORIGIN } from './documents';

export type FileState = 'grown' | 'empty' | 'folder' | 'link' | 'deleted' | 'original';

export interface ChangingFile {
  /** Which of the tree's sitemap files (by its index among them, modulo their count). */
  which: number;
  /** The states it goes through, in a loop. */
  states: FileState[];
}

export const changingFile: fc.Arbitrary<ChangingFile> = fc.record({
  which: fc.nat({ max: 6 }),
  states: fc.array(fc.constantFrom<FileState>('grown', 'empty', 'folder', 'link', 'deleted', 'original'), { minLength: 1, maxLength: 6 }),
});

const GROWTH = Buffer.from(Array.from({ length: 40 }, (_, k) => `<url><loc>${ORIGIN}/grown/${k}</loc></url>\n`).join(''));
const MAX_BYTES = 2 << 20;

/** Puts `file` in `state`; `original` is its bytes as written, `sibling` a file of the site a link points to. */
function enter(file: string, state: FileState, original: Buffer, sibling: string): void {
  const plain = fs.lstatSync(file, { throwIfNoEntry: false });
  if (state === 'grown' && plain?.isFile() === true && plain.size < MAX_BYTES) return fs.appendFileSync(file, GROWTH);
  if (state === 'empty' && plain?.isFile() === true) return fs.truncateSync(file, 0);
  fs.rmSync(file, { recursive: true, force: true });
  switch (state) {
    case 'folder': return void fs.mkdirSync(file);
    case 'link': return fs.symlinkSync(path.relative(path.dirname(file), sibling), file);
    case 'deleted': return undefined;
    default: return fs.writeFileSync(file, original);
  }
}

/** Changes `file` through `states` until `stop` is set; resolves once it has stopped, the file written back as it was. */
export async function keepChanging(file: string, states: readonly FileState[], sibling: string, stop: { done: boolean }): Promise<number> {
  const original = fs.readFileSync(file);
  let steps = 0;
  while (!stop.done) {
    try {
      enter(file, states[steps % states.length]!, original, sibling);
    } catch {
      // A state the file system refused this time (a race with a tool is not one: tools only read).
    }
    steps++;
    await sleep(3);
  }
  enter(file, 'original', original, sibling);
  return steps;
}
