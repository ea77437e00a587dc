/** sitemap.pageSources (server/src/language/site/pageSources.ts): each preset on its generator's URL shapes, custom
 * patterns before the preset's, the project folder, percent-encoding, and URLs that would leave the project. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSourceMapping, sourceCandidates, type PageSourceMapping } from '../../../server/src/language/site/pageSources';

function mapping(setting: unknown, builtFolder = 'public'): PageSourceMapping {
  const found = pageSourceMapping(setting, builtFolder);
  assert.ok(found);
  return found;
}

/** The candidates that end in one of `extensions` (the presets list several per stem). */
function withExtension(urlPath: string, m: PageSourceMapping, ...extensions: string[]): string[] {
  return sourceCandidates(urlPath, m).filter((c) => extensions.some((e) => c.endsWith(`.${e}`)));
}

describe('page sources', () => {
  it('hugo: pages, leaf bundles, branch bundles and the home page', () => {
    const hugo = mapping('hugo');
    assert.deepEqual(withExtension('/posts/hello/', hugo, 'md'), ['content/posts/hello.md', 'content/posts/hello/index.md', 'content/posts/hello/_index.md']);
    assert.deepEqual(withExtension('/posts/hello/index.html', hugo, 'md'), withExtension('/posts/hello/', hugo, 'md'));
    assert.deepEqual(withExtension('/posts/hello', hugo, 'md'), withExtension('/posts/hello/', hugo, 'md'));
    assert.deepEqual(withExtension('/', hugo, 'md'), ['content/index.md', 'content/_index.md']);
  });

  it('jekyll: posts under the default and pretty permalinks, with categories, then pages', () => {
    const jekyll = mapping('jekyll', '_site');
    assert.deepEqual(withExtension('/2024/05/01/hello.html', jekyll, 'md'), ['_posts/2024-05-01-hello.md', '2024/05/01/hello.md']);
    assert.deepEqual(withExtension('/news/tech/2024/05/01/hello/', jekyll, 'md'), ['_posts/2024-05-01-hello.md', 'news/tech/2024/05/01/hello.md', 'news/tech/2024/05/01/hello/index.md']);
    assert.deepEqual(withExtension('/about.html', jekyll, 'md'), ['about.md']);
    assert.deepEqual(withExtension('/about/', jekyll, 'md'), ['about.md', 'about/index.md']);
    assert.deepEqual(withExtension('/', jekyll, 'md', 'html'), ['index.md', 'index.html']);
  });

  it('astro: file routes, then a content collection', () => {
    const astro = mapping('astro', 'dist');
    assert.deepEqual(withExtension('/blog/first-post/', astro, 'astro', 'md'), [
      'src/pages/blog/first-post.astro', 'src/pages/blog/first-post.md', 'src/pages/blog/first-post/index.astro', 'src/pages/blog/first-post/index.md',
      'src/content/blog/first-post.md', 'src/content/blog/first-post/index.md',
    ]);
    assert.deepEqual(withExtension('/', astro, 'astro'), ['src/pages/index.astro']);
  });

  it('next: the pages router, then the app router, at the top or under src/', () => {
    const next = mapping('next', 'out');
    assert.deepEqual(withExtension('/docs/intro', next, 'tsx'), ['pages/docs/intro.tsx', 'pages/docs/intro/index.tsx', 'src/pages/docs/intro.tsx', 'src/pages/docs/intro/index.tsx', 'app/docs/intro/page.tsx', 'src/app/docs/intro/page.tsx']);
    assert.deepEqual(withExtension('/', next, 'tsx'), ['pages/index.tsx', 'src/pages/index.tsx', 'app/page.tsx', 'src/app/page.tsx']);
  });

  it('mkdocs: directory URLs and .html URLs, index.md and README.md', () => {
    const mkdocs = mapping('mkdocs', 'site');
    assert.deepEqual(sourceCandidates('/guide/setup/', mkdocs), ['docs/guide/setup.md', 'docs/guide/setup/index.md', 'docs/guide/setup/README.md']);
    assert.deepEqual(sourceCandidates('/guide/setup.html', mkdocs), ['docs/guide/setup.md']);
    assert.deepEqual(sourceCandidates('/', mkdocs), ['docs/index.md', 'docs/README.md']);
  });

  it('puts the project folder (the built folder\'s parent by default) before each source', () => {
    assert.deepEqual(sourceCandidates('/', mapping('mkdocs', 'docs-site/site')), ['docs-site/docs/index.md', 'docs-site/docs/README.md']);
    assert.deepEqual(sourceCandidates('/', mapping({ preset: 'mkdocs', root: 'handbook/' }, 'site')), ['handbook/docs/index.md', 'handbook/docs/README.md']);
  });

  it('tries custom patterns before the preset\'s, a source or a list of them', () => {
    const custom = mapping({ preset: 'hugo', patterns: { '/blog/{slug}/': 'posts/{slug}.md', '/notes/{yyyy}/{name}': ['notes/{yyyy}-{name}.md', 42] } });
    assert.deepEqual(sourceCandidates('/blog/x/', custom).slice(0, 2), ['posts/x.md', 'content/blog/x.md']);
    assert.deepEqual(sourceCandidates('/notes/2024/y', custom)[0], 'notes/2024-y.md');
    assert.deepEqual(sourceCandidates('/notes/24/y', custom)[0], 'content/notes/24/y.md');
    assert.deepEqual(sourceCandidates('/x/', mapping({ patterns: { '/x/': 'x.md' } })), ['x.md']);
    assert.deepEqual(sourceCandidates('/x/', mapping({ patterns: { '/{name}/': ['{slug}.md', '{name}.md'] } })), ['x.md']);
  });

  it('decodes percent-encoding, ignores a query or fragment, and lists nothing that would leave the project', () => {
    const hugo = mapping('hugo');
    assert.deepEqual(withExtension('/caf%C3%A9/?page=2#top', hugo, 'md')[0], 'content/café.md');
    assert.deepEqual(sourceCandidates('/a/..%2F..%2Fsecret/', hugo), []);
    assert.deepEqual(sourceCandidates('/a/%2E%2E/secret/', hugo), []);
    assert.deepEqual(sourceCandidates('/bad%E0%A4%A/', hugo).length > 0, true);
  });

  it('has no mapping for a setting it cannot read', () => {
    for (const setting of [undefined, null, 'wordpress', 42, [], {}, { preset: 'none' }, { patterns: { '/a/': [] } }]) {
      assert.equal(pageSourceMapping(setting, 'public'), undefined, JSON.stringify(setting));
    }
    assert.deepEqual(sourceCandidates('/a/', { root: '', patterns: [] }), []);
  });
});
