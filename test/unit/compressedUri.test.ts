/**
 * The `sitemap-gz:` URIs of compressed sitemaps opened as text (shared/compressedUri.ts): inside a workspace folder
 * the path is the file's path in the folder (VS Code's breadcrumbs then show it relative), and both shapes lead back
 * to the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compressedToFileUri, toCompressedUri } from '../../shared/compressedUri';

const FOLDER = 'file:///home/me/my%20site';

describe('sitemap-gz: URIs', () => {
  it('keeps the path in the workspace folder, with the folder in the query', () => {
    const uri = toCompressedUri(`${FOLDER}/public/sitemap.xml.gz`, FOLDER);
    assert.equal(uri, `sitemap-gz:/public/sitemap.xml.gz?${encodeURIComponent(FOLDER)}`);
    assert.equal(compressedToFileUri(uri), `${FOLDER}/public/sitemap.xml.gz`);
  });

  it('accepts the folder with a trailing slash', () => {
    assert.equal(toCompressedUri(`${FOLDER}/a.xml.gz`, `${FOLDER}/`), `sitemap-gz:/a.xml.gz?${encodeURIComponent(FOLDER)}`);
  });

  it('is absolute outside every folder, and for a folder whose name only starts the same', () => {
    assert.equal(toCompressedUri('file:///srv/x.xml.gz'), 'sitemap-gz:/srv/x.xml.gz');
    assert.equal(toCompressedUri('file:///home/me/my%20site2/x.xml.gz', FOLDER), 'sitemap-gz:/home/me/my%20site2/x.xml.gz');
    assert.equal(compressedToFileUri('sitemap-gz:/srv/x.xml.gz'), 'file:///srv/x.xml.gz');
  });

  it('keeps a UNC host, and ignores a folder that is not on disk', () => {
    assert.equal(toCompressedUri('file://server/share/x.xml.gz'), 'sitemap-gz://server/share/x.xml.gz');
    assert.equal(compressedToFileUri('sitemap-gz://server/share/x.xml.gz'), 'file://server/share/x.xml.gz');
    assert.equal(toCompressedUri('file:///w/x.xml.gz', 'vscode-vfs://github/w'), 'sitemap-gz:/w/x.xml.gz');
  });
});
