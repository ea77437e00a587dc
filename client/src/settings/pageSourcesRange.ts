/** Where a settings file sets the `sitemap.pageSources` mapping of a built folder, for the warning on a mapping that
 * maps nothing (unmappedPageSources.ts): read as VS Code reads settings, JSON with comments and trailing commas. */
import { parseTree, type Node } from 'jsonc-parser';
import { pageSourcesFolder } from '../../../shared/protocol';

const SETTING = 'sitemap.pageSources';

/**
 * The offsets of the mapping of `folder` (as {@link pageSourcesFolder} reads the keys) in `text`, a folder's
 * `.vscode/settings.json` or (`inWorkspaceFile`) a `.code-workspace` file, whose `settings` object holds them: its
 * `root` value when it has one (where the mistake usually is), else its key. Undefined when the file does not set it.
 * A key set twice counts where VS Code reads it: the last time.
 */
export function findPageSourcesRange(text: string, folder: string, inWorkspaceFile: boolean): { start: number; end: number } | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const settings = inWorkspaceFile ? lastValue(root, 'settings') : root;
  const mappings = lastValue(settings, SETTING);
  const mapping = mappings?.type === 'object' ? mappings.children?.filter((p) => keyOf(p) !== undefined && pageSourcesFolder(keyOf(p)!) === folder).pop() : undefined;
  const [key, value] = mapping?.children ?? [];
  if (key === undefined) return undefined;
  const rootValue = value === undefined ? undefined : lastValue(value, 'root');
  const marked = rootValue?.type === 'string' ? rootValue : key;
  return { start: marked.offset, end: marked.offset + marked.length };
}

/** The value of an object's last property named `name`. */
function lastValue(node: Node | undefined, name: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  return node.children?.filter((property) => keyOf(property) === name).pop()?.children?.[1];
}

function keyOf(property: Node): string | undefined {
  const key = property.children?.[0];
  return typeof key?.value === 'string' ? key.value : undefined;
}
