/** Why one side of a diff could not be read: sitemap-diff prints the message (exit 2), the editor's Compare shows it. */
import type { CompareRefusalKind } from '../../../../shared/protocol';

export class SideFailure extends Error {
  constructor(message: string, readonly kind: CompareRefusalKind = 'unreadable') {
    super(message);
  }
}
