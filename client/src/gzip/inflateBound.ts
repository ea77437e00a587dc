/** How far a `.gz` file opened as text is inflated: shared/protocolLimits.ts's inflateLimit, from the `sitemap.limits.maxBytes`
 * that applies to the file (a raised limit reads further), as sitemap-lint takes a config's. */
import { workspace, type Uri } from 'vscode';
import { inflateLimit } from '../../../shared/protocolLimits';

export function inflateLimitFor(file: Uri): number {
  const configured = workspace.getConfiguration('sitemap', file).get<unknown>('limits.maxBytes');
  return inflateLimit(typeof configured === 'number' && Number.isFinite(configured) && configured > 0 ? configured : undefined);
}
