/** The client side of `out-of-scope`'s "Allow <origin> in sitemap.allowedHosts": the setting updated where it is in
 * force (allowedHostsUpdate.ts plans it); the server re-validates on the change. */
import { commands, ConfigurationTarget, Uri, window, workspace, type ExtensionContext } from 'vscode';
import { planAllowedHostsUpdate, type SettingsTarget } from './allowedHostsUpdate';
import { ALLOW_HOST_COMMAND } from '../../../shared/protocol';

const TARGETS: Record<SettingsTarget, ConfigurationTarget> = {
  workspaceFolder: ConfigurationTarget.WorkspaceFolder, workspace: ConfigurationTarget.Workspace, global: ConfigurationTarget.Global,
};

const WHERE: Record<SettingsTarget, string> = { workspaceFolder: 'folder settings', workspace: 'workspace settings', global: 'user settings' };

export function registerAllowHostCommand(context: ExtensionContext): void {
  context.subscriptions.push(commands.registerCommand(ALLOW_HOST_COMMAND, async (uri: unknown, origin: unknown) => {
    if (typeof uri !== 'string' || typeof origin !== 'string') return;
    const configuration = workspace.getConfiguration('sitemap', Uri.parse(uri));
    const plan = planAllowedHostsUpdate(configuration.inspect('allowedHosts') ?? {}, origin, workspace.workspaceFolders !== undefined);
    if (plan.status === 'allowed') {
      void window.showInformationMessage(`${origin} is already in sitemap.allowedHosts.`);
      return;
    }
    await configuration.update('allowedHosts', plan.value, TARGETS[plan.target]);
    void window.showInformationMessage(`Added ${origin} to sitemap.allowedHosts (${WHERE[plan.target]}).`);
  }));
}
