/** Keeps one failing handler from taking the server down: errors are logged to the client's console, never thrown back
 * into the protocol layer, where an async rejection would be unhandled and end the process. */
import type { Connection } from 'vscode-languageserver';
import { withCause } from '../../../shared/causes';

export function describe(error: unknown): string {
  return error instanceof Error ? error.stack ?? error.message : String(error);
}

/** Wraps a notification handler (sync or async) so that its failures are logged and swallowed. */
export function guard<P extends unknown[]>(
  connection: Connection,
  name: string,
  handler: (...args: P) => void | Promise<void>,
): (...args: P) => void {
  return (...args: P) => {
    try {
      const result = handler(...args);
      if (result instanceof Promise) result.catch((error: unknown) => logFailure(connection, name, error));
    } catch (error) {
      logFailure(connection, name, error);
    }
  };
}

/**
 * Wraps a request handler (sync or async): a failure is logged and answered with `fallback`, so the client gets a
 * plain empty answer rather than an error, and the server keeps running.
 */
export function guardRequest<P extends unknown[], R>(
  connection: Connection,
  name: string,
  fallback: R,
  handler: (...args: P) => R | Promise<R>,
): (...args: P) => Promise<R> {
  return async (...args: P) => {
    try {
      return await handler(...args);
    } catch (error) {
      logFailure(connection, name, error);
      return fallback;
    }
  };
}

export function logFailure(connection: Connection, name: string, error: unknown): void {
  const text = withCause(`${name} failed`, describe(error), 'colon');
  try {
    connection.console.error(text);
  } catch {
    // No connection to log to: stderr, or the console of a web worker (which has no `process`).
    if (typeof process === 'undefined') console.error(text);
    else process.stderr.write(`${text}\n`);
  }
}
