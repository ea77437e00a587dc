/** The defaults of Split into Index's prompts, as strings: the children's names beside the original, the index's name,
 * the public folder of a known location. Pure (no `vscode`), so it runs under node:test. */

/** `sitemap.xml.gz` → `sitemap`; `urllist.txt` → `urllist`. */
export function stemOf(fileName: string): string {
  const stem = fileName.replace(/\.(?:xml|txt)(?:\.gz)?$/i, '').replace(/\.gz$/i, '');
  return stem === '' ? 'sitemap' : stem;
}

/** The children's default name pattern: `<stem>-{n}.xml` (`.txt` for a text sitemap), `.gz` added when gzipped. */
export function defaultNamePattern(fileName: string, text: boolean, gzip: boolean): string {
  return `${stemOf(fileName)}-{n}.${text ? 'txt' : 'xml'}${gzip ? '.gz' : ''}`;
}

/** The index's name when it does not replace the original: `<stem>-index.xml`. */
export function indexNameOf(fileName: string): string {
  return `${stemOf(fileName)}-index.xml`;
}

export { isGzipName } from '../../../../shared/documentLanguage';

/** The folder URL of a sitemap's location (`https://example.com/maps/sitemap.xml` → `https://example.com/maps/`). */
export function folderUrlOf(location: string): string {
  const bare = location.replace(/[?#].*$/, '');
  return bare.slice(0, bare.lastIndexOf('/') + 1);
}

/** The base URL to offer: the location's folder, else the first entry's origin, else nothing. */
export function defaultBaseUrl(location: string | undefined, firstOrigin: string | undefined): string {
  if (location !== undefined && /^https?:\/\/[^/]+\//i.test(location)) return folderUrlOf(location);
  return firstOrigin !== undefined ? `${firstOrigin}/` : '';
}

/** Why a base URL is not usable; undefined when it is (an absolute http(s) URL ending in `/`). */
export function checkBaseUrl(value: string): string | undefined {
  if (!/^https?:\/\/[^/?#\s]+\/\S*$/i.test(value)) return 'An absolute http(s) URL, such as https://www.example.com/sitemaps/';
  if (!value.endsWith('/')) return 'A folder URL: it ends in /';
  return undefined;
}

/** Why a name pattern is not usable; undefined when it is. */
export function checkNamePattern(value: string): string | undefined {
  if (!value.includes('{n}')) return 'The pattern needs {n}, the number of the child (1, 2, …)';
  if (/^[/\\]|(?:^|[/\\])\.\.(?:[/\\]|$)/.test(value)) return 'A name relative to the original’s folder, inside it';
  if (/[\\:*?"<>|]/.test(value.replace(/\{n\}/g, ''))) return 'A file name without \\ : * ? " < > |';
  return undefined;
}

/** A limit typed into a prompt: an integer ≥ 1 (digit group separators allowed), else undefined. */
export function parseCount(value: string): number | undefined {
  const text = value.trim();
  // Separators only between groups of three digits: `1.5` is not 15.
  if (!/^(?:\d+|\d{1,3}(?:[\s,._'](?:\d{3}))+)$/.test(text)) return undefined;
  const n = Number(text.replace(/\D/g, ''));
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/**
 * What a split did, shortest first (a notification shows one line): `2 children, 3 entries: a-1.xml, a-2.xml.
 * The index replaces a.xml in its editor (Undo there reverts the split).` `indexName` undefined: the index replaced
 * the original — in its editor when `inEditor` (saved already or not, by files.autoSave or VS Code for the Web: the
 * words hold either way), on disk otherwise.
 */
export function splitReport(fileName: string, children: readonly { name: string; entries: number }[], indexName: string | undefined, inEditor: boolean): string {
  const entries = children.reduce((sum, c) => sum + c.entries, 0);
  const names = children.length <= 3 ? children.map((c) => c.name).join(', ') : `${children[0].name} … ${children[children.length - 1].name}`;
  const count = `${children.length} ${children.length === 1 ? 'child' : 'children'}, ${entries.toLocaleString('en-US')} ${entries === 1 ? 'entry' : 'entries'}`;
  const index = indexName === undefined
    ? `The index replaces ${fileName}${inEditor ? ' in its editor (Undo there reverts the split)' : ''}.`
    : `The index is ${indexName}.`;
  return `Split: ${count}: ${names}. ${index}`;
}
