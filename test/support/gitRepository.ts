/** Git repositories with a history of fixed dates, made by the tests with the `git` executable (never a shell), the
 * machine's own git configuration left out so that a user's settings (signing, hooks, autocrlf) change nothing. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Paths (with `/`) to their new content; null removes the file. */
export type FileChanges = Record<string, string | null>;

export interface GitRepository {
  dir: string;
  /** Runs git in the repository; its standard output. */
  git(...args: string[]): string;
  /** Writes the changes, stages everything and commits at `date` (ISO 8601), authored at `authored` (default the same). */
  commit(message: string, date: string, changes: FileChanges, authored?: string): string;
  write(changes: FileChanges): void;
}

export const GIT_TEST_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

const IDENTITY = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false'];

/** `input`: what git reads on its standard input (fast-import's stream). */
export function runGit(dir: string, args: readonly string[], env: NodeJS.ProcessEnv = GIT_TEST_ENV, input?: string): string {
  return execFileSync('git', ['-C', dir, ...IDENTITY, ...args], { env, encoding: 'utf8', stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], input });
}

export function writeFiles(dir: string, changes: FileChanges): void {
  for (const [name, content] of Object.entries(changes)) {
    const file = path.join(dir, ...name.split('/'));
    if (content === null) {
      fs.rmSync(file, { force: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** `git init -b main` in `dir` (made if needed). */
export function gitRepository(dir: string): GitRepository {
  fs.mkdirSync(dir, { recursive: true });
  runGit(dir, ['init', '-q', '-b', 'main']);
  const git = (...args: string[]): string => runGit(dir, args);
  return {
    dir,
    git,
    write: (changes) => writeFiles(dir, changes),
    commit(message, date, changes, authored = date) {
      writeFiles(dir, changes);
      runGit(dir, ['add', '-A']);
      const env = { ...GIT_TEST_ENV, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: authored };
      runGit(dir, ['commit', '-q', '--allow-empty', '-m', message], env);
      return git('rev-parse', 'HEAD').trim();
    },
  };
}
