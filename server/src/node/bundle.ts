/** What ships beside the bundles: dist/server.js and dist/sitemap-lint.js sit in dist/, so `..` holds package.json and
 * docs/. Read once, on first use; absent files (another packaging) are not an error. */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The extension's root: `__dirname` is dist/ in the bundle. */
export const BUNDLE_ROOT = path.resolve(__dirname, '..');

let manifest: unknown;

/** The extension's package.json, parsed once; `undefined` when absent or unreadable. */
export function packageJson(): unknown {
  if (manifest === undefined) {
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(BUNDLE_ROOT, 'package.json'), 'utf8'));
    } catch {
      manifest = null;
    }
  }
  return manifest ?? undefined;
}

/** The extension's version from its package.json, or `unknown`. */
export function packageVersion(): string {
  const v = (packageJson() as { version?: unknown } | undefined)?.version;
  return typeof v === 'string' ? v : 'unknown';
}
