/** Packages the extension as users get it, for the editor runs that install it (test:editor's smoke test, npm start, bench:editor). */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * `vsce package` of the bundles already built in `root`'s dist/ (`npm run package` would rebuild them minified), to
 * `vsix`; returns `vsix`.
 */
export function packageExtension(root: string, vsix: string): string {
  const vsce = path.join(path.dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
  const result = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`vsce package failed:\n${result.stdout}${result.stderr}`);
  return vsix;
}
