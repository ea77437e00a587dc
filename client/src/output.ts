/**
 * The "Sitemap Studio" output channel: the language client's log (the server's console), and the extension's own
 * lines — start-up, settings, failures. Created on first use, so that activating on an `xml` file costs nothing.
 */
import { window, workspace, type Disposable, type OutputChannel } from 'vscode';

export const OUTPUT_CHANNEL_NAME = 'Sitemap Studio';

export class SitemapOutput implements Disposable {
  private channel: OutputChannel | undefined;

  get outputChannel(): OutputChannel {
    return (this.channel ??= window.createOutputChannel(OUTPUT_CHANNEL_NAME));
  }

  info(message: string): void {
    this.outputChannel.appendLine(`[${timestamp()}] ${message}`);
  }

  error(message: string, error?: unknown): void {
    const reason = error instanceof Error ? error.stack ?? error.message : error === undefined ? '' : String(error);
    this.outputChannel.appendLine(`[${timestamp()}] ERROR ${message}${reason ? `: ${reason}` : ''}`);
  }

  /** The effective `sitemap.*` settings (of the workspace; folders may override them). */
  settings(reason: string): void {
    this.info(`Settings (${reason}): ${JSON.stringify(workspace.getConfiguration().get('sitemap'))}`);
  }

  show(): void {
    this.outputChannel.show(true);
  }

  dispose(): void {
    this.channel?.dispose();
    this.channel = undefined;
  }
}

function timestamp(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 23);
}
