/** Which folder is served at which root URL, from the files alone (shared/siteInference.ts): one folder per URL, a
 * generator's output over a CNAME elsewhere, the deeper of two nested folders, none for folders apart. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { evidenceFolders, inferSiteRoots } from '../../shared/siteInference';

const infer = (files: Record<string, string>, named: string[] = []) =>
  inferSiteRoots(evidenceFolders(named), (relative) => files[relative]);
const roots = (files: Record<string, string>, named: string[] = []) => infer(files, named).roots.map((r) => [r.folder, r.url, r.sources]);
const conflicts = (files: Record<string, string>, named: string[] = []) => infer(files, named).conflicts.map((c) => [c.folder, c.claims.map((x) => x.source)]);

describe('inferSiteRoots', () => {
  it('takes a generator\'s output folder and URL', () => {
    assert.deepEqual(roots({ 'hugo.yaml': 'baseURL: https://example.com/\n' }), [['public', 'https://example.com/', ["hugo.yaml's baseURL"]]]);
    assert.deepEqual(roots({ 'mkdocs.yml': 'site_url: https://docs.example.com/guide\nsite_dir: out\n' }), [['out', 'https://docs.example.com/guide/', ["mkdocs.yml's site_url"]]]);
  });

  it('prefers the generator\'s output to a CNAME at the project\'s top or in its static folder, and names both', () => {
    const files = { CNAME: 'example.com\n', 'hugo.yaml': 'baseURL: https://example.com/\n', 'static/CNAME': 'example.com\n' };
    assert.deepEqual(roots(files, ['static']), [['public', 'https://example.com/', ["hugo.yaml's baseURL", 'CNAME', 'static/CNAME']]]);
    assert.deepEqual(conflicts(files, ['static']), []);
  });

  it('takes the deeper of two nested folders a CNAME each says are served at one URL', () => {
    assert.deepEqual(roots({ CNAME: 'example.com\n', 'site/CNAME': 'example.com\n' }, ['site']), [['site', 'https://example.com/', ['site/CNAME', 'CNAME']]]);
  });

  it('uses none where two folders apart claim one URL, or one folder two URLs', () => {
    assert.deepEqual(roots({ 'a/CNAME': 'example.com\n', 'b/CNAME': 'example.com\n' }, ['a', 'b']), []);
    assert.deepEqual(conflicts({ 'a/CNAME': 'example.com\n', 'b/CNAME': 'example.com\n' }, ['a', 'b']).map(([folder]) => folder), ['a', 'b']);
    assert.deepEqual(roots({ 'hugo.toml': 'baseURL = "https://example.com/"\n', 'public/CNAME': 'www.example.net\n' }, ['public']), []);
    assert.deepEqual(conflicts({ 'hugo.toml': 'baseURL = "https://example.com/"\n', 'public/CNAME': 'www.example.net\n' }, ['public']).map(([folder]) => folder), ['public']);
  });
});
