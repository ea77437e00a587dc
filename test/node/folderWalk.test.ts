/**
 * The one folder walk (server/src/node/folderWalk.ts) on a real temporary tree: its order, the folders it skips,
 * symbolic links, limits, cancellation, unreadable folders; and sitemap-lint, the site scan and workspace symbols on it.
 */
import { after, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { collectInputs } from '../../server/src/cli/lint/lintInputs';
import { Failure } from '../../server/src/cli/io/failure';
import { findCandidateFiles } from '../../server/src/lsp/features/workspaceSymbols';
import { scanSiteFiles } from '../../server/src/lsp/site/siteScan';
import { compareWalkOrder, SKIPPED_FOLDERS, walkFolders, walkFoldersSync, type FolderWalk } from '../../server/src/node/folderWalk';

const URLSET = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>\n';

/** Depth first, names sorted by UTF-16 code units at each level: `.` < upper case < `_` < lower case; `sub/` before `sub.xml`. */
const WALK_ORDER = ['.vitepress/dist/sitemap.xml', 'B.xml', 'a.xml', 'dist/sitemap.xml', 'sub/c.xml', 'sub/deeper/d.xml', 'sub.xml', 'z.xml'];

describe('the folder walk', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-walk-'));
  after(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (relative: string, text = URLSET): void => {
    const file = path.join(root, ...relative.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  for (const file of [...WALK_ORDER].reverse()) write(file);
  for (const skipped of SKIPPED_FOLDERS) write(`${skipped}/sitemap.xml`);
  write('notes.txt', 'hello\n');
  fs.symlinkSync(path.join(root, 'sub'), path.join(root, 'link-dir'), 'dir');
  fs.symlinkSync(path.join(root, 'a.xml'), path.join(root, 'link.xml'), 'file');
  const xml: FolderWalk = { wanted: (name) => name.endsWith('.xml') };
  const relative = (files: readonly string[]) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));

  it('goes depth first in name order, skips dependencies, version control and caches, follows no symbolic link', async () => {
    const walked = await walkFolders([root], xml);
    assert.deepEqual(relative(walked.files), WALK_ORDER);
    assert.deepEqual({ truncated: walked.truncated, cancelled: walked.cancelled }, { truncated: false, cancelled: false });
    assert.deepEqual(walkFoldersSync([root], xml), walked);
    assert.deepEqual([...walked.files].reverse().sort(compareWalkOrder), walked.files);
  });

  it('skips the union of the folders each walk skipped before', () => {
    assert.deepEqual([...SKIPPED_FOLDERS].sort(), ['.git', '.hg', '.svn', '__pycache__', 'bower_components', 'node_modules']);
  });

  it('sitemap-lint, the site scan and workspace symbols walk it alike', async () => {
    const lint = collectInputs([root], root).map((input) => input.file!);
    assert.deepEqual(relative(lint), WALK_ORDER);
    assert.deepEqual((await scanSiteFiles(root)).files, lint);
    assert.deepEqual(relative(await findCandidateFiles([root])), WALK_ORDER);
  });

  it('stops at its limits and says so', async () => {
    const few = await walkFolders([root], { ...xml, limits: { maxFiles: 2, maxVisited: 1_000 } });
    assert.deepEqual(relative(few.files), WALK_ORDER.slice(0, 2));
    assert.equal(few.truncated, true);
    // Skipped folders count: `.git`, `.hg`, `.svn`, `.vitepress`, `dist`, `sitemap.xml`, `B.xml`; `__pycache__` is one too many.
    const shallow = walkFoldersSync([root], { ...xml, limits: { maxFiles: 1_000, maxVisited: 7 } });
    assert.deepEqual({ files: relative(shallow.files), truncated: shallow.truncated }, { files: WALK_ORDER.slice(0, 2), truncated: true });
    const exact = await walkFolders([root], { ...xml, limits: { maxFiles: WALK_ORDER.length, maxVisited: 1_000 } });
    assert.deepEqual(relative(exact.files), WALK_ORDER);
  });

  it('stops when cancelled, with what it found', async () => {
    let accepted = 0;
    const accept = () => ++accepted > 0;
    const walked = await walkFolders([root], { ...xml, accept, cancelled: () => accepted >= 3 });
    assert.deepEqual({ files: relative(walked.files), cancelled: walked.cancelled, truncated: walked.truncated }, { files: WALK_ORDER.slice(0, 3), cancelled: true, truncated: false });
  });

  it('walks a root inside another root once', async () => {
    const walked = await walkFolders([root, path.join(root, 'sub')], xml);
    assert.deepEqual(relative(walked.files), WALK_ORDER);
  });

  it('skips a folder it cannot read and goes on; the caller may refuse it', () => {
    const doomed = path.join(root, 'zz-gone');
    write('zz-gone/sitemap.xml');
    write('zz-last.xml');
    const unreadable: string[] = [];
    // The folder is listed with its parent, then removed before the walk gets to it.
    const accept = (file: string) => {
      if (file.endsWith('z.xml')) fs.rmSync(doomed, { recursive: true, force: true });
      return true;
    };
    const walked = walkFoldersSync([root], { ...xml, accept, unreadable: (folder) => unreadable.push(folder) });
    assert.deepEqual(unreadable, [doomed]);
    assert.deepEqual(relative(walked.files), [...WALK_ORDER, 'zz-last.xml']);
    fs.rmSync(path.join(root, 'zz-last.xml'));
    assert.throws(() => walkFoldersSync([path.join(root, 'missing')], { ...xml, unreadable: () => { throw new Error('refused'); } }), /refused/);
  });

  it('sitemap-lint fails on a folder it cannot read, a subfolder as the folder it was given', () => {
    write('locked/sitemap.xml');
    const readdir = fs.readdirSync;
    const denied = (folder: string) => Object.assign(new Error(`EACCES: permission denied, scandir '${folder}'`), { code: 'EACCES' });
    // Root reads any folder whatever its mode: the refusal is the file system's answer, mocked (on the module itself).
    const locked = mock.method(nodeFs, 'readdirSync', ((folder: string, options: never) => {
      if (path.basename(folder) === 'locked') throw denied(folder);
      return readdir(folder, options);
    }) as typeof fs.readdirSync);
    try {
      assert.throws(() => collectInputs([root], root), Failure);
      assert.throws(() => collectInputs(['locked'], root), Failure);
    } finally {
      locked.mock.restore();
      fs.rmSync(path.join(root, 'locked'), { recursive: true });
    }
  });
});
