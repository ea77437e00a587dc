/** Where a settings file sets a built folder's `sitemap.pageSources` mapping (the warning on one that maps nothing):
 * settings text in, the marked text out, as VS Code reads settings (comments, trailing commas). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findPageSourcesRange } from '../../client/src/settings/pageSourcesRange';

/** The text `findPageSourcesRange` marks, and where it starts. */
function marked(text: string, folder: string, inWorkspaceFile = false): { text: string; start: number } | undefined {
  const range = findPageSourcesRange(text, folder, inWorkspaceFile);
  return range === undefined ? undefined : { text: text.slice(range.start, range.end), start: range.start };
}

const FOLDER_SETTINGS = `{
  // The site's built folder
  "sitemap.siteRoots": { "public": "https://www.example.com/" },
  /* where its pages come from */
  "sitemap.pageSources": {
    "docs": "mkdocs",
    "./public/": {
      "preset": "hugo",
      "root": ".", // the workspace folder
    },
  },
}
`;

describe('findPageSourcesRange', () => {
  it('marks the mapping\'s root value in a folder\'s settings.json with comments and trailing commas', () => {
    assert.deepEqual(marked(FOLDER_SETTINGS, 'public'), { text: '"."', start: FOLDER_SETTINGS.indexOf('"."') });
  });

  it('marks the key of a mapping without a root (a preset)', () => {
    assert.deepEqual(marked(FOLDER_SETTINGS, 'docs'), { text: '"docs"', start: FOLDER_SETTINGS.indexOf('"docs"') });
    const noRoot = '{ "sitemap.pageSources": { ".": { "patterns": { "/{slug}/": "pages/{slug}.md" } } } }';
    assert.deepEqual(marked(noRoot, ''), { text: '"."', start: noRoot.indexOf('"."') });
  });

  it('reads a .code-workspace file\'s settings object, not a top-level key', () => {
    const text = `{
  "folders": [{ "path": "site" }],
  "sitemap.pageSources": { "public": { "root": "wrong" } },
  "settings": {
    // shared by the folders
    "sitemap.pageSources": { "public": { "preset": "hugo", "root": "site", }, },
  },
}
`;
    assert.deepEqual(marked(text, 'public', true), { text: '"site"', start: text.indexOf('"site"', text.indexOf('"settings"')) });
    assert.deepEqual(marked(text, 'public', false), { text: '"wrong"', start: text.indexOf('"wrong"') });
  });

  it('takes the last of a key set twice, as VS Code does', () => {
    const text = '{ "sitemap.pageSources": { "public": "hugo" },\n  "sitemap.pageSources": { "public": { "root": "b" } } }';
    assert.deepEqual(marked(text, 'public'), { text: '"b"', start: text.indexOf('"b"') });
  });

  it('finds nothing where the file does not map the folder', () => {
    assert.equal(marked(FOLDER_SETTINGS, 'site'), undefined);
    assert.equal(marked('{ "sitemap.siteRoots": { "public": "https://x.com/" } }', 'public'), undefined);
    assert.equal(marked('{ "sitemap.pageSources": "hugo" }', 'public'), undefined);
    assert.equal(marked('{ "settings": { "sitemap.pageSources": { "public": "hugo" } } }', 'public'), undefined, 'a settings key in a folder\'s settings.json is no workspace file');
    assert.equal(marked('', 'public'), undefined);
    assert.equal(marked('{ "sitemap.pageSources": { "public": ', 'public')?.text, '"public"', 'half-typed: the key is there');
    assert.equal(marked('not json at all', 'public'), undefined);
  });
});
