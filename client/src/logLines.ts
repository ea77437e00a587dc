/** vscode-languageclient's log lines without their own stamp (`[Info  - 1:23:45 PM] …`), as levelled messages, so that
 * the log channel, which stamps every line itself, shows one style. Pure, for node:test. */

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  level: LogLevel;
  message: string;
}

const LIBRARY_STAMP = /^\[(Trace|Debug|Info|Warn|Error|LSP)\s*-\s*[^\]]*\]\s?/;

/**
 * Protocol traces (`sitemap.trace.server`) are logged as `info`, so that the setting alone shows them; a line
 * without the library's stamp (a message's details, a stack, the server's stderr) keeps the level of the one before.
 */
const LEVELS: Record<string, LogLevel> = { Trace: 'info', LSP: 'info', Debug: 'debug', Info: 'info', Warn: 'warn', Error: 'error' };

export function parseLibraryLine(line: string, previous: LogLevel): LogLine {
  const stamp = LIBRARY_STAMP.exec(line);
  if (stamp === null) return { level: previous, message: line };
  return { level: LEVELS[stamp[1]], message: line.slice(stamp[0].length) };
}

/**
 * The library's lines one after the other, as levelled messages; undefined for a line that says nothing: the boolean
 * that vscode-languageclient 9 writes under its "Server will restart" line (it passes `!handled` as the message's data,
 * `info(message, !handlerResult.handled)`), which showed as a stray `[info] false` after every crash.
 */
export class LibraryLines {
  private level: LogLevel = 'info';
  private afterStamp = false;

  next(line: string): LogLine | undefined {
    const stamped = LIBRARY_STAMP.test(line);
    const flag = this.afterStamp && (line === 'false' || line === 'true');
    this.afterStamp = stamped;
    if (flag) return undefined;
    const parsed = parseLibraryLine(line, this.level);
    this.level = parsed.level;
    return parsed;
  }
}

/**
 * An error as the log says it: a JSON-RPC error (a numeric `code`: the server's answer, or the connection's end) by its
 * message, since its stack is vscode-jsonrpc's own and says nothing of the failure; any other error with its stack.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return error === undefined ? '' : String(error);
  if (typeof (error as { code?: unknown }).code === 'number') return error.message;
  return error.stack ?? error.message;
}

/** Collects `append`ed text (the server's stderr comes in arbitrary chunks) into whole lines. */
export class LineCollector {
  private pending = '';

  /** The lines `text` completes. */
  append(text: string): string[] {
    const lines = (this.pending + text).split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    return lines;
  }

  /** `text` ends a line: the lines it completes, this one last. */
  appendLine(text: string): string[] {
    return this.append(text + '\n');
  }
}
