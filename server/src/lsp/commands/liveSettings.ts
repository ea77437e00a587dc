/** `sitemap.live.*`: how politely the editor's live check asks (the CLI's --live-concurrency, --live-rps and
 * --live-origin). Read when the command runs, scoped to the document, merged defensively over the defaults: these are
 * the server's only, not the language layer's settings. */
import type { Connection } from 'vscode-languageserver';
import { isObject } from '../../language/languageService';

export interface LiveSettings {
  /** Requests in flight per origin. */
  concurrency: number;
  /** Request starts per second per origin; 0: no limit. */
  requestsPerSecond: number;
  /** A preview origin asked instead of the sitemap's own (verdicts stay the listed URLs'); undefined: none. */
  origin: string | undefined;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = Object.freeze({ concurrency: 4, requestsPerSecond: 8, origin: undefined });

export async function readLiveSettings(connection: Connection, uri: string): Promise<LiveSettings> {
  try {
    const result: unknown = await connection.sendRequest('workspace/configuration', { items: [{ scopeUri: uri, section: 'sitemap' }] });
    const section = Array.isArray(result) ? result[0] : undefined;
    return resolveLiveSettings(isObject(section) ? section.live : undefined);
  } catch {
    return DEFAULT_LIVE_SETTINGS;
  }
}

/** A value out of range or of the wrong type is the default's. */
export function resolveLiveSettings(value: unknown): LiveSettings {
  const live = isObject(value) ? value : {};
  const integer = (v: unknown, min: number, max: number, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
  const origin = typeof live.origin === 'string' && live.origin.trim() !== '' ? live.origin.trim() : undefined;
  return {
    concurrency: integer(live.concurrency, 1, 64, DEFAULT_LIVE_SETTINGS.concurrency),
    requestsPerSecond: integer(live.requestsPerSecond, 0, 1000, DEFAULT_LIVE_SETTINGS.requestsPerSecond),
    origin,
  };
}
