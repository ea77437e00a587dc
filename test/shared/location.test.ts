import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  fileFromSiteRoots, fileNextToLocation, locationFromRobots, locationFromSiteRoots, normalizeRelativePath,
  normalizeSiteRootUrl, robotsSitemapMatches, placeIndexChildren, childPathSuffixes,
} from '../../shared/location';
import { robotsSitemapUrls } from '../../server/src/language/rules/robotsTxtRules';

describe('normalizeRelativePath', () => {
  it('normalises separators, dots and leading slashes', () => {
    assert.equal(normalizeRelativePath('./public/'), 'public');
    assert.equal(normalizeRelativePath('/public//catalog'), 'public/catalog');
    assert.equal(normalizeRelativePath('public\\catalog\\sitemap.xml'), 'public/catalog/sitemap.xml');
    assert.equal(normalizeRelativePath('a/./b/../c'), 'a/c');
    assert.equal(normalizeRelativePath(''), '');
    assert.equal(normalizeRelativePath('.'), '');
  });

  it('rejects paths that leave the folder', () => {
    assert.equal(normalizeRelativePath('../outside'), undefined);
    assert.equal(normalizeRelativePath('a/../../b'), undefined);
  });
});

describe('normalizeSiteRootUrl', () => {
  it('accepts http(s) URLs and makes them a directory', () => {
    assert.equal(normalizeSiteRootUrl('https://www.example.com')?.href, 'https://www.example.com/');
    assert.equal(normalizeSiteRootUrl('https://www.example.com/blog')?.href, 'https://www.example.com/blog/');
    assert.equal(normalizeSiteRootUrl(' HTTP://WWW.Example.com:80/a/?q=1#x ')?.href, 'http://www.example.com/a/');
  });

  it('rejects junk', () => {
    for (const junk of [undefined, null, 42, {}, '', 'www.example.com', '/public', 'ftp://example.com/', 'file:///tmp/', 'https://user:pw@example.com/']) {
      assert.equal(normalizeSiteRootUrl(junk), undefined, String(junk));
    }
  });
});

describe('locationFromSiteRoots', () => {
  const roots = { public: 'https://www.example.com/' };

  it('maps a file under a site root folder to its URL', () => {
    assert.equal(locationFromSiteRoots('public/catalog/sitemap.xml', roots), 'https://www.example.com/catalog/sitemap.xml');
    assert.equal(locationFromSiteRoots('public/sitemap.xml', roots), 'https://www.example.com/sitemap.xml');
  });

  it('accepts folder keys in any reasonable spelling', () => {
    for (const key of ['public', './public', 'public/', '/public', 'public\\']) {
      assert.equal(locationFromSiteRoots('public/sitemap.xml', { [key]: 'https://www.example.com' }), 'https://www.example.com/sitemap.xml', key);
    }
  });

  it('maps the workspace folder itself', () => {
    for (const key of ['', '.', './', '/']) {
      assert.equal(locationFromSiteRoots('sitemap.xml', { [key]: 'https://example.com/' }), 'https://example.com/sitemap.xml', key);
    }
  });

  it('keeps the path of the root URL', () => {
    assert.equal(locationFromSiteRoots('site/sitemap.xml', { site: 'https://example.com/blog' }), 'https://example.com/blog/sitemap.xml');
  });

  it('prefers the deepest folder', () => {
    const nested = { '': 'https://example.com/', public: 'https://www.example.com/', 'public/shop': 'https://shop.example.com/' };
    assert.equal(locationFromSiteRoots('public/shop/sitemap.xml', nested), 'https://shop.example.com/sitemap.xml');
    assert.equal(locationFromSiteRoots('public/blog/sitemap.xml', nested), 'https://www.example.com/blog/sitemap.xml');
    assert.equal(locationFromSiteRoots('other/sitemap.xml', nested), 'https://example.com/other/sitemap.xml');
  });

  it('does not match a folder that merely shares a prefix', () => {
    assert.equal(locationFromSiteRoots('public2/sitemap.xml', roots), undefined);
    assert.equal(locationFromSiteRoots('sitemap.xml', roots), undefined);
  });

  it('percent-encodes file names', () => {
    assert.equal(locationFromSiteRoots('public/my maps/sitemap#1.xml', roots), 'https://www.example.com/my%20maps/sitemap%231.xml');
    assert.equal(locationFromSiteRoots('public/küche/sitemap.xml', roots), 'https://www.example.com/k%C3%BCche/sitemap.xml');
  });

  it('ignores junk settings', () => {
    assert.equal(locationFromSiteRoots('public/sitemap.xml', { public: 42 }), undefined);
    assert.equal(locationFromSiteRoots('public/sitemap.xml', { public: 'not a url' }), undefined);
    assert.equal(locationFromSiteRoots('public/sitemap.xml', { '../public': 'https://example.com/' }), undefined);
    assert.equal(locationFromSiteRoots('public/sitemap.xml', undefined), undefined);
    assert.equal(locationFromSiteRoots('public/sitemap.xml', null as unknown as Record<string, string>), undefined);
    // A junk deeper entry does not hide a good shallower one.
    assert.equal(locationFromSiteRoots('public/a/sitemap.xml', { public: 'https://example.com/', 'public/a': 7 }), 'https://example.com/a/sitemap.xml');
  });
});

describe('fileFromSiteRoots', () => {
  const roots = { public: 'https://www.example.com/' };

  it('is the inverse of locationFromSiteRoots', () => {
    for (const file of ['public/sitemap.xml', 'public/catalog/sitemap.xml', 'public/my maps/sitemap#1.xml', 'public/küche/s.xml']) {
      const url = locationFromSiteRoots(file, roots);
      assert.ok(url);
      assert.equal(fileFromSiteRoots(url, roots), file);
    }
  });

  it('maps URLs as written in a sitemap', () => {
    assert.equal(fileFromSiteRoots('https://www.example.com/sitemap-posts.xml', roots), 'public/sitemap-posts.xml');
    assert.equal(fileFromSiteRoots('https://WWW.EXAMPLE.COM:443/a/b.xml?x=1#f', roots), 'public/a/b.xml');
    assert.equal(fileFromSiteRoots('https://www.example.com/küche/s.xml', roots), 'public/küche/s.xml');
    assert.equal(fileFromSiteRoots('https://example.com/s.xml', { '': 'https://example.com/' }), 's.xml');
  });

  it('returns undefined outside every root', () => {
    assert.equal(fileFromSiteRoots('http://www.example.com/sitemap.xml', roots), undefined, 'other protocol');
    assert.equal(fileFromSiteRoots('https://sub.www.example.com/sitemap.xml', roots), undefined, 'other host');
    assert.equal(fileFromSiteRoots('https://www.example.com:8443/sitemap.xml', roots), undefined, 'other port');
    assert.equal(fileFromSiteRoots('https://example.com/other/s.xml', { site: 'https://example.com/blog/' }), undefined, 'other path');
    assert.equal(fileFromSiteRoots('https://www.example.com/catalog/', roots), undefined, 'a folder');
    assert.equal(fileFromSiteRoots('https://www.example.com', roots), undefined, 'the root');
    assert.equal(fileFromSiteRoots('not a url', roots), undefined);
    assert.equal(fileFromSiteRoots('https://www.example.com/s.xml', undefined), undefined);
  });

  it('never leaves the folder', () => {
    // Dot segments (also escaped ones) are resolved by the URL itself, never above the host's root.
    assert.equal(fileFromSiteRoots('https://www.example.com/a/%2e%2e/%2e%2e/secret.xml', roots), 'public/secret.xml');
    assert.equal(fileFromSiteRoots('https://example.com/blog/%2e%2e/secret.xml', { site: 'https://example.com/blog/' }), undefined);
    assert.equal(fileFromSiteRoots('https://www.example.com/a%2F..%2F..%2Fsecret.xml', roots), undefined);
    assert.equal(fileFromSiteRoots('https://www.example.com/bad%zz.xml', roots), undefined);
  });

  it('prefers the deepest root URL', () => {
    const two = { public: 'https://example.com/', blog: 'https://example.com/blog/' };
    assert.equal(fileFromSiteRoots('https://example.com/blog/s.xml', two), 'blog/s.xml');
    assert.equal(fileFromSiteRoots('https://example.com/s.xml', two), 'public/s.xml');
  });
});

describe('fileNextToLocation', () => {
  it('maps URLs in the directory of a known location to the folder of the file', () => {
    assert.equal(fileNextToLocation('https://example.com/blog/child.xml', 'https://example.com/blog/index.xml', 'site/blog/index.xml'), 'site/blog/child.xml');
    assert.equal(fileNextToLocation('https://example.com/blog/2024/child.xml', 'https://example.com/blog/index.xml', 'site/blog/index.xml'), 'site/blog/2024/child.xml');
    assert.equal(fileNextToLocation('https://example.com/child.xml', 'https://example.com/index.xml', 'index.xml'), 'child.xml');
  });

  it('returns undefined elsewhere', () => {
    assert.equal(fileNextToLocation('https://example.com/other/child.xml', 'https://example.com/blog/index.xml', 'blog/index.xml'), undefined);
    assert.equal(fileNextToLocation('https://example.org/blog/child.xml', 'https://example.com/blog/index.xml', 'blog/index.xml'), undefined);
  });
});

describe('robotsSitemapUrls', () => {
  it('finds Sitemap lines anywhere, case-insensitively', () => {
    const robots = [
      '\uFEFFUser-agent: *',
      'Disallow: /private/',
      'sitemap: https://www.example.com/sitemap.xml',
      '',
      'User-agent: Googlebot',
      '  SITEMAP :https://www.example.com/news/sitemap.xml   # the news',
      'Sitemap: /relative.xml',
      'Sitemap:',
      '# Sitemap: https://www.example.com/commented.xml',
      'Sitemap: ftp://example.com/s.xml',
      'NoSitemap: https://www.example.com/no.xml',
      'Sitemap: https://cdn.example.net/s.xml\r',
    ].join('\r\n');
    assert.deepEqual(robotsSitemapUrls(robots), [
      'https://www.example.com/sitemap.xml',
      'https://www.example.com/news/sitemap.xml',
      'https://cdn.example.net/s.xml',
    ]);
  });

  it('handles empty and line-ending variants', () => {
    assert.deepEqual(robotsSitemapUrls(''), []);
    assert.deepEqual(robotsSitemapUrls('Sitemap: https://a.example/s.xml\rSitemap: https://b.example/s.xml\n'), ['https://a.example/s.xml', 'https://b.example/s.xml']);
  });
});

describe('robotsSitemapMatches', () => {
  it('matches on the end of the URL path', () => {
    assert.ok(robotsSitemapMatches('https://www.example.com/sitemap.xml', 'sitemap.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/blog/sitemap.xml', 'blog/sitemap.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/en/blog/sitemap.xml', 'blog/sitemap.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/my%20maps/s.xml', 'my maps/s.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/k%C3%BCche/s.xml', 'küche/s.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/küche/s.xml', 'küche/s.xml'));
    assert.ok(robotsSitemapMatches('https://www.example.com/sitemap.xml?v=2', 'sitemap.xml'));
  });

  it('requires a whole path segment', () => {
    assert.ok(!robotsSitemapMatches('https://www.example.com/old-sitemap.xml', 'sitemap.xml'));
    assert.ok(!robotsSitemapMatches('https://www.example.com/sitemap.xml', 'blog/sitemap.xml'));
    assert.ok(!robotsSitemapMatches('https://www.example.com/Sitemap.xml', 'sitemap.xml'));
    assert.ok(!robotsSitemapMatches('https://www.example.com/sitemap.xml/', 'sitemap.xml'));
    assert.ok(!robotsSitemapMatches('not a url/sitemap.xml', 'sitemap.xml'));
  });
});

describe('locationFromRobots', () => {
  const robotsIn = (files: Record<string, string>) => (folder: string): readonly string[] | undefined =>
    folder in files ? robotsSitemapUrls(files[folder]) : undefined;

  it('uses a robots.txt in the same folder', () => {
    const read = robotsIn({ site: 'Sitemap: https://www.example.com/sitemap.xml' });
    assert.equal(locationFromRobots('site/sitemap.xml', read), 'https://www.example.com/sitemap.xml');
  });

  it('uses a robots.txt in an ancestor folder, matching the path below it', () => {
    const read = robotsIn({ '': 'User-agent: *\nDisallow:\n\nSitemap: https://www.example.com/blog/sitemap.xml\n' });
    assert.equal(locationFromRobots('blog/sitemap.xml', read), 'https://www.example.com/blog/sitemap.xml');
    assert.equal(locationFromRobots('shop/sitemap.xml', read), undefined);
  });

  it('takes the nearest robots.txt that names the file, and its first matching line', () => {
    const read = robotsIn({
      '': 'Sitemap: https://root.example.com/site/blog/sitemap.xml',
      site: 'Sitemap: https://www.example.com/unrelated.xml\nSitemap: https://www.example.com/blog/sitemap.xml\nSitemap: https://mirror.example.com/blog/sitemap.xml',
      'site/blog': 'Sitemap: https://www.example.com/other.xml',
    });
    assert.equal(locationFromRobots('site/blog/sitemap.xml', read), 'https://www.example.com/blog/sitemap.xml');
  });

  it('looks up every folder from the file to the workspace root, and no further', () => {
    const asked: string[] = [];
    assert.equal(locationFromRobots('a/b/c/sitemap.xml', (folder) => {
      asked.push(folder);
      return undefined;
    }), undefined);
    assert.deepEqual(asked, ['a/b/c', 'a/b', 'a', '']);
  });

  it('normalises the location it returns', () => {
    const read = robotsIn({ '': 'Sitemap: HTTPS://WWW.EXAMPLE.COM:443/sitemap.xml' });
    assert.equal(locationFromRobots('sitemap.xml', read), 'https://www.example.com/sitemap.xml');
  });

  it('returns undefined for junk paths', () => {
    assert.equal(locationFromRobots('', () => ['https://example.com/']), undefined);
    assert.equal(locationFromRobots('../x.xml', () => ['https://example.com/x.xml']), undefined);
  });
});

describe('placeIndexChildren: an index\'s children below its folder, its location unknown', () => {
  const files = new Set(['en/sitemap.xml', 'zh/sitemap.xml', 'sitemap.xml', 'posts.xml']);
  const exists = (p: string) => files.has(p);

  it('the longest suffix of the URL path that is a file, never the index itself', () => {
    const placed = placeIndexChildren('sitemap.xml', ['https://example.com/en/sitemap.xml', 'https://example.com/zh/sitemap.xml'], exists);
    assert.deepEqual([...placed], [['https://example.com/en/sitemap.xml', 'en/sitemap.xml'], ['https://example.com/zh/sitemap.xml', 'zh/sitemap.xml']]);
    // /blog/posts.xml: no blog/posts.xml, so posts.xml (the index's folder served at /blog/).
    assert.deepEqual([...placeIndexChildren('index.xml', ['https://example.com/blog/posts.xml'], exists)], [['https://example.com/blog/posts.xml', 'posts.xml']]);
  });

  it('a child with no file: where the placed children agree the folder is served, else nowhere', () => {
    const urls = ['https://example.com/en/sitemap.xml', 'https://example.com/fr/sitemap.xml', 'https://cdn.example.net/fr/sitemap.xml', 'https://example.com/fr/'];
    assert.deepEqual([...placeIndexChildren('sitemap.xml', urls, exists)], [['https://example.com/en/sitemap.xml', 'en/sitemap.xml'], ['https://example.com/fr/sitemap.xml', 'fr/sitemap.xml']]);
    // The only suffix is the index itself, and no sibling places the folder.
    assert.deepEqual([...placeIndexChildren('sitemap.xml', ['https://example.com/de/sitemap.xml'], exists)], []);
    assert.deepEqual(childPathSuffixes('https://example.com/a%20b/c.xml'), [{ path: 'a b/c.xml', base: 'https://example.com/' }, { path: 'c.xml', base: 'https://example.com/a%20b/' }]);
  });
});
