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
