/** Peak memory for the benchmarks: under `SITEMAP_SPLIT_REPORT_RSS=1` or `SITEMAP_LINT_REPORT_RSS=1` a tool prints its
 * `process.resourceUsage().maxRSS` as one line on stderr before it exits. */
export function reportMaxRss(tool: 'sitemap-split' | 'sitemap-lint' | 'sitemap-diff'): void {
  const variable = `${tool.replace('-', '_').toUpperCase()}_REPORT_RSS`;
  if (process.env[variable] === '1') process.stderr.write(`${tool}: maxRSS ${process.resourceUsage().maxRSS} kB\n`);
}
