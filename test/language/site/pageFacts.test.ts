/** What a built page says to crawlers (issue 22): robots directives, canonicals, meta refresh and alias pages, at the
 * exact offsets of their tags, from pages as generators write them and as they go wrong. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalDifference, readPageFacts, robotsFor, MAX_PAGE_CHARS, type PageFacts, type TextRange } from '../../../server/src/language/site/pageFacts';
import { parseRefresh } from '../../../server/src/language/site/pageDirectives';
import { parse } from 'parse5';
import { random } from '../../support/generate';

const PAGE = 'https://example.com/posts/old/';

/** The range of the only occurrence of `tag` in `text`. */
function at(text: string, tag: string): TextRange {
  const start = text.indexOf(tag);
  assert.ok(start >= 0 && text.indexOf(tag, start + 1) < 0, `${tag} once in the page`);
  return { start, end: start + tag.length };
}

function kinds(facts: PageFacts): string[] {
  return facts.problems.map((problem) => problem.kind);
}

test("Hugo's alias page: refresh, noindex and a canonical naming the target", () => {
  const title = '<title>https://example.com/posts/new/</title>';
  const canonical = '<link rel="canonical" href="https://example.com/posts/new/">';
  const robots = '<meta name="robots" content="noindex">';
  const refresh = '<meta http-equiv="refresh" content="0; url=https://example.com/posts/new/">';
  const text = `<!DOCTYPE html><html lang="en-us"><head>${title}${canonical}${robots}<meta charset="utf-8">${refresh}</head></html>`;
  const facts = readPageFacts(text, PAGE);
  assert.equal(facts.title, 'https://example.com/posts/new/');
  assert.deepEqual(facts.canonicals, [{ href: 'https://example.com/posts/new/', written: 'https://example.com/posts/new/', ...at(text, canonical) }]);
  assert.deepEqual(facts.robots, [{ crawler: 'robots', directives: ['noindex'], ...at(text, robots) }]);
  assert.deepEqual(facts.refresh, { url: 'https://example.com/posts/new/', delay: 0, ...at(text, refresh) });
  assert.equal(facts.charset, 'utf-8');
  assert.equal(facts.isAliasPage, true);
  assert.deepEqual(facts.problems, []);
});

test("jekyll-redirect-from's page, with no <head> at all and body content after its metas, is an alias page", () => {
  const refresh = '<meta http-equiv="refresh" content="0; url=/new/">';
  const text = '<!DOCTYPE html>\n<html lang="en-US">\n  <meta charset="utf-8">\n  <title>Redirecting&hellip;</title>\n' +
    `  <link rel="canonical" href="/new/">\n  <script>location="/new/"</script>\n  ${refresh}\n` +
    '  <meta name="robots" content="noindex">\n  <h1>Redirecting&hellip;</h1>\n  <a href="/new/">Click here</a>\n</html>\n';
  const facts = readPageFacts(text, PAGE);
  assert.equal(facts.title, 'Redirecting…');
  assert.deepEqual(facts.refresh, { url: 'https://example.com/new/', delay: 0, ...at(text, refresh) });
  assert.equal(facts.isAliasPage, true);
  assert.deepEqual(facts.problems, []);
});

test('mkdocs-redirects: relative canonical and refresh resolve against the page URL', () => {
  const text = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting...</title>' +
    '<link rel="canonical" href="../new/"><meta name="robots" content="noindex"><script>location.href="../new/"</script>' +
    '<meta http-equiv="refresh" content="0; url=../new/"></head><body>Redirecting...</body></html>';
  const facts = readPageFacts(text, PAGE);
  assert.equal(facts.canonicals[0]!.href, 'https://example.com/posts/new/');
  assert.equal(facts.refresh!.url, 'https://example.com/posts/new/');
  assert.equal(facts.isAliasPage, true);
});

test("Docusaurus' client redirect (refresh and canonical, no noindex): not an alias page, but a refresh elsewhere all the same", () => {
  const text = '<!DOCTYPE html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0; url=/new">' +
    '<link rel="canonical" href="/new" /></head><script>window.location.href = "/new" + window.location.search;</script></html>';
  const facts = readPageFacts(text, PAGE);
  assert.deepEqual([facts.isAliasPage, facts.refresh?.url, facts.canonicals[0]?.href], [false, 'https://example.com/new', 'https://example.com/new']);
});

test('not an alias: a refresh without noindex, a noindex page that reloads itself, a canonical elsewhere than the target', () => {
  const refresh = '<meta http-equiv="refresh" content="0; url=/new/">';
  assert.equal(readPageFacts(`<head>${refresh}<link rel=canonical href=/new/></head>`, PAGE).isAliasPage, false);
  assert.equal(readPageFacts('<head><meta http-equiv=refresh content=300><meta name=robots content=noindex><link rel=canonical href=/posts/old/></head>', PAGE).isAliasPage, false);
  assert.equal(readPageFacts(`<head>${refresh}<meta name=robots content=noindex><link rel=canonical href=/other/></head>`, PAGE).isAliasPage, false);
});

test('robots metas: any casing, unquoted values, comma lists, several metas and crawler names merged as Google does', () => {
  const general = '<META NAME=Robots CONTENT="NoFollow , max-snippet : 20">';
  const google = "<meta name='GoogleBot' content='noindex'>";
  const bing = '<meta name="bingbot" content="none">';
  const text = `<HTML><HEAD>${general}<meta name="description" content="none of it">${google}${bing}<TITLE>x</TITLE></HEAD><BODY>`;
  const facts = readPageFacts(text, PAGE);
  assert.deepEqual(facts.robots, [
    { crawler: 'robots', directives: ['nofollow', 'max-snippet:20'], ...at(text, general) },
    { crawler: 'googlebot', directives: ['noindex'], ...at(text, google) },
    { crawler: 'bingbot', directives: ['none'], ...at(text, bing) },
  ]);
  const forGoogle = robotsFor(facts);
  assert.deepEqual([forGoogle.directives, forGoogle.noindex, forGoogle.nofollow], [['nofollow', 'max-snippet:20', 'noindex'], true, true]);
  assert.deepEqual(forGoogle.sources.map((s) => s.start), [at(text, general).start, at(text, google).start]);
  const forBing = robotsFor(facts, 'Bingbot');
  assert.deepEqual([forBing.noindex, forBing.nofollow], [true, true]);
  const forOther = robotsFor(facts, 'DuckDuckBot');
  assert.deepEqual([forOther.noindex, forOther.nofollow], [false, true]);
});

test('entities in attribute values and the title are decoded; an `index` does not undo a `noindex`', () => {
  const text = '<head><meta name="robots" content="index&#44; noindex"><title> Tom &amp; Jerry\n &ndash; home </title>' +
    '<link rel="canonical" href="/a?x=1&amp;y=2"></head>';
  const facts = readPageFacts(text, PAGE);
  assert.equal(facts.title, 'Tom & Jerry – home');
  assert.equal(robotsFor(facts).noindex, true);
  assert.equal(facts.canonicals[0]!.href, 'https://example.com/a?x=1&y=2');
});

test('two canonicals that disagree are both reported, in order, with their ranges', () => {
  const first = '<link rel="canonical" href="https://example.com/a/">';
  const second = '<link href="https://example.com/b/" rel="Canonical">';
  const text = `<head>${first}<link rel="alternate" hreflang="de" href="/de/">${second}</head>`;
  assert.deepEqual(readPageFacts(text, PAGE).canonicals, [
    { href: 'https://example.com/a/', written: 'https://example.com/a/', ...at(text, first) },
    { href: 'https://example.com/b/', written: 'https://example.com/b/', ...at(text, second) },
  ]);
});

test('canonicals that differ from the page by a trailing slash, index.html or the scheme are kept as written, resolved', () => {
  const hrefs = (href: string) => readPageFacts(`<head><link rel=canonical href="${href}"></head>`, PAGE).canonicals.map((c) => c.href);
  assert.deepEqual(hrefs('https://example.com/posts/old'), ['https://example.com/posts/old']);
  assert.deepEqual(hrefs('/posts/old/index.html'), ['https://example.com/posts/old/index.html']);
  assert.deepEqual(hrefs('http://example.com/posts/old/'), ['http://example.com/posts/old/']);
  assert.deepEqual(hrefs('HTTPS://EXAMPLE.COM:443/posts/old/#top'), ['https://example.com/posts/old/#top']);
  assert.deepEqual(hrefs(''), [undefined]);
  assert.deepEqual(hrefs('http://[bad'), [undefined]);
});

test('XHTML written as HTML: an XML prolog, self-closing tags, a namespace; names with spaces around them', () => {
  const robots = '<meta name=" robots " content="noindex" />';
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>X</title>${robots}<link rel="canonical" href="/x/" /></head><body/>`;
  const facts = readPageFacts(text, PAGE);
  assert.deepEqual(facts.robots, [{ crawler: 'robots', directives: ['noindex'], ...at(text, robots) }]);
  assert.deepEqual([facts.title, facts.canonicals[0]!.href, kinds(facts)], ['X', 'https://example.com/x/', []]);
});

test('how a canonical differs from the page: the same URL, one kind of difference, or another page', () => {
  const cases: Array<[string, string]> = [
    ['https://example.com/posts/old/', 'same'], ['https://example.com/posts/old/#comments', 'same'], ['HTTPS://Example.com:443/posts/old/', 'same'],
    ['https://example.com/posts/old', 'trailing-slash'], ['https://example.com/posts/old/index.html', 'index-html'],
    ['http://example.com/posts/old/', 'scheme'], ['https://www.example.com/posts/old/', 'www'],
    ['https://example.com/posts/new/', 'elsewhere'], ['http://example.com/posts/old', 'elsewhere'], ['https://example.com/posts/old/?page=2', 'elsewhere'],
    ['https://cdn.example.com/posts/old/', 'elsewhere'], ['not a url', 'elsewhere'],
  ];
  for (const [href, difference] of cases) assert.equal(canonicalDifference(PAGE, href), difference, href);
  assert.equal(canonicalDifference('https://example.com/a/index.html', 'https://example.com/a/'), 'index-html');
  assert.equal(canonicalDifference('https://www.example.com/a', 'https://example.com/a'), 'www');
});

test('<base href> is what relative hrefs resolve against, wherever it stands in the head', () => {
  const facts = readPageFacts('<head><link rel=canonical href="page/"><base href="https://cdn.example.com/root/"></head>', PAGE);
  assert.equal(facts.canonicals[0]!.href, 'https://cdn.example.com/root/page/');
});

test('metas in <body> are not read, nor inside <noscript> or <template> in the head, nor text inside scripts', () => {
  const text = '<html><head><script>var s = "<meta name=robots content=noindex></head><body>";</script>' +
    '<noscript><meta name="robots" content="noindex"></noscript><template><link rel=canonical href=/t/></template>' +
    '<style>p{}</style><link rel=canonical href=/kept/></head><body><meta name="robots" content="noindex"><link rel=canonical href=/b/>';
  const facts = readPageFacts(text, PAGE);
  assert.deepEqual(facts.robots, []);
  assert.deepEqual(facts.canonicals.map((c) => c.href), ['https://example.com/kept/']);
  assert.deepEqual(facts.ignored, []);
  assert.deepEqual(facts.problems, []);
});

test('head tags between </head> and <body> still belong to the head (the HTML standard puts them back)', () => {
  const robots = '<meta name=robots content=noindex>';
  const facts = readPageFacts(`<html><head><title>t</title></head>\n${robots}\n<body><p>x`, PAGE);
  assert.equal(robotsFor(facts).noindex, true);
});

test('an element that does not belong in a head ends it: the canonical and robots after it are ignored, and said so', () => {
  const img = '<img src="/logo.png">';
  const canonical = '<link rel="canonical" href="/b/">';
  const robots = '<meta name="robots" content="noindex">';
  const text = `<html><head><title>A</title>${img}\n${canonical}${robots}<meta http-equiv="refresh" content="0;url=/c/"></head><body><p>x</p></body>`;
  const facts = readPageFacts(text, PAGE);
  assert.equal(facts.title, 'A');
  assert.deepEqual([facts.canonicals, facts.robots, facts.refresh], [[], [], undefined]);
  const refresh = at(text, '<meta http-equiv="refresh" content="0;url=/c/">');
  assert.deepEqual(facts.ignored, [{ kind: 'canonical', ...at(text, canonical) }, { kind: 'robots', ...at(text, robots) }, { kind: 'refresh', ...refresh }]);
  assert.deepEqual(facts.problems, [{ kind: 'head-ended-early', range: at(text, img) }]);
});

test('text in the head ends it too; whitespace, comments, a doctype and a BOM do not', () => {
  const text = '<head><title>t</title>\n  oops, a stray word\n<link rel=canonical href=/x/></head><body>';
  assert.deepEqual(readPageFacts(text, PAGE).problems, [{ kind: 'head-ended-early', range: at(text, 'oops, a stray word') }]);
  const fine = readPageFacts('\uFEFF<!DOCTYPE html>\n<!-- built -->\n<html>\n <head>\n  <link rel=canonical href=/x/>\n </head>\n</html>', PAGE);
  assert.deepEqual([kinds(fine), fine.canonicals.length], [[], 1]);
});

test('meta refresh contents as the HTML standard reads them', () => {
  assert.deepEqual(parseRefresh('5'), { delay: 5, url: undefined });
  assert.deepEqual(parseRefresh('0; url=/next'), { delay: 0, url: '/next' });
  assert.deepEqual(parseRefresh("0;URL='/next page'"), { delay: 0, url: '/next page' });
  assert.deepEqual(parseRefresh('0, /next'), { delay: 0, url: '/next' });
  assert.deepEqual(parseRefresh(' 3.5 ; Url = "x" trailing'), { delay: 3, url: 'x' });
  assert.deepEqual(parseRefresh('.5;url=/x'), { delay: 0, url: '/x' });
  assert.equal(parseRefresh('soon'), undefined);
  assert.equal(parseRefresh('5x'), undefined);
  assert.equal(parseRefresh(''), undefined);
});

test('the first valid meta refresh is the one that counts', () => {
  const text = '<head><meta http-equiv=refresh content=never><meta http-equiv="Refresh" content="2;url=/a/"><meta http-equiv=refresh content="0;url=/b/"></head>';
  assert.deepEqual(readPageFacts(text, PAGE).refresh, { url: 'https://example.com/a/', delay: 2, ...at(text, '<meta http-equiv="Refresh" content="2;url=/a/">') });
});

test('a binary file or UTF-16 read as UTF-8 has no facts and says why', () => {
  const utf16 = '<\0h\0t\0m\0l\0>\0';
  assert.deepEqual(kinds(readPageFacts(utf16, PAGE)), ['not-text']);
  assert.deepEqual(kinds(readPageFacts('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', PAGE)), ['not-text']);
});

test('bytes that were not UTF-8 in the head are a problem; the declared charset is a fact', () => {
  const latin1 = readPageFacts('<head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>Caf\uFFFD</title></head>', PAGE);
  assert.deepEqual([latin1.charset, kinds(latin1)], ['iso-8859-1', ['not-utf8']]);
  const bodyOnly = readPageFacts('<head><meta charset=windows-1252><title>Cafe</title></head><body>Caf\uFFFD', PAGE);
  assert.deepEqual([bodyOnly.charset, kinds(bodyOnly)], ['windows-1252', []]);
});

test('a huge page is read only up to its head; a head that never ends is capped and said so', () => {
  const huge = '<html><head><link rel=canonical href=/a/></head><body>' + '<p>lorem ipsum</p>'.repeat(300_000);
  const facts = readPageFacts(huge, PAGE);
  assert.deepEqual([facts.canonicals.length, kinds(facts)], [1, []]);
  const endless = '<html><head>' + '<meta name=x content=y>'.repeat(MAX_PAGE_CHARS / 10);
  const capped = readPageFacts(endless, PAGE);
  assert.deepEqual(kinds(capped), ['head-unfinished']);
  assert.ok(capped.robots.length === 0);
  assert.deepEqual(kinds(readPageFacts('<html><head><title>cut</ti', PAGE, { truncated: true })), ['head-unfinished']);
  assert.deepEqual(kinds(readPageFacts('<html><head><title>short page</title>', PAGE)), []);
});

test('template syntax left in the head, and Google verification files, are recognised', () => {
  const title = '<title>{{ .Title }} | Site</title>';
  const template = readPageFacts(`<head>${title}</head>`, PAGE);
  assert.deepEqual(template.problems, [{ kind: 'template-syntax', range: at(`<head>${title}</head>`, title) }]);
  assert.equal(readPageFacts('google-site-verification: google1234567890abcdef.html', PAGE).isVerificationStub, true);
  assert.equal(readPageFacts('<head><title>google-site-verification:</title></head>', PAGE).isVerificationStub, false);
});

test('garbage never throws, and every range it reports lies inside the text on a tag', () => {
  const pieces = ['<', '>', '<head>', '</head>', '<meta name=robots content=noindex>', '<link rel=canonical href=/x>', '<title>', '</title>',
    '<script>', '</script>', '<!--', '-->', '"', "'", '=', ' ', '\n', '&amp;', '&#', 'x', '\uFFFD', '<body>', '<img>', '<noscript>', '</', '<![CDATA['];
  const next = random(22);
  for (let round = 0; round < 400; round++) {
    let text = '';
    for (let i = Math.floor(next() * 40); i > 0; i--) text += pieces[Math.floor(next() * pieces.length)];
    const facts = readPageFacts(text, PAGE, { truncated: next() < 0.2 });
    const ranges = [...facts.robots, ...facts.canonicals, ...facts.ignored, ...(facts.refresh ? [facts.refresh] : [])];
    for (const range of ranges) {
      assert.ok(range.start >= 0 && range.start < range.end && range.end <= text.length, `${JSON.stringify(text)}: ${JSON.stringify(range)}`);
      assert.equal(text[range.start], '<', JSON.stringify(text));
    }
  }
});

/** The robots metas and canonical links parse5 (the HTML standard's tree construction) puts in the head: offsets, value. */
function headTagsByParse5(text: string): Array<[number, number, string]> {
  type Node = { nodeName: string; childNodes?: Node[]; attrs?: Array<{ name: string; value: string }>; sourceCodeLocation?: { startOffset: number; endOffset: number } | null };
  const html = (parse(text, { sourceCodeLocationInfo: true }) as unknown as Node).childNodes!.find((n) => n.nodeName === 'html')!;
  const head = html.childNodes!.find((n) => n.nodeName === 'head')!;
  const attr = (n: Node, name: string) => n.attrs!.find((a) => a.name === name)?.value;
  const counts = (n: Node) => (n.nodeName === 'meta' ? attr(n, 'name')?.trim().toLowerCase() === 'robots' && attr(n, 'content') !== undefined
    : n.nodeName === 'link' && (attr(n, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'));
  return head.childNodes!.filter(counts).map((n) => {
    const value = attr(n, n.nodeName === 'meta' ? 'content' : 'href') ?? '';
    return [n.sourceCodeLocation!.startOffset, n.sourceCodeLocation!.endOffset, n.nodeName === 'meta' ? value.toLowerCase().replace(/\s/g, '') : value];
  });
}

test('the head holds what parse5 puts in it, values included: random documents of head and body pieces, tag for tag', () => {
  const pieces = ['<!DOCTYPE html>', '<html lang=en>', '<head>', '</head>', '<body>', '<title>t</title>', '<meta name=robots content=noindex>',
    '<link rel=canonical href=/x>', '<script>s("</head><body>")</script>', '<style>p{}</style>', '<noscript><meta name=robots content=noindex></noscript>',
    '<template><link rel=canonical href=/t></template>', '<img>', '<div>', '<p>', 'text', ' ', '\n', '<!-- c -->', '<base href=/>', '&amp;',
    '<META NAME=robots CONTENT=noindex>', '</HEAD>', '<BODY class=x>', '<iframe src=/f></iframe>', '</br>', '</p>', '</div>', '<svg><title>s</title></svg>',
    '<link rel="canonical" href="/a>b">', '<link rel=canonical href=/a?x=1&amp;y=2&copy>', "<link href='/q' rel='Canonical' href='/dup'>",
    '<LINK REL=CANONICAL HREF="/UP">', '<meta name=robots content="noindex&#x2C;nofollow">', '<link rel=canonical href="  /spaced  ">',
    '<link/rel=canonical/href=/slash>', '<meta name=robots content=noindex/>', '<meta content="NONE" name="robots" name="x">'];
  const next = random(2022);
  for (let round = 0; round < 3000; round++) {
    let text = '';
    for (let i = 1 + Math.floor(next() * 14); i > 0; i--) text += pieces[Math.floor(next() * pieces.length)];
    const facts = readPageFacts(text, PAGE);
    const ours: Array<[number, number, string]> = [
      ...facts.robots.map((m): [number, number, string] => [m.start, m.end, m.directives.join(',')]),
      ...facts.canonicals.map((c): [number, number, string] => [c.start, c.end, c.written]),
    ];
    assert.deepEqual(ours.sort((a, b) => a[0] - b[0]), headTagsByParse5(text), JSON.stringify(text));
  }
});
