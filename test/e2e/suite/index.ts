/**
 * The in-editor suite's runner: the module `--extensionTestsPath` points at. VS Code calls `run()` inside the
 * extension host once the extension under development is loaded; the promise decides the exit code. Both launchers
 * (runVscode.ts for desktop VS Code, runEditor.ts for code-server) use it unchanged.
 *
 * Environment (both optional, set by runEditor.ts):
 * - `SITEMAP_E2E_LOG_TAG`: prefix every reporter line with it, so the driver can pick them out of the extension
 *   host's log (which arrives there with printf arguments unformatted).
 * - `SITEMAP_E2E_RESULTS`: write `{ passes, failures, pending }` to this JSON file when the run ends.
 * - `SITEMAP_E2E_GREP`: run only the tests whose full title matches this regular expression.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';

// mocha 12's main entry is an ES module; its CommonJS build loads in any extension host, whatever its Node version.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Mocha: typeof import('mocha') = require('mocha/lib/mocha.cjs');

export function run(): Promise<void> {
  const tag = process.env.SITEMAP_E2E_LOG_TAG;
  if (tag) {
    Mocha.reporters.Base.consoleLog = (...args: unknown[]) => {
      for (const line of util.format(...args).split('\n')) console.log(tag + line);
    };
  }
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000, slow: 5_000 });
  if (process.env.SITEMAP_E2E_GREP) mocha.grep(new RegExp(process.env.SITEMAP_E2E_GREP));
  for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }

  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0, pending = 0, tests = 0 } = runner.stats ?? {};
      const results = process.env.SITEMAP_E2E_RESULTS;
      if (results) fs.writeFileSync(results, JSON.stringify({ passes, failures, pending }) + '\n');
      if (failures > 0) reject(new Error(`${failures} of ${tests} in-editor tests failed`));
      else if (passes === 0) reject(new Error('no in-editor test ran'));
      else resolve();
    });
  });
}
