/**
 * The `sitemap-gz:` URIs of compressed sitemaps opened as text (shared/compressedUri.ts): inside a workspace folder
 * the path is the file's path in the folder (VS Code's breadcrumbs then show it relative) and the query names the
 * folder; both shapes lead back to the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compressedToFileUri, toCompressedUri } from '../../shared/compressedUri';

const FOLDER = { uri: 'file:///home/me/my%20site', path: '/home/me/my site' };

describe('sitemap-gz: URIs', () => {
  it('keeps the path in the workspace folder, with the folder (its URI and path) in the query', () => {
    const uri = toCompressedUri(`${FOLDER.uri}/public/sitemap.xml.gz`, FOLDER);
    const query = JSON.stringify({ folder: FOLDER.uri, folderPath: FOLDER.path });
    assert.equal(uri, `sitemap-gz:/public/sitemap.xml.gz?${encodeURIComponent(query)}`);
    assert.equal(compressedToFileUri(uri), `${FOLDER.uri}/public/sitemap.xml.gz`);
  });

  it('accepts the folder with a trailing slash', () => {
    const uri = toCompressedUri(`${FOLDER.uri}/a.xml.gz`, { uri: `${FOLDER.uri}/`, path: `${FOLDER.path}/` });
    assert.equal(compressedToFileUri(uri), `${FOLDER.uri}/a.xml.gz`);
    assert.match(uri, /^sitemap-gz:\/a\.xml\.gz\?/);
  });

  it('is absolute outside every folder, and for a folder whose name only starts the same', () => {
    assert.equal(toCompressedUri('file:///srv/x.xml.gz'), 'sitemap-gz:/srv/x.xml.gz');
    assert.equal(toCompressedUri('file:///home/me/my%20site2/x.xml.gz', FOLDER), 'sitemap-gz:/home/me/my%20site2/x.xml.gz');
    assert.equal(compressedToFileUri('sitemap-gz:/srv/x.xml.gz'), 'file:///srv/x.xml.gz');
  });

  it('keeps a UNC host, ignores a folder that is not on disk, and a query that is not its own', () => {
    assert.equal(toCompressedUri('file://server/share/x.xml.gz'), 'sitemap-gz://server/share/x.xml.gz');
    assert.equal(compressedToFileUri('sitemap-gz://server/share/x.xml.gz'), 'file://server/share/x.xml.gz');
    assert.equal(toCompressedUri('file:///w/x.xml.gz', { uri: 'vscode-vfs://github/w', path: '/w' }), 'sitemap-gz:/w/x.xml.gz');
    assert.equal(compressedToFileUri('sitemap-gz:/srv/x.xml.gz?v=2'), 'file:///srv/x.xml.gz');
  });

  it('keeps the scheme of a virtual workspace (the web extension): the folder of any scheme leads back to the file', () => {
    const folder = { uri: 'vscode-vfs://github/me/site', path: '/me/site' };
    const uri = toCompressedUri(`${folder.uri}/public/sitemap.xml.gz`, folder);
    assert.match(uri, /^sitemap-gz:\/public\/sitemap\.xml\.gz\?/);
    assert.equal(compressedToFileUri(uri), `${folder.uri}/public/sitemap.xml.gz`);
    const root = { uri: 'vscode-remote://localhost:8080', path: '' };
    assert.equal(compressedToFileUri(toCompressedUri(`${root.uri}/srv/x.xml.gz`, root)), `${root.uri}/srv/x.xml.gz`);
  });
});
