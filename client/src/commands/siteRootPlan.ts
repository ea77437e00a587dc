/** Whether and where `sitemap.siteRoots` gets a folder the server found a root URL for: never over a value the user
 * set for it, at the level where the setting already is, else the workspace's (or the folder's, in a multi-root
 * workspace, as the user picks). Pure, for the tests. */
import { normalizeRelativePath } from '../../../shared/location';
import type { SettingsTarget } from './allowedHostsUpdate';

/** What `WorkspaceConfiguration.inspect('siteRoots')` says, the parts we read. */
export interface SiteRootsInspection {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export type SiteRootPlan =
  | { status: 'mapped' }
  /** `value`: the object to write at `target` (its other folders kept as they are). */
  | { status: 'offer'; targets: Array<{ target: SettingsTarget; value: Record<string, unknown> }> };

/** `folder` relative to the workspace folder (`''` for itself), with `/`; `multiRoot`: folder settings exist apart. */
export function planSiteRoot(inspection: SiteRootsInspection, folder: string, url: string, multiRoot: boolean): SiteRootPlan {
  const key = folder === '' ? '.' : folder;
  const levels: Array<[SettingsTarget, unknown]> = [
    ['workspaceFolder', inspection.workspaceFolderValue], ['workspace', inspection.workspaceValue], ['global', inspection.globalValue],
  ];
  const objects = levels.filter((level): level is [SettingsTarget, Record<string, unknown>] => isObject(level[1]));
  if (objects.some(([, value]) => Object.keys(value).some((k) => sameFolder(k, key)))) return { status: 'mapped' };
  const targets: SettingsTarget[] = multiRoot ? ['workspaceFolder', 'workspace'] : ['workspace'];
  return {
    status: 'offer',
    targets: targets.map((target) => ({ target, value: { ...objects.find(([t]) => t === target)?.[1], [key]: url } })),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `public`, `./public/` and `public\` name one folder, as the server reads the setting's keys. */
function sameFolder(a: string, b: string): boolean {
  return normalizeRelativePath(a) === normalizeRelativePath(b);
}
