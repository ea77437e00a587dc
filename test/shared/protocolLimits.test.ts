/**
 * The protocol's limits (shared/protocolLimits.ts) are the one source of every default that states them: package.json's
 * settings (literal there), the language layer's settings, the status bar, sitemap-split, the server's file readers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LEGACY_MAX_BYTES, MAX_BYTES, MAX_ENTRIES } from '../../shared/protocolLimits';
import { DEFAULT_SETTINGS } from '../../server/src/language/languageService';
import { DEFAULT_LIMITS } from '../../client/src/status/statusFormat';
import { parseArgs } from '../../server/src/cli/split/splitArgs';
import { MAX_FILE_BYTES } from '../../server/src/lsp/site/siteSummaries';

const PACKAGE = path.resolve(__dirname, '../../../package.json');

test('the protocol limits: 50,000 entries and 52,428,800 bytes (10,485,760 before 2016)', () => {
  assert.deepEqual([MAX_ENTRIES, MAX_BYTES, LEGACY_MAX_BYTES], [50_000, 50 * 1024 * 1024, 10 * 1024 * 1024]);
});

test('package.json\'s sitemap.limits defaults are the protocol limits', () => {
  const pkg = JSON.parse(fs.readFileSync(PACKAGE, 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
  const properties = pkg.contributes.configuration.properties;
  assert.equal(properties['sitemap.limits.maxEntries'].default, MAX_ENTRIES);
  assert.equal(properties['sitemap.limits.maxBytes'].default, MAX_BYTES);
  assert.equal(properties['sitemap.limits.legacyMaxBytes'].default, LEGACY_MAX_BYTES);
});

test('every default that states them uses them', () => {
  const { maxEntries, maxBytes, legacyMaxBytes } = DEFAULT_SETTINGS.limits;
  assert.deepEqual({ maxEntries, maxBytes, legacyMaxBytes }, { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, legacyMaxBytes: LEGACY_MAX_BYTES });
  assert.deepEqual(DEFAULT_LIMITS, { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES });
  const split = parseArgs(['sitemap.xml']);
  assert.deepEqual({ maxEntries: split.maxEntries, maxBytes: split.maxBytes }, { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES });
  assert.equal(MAX_FILE_BYTES, MAX_BYTES);
});
