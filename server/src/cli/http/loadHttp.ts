/** The HTTP bundle (node/http/httpBundle.ts), required on first need: undici and the client stay out of every run that
 * reads no URL (docs/performance.md, start-up). Found beside this bundle, as the worker bundles are (lintPool.ts). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as HttpBundle from '../../node/http/httpBundle';

export type Http = typeof HttpBundle;

/** dist/http.js beside the bundle; the compiled module under out/ for the tests that run the sources. */
const CANDIDATES = [path.join(__dirname, 'http.js'), path.join(__dirname, '..', '..', 'node', 'http', 'httpBundle.js')];

let loaded: Http | undefined;

export function loadHttp(): Http {
  if (loaded === undefined) {
    const file = CANDIDATES.find((candidate) => fs.existsSync(candidate));
    if (file === undefined) throw new Error(`the HTTP bundle is missing (looked for ${CANDIDATES.join(', ')})`);
    loaded = require(file) as Http;
  }
  return loaded;
}
