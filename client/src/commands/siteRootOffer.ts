/** The offer to set `sitemap.siteRoots` when the server finds a folder of built pages whose root URL the files name
 * (`sitemap/siteRootFound`): "Use public/ as the site root for https://example.com/?", written where the user picks;
 * "Not for This Folder" is remembered for the workspace. siteRootPlan.ts decides whether and where. */
import { ConfigurationTarget, Uri, window, workspace, type ExtensionContext } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { SITE_ROOT_FOUND_NOTIFICATION, type SiteRootFoundParams } from '../../../shared/protocol';
import type { SettingsTarget } from './allowedHostsUpdate';
import { planSiteRoot } from './siteRootPlan';

const DECLINED_KEY = 'sitemap.siteRootOffer.declined';
const NEVER = 'Not for This Folder';
const LABELS: Record<SettingsTarget, string> = { workspace: 'Workspace Settings', workspaceFolder: 'Folder Settings', global: 'User Settings' };
const TARGETS: Record<SettingsTarget, ConfigurationTarget> = {
  workspaceFolder: ConfigurationTarget.WorkspaceFolder, workspace: ConfigurationTarget.Workspace, global: ConfigurationTarget.Global,
};

export function registerSiteRootOffer(context: ExtensionContext, client: BaseLanguageClient): void {
  const asked = new Set<string>();
  client.onNotification(SITE_ROOT_FOUND_NOTIFICATION, (params: SiteRootFoundParams) => {
    const key = `${params.workspaceFolder}|${params.folder}|${params.url}`;
    if (asked.has(key) || context.workspaceState.get<string[]>(DECLINED_KEY, []).includes(key)) return;
    asked.add(key);
    void offer(context, params, key);
  });
}

async function offer(context: ExtensionContext, params: SiteRootFoundParams, key: string): Promise<void> {
  const configuration = workspace.getConfiguration('sitemap', Uri.parse(params.workspaceFolder));
  const plan = planSiteRoot(configuration.inspect('siteRoots') ?? {}, params.folder, params.url, workspace.workspaceFile !== undefined);
  if (plan.status === 'mapped') return;
  const shown = params.folder === '' ? 'the workspace folder' : `${params.folder}/`;
  const choice = await window.showInformationMessage(
    `Use ${shown} as the site root for ${params.url} (from ${params.source})? The sitemaps there are then checked against its built pages.`,
    ...plan.targets.map((t) => LABELS[t.target]), NEVER);
  if (choice === NEVER) {
    await context.workspaceState.update(DECLINED_KEY, [...context.workspaceState.get<string[]>(DECLINED_KEY, []), key]);
    return;
  }
  const picked = plan.targets.find((t) => LABELS[t.target] === choice);
  if (picked === undefined) return;
  await configuration.update('siteRoots', picked.value, TARGETS[picked.target]);
  void window.showInformationMessage(`sitemap.siteRoots now maps ${shown} to ${params.url} (${LABELS[picked.target].toLowerCase()}).`);
}
