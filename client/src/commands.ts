/** The commands every language extension has: Restart Language Server and Show Output (category "Sitemap"). */
import { commands, type ExtensionContext } from 'vscode';
import type { SitemapOutput } from './output';
import type { SitemapServer } from './server';

export const RESTART_SERVER_COMMAND = 'sitemap.restartServer';
export const SHOW_OUTPUT_COMMAND = 'sitemap.showOutput';

export function registerCommands(context: ExtensionContext, server: SitemapServer, output: SitemapOutput): void {
  context.subscriptions.push(
    commands.registerCommand(RESTART_SERVER_COMMAND, () => server.restart()),
    commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show()),
  );
}
