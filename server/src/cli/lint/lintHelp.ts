/** `sitemap-lint`'s options, exit codes and examples: the table lintArgs.ts parses by and `--help` is written from. */
import { HELP_AND_VERSION, type CommandSpec } from '../io/commandHelp';
import { DEFAULT_SETTINGS } from '../../language/languageService';
import { HTTP_OPTIONS } from '../http/httpOptions';

/** `formats`: the report formats the parser takes. */
export function lintCommand(formats: readonly string[]): CommandSpec {
  return {
    name: 'sitemap-lint',
    summary: 'sitemap-lint: the editor\'s checks on XML sitemaps, sitemap indexes, text sitemaps and robots.txt files (plain or gzip, on disk or at a URL), for CI.',
    operands: '<file | dir | url | ->...',
    options: [
      { name: '--format', arg: formats.join('|'), help: 'The report\'s format: sarif for code scanning.', default: formats[0] },
      { name: '--site-root', arg: 'DIR=URL', repeatable: true, help: 'The folder DIR (from here) is the site at URL: the page rules check its built pages.', default: 'inferred from a CNAME, Hugo\'s baseURL, Jekyll\'s url or MkDocs\' site_url, said in a note' },
      { name: '--allowed-host', arg: 'ORIGIN', repeatable: true, help: 'Another origin the sitemaps may list (sitemap.allowedHosts); for a URL input, an origin whose listed sitemaps are read too.' },
      { name: '--rule', arg: 'ID=SEVERITY', repeatable: true, help: 'A rule\'s severity: error, warning, information, hint or off.', default: 'each rule\'s own (docs/rules.md)' },
      { name: '--user-agent', arg: 'NAME', help: 'The crawler the page rules judge for: its robots.txt group, its <meta name>.', default: `the config's robots.userAgent, else ${DEFAULT_SETTINGS.robots.userAgent}` },
      { name: '--config', arg: 'FILE', help: 'JSON settings: rules, siteRoots, allowedHosts, limits, robots.userAgent, pageSources.' },
      { name: '--max-warnings', arg: 'N', help: 'Exit 1 with more than N warnings.', default: 'no limit' },
      { name: '--max-problems', arg: 'N', help: 'Report at most N problems of each file, chosen as the editor chooses, and one too-many-problems notice; the counts stay exact.', default: 'every problem' },
      { name: '--baseline', arg: 'FILE', help: 'Report only the problems FILE does not record (matched by rule, file and URL or line text), and say how many were suppressed and how many are gone.' },
      { name: '--write-baseline', arg: 'FILE', help: 'Record every problem of this run in FILE (to commit), then report against it.' },
      { name: '--force', help: 'With --write-baseline: replace an existing FILE.' },
      { name: '--quiet', help: 'Report and count errors only.' },
      { name: '--live', help: 'Also ask each listed URL what it answers over HTTP, robots.txt first and politely (4 requests at once, 8 a second per origin): the page rules\' verdicts, page-forbidden, page-unreachable, page-content-type (docs/live.md).' },
      { name: '--live-origin', arg: 'ORIGIN', help: 'With --live: ask each listed path on ORIGIN instead (a preview deployment), its robots.txt included; problems stay on the listed URLs.' },
      { name: '--live-concurrency', arg: 'N', help: 'With --live: requests in flight at once per origin (1 to 256).', default: '4' },
      { name: '--live-rate', arg: 'N', help: 'With --live: requests started per second per origin; 0 for no limit.', default: '8' },
      { name: '--live-cache', arg: 'FILE', help: 'With --live: keep each URL\'s verdict with its ETag/Last-Modified in FILE; a rerun asks conditionally and a 304 reuses the verdict.' },
      { name: '--follow', help: 'Also lint the local files that robots.txt Sitemap: lines and index <loc>s name.' },
      ...HTTP_OPTIONS,
      { name: '--shard', arg: 'I/N', help: 'Lint shard I of N of the inputs (each file\'s by a hash of its path), the cross-file rules left to --merge-summaries; with --live, ask the URLs its files list at its share of the live budget.' },
      { name: '--summary-out', arg: 'FILE', help: 'With --shard: write the shard\'s summary for --merge-summaries.' },
      { name: '--merge-summaries', help: 'The inputs are shards\' summary files: run the cross-file rules over them.' },
      { name: '--partition', arg: 'K/N', help: 'With --merge-summaries: part K of N of the URLs (for a merge split over machines).' },
      ...HELP_AND_VERSION,
    ],
    exitCodes: [
      [0, 'No errors, and no more warnings than --max-warnings.'],
      [1, 'Errors, or more warnings than --max-warnings.'],
      [2, 'Bad usage (the error and the usage line on stderr) or a file or URL that cannot be read (one line on stderr).'],
    ],
    examples: [
      ['sitemap-lint public/', 'Lint every sitemap and robots.txt under public/, the site root inferred where the files say it.'],
      ['sitemap-lint --site-root public=https://www.example.com/ --format sarif public/ > sitemap.sarif', 'Check the pages under public/ too, and write SARIF for GitHub code scanning.'],
      ['sitemap-lint --rule future-lastmod=off --max-warnings 0 https://www.example.com/robots.txt', 'Read the sitemaps robots.txt lists over HTTP (an index\'s children too) and lint them, one rule off, failing on any warning.'],
    ],
    anchor: 'sitemap-lint',
  };
}
