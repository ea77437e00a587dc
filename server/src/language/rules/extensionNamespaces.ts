/** The namespaces of the extensions search engines document, and `extension-namespace`: a declaration whose URI is a
 * near miss of one (`https://`, `www.`, a trailing slash, another version, a typo) hides every element under it. */
export const IMAGE_NAMESPACE = 'http://www.google.com/schemas/sitemap-image/1.1';
export const VIDEO_NAMESPACE = 'http://www.google.com/schemas/sitemap-video/1.1';
export const NEWS_NAMESPACE = 'http://www.google.com/schemas/sitemap-news/0.9';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

export interface ExtensionNamespace {
  /** What the extension is called, and the prefix its documentation uses. */
  name: 'image' | 'video' | 'news' | 'xhtml';
  uri: string;
}

export const EXTENSION_NAMESPACES: readonly ExtensionNamespace[] = [
  { name: 'image', uri: IMAGE_NAMESPACE },
  { name: 'video', uri: VIDEO_NAMESPACE },
  { name: 'news', uri: NEWS_NAMESPACE },
  { name: 'xhtml', uri: XHTML_NAMESPACE },
];

/** Typos beyond the normalizations below that still read as the same URI. */
const MAX_TYPOS = 2;

/**
 * The URI without what a slip changes and no reader notices: case, scheme, `www.`, trailing slashes, a schema file
 * named after it, the version, `schema` for `schemas`, `images` for `image`.
 */
function normalized(uri: string): string {
  return uri.trim().toLowerCase()
    .replace(/^[a-z]+:\/*/, '')
    .replace(/^www\./, '')
    .replace(/\/[\w.-]*\.xsd$/, '')
    .replace(/\/+$/, '')
    .replace(/\/\d+(\.\d+)*$/, '/#')
    .replace(/\/schema\//, '/schemas/')
    .replace(/sitemap-images\//, 'sitemap-image/');
}

const NORMALIZED = EXTENSION_NAMESPACES.map((namespace) => ({ namespace, key: normalized(namespace.uri) }));

/** The extension namespace `uri` was meant to be, when it is a near miss of one (never the exact URI). */
export function nearMissExtension(uri: string): ExtensionNamespace | undefined {
  if (EXTENSION_NAMESPACES.some((namespace) => namespace.uri === uri)) return undefined;
  const key = normalized(uri);
  if (key === '') return undefined;
  let best: { namespace: ExtensionNamespace; distance: number } | undefined;
  for (const known of NORMALIZED) {
    const distance = editDistance(key, known.key, MAX_TYPOS);
    if (distance <= MAX_TYPOS && (best === undefined || distance < best.distance)) best = { namespace: known.namespace, distance };
  }
  return best?.namespace;
}

const meantByUri = new Map<string, ExtensionNamespace | null>();

/**
 * The extension a namespace URI names, exactly or as a near miss (whose elements are checked as what they were meant
 * to be: `extension-namespace` is reported on the declaration); remembered, as a document binds few URIs.
 */
export function extensionOf(uri: string | undefined): ExtensionNamespace['name'] | undefined {
  if (uri === undefined) return undefined;
  let meant = meantByUri.get(uri);
  if (meant === undefined) {
    meant = EXTENSION_NAMESPACES.find((namespace) => namespace.uri === uri) ?? nearMissExtension(uri) ?? null;
    if (meantByUri.size > 256) meantByUri.clear();
    meantByUri.set(uri, meant);
  }
  return meant?.name;
}

/** The namespace of the extension whose documentation uses `prefix` (`image`, `video`, `news`, `xhtml`). */
export function extensionByPrefix(prefix: string): ExtensionNamespace | undefined {
  return EXTENSION_NAMESPACES.find((namespace) => namespace.name === prefix);
}

/** The message of `extension-namespace` for a declaration that meant `meant`. */
export function extensionNamespaceMessage(meant: ExtensionNamespace): string {
  return `This is not the ${meant.name} extension's namespace, so consumers ignore every element under it: it is "${meant.uri}".`;
}

/** Levenshtein distance of a and b, or anything above `limit` once it is certain to exceed it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let k = 1; k <= b.length; k++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(k - 1) ? 0 : 1;
      current[k] = Math.min(previous[k] + 1, current[k - 1] + 1, previous[k - 1] + cost);
      rowMin = Math.min(rowMin, current[k]);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}
