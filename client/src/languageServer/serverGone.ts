/** Whether a request failed because the language server went away rather than because of the request, by the errors
 * vscode-jsonrpc and vscode-languageclient reject with then. Pure of `vscode`, tested against the library's own. */

/** vscode-jsonrpc's `ErrorCodes.PendingResponseRejected` (the connection was disposed) and `ConnectionInactive`. */
const CONNECTION_ENDED_CODES: readonly number[] = [-32097, -32096];
/** vscode-jsonrpc's `ConnectionError` messages: a request sent on a closed or disposed connection. */
const CONNECTION_ENDED_MESSAGE = /^Connection is (?:closed|disposed)\.?$/;

export const SERVER_STOPPED = 'the language server stopped';

export function isServerGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'number' && CONNECTION_ENDED_CODES.includes(code)) || CONNECTION_ENDED_MESSAGE.test(error.message);
}

/** The error to report for a request that failed: the server's end said plainly, anything else as it is. */
export function explainRequestFailure(error: unknown, doing: string): unknown {
  return isServerGone(error) ? new Error(`${SERVER_STOPPED} ${doing}; nothing was written. Run the command again once it runs (Sitemap: Restart Language Server).`) : error;
}

/** Whether the server has no handler for the request (JSON-RPC's MethodNotFound): an older or another LSP server may
 * lack ours. */
export function isMethodMissing(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === -32601;
}
