/** The HTTP bundle (httpBundle.ts: the client, reading a sitemap from its URL, the live check), required on first need:
 * undici stays out of every run, and every server, that asks nothing over HTTP (docs/performance.md, start-up). Found
 * beside the bundle that requires it (dist/http.js beside dist/sitemap-lint.js or dist/server.js), as the worker
 * bundles are (lintPool.ts). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as HttpBundle from './httpBundle';

export type Http = typeof HttpBundle;

/**
 * dist/http.js beside the bundle; the compiled module under out/ for the tests that run the sources (written through
 * its folder's parent, as lintPages.ts writes its worker's: shippedWorkers.test.ts takes `join(__dirname, "x.js")` for
 * a bundle the bundle starts).
 */
const CANDIDATES = [path.join(__dirname, 'http.js'), path.join(__dirname, '..', 'http', 'httpBundle.js')];

let loaded: Http | undefined;

export function loadHttp(): Http {
  if (loaded === undefined) {
    const file = CANDIDATES.find((candidate) => fs.existsSync(candidate));
    if (file === undefined) throw new Error(`the HTTP bundle is missing (looked for ${CANDIDATES.join(', ')})`);
    loaded = require(file) as Http;
  }
  return loaded;
}
