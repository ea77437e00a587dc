/** The web build's `node:path` (build.mjs, webPlatform): the POSIX subset the site parts use, over the pseudo-paths
 * of platform/fsPaths.ts (always absolute, `/` separated). */

export const sep = '/';
export const delimiter = ':';

export function isAbsolute(p: string): boolean {
  return p.startsWith('/');
}

/** `.` and `..` segments resolved, repeated and trailing `/` dropped (a trailing one kept, as Node does). */
export function normalize(p: string): string {
  if (p === '') return '.';
  const absolute = isAbsolute(p);
  const segments: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.length > 0 && segments[segments.length - 1] !== '..') segments.pop();
    else if (!absolute) segments.push('..');
  }
  const joined = segments.join('/');
  const trailing = p.endsWith('/') && joined !== '' ? '/' : '';
  if (absolute) return `/${joined}${trailing}`;
  return joined === '' ? '.' : joined + trailing;
}

export function join(...parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

/** Against `/` when no part is absolute (a web worker has no current directory). */
export function resolve(...parts: string[]): string {
  let resolved = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(resolved); i--) {
    if (parts[i] !== '') resolved = resolved === '' ? parts[i] : `${parts[i]}/${resolved}`;
  }
  const normalized = normalize(`/${resolved}`);
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

export function dirname(p: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return '.';
  return slash === 0 ? '/' : trimmed.slice(0, slash);
}

export function basename(p: string, suffix?: string): string {
  const trimmed = p.replace(/\/+$/, '');
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return suffix !== undefined && base !== suffix && base.endsWith(suffix) ? base.slice(0, -suffix.length) : base;
}

export function extname(p: string): string {
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  return dot <= 0 || base === '..' ? '' : base.slice(dot);
}

/** The way from `from` to `to`, both resolved first. */
export function relative(from: string, to: string): string {
  const fromParts = resolve(from).split('/').filter((s) => s !== '');
  const toParts = resolve(to).split('/').filter((s) => s !== '');
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
}

export const posix = { sep, delimiter, isAbsolute, normalize, join, resolve, dirname, basename, extname, relative };
