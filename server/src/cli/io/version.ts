/** Every bin's `--version`: the package's version, which esbuild inlines from package.json at build time. */
import { version } from '../../../../package.json';

export const VERSION: string = version;

/** `--version` before any `--` answers alone, whatever else the command line says (as git, eslint and prettier do). */
export function asksVersion(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--version');
}
