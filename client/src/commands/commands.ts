/** The commands every language extension has: Restart Language Server and Show Output (category "Sitemap"). */
import { commands, type ExtensionContext } from 'vscode';
import type { SitemapOutput } from '../output';

export const RESTART_SERVER_COMMAND = 'sitemap.restartServer';
export const SHOW_OUTPUT_COMMAND = 'sitemap.showOutput';

/** What Restart Language Server restarts: server.ts's SitemapServer (whose status bar imports this module, so not the other way round). */
export interface RestartableServer {
  restart(): Promise<void>;
}

export function registerCommands(context: ExtensionContext, server: RestartableServer, output: SitemapOutput): void {
  context.subscriptions.push(
    commands.registerCommand(RESTART_SERVER_COMMAND, () => server.restart()),
    commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show()),
  );
}
