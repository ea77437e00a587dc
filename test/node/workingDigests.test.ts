/**
 * The page workers' digests of the working files (readPages with digests, node/git/partsDigest.ts) and the content
 * history that compares committed versions by them (GitHistoryOptions.workingDigests), on a real repository with fixed
 * dates: every page's facts are the ones read from the files themselves, whatever its newest commit changed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pageParts } from '../../server/src/language/languageService';
import { readPages } from '../../server/src/node/builtSite/builtPages';
import { readGitHistory } from '../../server/src/node/git/gitHistory';
import { partsDigest } from '../../server/src/node/git/partsDigest';
import { GIT_TEST_ENV, gitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('working-digests-');
const env = (dir: string): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) });
const root = { folder: 'public', url: 'https://x.com/' };

/** A page: a nav (the template) around its main text; `filler` makes it longer than a worker's first read (16 KiB). */
function page(text: string, nav: string, filler = 0): string {
  return `<!doctype html><html><head><title>T</title></head><body><nav>${nav}</nav><main><p>${text}</p>${'<p>Same words.</p>'.repeat(filler)}</main></body></html>\n`;
}

/** What each page's last commit changed: the template only, the text, whitespace only, the text of a long page. */
const PAGES = ['template', 'text', 'spaces', 'long', 'longTemplate'];

function repository(): string {
  const repo = gitRepository(temp());
  const first: Record<string, string> = {};
  for (const p of PAGES) first[`public/${p}.html`] = page(`${p} one`, 'Home', p.startsWith('long') ? 2_000 : 0);
  repo.commit('first', '2024-01-01T00:00:00Z', first);
  repo.commit('edits', '2024-02-01T00:00:00Z', Object.fromEntries(PAGES.map((p) => [`public/${p}.html`, page(`${p} two`, 'Home', p.startsWith('long') ? 2_000 : 0)])));
  repo.commit('last', '2024-03-01T00:00:00Z', {
    'public/template.html': page('template two', 'Home, Blog'),
    'public/text.html': page('text three', 'Home'),
    'public/spaces.html': page('spaces   two', 'Home'),
    'public/long.html': page('long three', 'Home', 2_000),
    'public/longTemplate.html': page('longTemplate two', 'Home, Blog', 2_000),
  });
  return repo.dir;
}

describe('working-file digests', () => {
  it('are the digest of each page\'s parts, read whole past the first chunk', () => {
    const dir = repository();
    const files = PAGES.map((p) => `${p}.html`);
    const read = readPages(path.join(dir, 'public'), root, files, true);
    const expected = files.map((f) => partsDigest(pageParts(fs.readFileSync(path.join(dir, 'public', f), 'utf8'))));
    assert.deepEqual(read.digests, expected);
    assert.equal(readPages(path.join(dir, 'public'), root, files).digests, undefined);
  });

  it('give the history each page\'s facts as the working files themselves do', async () => {
    const dir = repository();
    const read = readPages(path.join(dir, 'public'), root, PAGES.map((p) => `${p}.html`), true);
    const digests = new Map(read.files.map((f, i) => [path.join(dir, 'public', f), read.digests![i]!]));
    const asked: string[] = [];
    const lookup = (file: string): string | undefined => (asked.push(path.basename(file)), digests.get(file));
    const digested = await readGitHistory(dir, { env: env(dir), builtFolders: ['public'], workingDigests: Promise.resolve(lookup) });
    const direct = await readGitHistory(dir, { env: env(dir), builtFolders: ['public'] });
    assert.deepEqual(asked.sort(), PAGES.map((p) => `${p}.html`).sort());
    for (const p of PAGES) assert.deepEqual(digested.facts(`public/${p}.html`), direct.facts(`public/${p}.html`), p);
    const changed = (p: string) => [digested.lastContentChange(`public/${p}.html`)?.subject, digested.lastContentChange(`public/${p}.html`)?.changed];
    assert.deepEqual(PAGES.map(changed), [['edits', ['text']], ['last', ['text']], ['edits', ['text']], ['last', ['text']], ['edits', ['text']]]);
  });
});
