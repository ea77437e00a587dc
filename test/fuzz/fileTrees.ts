/**
 * Generated file trees for the command-line fuzzer (issue 35): a small site's sitemaps, index, text sitemap,
 * robots.txt and built pages (HTML heads, `_redirects`, `vercel.json`) from documents.ts's grammars, written in an
 * encoding of their own (UTF-8 with or without a mark, UTF-16, invalid UTF-8, gzip of one member and several, truncated
 * gzip, a bomb past the inflate limit), and hostile things where a sitemap is expected: symbolic link loops, FIFOs,
 * Unix domain sockets, folders, a folder 400 levels deep, unreadable files. Optionally a git repository of two commits with fixed dates.
 *
 * A tree is plain JSON ({@link FileTree}): a failure's shrunk tree, printed by the fuzzer, is pasted into a regression
 * test and written again with {@link writeTree}.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import { indexText, locText, ORIGIN, robotsText, textSitemapText, urlPath, urlsetText, withMutations } from './documents';
import { memberBomb } from '../support/gzipBombs';
import { runGit } from '../support/gitRepository';

export type Encoding = 'utf8' | 'utf8-bom' | 'utf16le-bom' | 'utf16be-bom' | 'invalid-utf8' | 'gzip' | 'gzip-members' | 'gzip-truncated' | 'gzip-bomb';

export interface TreeFile {
  /** `/`-separated, below the site folder. */
  path: string;
  text: string;
  encoding: Encoding;
}

export type SpecialKind = 'symlink-loop' | 'dangling-symlink' | 'fifo' | 'folder' | 'deep-folder' | 'unreadable' | 'symlink-outside' | 'socket';

export interface Special {
  kind: SpecialKind;
  path: string;
}

export interface FileTree {
  files: TreeFile[];
  specials: Special[];
  /** A git repository in the site folder: the first commit has the files' first half, the second all of them. */
  git: boolean;
  /** sitemap-lint's `--config` file, beside the site folder (`../config.json` from it); none when undefined. */
  config?: string;
}

/** The sitemap file names a tree may hold; the index, robots.txt and the pages name them by URL. */
const SITEMAP_NAMES = ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml.gz', 'news/sitemap.xml', 'sitemap.txt', 'sitemap-index.xml', `${'s'.repeat(250)}.xml`];
const SPECIAL_NAMES = ['special-sitemap.xml', 'sitemap-3.xml', 'loop/sitemap.xml', 'sitemap-2.xml.gz'];

const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('utf8' as const) },
  { weight: 1, arbitrary: fc.constantFrom<Encoding>('utf8-bom', 'utf16le-bom', 'utf16be-bom', 'invalid-utf8', 'gzip', 'gzip-members', 'gzip-truncated') },
  { weight: 1, arbitrary: fc.constant('gzip-bomb' as const) },
);

/** What an index and robots.txt name: the tree's sitemaps, and children no file system can hold (issue 35's crash). */
const childUrls = [...SITEMAP_NAMES.map((name) => `${ORIGIN}/${name}`), `${ORIGIN}/${'a'.repeat(300)}.xml`, `${ORIGIN}/x/${'b'.repeat(256)}/c.xml`, `${ORIGIN}/sitemap.xml/child.xml`];

function textFor(name: string): fc.Arbitrary<string> {
  if (name.includes('index')) return withMutations(indexText(childUrls));
  if (name.endsWith('.txt')) return withMutations(textSitemapText);
  return withMutations(fc.oneof({ weight: 4, arbitrary: urlsetText }, { weight: 1, arbitrary: indexText(childUrls) }));
}

const sitemapFiles: fc.Arbitrary<TreeFile[]> = fc.subarray(SITEMAP_NAMES, { minLength: 1 })
  .chain((names) => fc.tuple(...names.map((name) => fc.tuple(textFor(name), encoding)))
    .map((texts) => names.map((name, i) => ({ path: name, text: texts[i][0], encoding: name.endsWith('.gz') ? gzipped(texts[i][1]) : texts[i][1] }))));

function gzipped(chosen: Encoding): Encoding {
  return chosen.startsWith('gzip') ? chosen : 'gzip';
}

const robotsFile: fc.Arbitrary<TreeFile[]> = fc.option(withMutations(robotsText(childUrls)), { nil: undefined })
  .map((text) => (text === undefined ? [] : [{ path: 'robots.txt', text, encoding: 'utf8' as const }]));

/** A built page's head: a title, maybe a canonical (to itself, elsewhere, junk) and a robots meta. */
const pageHead = fc.record({
  canonical: fc.option(urlPath.map((p) => `${ORIGIN}/${p}`), { nil: undefined }),
  robots: fc.option(fc.constantFrom('noindex', 'index, follow', 'none', 'noindex, nofollow', ''), { nil: undefined }),
}).map(({ canonical, robots }) => '<!doctype html><html><head><title>t</title>'
  + (canonical === undefined ? '' : `<link rel="canonical" href="${canonical.replace(/"/g, '&quot;')}">`)
  + (robots === undefined ? '' : `<meta name="robots" content="${robots}">`) + '</head><body></body></html>\n');

const pages: fc.Arbitrary<TreeFile[]> = fc.tuple(
  fc.subarray(['index.html', 'a/index.html', 'b.html', 'news/index.html', 'd/e/f/index.html']),
  fc.array(pageHead, { minLength: 5, maxLength: 5 }),
  fc.option(fc.array(fc.tuple(urlPath, urlPath, fc.constantFrom('301', '302', '200', '404', '')), { maxLength: 4 }), { nil: undefined }),
  fc.option(fc.oneof(
    fc.array(fc.tuple(urlPath, urlPath), { maxLength: 3 }).map((rules) => JSON.stringify({ redirects: rules.map(([s, d]) => ({ source: `/${s}`, destination: `/${d}` })) })),
    fc.constantFrom('{', '[]', '{"redirects": 3}', '{"cleanUrls": true, "trailingSlash": false}'),
  ), { nil: undefined }),
).map(([names, heads, redirects, vercel]) => [
  ...names.map((name, i) => ({ path: name, text: heads[i], encoding: 'utf8' as const })),
  ...(redirects === undefined ? [] : [{ path: '_redirects', text: redirects.map(([from, to, code]) => `/${from} /${to} ${code}`).join('\n') + '\n', encoding: 'utf8' as const }]),
  ...(vercel === undefined ? [] : [{ path: 'vercel.json', text: vercel, encoding: 'utf8' as const }]),
]);

const specials: fc.Arbitrary<Special[]> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Special[]>([]) },
  {
    weight: 1, arbitrary: fc.uniqueArray(
      fc.record({ kind: fc.constantFrom<SpecialKind>('symlink-loop', 'dangling-symlink', 'fifo', 'folder', 'deep-folder', 'unreadable', 'symlink-outside', 'socket'), path: fc.constantFrom(...SPECIAL_NAMES) }),
      { maxLength: 2, selector: (s) => s.path },
    ),
  },
);

const SEVERITIES = ['error', 'warning', 'information', 'hint', 'off', 'fatal', 3, null];
const RULE_IDS = ['invalid-lastmod', 'missing-sitemap-file', 'unlisted-sitemap', 'noindex-page', 'page-not-found', 'no-such-rule'];

/**
 * A config file: mostly a JSON object of the settings sitemap-lint reads (right and wrong), sometimes not JSON. Its
 * site roots stay inside the case's folder: a root of `/` is the whole disk's pages, read as asked, past any bound.
 */
const configText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.record({
    rules: fc.dictionary(fc.constantFrom(...RULE_IDS), fc.constantFrom(...SEVERITIES), { maxKeys: 3 }),
    siteRoots: fc.dictionary(fc.constantFrom('.', 'site', 'site/news', 'outside', ''), fc.oneof(locText, fc.constant(42)), { maxKeys: 2 }),
    allowedHosts: fc.array(fc.constantFrom('https://cdn.example.com', 'example.org', '', '*'), { maxLength: 2 }),
    limits: fc.dictionary(fc.constantFrom('maxEntries', 'maxBytes', 'other'), fc.oneof(fc.integer({ min: -1, max: 60_000 }), fc.constant('x')), { maxKeys: 2 }),
    robots: fc.record({ userAgent: fc.constantFrom('Googlebot', 'bingbot', '', '*') }),
  }, { requiredKeys: [] }).map((config) => JSON.stringify(config)) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '{"rules": []}', '{"siteRoots": "x"}', '\ufeff{}') },
);

/** A whole tree: sitemaps, maybe a robots.txt, maybe pages, maybe hostile entries, maybe git, maybe a config. */
export const fileTree: fc.Arbitrary<FileTree> = fc.record({
  sitemaps: sitemapFiles, robots: robotsFile, pages: fc.option(pages, { nil: undefined }), specials, git: fc.boolean(), config: fc.option(configText, { nil: undefined }),
}).map(({ sitemaps, robots, pages: built, specials: odd, git, config }) => ({
  files: [...sitemaps, ...robots, ...(built ?? [])],
  // A hostile entry takes its name from a file of the same name.
  specials: odd,
  git,
  ...(config === undefined ? {} : { config }),
}));

/** The bytes of `text` in `encoding`. */
export function encoded(text: string, encoding: Encoding): Buffer {
  const utf8 = Buffer.from(text, 'utf8');
  switch (encoding) {
    case 'utf8': return utf8;
    case 'utf8-bom': return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    case 'utf16le-bom': return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf16be-bom': return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    // Bytes no UTF-8 decoder accepts, amid the text: a lone continuation byte, an overlong form, a cut sequence.
    case 'invalid-utf8': return Buffer.concat([utf8.subarray(0, utf8.length >> 1), Buffer.from([0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90]), utf8.subarray(utf8.length >> 1)]);
    case 'gzip': return zlib.gzipSync(utf8);
    case 'gzip-members': return Buffer.concat([zlib.gzipSync(utf8.subarray(0, utf8.length >> 1)), zlib.gzipSync(utf8.subarray(utf8.length >> 1))]);
    case 'gzip-truncated': {
      const whole = zlib.gzipSync(utf8);
      return whole.subarray(0, Math.max(3, whole.length - 9));
    }
    // Past the inflate limit (52 MB + 16 MB) in 70 KB: the tools stop reading at the limit.
    case 'gzip-bomb': return memberBomb({ megabytes: 72 });
  }
}

/** Folders a case's tree is written into, all under `root`. */
export interface TreeFolders {
  root: string;
  /** The site: the tools' working directory. */
  site: string;
  /** Beside the site, what `%2e%2e` URLs and the outside link aim at: nothing may be written there. */
  outside: string;
  /** Where the tools may write (--out, --summary-out). */
  out: string;
}

/** Writes `tree` below `root` (an empty folder); names the file system refuses (over 255 bytes…) are left out. */
export function writeTree(tree: FileTree, root: string): TreeFolders {
  const folders = { root, site: path.join(root, 'site'), outside: path.join(root, 'outside'), out: path.join(root, 'out') };
  for (const dir of Object.values(folders)) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(folders.outside, 'outside.xml'), `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n`);
  const written = tree.files.filter((file) => writeQuietly(path.join(folders.site, ...file.path.split('/')), encoded(file.text, file.encoding)));
  for (const special of tree.specials) writeSpecial(special, folders);
  if (tree.config !== undefined) fs.writeFileSync(path.join(root, 'config.json'), tree.config);
  if (tree.git) commitTwice(folders.site, written);
  return folders;
}

function writeQuietly(file: string, bytes: Buffer): boolean {
  try {
    fs.rmSync(file, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    return true;
  } catch {
    return false;
  }
}

function writeSpecial(special: Special, folders: TreeFolders): void {
  const file = path.join(folders.site, ...special.path.split('/'));
  fs.rmSync(file, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  switch (special.kind) {
    case 'symlink-loop':
      fs.symlinkSync(`${path.basename(file)}.other`, file);
      fs.symlinkSync(path.basename(file), `${file}.other`);
      return;
    case 'dangling-symlink': return fs.symlinkSync('no-such-target.xml', file);
    case 'symlink-outside': return fs.symlinkSync(path.relative(path.dirname(file), path.join(folders.outside, 'outside.xml')), file);
    case 'fifo':
      execFileSync('mkfifo', [file]);
      return;
    case 'folder':
      fs.mkdirSync(path.join(file, 'inner'), { recursive: true });
      return;
    case 'deep-folder': {
      const deep = path.join(file, ...Array.from({ length: 400 }, () => 'd'));
      fs.mkdirSync(deep, { recursive: true });
      return fs.writeFileSync(path.join(deep, 'sitemap.xml'), `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${ORIGIN}/</loc></url></urlset>\n`);
    }
    case 'unreadable':
      fs.writeFileSync(file, '<urlset/>');
      return fs.chmodSync(file, 0);
    case 'socket': return makeSocketFile(file);
  }
}

/**
 * A Unix domain socket file at `file`, no one listening (opening it fails with ENXIO, as a socket whose server has
 * gone): a child process binds it and exits, which leaves the file. A socket's name is at most 107 bytes, which the
 * fuzzer's temporary folders keep within.
 */
function makeSocketFile(file: string): void {
  execFileSync(process.execPath, ['-e', 'require("node:net").createServer().listen(process.argv[1], () => process.exit(0))', file]);
}

/** Two commits at fixed dates: the first half of the files, then all. */
function commitTwice(site: string, files: readonly TreeFile[]): void {
  const env = (date: string) => ({ GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Fuzz', GIT_AUTHOR_EMAIL: 'fuzz@example.com', GIT_COMMITTER_NAME: 'Fuzz', GIT_COMMITTER_EMAIL: 'fuzz@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, PATH: process.env.PATH });
  runGit(site, ['init', '-q', '-b', 'main'], env('2024-01-01T00:00:00Z'));
  const half = files.slice(0, Math.ceil(files.length / 2)).map((f) => f.path);
  runGit(site, ['add', '--', ...half.filter((p) => isPlainFile(path.join(site, p)))], env('2024-01-01T00:00:00Z'));
  runGit(site, ['commit', '-q', '--allow-empty', '-m', 'first'], env('2024-01-01T00:00:00Z'));
  runGit(site, ['add', '-A', '--', ...files.map((f) => f.path).filter((p) => isPlainFile(path.join(site, p)))], env('2024-02-01T00:00:00Z'));
  runGit(site, ['commit', '-q', '--allow-empty', '-m', 'second'], env('2024-02-01T00:00:00Z'));
}

function isPlainFile(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** Removes a written tree (an unreadable file and a FIFO are removed as any file). */
export function removeTree(root: string): void {
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 2 });
}
