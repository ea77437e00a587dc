/** The web build's `lsp/timingLog.ts` (build.mjs, webPlatform): the timing stamps are written to a file for
 * `npm run bench:editor`, which a web worker has not; there they are no-ops. */
import type { TimingEvent } from '../../lsp/timingLog';

export function stampTiming(_event: TimingEvent, _detail?: { uri?: string; version?: number | null }, _at?: number): void {}
