/**
 * Which Debian packages the editor runs need, which of them dpkg says are missing, and the apt-get commands that install
 * exactly those and nothing else: pure (no process, no file), so that test/e2e/debianPackages.test.ts holds the decision
 * to a made-up dpkg-query answer. install.ts asks dpkg-query, says what it will install and why, and runs the commands.
 */

export interface DebianPackage {
  name: string;
  /** Why the run needs it, as said before anything is installed. */
  why: string;
}

/** A program and its fixed argument array (never a shell). */
export type Command = [program: string, args: string[]];

/** Debian's Chromium: the browser that `npm run test:editor` and `npm run bench:editor` drive. `npm start` needs none. */
export const BROWSER_PACKAGES: readonly DebianPackage[] = [
  { name: 'chromium', why: 'the browser the in-editor tests drive, headless' },
];

/** What installing code-server into `.cache/` needs; once code-server is there, nothing. */
export const CODE_SERVER_INSTALL_PACKAGES: readonly DebianPackage[] = [
  { name: 'ripgrep', why: "code-server's search binary, copied from Debian's rather than downloaded while code-server installs" },
  { name: 'libkrb5-dev', why: "the Kerberos headers code-server's native module `kerberos` compiles against while code-server installs" },
];

/** What `npm run bench`'s live check compares itself with (test/bench/liveBench.ts). */
export const LIVE_BENCH_PACKAGES: readonly DebianPackage[] = [
  { name: 'linkchecker', why: "the link checker the live check's bench compares with (`linkchecker --stdin`)" },
];

/**
 * The environment variable that says whether to run apt-get: `ask` (the default on a terminal), `yes` (the default
 * elsewhere, as in CI: the statement is printed, then apt-get runs) or `no` (never: the command to run is printed and
 * the run stops).
 */
export const APT_CONSENT_VARIABLE = 'SITEMAP_APT_INSTALL';

export type AptConsent = 'ask' | 'yes' | 'no';

/** dpkg-query's arguments: one `name<TAB>status` line per package it knows, whatever its state. */
export function dpkgQueryArgs(names: readonly string[]): string[] {
  return ['--show', '--showformat=${Package}\\t${db:Status-Status}\\n', ...names];
}

/**
 * The packages dpkg-query's answer (see dpkgQueryArgs) says are installed. A package dpkg never heard of is missing from
 * the answer (dpkg-query then exits 1, which is no failure here); one removed but not purged says `config-files`, one
 * half installed `half-configured` or `unpacked`: none of them is installed.
 */
export function installedPackages(answer: string): Set<string> {
  const installed = new Set<string>();
  for (const line of answer.split('\n')) {
    const [name, status] = line.trim().split('\t');
    if (name && status === 'installed') installed.add(name);
  }
  return installed;
}

export function missingPackages(wanted: readonly DebianPackage[], dpkgAnswer: string): DebianPackage[] {
  const installed = installedPackages(dpkgAnswer);
  const seen = new Set<string>();
  return wanted.filter((p) => !installed.has(p.name) && !seen.has(p.name) && seen.add(p.name));
}

/**
 * The commands that install `missing` and nothing else: `--no-upgrade` leaves a named package already installed as it
 * is, `--no-install-recommends` adds no package that is merely recommended, and no other package is named, so apt
 * upgrades another package only where a new one requires a newer version of it (apt lists those before it proceeds).
 * `interactive`: apt-get itself asks before it installs more than the named packages (no `-y`). None when nothing is
 * missing: apt is not run at all, not even `apt-get update`.
 */
export function aptCommands(missing: readonly DebianPackage[], interactive: boolean): Command[] {
  if (missing.length === 0) return [];
  const names = missing.map((p) => p.name);
  return [
    ['apt-get', ['-q', 'update']],
    ['apt-get', ['-q', 'install', ...(interactive ? [] : ['-y']), '--no-upgrade', '--no-install-recommends', ...names]],
  ];
}

/** What the environment variable says, else ask on a terminal and proceed elsewhere. An unknown value is an error. */
export function aptConsent(value: string | undefined, terminal: boolean): AptConsent {
  if (value === undefined || value === '') return terminal ? 'ask' : 'yes';
  const normalized = value.trim().toLowerCase();
  if (normalized === 'ask' || normalized === 'yes' || normalized === 'no') return normalized;
  throw new Error(`${APT_CONSENT_VARIABLE} must be ask, yes or no, not ${JSON.stringify(value)}`);
}

/** The lines printed before apt-get runs (or instead of it): what, why, and how. */
export function aptStatement(missing: readonly DebianPackage[], commands: readonly Command[]): string[] {
  return [
    `missing Debian package${missing.length === 1 ? '' : 's'}, installed with apt-get as root (no other package is upgraded unless a new one requires it):`,
    ...missing.map((p) => `  ${p.name}: ${p.why}`),
    ...commands.map(([program, args]) => `  $ ${program} ${args.join(' ')}`),
    `(${APT_CONSENT_VARIABLE}=no never runs apt-get; =yes runs it without asking)`,
  ];
}
