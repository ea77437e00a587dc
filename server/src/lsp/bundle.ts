/**
 * What ships beside the server bundle: dist/server.js sits in dist/ of the extension (or of the repository), so
 * `..` holds package.json and docs/. Read once, on first use; absent files (another packaging) are not an error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The extension's root: `__dirname` is dist/ in the bundle. */
export const BUNDLE_ROOT = path.resolve(__dirname, '..');

let version: string | undefined;

/** The extension's version from its package.json, or `unknown`. */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const json: unknown = JSON.parse(fs.readFileSync(path.join(BUNDLE_ROOT, 'package.json'), 'utf8'));
      const v = (json as { version?: unknown }).version;
      version = typeof v === 'string' ? v : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
