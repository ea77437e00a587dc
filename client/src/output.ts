/** The "Sitemap Studio" log channel: the language client's log and the extension's own lines. Created on first use, so
 * that activating on an `xml` file costs nothing. */
import { window, workspace, type Disposable, type LogOutputChannel, type OutputChannel, type ViewColumn } from 'vscode';
import { withCause } from '../../shared/causes';
import { errorText, LibraryLines, LineCollector, type LogLevel } from './logLines';

export const OUTPUT_CHANNEL_NAME = 'Sitemap Studio';
/** The last lines written, kept for the in-editor tests (the API's `outputLines`). */
const RECENT_LINES = 2_000;

export class SitemapOutput implements Disposable {
  private channel: LogOutputChannel | undefined;
  private library: OutputChannel | undefined;
  private readonly recent: string[] = [];
  /** How many lines were written in all (the first of `recent` is line `written - recent.length`). */
  private written = 0;

  private get log(): LogOutputChannel {
    return (this.channel ??= window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true }));
  }

  /** The channel handed to the language client: its own stamps are replaced by the log channel's. */
  get outputChannel(): OutputChannel {
    return (this.library ??= new LibraryChannel(this.log, (level, message) => this.write(level, message)));
  }

  /** How many lines have been written so far. */
  get lineCount(): number {
    return this.written;
  }

  /** The lines written since the `from`-th (those of the last RECENT_LINES), each as `[level] text`, a message of several lines as several. */
  linesSince(from: number): string[] {
    return this.recent.slice(Math.max(0, from - (this.written - this.recent.length)));
  }

  info(message: string): void {
    this.write('info', message);
  }

  warn(message: string): void {
    this.write('warn', message);
  }

  error(message: string, error?: unknown): void {
    this.write('error', withCause(message, errorText(error), 'colon'));
  }

  /** The effective `sitemap.*` settings (of the workspace; folders may override them). */
  settings(reason: string): void {
    this.info(`Settings (${reason}): ${JSON.stringify(workspace.getConfiguration().get('sitemap'))}`);
  }

  show(): void {
    this.log.show(true);
  }

  private write(level: LogLevel, message: string): void {
    this.log[level](message);
    for (const line of message.split('\n')) this.recent.push(`[${level}] ${line}`);
    this.written += message.split('\n').length;
    if (this.recent.length > RECENT_LINES) this.recent.splice(0, this.recent.length - RECENT_LINES);
  }

  dispose(): void {
    this.channel?.dispose();
    this.channel = undefined;
    this.library = undefined;
  }
}

/** An OutputChannel over the log channel that writes the library's text lines as levelled messages (logLines.ts). */
class LibraryChannel implements OutputChannel {
  private readonly lines = new LineCollector();
  private readonly library = new LibraryLines();

  constructor(private readonly log: LogOutputChannel, private readonly writeLine: (level: LogLevel, message: string) => void) {}

  get name(): string {
    return this.log.name;
  }

  append(value: string): void {
    this.write(this.lines.append(value));
  }

  appendLine(value: string): void {
    this.write(this.lines.appendLine(value));
  }

  replace(value: string): void {
    this.log.replace(value);
  }

  clear(): void {
    this.log.clear();
  }

  show(columnOrPreserveFocus?: ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean') this.log.show(columnOrPreserveFocus);
    else this.log.show(preserveFocus);
  }

  hide(): void {
    this.log.hide();
  }

  dispose(): void {
    // The log channel is SitemapOutput's.
  }

  private write(lines: string[]): void {
    for (const line of lines) {
      const parsed = this.library.next(line);
      if (parsed !== undefined) this.writeLine(parsed.level, parsed.message);
    }
  }
}
