// Type-checks (tsc also emits out/ for the tests) and bundles client and server with esbuild.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// tsc is incremental (its state in .cache/tsc/, beside the type-check's: package.json's typecheck): a build after a
// small change checks what the change can affect, not all 600 files again. out/ is kept, without what a source no
// longer makes: a test file deleted or renamed in the sources must not keep running from a stale compiled copy.
const TSC_STATE = '.cache/tsc/out.tsbuildinfo';
if (pruneOut()) rmSync(TSC_STATE, { force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.', '--incremental', '--tsBuildInfoFile', TSC_STATE], { stdio: 'inherit' });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  metafile: true,
};

const web = { platform: 'browser', target: 'es2022', define: { 'process.env.SITEMAP_VALIDATION_COST_MS': 'undefined', 'process.env.SITEMAP_MAX_VALIDATION_DELAY_MS': 'undefined' } };

/** The few modules of the Node server that wrap Node itself, replaced in the web build by their counterparts in
 * server/src/browser/platform/ (same exports, no Node): the `browser` field's module swap, named here. */
const webPlatform = {
  name: 'web-platform',
  setup(builder) {
    const swapped = ['lsp/documents/fsPaths', 'lsp/features/ruleDocs', 'lsp/timingLog', 'lsp/site/sitePages', 'node/files', 'lsp/site/siteScan'];
    // node:path for the site parts, over the web workspace's pseudo-paths (POSIX): a subset of its own, no dependency.
    builder.onResolve({ filter: /^(node:)?path$/ }, () => ({ path: path.resolve('server/src/browser/platform/path.ts') }));
    builder.onResolve({ filter: /\/(fsPaths|ruleDocs|timingLog|sitePages|files|siteScan)$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path);
      const module = swapped.find((name) => resolved.endsWith(path.join('server', 'src', name)));
      return module === undefined ? undefined : { path: path.resolve('server/src/browser/platform', `${path.basename(module)}.ts`) };
    });
  },
};

/** undici asks for node:sqlite only for its SQLite cache store (unused here), which Node 20 lacks: the bundle gets a
 * module that fails as Node 20's require does (undici's feature test then says no), never a require of a builtin Node
 * 20 does not have (test/boundaries/bundleRequires.test.ts). */
const noSqlite = {
  name: 'no-sqlite',
  setup(builder) {
    builder.onResolve({ filter: /^node:sqlite$/ }, () => ({ path: 'node:sqlite', namespace: 'absent-builtin' }));
    builder.onLoad({ filter: /.*/, namespace: 'absent-builtin' }, () => ({
      contents: 'throw Object.assign(new Error("node:sqlite is not in this bundle"), { code: "ERR_UNKNOWN_BUILTIN_MODULE" });',
    }));
  },
};

const results = await Promise.all([
  // jsonc-parser's `main` is a UMD module whose require esbuild cannot follow (it would be left to fail at run time):
  // its ES modules instead, as the web build (platform 'browser') takes them by itself.
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'], alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' } }),
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/cli/split/sitemapSplit.ts'], outfile: 'dist/sitemap-split.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['server/src/cli/lint/sitemapLint.ts'], outfile: 'dist/sitemap-lint.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['server/src/cli/diff/sitemapDiff.ts'], outfile: 'dist/sitemap-diff.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['server/src/cli/lint/checkSiteChild.ts'], outfile: 'dist/check-site.js' }),
  // Worker threads, each found beside the bundle that starts it, each a bundle of its own so that a thread loads only
  // its job's code: sitemap-lint's (lintPool.ts), its page read-ahead (pageHeadPool.ts) and the server's site worker.
  build({ ...common, entryPoints: ['server/src/cli/lint/lintWorker.ts'], outfile: 'dist/lintWorker.js' }),
  build({ ...common, entryPoints: ['server/src/node/builtSite/pageHeadWorker.ts'], outfile: 'dist/pageHeadWorker.js' }),
  build({ ...common, entryPoints: ['server/src/node/siteWorkerMain.ts'], outfile: 'dist/siteWorkerMain.js' }),
  // The HTTP client (undici), what reads sitemaps from URLs and the live check: required by sitemap-lint, sitemap-diff
  // and the language server only when they ask something over HTTP (node/http/loadHttp.ts), found beside them as the
  // workers are, so that a run on files never loads it.
  build({ ...common, entryPoints: ['server/src/node/http/httpBundle.ts'], outfile: 'dist/http.js', plugins: [noSqlite] }),
  // The GitHub Action (action.yml): sitemap-lint's and sitemap-diff's engines in one bundle, released on the v1 branch (.ci/release-action.sh).
  build({ ...common, entryPoints: ['server/src/cli/action/sitemapAction.ts'], outfile: 'dist/action.js' }),
  // The web build (package.json's `browser`): the language server in a web worker, which fails to build on any Node
  // builtin (platform 'browser' resolves none), and the client for VS Code's web worker extension host.
  build({ ...common, ...web, entryPoints: ['server/src/browser/browserServer.ts'], outfile: 'dist/web/server.js', format: 'iife', plugins: [webPlatform] }),
  // The page rules (htmlparser2 with them), which the web worker loads when a site root holds pages (serverScripts.ts
  // runs it and reads the global it names).
  build({ ...common, ...web, entryPoints: ['server/src/browser/pageRulesEngine.ts'], outfile: 'dist/web/pageRules.js', format: 'iife', globalName: 'sitemapStudio_pageRules', plugins: [webPlatform] }),
  build({ ...common, ...web, entryPoints: ['client/src/browser/extension.ts'], outfile: 'dist/web/client.js', external: ['vscode'] }),
]);
writeFileSync('dist/THIRD-PARTY-NOTICES.md', thirdPartyNotices(results));
// What the web bundles are made of, for the test that no Node builtin got into them (out/ is not shipped).
for (const name of ['server', 'pageRules', 'client']) {
  const { metafile } = results.find((result) => `dist/web/${name}.js` in result.metafile.outputs);
  writeFileSync(`out/web-${name}.meta.json`, JSON.stringify(metafile));
}
chmodSync('dist/sitemap-split.js', 0o755);
chmodSync('dist/sitemap-lint.js', 0o755);
chmodSync('dist/sitemap-diff.js', 0o755);
if (watch) console.log('watch mode is not supported; rerun npm run build');

/** The npm packages bundled into dist/, each with its licence text: MIT and BSD ask for their notice to ship with the code. */
function thirdPartyNotices(results) {
  const roots = new Set();
  for (const { metafile } of results) {
    for (const input of Object.keys(metafile.inputs)) {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) roots.add(match[1]);
    }
  }
  const sections = new Map();
  for (const root of roots) {
    const { name, version, license } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const file = readdirSync(root).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = file === undefined ? `(no licence file in the package; package.json says ${license})` : readFileSync(path.join(root, file), 'utf8').trim();
    sections.set(`${name} ${version}`, `## ${name} ${version} (${license})\n\n\`\`\`\n${text}\n\`\`\`\n`);
  }
  return `# Third-party notices\n\nThe bundles in this folder include these npm packages.\n\n${[...sections.keys()].sort().map((key) => sections.get(key)).join('\n')}`;
}

/** The sources tsc compiles into out/ (tsconfig.json's include, less its exclude), as paths relative to the root. */
function compiledSources() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (file !== path.join('test', 'fixtures')) walk(file);
      } else if (file.endsWith('.ts') && !file.endsWith('.d.ts')) found.push(file);
    }
  };
  for (const dir of ['client/src', 'server/src', 'shared', 'test']) walk(dir);
  return found;
}

/**
 * Deletes what tsc compiled from a source that is gone (its .js and .js.map); true when tsc's incremental state cannot
 * be trusted to emit everything: out/ lacks the compiled copy of a source (a fresh clone, out/ deleted by hand).
 */
function pruneOut() {
  const sources = compiledSources();
  const expected = new Set(sources.flatMap((file) => [`${file.slice(0, -3)}.js`, `${file.slice(0, -3)}.js.map`]));
  const walk = (dir) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.js(\.map)?$/.test(file) && !expected.has(path.relative('out', file))) rmSync(file);
    }
  };
  walk('out');
  return sources.some((file) => !existsSync(path.join('out', `${file.slice(0, -3)}.js`)));
}
