/**
 * `npm test`'s last step: Node's test runner over the compiled tests, two files at a time, in an environment without
 * NODE_EXTRA_CA_CERTS. When that variable is set (Debian's and CI images' ca-certificates.crt, 220 KB), every Node
 * process parses the file as it starts, 0.05–0.07 CPU-s each on this machine; `npm test` starts some 700 Node processes
 * (test files, language servers, the command-line tools as children) and none of them opens a TLS connection (the tests
 * use no network), so they are spared it (docs/performance.md, "npm test"). A script rather than `VAR= node …` in
 * package.json so that it works in every shell, Windows' included. Options (`--name=value`) go to the runner, and files
 * or folders given replace the default ones: `npm test -- --test-name-pattern=robots out/test/lsp/`.
 *
 * Two files at a time on two cores: three filled the cores' idle gaps under load but, side by side at load 2–3.5,
 * took longer (226 against 210 s) and more CPU (about 400 against 366 CPU-s) than two (docs/performance.md).
 */
import { spawn } from 'node:child_process';

const FILES = ['out/test/suites/', 'out/test/lsp/', 'out/test/cli/', 'out/test/e2e/debianPackages.test.js'];

/** The environment less NODE_EXTRA_CA_CERTS, however spelled (Windows' variable names ignore case). */
function testEnvironment() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.toUpperCase() === 'NODE_EXTRA_CA_CERTS') delete env[name];
  return env;
}

const given = process.argv.slice(2);
const options = given.filter((arg) => arg.startsWith('-'));
const files = given.filter((arg) => !arg.startsWith('-'));
const runner = spawn(process.execPath, ['--test', '--test-concurrency=2', '--test-reporter=spec', ...options, ...(files.length > 0 ? files : FILES)],
  { stdio: 'inherit', env: testEnvironment() });
// The runner gets the terminal's Ctrl+C itself; a signal sent to this process alone is passed on, and this one waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => runner.kill(signal));
runner.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exitCode = code ?? 1;
});
