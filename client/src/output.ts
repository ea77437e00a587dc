/** The "Sitemap Studio" log channel: the language client's log and the extension's own lines. Created on first use, so
 * that activating on an `xml` file costs nothing. */
import { window, workspace, type Disposable, type LogOutputChannel, type OutputChannel, type ViewColumn } from 'vscode';
import { LineCollector, parseLibraryLine, type LogLevel } from './logLines';

export const OUTPUT_CHANNEL_NAME = 'Sitemap Studio';

export class SitemapOutput implements Disposable {
  private channel: LogOutputChannel | undefined;
  private library: OutputChannel | undefined;

  private get log(): LogOutputChannel {
    return (this.channel ??= window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true }));
  }

  /** The channel handed to the language client: its own stamps are replaced by the log channel's. */
  get outputChannel(): OutputChannel {
    return (this.library ??= new LibraryChannel(this.log));
  }

  info(message: string): void {
    this.log.info(message);
  }

  error(message: string, error?: unknown): void {
    const reason = error instanceof Error ? error.stack ?? error.message : error === undefined ? '' : String(error);
    this.log.error(`${message}${reason ? `: ${reason}` : ''}`);
  }

  /** The effective `sitemap.*` settings (of the workspace; folders may override them). */
  settings(reason: string): void {
    this.info(`Settings (${reason}): ${JSON.stringify(workspace.getConfiguration().get('sitemap'))}`);
  }

  show(): void {
    this.log.show(true);
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
  private level: LogLevel = 'info';

  constructor(private readonly log: LogOutputChannel) {}

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
      const { level, message } = parseLibraryLine(line, this.level);
      this.level = level;
      this.log[level](message);
    }
  }
}
