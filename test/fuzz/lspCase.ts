/**
 * What the language server's fuzzer (lspFuzz.ts) generates (issue 35): a workspace of real files (sitemaps, an index, a
 * text sitemap, robots.txt and built pages from documents.ts's grammars, a git history now and then), the settings it
 * starts with, and a sequence of actions an editor sends — opens with mutated texts, incremental edits anywhere (inside
 * surrogate pairs, past the end), closes, settings right and wrong, files changed on disk, and every request and command
 * the server answers, with arguments right and wrong. Plain JSON throughout: a failure's shrunk case is printed as it is
 * and replayed by {@link LspCase} alone.
 *
 * Positions are fractions, resolved against the document's text when the action runs (the text depends on the edits
 * before it): `[line, character]`, 0–1 inside, up to 1.3 past the end; a line of 10 or more is the largest line number
 * the protocol allows.
 */
import fc from 'fast-check';
import { indexText, locText, ORIGIN, robotsText, textSitemapText, urlsetText, withMutations } from './documents';

/**
 * The documents a case opens, by name below the workspace folder; `untitled:` has no file, `sitemap-gz:` names a
 * compressed file opened as text (Open Compressed Sitemap as Text), `sitemap-url:` a sitemap read from the loopback site.
 */
export const DOCUMENTS = [
  'sitemap.xml', 'sitemap-index.xml', 'sitemap.txt', 'robots.txt', 'public/sitemap.xml', 'new/sitemap-2.xml', `${'s'.repeat(300)}.xml`, 'untitled:Untitled-1',
  'sitemap-gz:sitemap-3.xml.gz', 'sitemap-url:remote.xml',
] as const;
export type DocumentName = typeof DOCUMENTS[number];

/** The files a case may hold on disk (the first five documents, and the built pages under public/). */
export const DISK_FILES = ['sitemap.xml', 'sitemap-index.xml', 'sitemap.txt', 'robots.txt', 'public/sitemap.xml', 'public/index.html', 'public/a/index.html', 'public/_redirects'] as const;
export type DiskFile = typeof DISK_FILES[number];

export type Position = [line: number, character: number];
export type Edit = { range: [Position, Position]; text: string } | { text: string };

/** The requests at a position (or a range) of a document, answered by the features. */
export const POSITION_REQUESTS = ['hover', 'completion', 'codeAction', 'selectionRange'] as const;
/** The requests on a whole document. */
export const DOCUMENT_REQUESTS = ['documentSymbol', 'foldingRange', 'documentLink'] as const;
/** The project's own requests (shared/protocol.ts) and the registered commands (EDIT_COMMANDS), by short name. */
export const CUSTOM_REQUESTS = ['documentInfo', 'splitPlan', 'mergeIndex', 'compare', 'listingIndexes', 'siteTree', 'checkSite', 'checkLive', 'readUrl', 'workspaceSymbol'] as const;
export const COMMANDS = ['sortEntries', 'removeDuplicates', 'setLastmodNow', 'convert', 'addUnlistedPages', 'setLastmodFromHistory'] as const;

/**
 * How a request's arguments are made: `right` as the client makes them, `stale` with an old version, `unknown` naming a
 * document nobody opened, or `garbage`: any JSON in their place.
 */
export type Arguments = 'right' | 'stale' | 'unknown' | { garbage: unknown };

export type Action =
  | { open: DocumentName; language: string; text: string }
  | { change: DocumentName; edits: Edit[] }
  | { close: DocumentName }
  | { settings: unknown }
  | { disk: DiskFile; write?: string; remove?: true; notify: 1 | 2 | 3 }
  | { request: typeof POSITION_REQUESTS[number]; doc: DocumentName; at: Position; to: Position; follow?: number; cancel?: true; wait?: true }
  | { request: typeof DOCUMENT_REQUESTS[number]; doc: DocumentName; cancel?: true; wait?: true }
  | { request: typeof CUSTOM_REQUESTS[number]; doc: DocumentName; args: Arguments; pick: number; cancel?: true; wait?: true }
  | { command: typeof COMMANDS[number]; doc: DocumentName; args: Arguments; at: Position; to: Position; wait?: true }
  | { trustGranted: true };

export interface LspCase {
  /** Files written before the server starts, by name (a subset of {@link DISK_FILES}). */
  files: Partial<Record<DiskFile, string>>;
  /** A git repository in the workspace: the files committed at two fixed dates. */
  git: boolean;
  /** The `sitemap` section the server reads first. */
  settings: unknown;
  /** `initialize`'s `workspaceTrusted` (git runs only when trusted). */
  trusted: boolean;
  /** The client's capabilities: settings pulled (`workspace/configuration`) or pushed; versioned `documentChanges` in edits. */
  client: { pull: boolean; documentChanges: boolean };
  actions: Action[];
}

/** The URLs the workspace's files name one another by. */
const SITE_URLS = ['sitemap.xml', 'sitemap-index.xml', 'sitemap.txt', 'public/sitemap.xml', 'sitemap.xml'].map((p) => `${ORIGIN}/${p}`)
  .concat([`${ORIGIN}/${'a'.repeat(300)}.xml`, `${ORIGIN}/x/${'b'.repeat(256)}/c.xml`, `${ORIGIN}/sitemap.xml/child.xml`]);

const pageHtml = fc.record({
  canonical: fc.option(locText, { nil: undefined }),
  robots: fc.option(fc.constantFrom('noindex', 'index, follow', 'none', ''), { nil: undefined }),
}).map(({ canonical, robots }) => '<!doctype html><html><head><title>t</title>'
  + (canonical === undefined ? '' : `<link rel="canonical" href="${canonical.replace(/"/g, '&quot;')}">`)
  + (robots === undefined ? '' : `<meta name="robots" content="${robots}">`) + '</head><body></body></html>\n');

/** A text for a document or file of that name, from its grammar (mutated two times in three), now and then another kind's. */
export function textFor(name: string): fc.Arbitrary<string> {
  const own = name.endsWith('.html') ? pageHtml
    : name.endsWith('_redirects') ? fc.array(fc.tuple(locText, fc.constantFrom('301', '302', '404', '')), { maxLength: 3 }).map((rules) => rules.map(([to, code]) => `/a ${to} ${code}`).join('\n'))
      : name.includes('index') ? withMutations(indexText(SITE_URLS))
        : name.endsWith('robots.txt') ? withMutations(robotsText(SITE_URLS))
          : name.endsWith('.txt') ? withMutations(textSitemapText) : withMutations(urlsetText);
  return fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: withMutations(urlsetText) }, { weight: 1, arbitrary: withMutations(robotsText(SITE_URLS)) });
}

const LANGUAGES = ['sitemap', 'sitemap-txt', 'robots-txt', 'xml', 'plaintext', 'compressed-sitemap'];

/** The language VS Code gives a document of that name (package.json's `languages`). */
export function languageOf(name: DocumentName): string {
  if (name === 'robots.txt') return 'robots-txt';
  if (name === 'sitemap.txt') return 'sitemap-txt';
  return name.startsWith('untitled:') || name.startsWith('s'.repeat(8)) ? 'xml' : 'sitemap';
}

const documentName = fc.constantFrom(...DOCUMENTS);

const open: fc.Arbitrary<Action> = documentName.chain((name) => fc.record({
  open: fc.constant(name),
  language: fc.oneof({ weight: 5, arbitrary: fc.constant(languageOf(name)) }, { weight: 1, arbitrary: fc.constantFrom(...LANGUAGES) }),
  text: textFor(name),
}));

const fraction = fc.double({ min: 0, max: 1.3, noNaN: true });
export const position: fc.Arbitrary<Position> = fc.oneof(
  { weight: 20, arbitrary: fc.tuple(fraction, fraction) },
  { weight: 1, arbitrary: fc.constant<Position>([10, 10]) },
);

/** What an edit inserts: keystrokes, markup, characters of two code units (split by a later edit), junk, whole entries. */
const insertion = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', 'a', ' ', '\n', '\r\n', '<', '>', '/', '&', '"', '😀', 'é', '\ud83d', '\ude00', '\u0000', '\t', '</loc>', '<url>', '</url>') },
  { weight: 2, arbitrary: locText.map((loc) => `<url><loc>${loc}</loc></url>\n`) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('<?xml version="1.0"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', '</urlset>', 'Sitemap: https://www.example.com/sitemap.xml\n', '😀'.repeat(50)) },
);

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ range: fc.tuple(position, position), text: insertion }) },
  { weight: 1, arbitrary: documentName.chain(textFor).map((text) => ({ text })) },
);

const change: fc.Arbitrary<Action> = fc.record({ change: documentName, edits: fc.array(edit, { minLength: 1, maxLength: 3 }) });

const SEVERITIES = ['error', 'warning', 'information', 'hint', 'off', 'fatal', 3, null, ''];
const RULE_IDS = ['invalid-lastmod', 'missing-sitemap-file', 'unlisted-sitemap', 'noindex-page', 'page-not-found', 'blocked-by-robots', 'out-of-scope', 'too-many-entries', 'no-such-rule', '__proto__', 'constructor'];

/**
 * The origin the live check asks (a loopback server of the fuzzer's): `live.origin` is always that or a string that is
 * no http origin, so that no setting sends the live check to the listed URLs' own origin, which is on the internet.
 */
export const LIVE_ORIGIN_PLACEHOLDER = '<loopback>';

const liveSettings = fc.record({
  origin: fc.constantFrom(LIVE_ORIGIN_PLACEHOLDER, `${LIVE_ORIGIN_PLACEHOLDER}/base/`, 'not an origin', 'ftp://www.example.com'),
  concurrency: fc.constantFrom(1, 4, 0, -1, 1e9, 'x', null),
  requestsPerSecond: fc.constantFrom(0, 8, 1000, -5, 'fast'),
}, { requiredKeys: ['origin'] });

/** The `sitemap` section: each key right, wrong-typed or out of range; site roots inside, outside and missing. */
export const settingsValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    detectByContent: fc.constantFrom(true, false, 'yes', null),
    rules: fc.oneof(fc.dictionary(fc.constantFrom(...RULE_IDS), fc.constantFrom(...SEVERITIES), { maxKeys: 4 }), fc.constantFrom('all', [], null)),
    siteRoots: fc.oneof(
      fc.dictionary(fc.constantFrom('.', 'public', './public/', 'missing', '../outside', '/', '', 'sitemap.xml'), fc.constantFrom(`${ORIGIN}/`, `${ORIGIN}/sub/`, 'not a url', 'http://', 42, null), { maxKeys: 2 }),
      fc.constantFrom(42, 'public', [], null),
    ),
    allowedHosts: fc.oneof(fc.array(fc.constantFrom('https://shop.example.com', 'example.org', '', '*', 7), { maxLength: 2 }), fc.constant('x')),
    robots: fc.oneof(fc.record({ userAgent: fc.constantFrom('Googlebot', 'bingbot', '', '*', 42) }), fc.constant(null)),
    live: liveSettings,
    pageSources: fc.oneof(fc.dictionary(fc.constantFrom('public', '.', '../outside'), fc.constantFrom('hugo', 'jekyll', 'no-such-preset', 42, {}, { root: '..' }, { patterns: ['**/*.md'] }), { maxKeys: 2 }), fc.constant(7)),
    maxProblems: fc.constantFrom(1000, 1, 0, -5, 1e12, 'x', 2.5),
    symbols: fc.record({ maxItems: fc.constantFrom(5000, 0, -1, 'x', 1) }),
    limits: fc.dictionary(fc.constantFrom('maxEntries', 'maxBytes', 'legacyMaxBytes', 'maxNewsEntries', 'other'), fc.constantFrom(50_000, 1, 2, 0, -1, 1e15, 'x', null, 0.5), { maxKeys: 3 }),
    split: fc.record({ replaceOriginal: fc.constantFrom(true, false, 'x') }),
    trace: fc.record({ server: fc.constantFrom('off', 'verbose', 7) }),
  }, { requiredKeys: ['live'] }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ live: { origin: 'not an origin' } }, { live: { origin: LIVE_ORIGIN_PLACEHOLDER }, siteRoots: { '.': `${ORIGIN}/` } }) },
);

/** Any JSON where arguments were expected. */
const garbage = fc.oneof(
  fc.constantFrom<unknown>(null, 0, -1, '', 'file:///etc/passwd', [], {}, [null], { uri: 42 }, { uri: 'file:///' }, { uri: 'not a uri' }, { uri: null, version: 'x' }, [[]], { __proto__: null }),
  fc.jsonValue({ maxDepth: 2 }),
);
const args: fc.Arbitrary<Arguments> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('right' as const) },
  { weight: 1, arbitrary: fc.constant('stale' as const) },
  { weight: 1, arbitrary: fc.constant('unknown' as const) },
  { weight: 2, arbitrary: garbage.map((value) => ({ garbage: value })) },
);

const flags = { cancel: fc.constant(true as const), wait: fc.constant(true as const) };
const requests: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ request: fc.constantFrom(...POSITION_REQUESTS), doc: documentName, at: position, to: position, follow: fc.double({ min: 0, max: 1, noNaN: true }), ...flags }, { requiredKeys: ['request', 'doc', 'at', 'to'] }) },
  { weight: 3, arbitrary: fc.record({ request: fc.constantFrom(...DOCUMENT_REQUESTS), doc: documentName, ...flags }, { requiredKeys: ['request', 'doc'] }) },
  { weight: 5, arbitrary: fc.record({ request: fc.constantFrom(...CUSTOM_REQUESTS), doc: documentName, args, pick: fc.double({ min: 0, max: 1, noNaN: true }), ...flags }, { requiredKeys: ['request', 'doc', 'args', 'pick'] }) },
  { weight: 3, arbitrary: fc.record({ command: fc.constantFrom(...COMMANDS), doc: documentName, args, at: position, to: position, wait: flags.wait }, { requiredKeys: ['command', 'doc', 'args', 'at', 'to'] }) },
);

const disk: fc.Arbitrary<Action> = fc.constantFrom(...DISK_FILES).chain((file) => fc.oneof(
  fc.record({ disk: fc.constant(file), write: textFor(file), notify: fc.constantFrom<1 | 2 | 3>(1, 2) }),
  fc.record({ disk: fc.constant(file), remove: fc.constant(true as const), notify: fc.constantFrom<1 | 2 | 3>(3, 2) }),
));

export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: open },
  { weight: 8, arbitrary: change },
  { weight: 1, arbitrary: fc.record({ close: documentName }) },
  { weight: 1, arbitrary: fc.record({ settings: settingsValue }) },
  { weight: 1, arbitrary: disk },
  { weight: 10, arbitrary: requests },
  { weight: 1, arbitrary: fc.constant({ trustGranted: true as const }) },
);

const files: fc.Arbitrary<LspCase['files']> = fc.subarray([...DISK_FILES], { minLength: 1 })
  .chain((names) => fc.tuple(...names.map(textFor)).map((texts) => Object.fromEntries(names.map((name, i) => [name, texts[i]]))));

/** A case: 1–40 actions, most cases opening a document first. */
export const lspCase: fc.Arbitrary<LspCase> = fc.record({
  files,
  git: fc.boolean(),
  settings: settingsValue,
  trusted: fc.boolean(),
  client: fc.record({ pull: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), documentChanges: fc.boolean() }),
  actions: fc.tuple(open, fc.array(action, { minLength: 0, maxLength: 40, size: 'medium' })).map(([first, rest]) => [first, ...rest]),
});
