// Type-checks (tsc also emits out/ for the tests) and bundles client and server with esbuild.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// A clean out/: a test file deleted or renamed in the sources must not keep running from a stale compiled copy.
rmSync('out', { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { stdio: 'inherit' });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/cli/split/sitemapSplit.ts'], outfile: 'dist/sitemap-split.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['server/src/cli/lint/sitemapLint.ts'], outfile: 'dist/sitemap-lint.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['server/src/cli/lint/checkSiteChild.ts'], outfile: 'dist/check-site.js' }),
  // sitemap-lint's worker threads (lintPool.ts), found beside the bundle at run time.
  build({ ...common, entryPoints: ['server/src/cli/lint/lintWorker.ts'], outfile: 'dist/lintWorker.js' }),
]);
chmodSync('dist/sitemap-split.js', 0o755);
chmodSync('dist/sitemap-lint.js', 0o755);
if (watch) console.log('watch mode is not supported; rerun npm run build');
