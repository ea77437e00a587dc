/**
 * `sitemap-lint … | head`: the reader may close standard output before everything is written. That is the reader's
 * choice, not a failure: stop writing and exit with the code already decided, instead of an unhandled EPIPE's stack.
 */
export function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
