/**
 * package.json's `sitemap.rules` schema (the settings editor's completions and hovers, SARIF's rule descriptions) names
 * every rule of the catalogue, in catalogue order, with its default severity, and says that default in its
 * markdownDescription.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES } from '../../server/src/language/rules/catalogue';

const PACKAGE = path.resolve(__dirname, '../../../package.json');

interface RuleSchema {
  enum: string[];
  default: string;
  markdownDescription: string;
}

test('package.json: sitemap.rules has every rule of the catalogue, with its default severity and a description', () => {
  const pkg = JSON.parse(fs.readFileSync(PACKAGE, 'utf8')) as { contributes: { configuration: { properties: Record<string, { properties: Record<string, RuleSchema> }> } } };
  const rules = pkg.contributes.configuration.properties['sitemap.rules'].properties;
  assert.deepEqual(Object.keys(rules), Object.keys(RULES));
  for (const [id, severity] of Object.entries(RULES)) {
    const schema = rules[id];
    assert.deepEqual(schema.enum, ['error', 'warning', 'information', 'hint', 'off'], id);
    assert.equal(schema.default, severity, id);
    assert.ok(schema.markdownDescription.endsWith(`Default: \`${severity}\`.`), `${id}: the description ends with its default`);
  }
});
