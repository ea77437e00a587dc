/** Where `sitemap.allowedHosts` gets an origin: the value in force is extended where it is set; set nowhere, the
 * workspace's settings get it (the origin is this site's business), else the user's. */

/** Where a setting is written: VS Code's ConfigurationTarget, by name. */
export type SettingsTarget = 'workspaceFolder' | 'workspace' | 'global';

/** What `WorkspaceConfiguration.inspect('allowedHosts')` says, the parts we read. */
export interface AllowedHostsInspection {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export type AllowedHostsUpdate =
  | { status: 'allowed' }
  /** The list in force (its entries kept as they are, even those it ignores) with the origin added. */
  | { status: 'update'; target: SettingsTarget; value: unknown[] };

export function planAllowedHostsUpdate(inspection: AllowedHostsInspection, origin: string, hasWorkspace: boolean): AllowedHostsUpdate {
  const levels: Array<[SettingsTarget, unknown]> = [
    ['workspaceFolder', inspection.workspaceFolderValue], ['workspace', inspection.workspaceValue], ['global', inspection.globalValue],
  ];
  const set = levels.find(([, value]) => Array.isArray(value));
  const current = set === undefined ? [] : set[1] as unknown[];
  if (current.some((entry) => typeof entry === 'string' && entry.trim().toLowerCase() === origin.toLowerCase())) return { status: 'allowed' };
  return { status: 'update', target: set?.[0] ?? (hasWorkspace ? 'workspace' : 'global'), value: [...current, origin] };
}
