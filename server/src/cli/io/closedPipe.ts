/** `sitemap-lint … | head` may close standard output early: the reader's choice, not a failure, so stop writing and
 * exit with the code already decided instead of an unhandled EPIPE's stack. */
export function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
