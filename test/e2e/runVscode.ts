/**
 * `npm run test:vscode`: the in-editor suite in a desktop VS Code through @vscode/test-electron. It downloads VS Code
 * (into `.cache/vscode-test/`) where the network allows, or runs the one `VSCODE_EXECUTABLE` names. Desktop VS Code
 * cannot be downloaded on the project's CI machines: there, `npm run test:editor` runs the same suite in code-server.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/e2e → the repository
const RUN = path.join(ROOT, 'test-results', 'vscode');

async function main(): Promise<void> {
  fs.rmSync(RUN, { recursive: true, force: true });
  // A copy of the fixture workspace, so that the tests never modify the committed files.
  const workspace = path.join(RUN, 'example-site');
  fs.cpSync(path.join(ROOT, 'test', 'e2e', 'workspace'), workspace, { recursive: true });

  await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
    cachePath: path.join(ROOT, '.cache', 'vscode-test'),
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'index.js'),
    extensionTestsEnv: { SITEMAP_E2E_GREP: process.env.SITEMAP_E2E_GREP },
    // runTests itself adds --disable-workspace-trust, --skip-welcome, --skip-release-notes and --disable-updates.
    launchArgs: [
      workspace,
      '--disable-extensions', // other installed extensions; the one under development still loads
      `--user-data-dir=${path.join(RUN, 'user-data')}`,
      `--extensions-dir=${path.join(RUN, 'extensions')}`,
    ],
  });
}

main().catch((error: unknown) => {
  console.error(`[test:vscode] ${error instanceof Error ? error.message : String(error)}`);
  if (!process.env.VSCODE_EXECUTABLE) {
    console.error('[test:vscode] if VS Code cannot be downloaded here, set VSCODE_EXECUTABLE or run npm run test:editor (code-server).');
  }
  process.exit(1);
});
