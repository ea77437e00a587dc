/** Pure readers of git's NUL-separated output (`rev-parse`, `ls-files -z`, `status --porcelain=v1 -z`, `log -z
 * --name-only`), fed in chunks as the process writes them: no Node API, so the tests feed them strings. Paths are
 * kept relative to the folder read (git's top-level paths with the folder's prefix taken off), with `/`. */

/** Splits a stream of text into NUL-terminated tokens; a token cut between two chunks is joined. */
export class NulTokens {
  private tail = '';

  constructor(private readonly onToken: (token: string) => void) {}

  push(chunk: string): void {
    const parts = chunk.split('\0');
    parts[0] = this.tail + parts[0];
    this.tail = parts.pop() ?? '';
    for (const part of parts) this.onToken(part);
  }

  /** The last token when the output did not end with a NUL. */
  end(): void {
    if (this.tail !== '') this.onToken(this.tail);
    this.tail = '';
  }
}

export interface RepositoryFacts {
  /** The working tree's top level, absolute, as git prints it (symbolic links resolved). */
  topLevel: string;
  /** The folder relative to the top level, with `/` and a trailing `/`; '' at the top level. */
  prefix: string;
  shallow: boolean;
  /** The repository's git directory, absolute (what to watch for HEAD moving). */
  gitDir: string;
}

/** `git rev-parse --show-toplevel --show-prefix --is-shallow-repository --absolute-git-dir`, one answer per line. */
export function parseRevParse(output: string): RepositoryFacts | undefined {
  const lines = output.split('\n');
  if (lines.length < 4 || (lines[2] !== 'true' && lines[2] !== 'false')) return undefined;
  return { topLevel: lines[0], prefix: lines[1], shallow: lines[2] === 'true', gitDir: lines[3] };
}

/** The folder-relative form of a top-level path, or undefined outside the folder. */
export function underPrefix(topPath: string, prefix: string): string | undefined {
  if (prefix === '') return topPath;
  return topPath.startsWith(prefix) ? topPath.slice(prefix.length) : undefined;
}

/** `git ls-files -z --full-name`: the tracked paths under the folder (an unmerged path once). */
export function trackedPathsReader(prefix: string, into: Map<string, number>): NulTokens {
  return new NulTokens((token) => {
    const path = underPrefix(token, prefix);
    if (path !== undefined && path !== '' && !into.has(path)) into.set(path, into.size);
  });
}

/**
 * `git status --porcelain=v1 -z`: every path with a change not committed (modified, added, deleted, unmerged,
 * untracked). A rename or copy entry is followed by its source path, which is skipped.
 */
export function uncommittedPathsReader(prefix: string, into: Set<string>): NulTokens {
  let skipNext = false;
  return new NulTokens((token) => {
    if (skipNext || token.length < 4) {
      skipNext = false;
      return;
    }
    const x = token[0];
    skipNext = x === 'R' || x === 'C';
    const path = underPrefix(token.slice(3), prefix);
    if (path !== undefined) into.add(path);
  });
}
