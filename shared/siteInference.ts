/** Site roots inferred where the files say them and nobody set one (docs/settings.md, "Where a sitemap lives"): a
 * `CNAME` (GitHub Pages: its folder is `https://<host>/`), Hugo's `baseURL` (`publishDir`, default `public`), Jekyll's
 * `url` + `baseurl` (`destination`, default `_site`), MkDocs' `site_url` (`site_dir`, default `site`). Pure: the caller
 * reads the files (`read`, paths relative to the top folder with `/`); only the few keys needed are parsed, without a
 * TOML or YAML library. Sources that disagree on a folder give it no root, and say so. */
import { normalizeRelativePath, normalizeSiteRootUrl } from './location';
import { parseWebUrl } from './webUrl';

/** The files looked for in a folder, in this order: CNAME, then the generators' configs. */
export const ROOT_EVIDENCE_FILES: readonly string[] = [
  'CNAME', 'hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json',
  'config/_default/hugo.toml', 'config/_default/config.toml', '_config.yml', '_config.yaml', 'mkdocs.yml', 'mkdocs.yaml',
];

/** A config or CNAME is small; one past this is not read whole, and its keys may be missed. */
export const MAX_EVIDENCE_BYTES = 256 * 1024;

/** A folder (relative to the top, `''` for it) said to be served at a root URL, and by what. */
export interface RootClaim {
  folder: string;
  url: string;
  source: string;
}

export interface InferredRoot {
  folder: string;
  url: string;
  /** What said so (`hugo.toml's baseURL`, `docs/CNAME`), agreeing. */
  sources: string[];
}

export interface SiteInference {
  roots: InferredRoot[];
  /** Folders whose sources disagree: no root for them. */
  conflicts: Array<{ folder: string; claims: RootClaim[] }>;
}

/**
 * The roots the files say, looking in `folders` (relative to the top: the top itself, `docs`, the folders named and
 * those between them and the top): a CNAME claims its own folder, a generator's config its output folder.
 */
export function inferSiteRoots(folders: readonly string[], read: (relativePath: string) => string | undefined): SiteInference {
  const claims: RootClaim[] = [];
  for (const folder of new Set(folders)) {
    for (const name of ROOT_EVIDENCE_FILES) {
      const file = folder === '' ? name : `${folder}/${name}`;
      const text = read(file);
      const claim = text === undefined ? undefined : claimOf(name, text);
      if (claim === undefined) continue;
      const output = normalizeRelativePath(folder === '' ? claim.output : `${folder}/${claim.output}`);
      if (output !== undefined) claims.push({ folder: output, url: claim.url, source: claim.key === '' ? file : `${file}'s ${claim.key}` });
    }
  }
  return decide(claims);
}

/** The folders the top, `docs/` and each named folder (relative, `/`) and every folder between it and the top. */
export function evidenceFolders(named: readonly string[]): string[] {
  const folders = ['', 'docs'];
  for (const start of named) {
    for (let folder = normalizeRelativePath(start); folder !== undefined && folder !== ''; folder = parentOf(folder)) folders.push(folder);
  }
  return [...new Set(folders)];
}

/** `public/ = https://example.com/ (from hugo.toml's baseURL)`, for a note. */
export function inferredRootNote(root: InferredRoot, shown: (folder: string) => string): string {
  return `${shown(root.folder)} = ${root.url} (inferred from ${root.sources.join(' and ')}; a site root set explicitly wins)`;
}

export function conflictNote(conflict: SiteInference['conflicts'][number], shown: (folder: string) => string, hint: string): string {
  const says = conflict.claims.map((c) => `${c.source} says ${c.url}`).join(', ');
  return `${shown(conflict.folder)}: ${says}: they disagree, so no site root is inferred for it (${hint})`;
}

function decide(claims: readonly RootClaim[]): SiteInference {
  const byFolder = new Map<string, RootClaim[]>();
  for (const claim of claims) byFolder.set(claim.folder, [...(byFolder.get(claim.folder) ?? []), claim]);
  const result: SiteInference = { roots: [], conflicts: [] };
  for (const [folder, said] of byFolder) {
    if (new Set(said.map((c) => c.url)).size === 1) result.roots.push({ folder, url: said[0]!.url, sources: said.map((c) => c.source) });
    else result.conflicts.push({ folder, claims: said });
  }
  return oneFolderPerUrl(result, claims);
}

/**
 * One folder is served at a URL. A generator's output wins over a CNAME elsewhere (Hugo's `static/CNAME`, a CNAME at
 * the project's top for GitHub Pages: they name the host, the output is what is served), and says so among its
 * sources; of the folders left, one inside another gives way to it (the deeper is the built one); folders apart from
 * each other claiming one URL disagree: none is used.
 */
function oneFolderPerUrl(inference: SiteInference, claims: readonly RootClaim[]): SiteInference {
  const roots: InferredRoot[] = [];
  const conflicts = [...inference.conflicts];
  const byUrl = new Map<string, InferredRoot[]>();
  for (const root of inference.roots) byUrl.set(root.url, [...(byUrl.get(root.url) ?? []), root]);
  for (const same of byUrl.values()) {
    const fromGenerator = (root: InferredRoot) => claims.some((c) => c.folder === root.folder && c.url === root.url && !isCnameSource(c.source));
    const outputs = same.some(fromGenerator) ? same.filter(fromGenerator) : same;
    const kept = outputs.filter((root) => !outputs.some((other) => other !== root && isInsideFolder(other.folder, root.folder)));
    const agreeing = same.filter((root) => !kept.includes(root)).flatMap((root) => root.sources);
    if (kept.length === 1) roots.push({ ...kept[0]!, sources: [...kept[0]!.sources, ...agreeing] });
    else for (const root of kept) conflicts.push({ folder: root.folder, claims: claims.filter((c) => c.url === root.url && kept.some((k) => k.folder === c.folder)) });
  }
  return { roots, conflicts };
}

function isCnameSource(source: string): boolean {
  return source === 'CNAME' || source.endsWith('/CNAME');
}

/** Whether `inner` lies inside `outer` (folders relative to the top, `''` for it). */
function isInsideFolder(inner: string, outer: string): boolean {
  return inner !== outer && (outer === '' || inner.startsWith(`${outer}/`));
}

interface Claim {
  /** The output folder, relative to the file's folder. */
  output: string;
  url: string;
  /** The key read (`baseURL`), `''` for a CNAME. */
  key: string;
}

function claimOf(name: string, text: string): Claim | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  // Outputs are relative to the project folder, where the file was looked for (config/_default/ too).
  const project = '.';
  if (base === 'CNAME') return cnameClaim(text);
  if (base.startsWith('_config.')) return jekyllClaim(topLevelKeys(base, text), project);
  if (base.startsWith('mkdocs.')) return mkdocsClaim(topLevelKeys(base, text), project);
  return hugoClaim(topLevelKeys(base, text), project);
}

/** GitHub Pages: the first line is the custom domain, served over HTTPS at the folder's root. */
function cnameClaim(text: string): Claim | undefined {
  const host = text.split(/\r?\n/, 1)[0]!.trim().toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.')) return undefined;
  const url = siteUrl(`https://${host}/`);
  return url === undefined ? undefined : { output: '.', url, key: '' };
}

function hugoClaim(keys: ReadonlyMap<string, string>, project: string): Claim | undefined {
  const url = siteUrl(keys.get('baseurl'));
  return url === undefined ? undefined : { output: `${project}/${keys.get('publishdir') ?? 'public'}`, url, key: 'baseURL' };
}

function jekyllClaim(keys: ReadonlyMap<string, string>, project: string): Claim | undefined {
  const origin = keys.get('url');
  if (origin === undefined) return undefined;
  const baseurl = (keys.get('baseurl') ?? '').replace(/^\/*/, '').replace(/\/*$/, '');
  const url = siteUrl(`${origin.replace(/\/*$/, '')}/${baseurl === '' ? '' : `${baseurl}/`}`);
  return url === undefined ? undefined : { output: `${project}/${keys.get('destination') ?? '_site'}`, url, key: keys.has('baseurl') ? 'url and baseurl' : 'url' };
}

function mkdocsClaim(keys: ReadonlyMap<string, string>, project: string): Claim | undefined {
  const url = siteUrl(keys.get('site_url'));
  return url === undefined ? undefined : { output: `${project}/${keys.get('site_dir') ?? 'site'}`, url, key: 'site_url' };
}

/** An absolute http(s) URL with a host, normalised as `sitemap.siteRoots`' are; else undefined. */
function siteUrl(value: string | undefined): string | undefined {
  if (value === undefined || parseWebUrl(value) === undefined) return undefined;
  return normalizeSiteRootUrl(value)?.href;
}

/** The top-level string keys of a TOML, YAML or JSON file, keys lower-cased (Hugo's are case-insensitive). */
export function topLevelKeys(name: string, text: string): Map<string, string> {
  const keys = new Map<string, string>();
  if (name.endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return keys;
    }
    if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
      for (const [key, value] of Object.entries(json)) if (typeof value === 'string') keys.set(key.toLowerCase(), value);
    }
    return keys;
  }
  const toml = name.endsWith('.toml');
  for (const line of text.split(/\r?\n/)) {
    if (toml && /^\s*\[/.test(line)) break; // the first table ends the top level
    const match = toml ? /^\s*"?([A-Za-z0-9_-]+)"?\s*=\s*(.*)$/.exec(line) : /^([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(line);
    if (match === null) continue;
    const value = scalar(match[2]!, toml);
    const key = match[1]!.toLowerCase();
    if (value !== undefined && !keys.has(key)) keys.set(key, value);
  }
  return keys;
}

/** A quoted or (YAML) plain scalar, its comment dropped; undefined for anything else (a table, a list, a block). */
function scalar(raw: string, toml: boolean): string | undefined {
  const text = raw.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"|^'([^']*)'/.exec(text);
  if (quoted !== null) return quoted[1] !== undefined ? quoted[1].replace(/\\(.)/g, '$1') : quoted[2];
  if (toml || text === '' || /^[|>[{&*!]/.test(text)) return undefined;
  return text.replace(/\s+#.*$/, '').trim() || undefined;
}

function parentOf(folder: string): string {
  const slash = folder.lastIndexOf('/');
  return slash < 0 ? '' : folder.slice(0, slash);
}
