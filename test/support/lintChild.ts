/** `sitemap-lint` (the bundle) run asynchronously as a child process, for tests whose server lives in the test's own
 * process (spawnSync would block it). Test servers' URLs are local ones, so `local-url` is off. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export const LINT_BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');

export interface LintRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface LintChildOptions {
  cwd?: string;
  /** Added to the environment. */
  env?: NodeJS.ProcessEnv;
  /** Sees stderr so far, after each chunk. */
  onStderr?: (stderr: string) => void;
  onChild?: (child: ChildProcess) => void;
}

export function runLint(args: readonly string[], options: LintChildOptions = {}): Promise<LintRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LINT_BIN, '--rule', 'local-url=off', ...args], {
      cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      options.onStderr?.(stderr);
    });
    options.onChild?.(child);
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
