/** Why one side of a diff could not be read: sitemap-diff prints the message (exit 2), the editor's Compare shows it. */
import type { CompareRefusalKind } from '../../../../shared/protocol';

export class SideFailure extends Error {
  /** 'cancelled': the caller stopped the reading (never shown). */
  constructor(message: string, readonly kind: CompareRefusalKind | 'cancelled' = 'unreadable') {
    super(message);
  }
}
