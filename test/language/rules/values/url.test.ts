import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrl, resetUrlCache, type UrlParts } from '../../../../server/src/language/rules/url';
import { isIPv4, isIPv6 } from '../../../../server/src/language/rules/urlCharacters';
import type { ValueProblem } from '../../../../server/src/language/rules/valueProblem';

type Found = { rule: string; start: number; end: number };

function run(value: string): { parts: UrlParts | undefined; problems: Found[]; raw: ValueProblem[] } {
  const raw: ValueProblem[] = [];
  const parts = checkUrl(value, raw);
  return { parts, problems: raw.map(({ rule, start, end }) => ({ rule, start, end })), raw };
}

function valid(value: string): UrlParts {
  const { parts, problems } = run(value);
  assert.deepEqual(problems, [], `expected no problems for ${JSON.stringify(value)}`);
  assert.ok(parts, `expected parts for ${JSON.stringify(value)}`);
  return parts;
}

/** Exactly these invalid-url ranges (given as the substring at an index, or explicit offsets). */
function invalid(value: string, ranges: [number, number][], usable = false): void {
  const { parts, problems } = run(value);
  assert.deepEqual(
    problems,
    ranges.map(([start, end]) => ({ rule: 'invalid-url', start, end })),
    `problems for ${JSON.stringify(value)}`,
  );
  if (usable) assert.ok(parts, `expected parts for ${JSON.stringify(value)}`);
  else assert.equal(parts, undefined, `expected no parts for ${JSON.stringify(value)}`);
}

// ---------------------------------------------------------------------------------------------
// Valid URLs and their parts

test('a typical URL parses into its parts', () => {
  const p = valid('https://www.example.com/products/category-12/item-12345?color=red&size=xl&ref=sitemap-0001');
  assert.deepEqual(p, {
    scheme: 'https',
    host: 'www.example.com',
    hostStart: 8,
    hostEnd: 23,
    port: '',
    path: '/products/category-12/item-12345',
    origin: 'https://www.example.com',
  });
});

test('scheme and host are case-insensitive and lower-cased; the path is kept raw', () => {
  assert.deepEqual(valid('HTTP://Example.COM'), {
    scheme: 'http',
    host: 'example.com',
    hostStart: 7,
    hostEnd: 18,
    port: '',
    path: '/',
    origin: 'http://example.com',
  });
  const p = valid('HtTpS://WWW.Example.Com/Some/PATH');
  assert.equal(p.scheme, 'https');
  assert.equal(p.origin, 'https://www.example.com');
  assert.equal(p.path, '/Some/PATH');
});

test('path excludes query and fragment and is "/" when empty', () => {
  assert.equal(valid('http://x.com').path, '/');
  assert.equal(valid('http://x.com?q=1').path, '/');
  assert.equal(valid('http://x.com#top').path, '/');
  assert.equal(valid('http://x.com/').path, '/');
  assert.equal(valid('http://x.com/a?b/c').path, '/a');
  assert.equal(valid('http://x.com/a#b?c').path, '/a');
  assert.equal(valid('http://x.com/a/b/?').path, '/a/b/');
  assert.equal(valid('http://example.com/catalog/show?item=23').path, '/catalog/show');
});

test('ports: default ports are dropped, others kept without leading zeros', () => {
  assert.equal(valid('http://example.com:80/').port, '');
  assert.equal(valid('https://example.com:443/').port, '');
  assert.equal(valid('http://example.com:443/').port, '443');
  assert.equal(valid('https://example.com:80/').port, '80');
  assert.equal(valid('http://example.com:0080/').port, '');
  assert.equal(valid('http://example.com:08080/').port, '8080');
  assert.equal(valid('http://example.com:65535/').port, '65535');
  assert.equal(valid('http://example.com:0/').port, '0');
  const p = valid('http://www.example.com:100/sitemap.xml');
  assert.equal(p.port, '100');
  assert.equal(p.origin, 'http://www.example.com:100');
  assert.equal(valid('https://example.com:8443').origin, 'https://example.com:8443');
  assert.equal(valid('https://example.com:443').origin, 'https://example.com');
});

test('an empty port is treated as absent', () => {
  const p = valid('http://x.com:/a');
  assert.equal(p.port, '');
  assert.equal(p.origin, 'http://x.com');
  assert.equal(valid('http://x.com:').path, '/');
});

test('userinfo is legal and not part of the host or origin', () => {
  const p = valid('http://user:pass@example.com/private');
  assert.equal(p.host, 'example.com');
  assert.equal(p.origin, 'http://example.com');
  valid('http://user@example.com/');
  valid("http://a!$&'()*+,;=-._~%20:b@example.com/");
  valid('http://jörg@example.com/');
  valid('http://@example.com/'); // empty userinfo
});

test('a fragment is legal; "?" and "/" are legal in query and fragment', () => {
  valid('http://x.com/a#frag');
  valid('http://x.com/a?b?c/d');
  valid('http://x.com/a#b?c/d');
  valid('http://x.com/a?#');
  valid("http://x.com/!$&'()*+,;=:@-._~/%20");
  valid("http://x.com/?!$&'()*+,;=:@-._~/%20");
});

test('entity-decoded sitemaps.org example and percent-encoded UTF-8 are valid', () => {
  valid('http://www.example.com/%C3%BCmlat.php&q=name');
  valid('http://www.example.com/%c3%bcmlat.php');
  valid('http://www.example.com/ümlat.php&q=name');
});

test('IRI: non-ASCII characters (RFC 3987 ucschar) are allowed in path, query and fragment', () => {
  valid('http://example.com/München/straße?q=größe#überblick');
  valid('https://example.jp/日本語/ページ?検索=テスト');
  valid('https://example.com/\u00a0'); // first ucschar
  valid('https://example.com/😀?😀#😀'); // astral plane
  valid('https://example.com/\ud7ff\uf900\ufdcf\ufdf0\uffef');
  valid('https://example.com/\u{1fffd}\u{e1000}\u{efffd}');
});

test('IRI: iprivate is allowed in the query only', () => {
  valid('https://example.com/?\ue000\uf8ff\u{f0000}\u{10fffd}');
  invalid('https://example.com/\ue000', [[20, 21]], true);
  invalid('https://example.com/#\ue000', [[21, 22]], true);
  invalid('https://example.com/#\u{f0000}', [[21, 23]], true);
});

test('non-ASCII characters that are not ucschar are invalid (range: the character)', () => {
  invalid('https://example.com/a\u0085b', [[21, 22]], true); // C1 control
  invalid('https://example.com/a\u009fb', [[21, 22]], true);
  invalid('https://example.com/a\ufdd0b', [[21, 22]], true); // noncharacter
  invalid('https://example.com/a\ufffeb', [[21, 22]], true);
  invalid('https://example.com/a\uffffb', [[21, 22]], true);
  invalid('https://example.com/a\ufff9b', [[21, 22]], true); // specials
  invalid('https://example.com/a\u{1fffe}b', [[21, 23]], true);
  invalid('https://example.com/a\u{e0001}b', [[21, 23]], true); // language tag
  invalid('https://example.com/a\ud800b', [[21, 22]], true); // lone high surrogate
  invalid('https://example.com/a\udc00b', [[21, 22]], true); // lone low surrogate
  invalid('https://example.com/a\ud800', [[21, 22]], true); // lone surrogate at the end
});

test('IPv4, IPv6 and IDN hosts', () => {
  assert.equal(valid('http://192.168.0.1/').host, '192.168.0.1');
  assert.equal(valid('http://0.0.0.0/').host, '0.0.0.0');
  assert.equal(valid('http://255.255.255.255:8080/').origin, 'http://255.255.255.255:8080');
  assert.equal(valid('http://[::1]/').host, '[::1]');
  assert.equal(valid('http://[::1]:8080/a').origin, 'http://[::1]:8080');
  assert.equal(valid('http://[2001:DB8::1]/').host, '[2001:db8::1]');
  valid('http://[1:2:3:4:5:6:7:8]/');
  valid('http://[::ffff:192.0.2.1]/');
  valid('http://[1:2:3:4:5:6:1.2.3.4]/');
  valid('http://[::]/');
  valid('http://[1::]/');
  valid('http://[1:2:3:4:5:6:7::]/');
  valid('http://[::2:3:4:5:6:7:8]/');
  assert.equal(valid('http://münchen.de/').host, 'münchen.de');
  assert.equal(valid('http://MÜNCHEN.de/').host, 'münchen.de');
  assert.equal(valid('http://xn--mnchen-3ya.de/').host, 'xn--mnchen-3ya.de');
  valid('http://例え.jp/');
  valid('http://m%C3%BCnchen.de/'); // percent-encoded UTF-8 in a reg-name
  valid('http://localhost/');
  valid('http://localhost:3000/');
  valid('http://my_host.example.com/'); // '_': deliberate leniency
  valid('http://123.example.com/'); // numeric labels are fine when the last one is not
  valid('http://a-b--c.example.com/');
  valid('http://xn--bcher-kva.example/');
});

test('host length limits: 63 per label, 253 in all', () => {
  const l63 = 'a'.repeat(63);
  valid(`http://${l63}.com/`);
  const l64 = 'a'.repeat(64);
  invalid(`http://${l64}.com/`, [[7, 7 + 64 + 4]]);
  const host253 = [l63, l63, l63, 'a'.repeat(61)].join('.');
  assert.equal(host253.length, 253);
  valid(`http://${host253}/`);
  const host254 = [l63, l63, l63, 'a'.repeat(62)].join('.');
  invalid(`http://${host254}/`, [[7, 7 + 254]]);
});

test('invalid hosts: range is the host', () => {
  invalid('http://a..b/', [[7, 11]]);
  invalid('http://.example.com/', [[7, 19]]);
  invalid('http://example.com./', [[7, 19]]);
  invalid('http://example..com:8080/', [[7, 19]]);
  invalid('http://-a.com/', [[7, 13]]);
  invalid('http://a-.com/', [[7, 13]]);
  invalid('http://www.-a.com/', [[7, 17]]);
  invalid('http://www.example.com-/', [[7, 23]]);
  invalid('http://exa!mple.com/', [[7, 19]]);
  invalid("http://exa'mple.com/x", [[7, 19]]);
  invalid('http://exa~mple.com/', [[7, 19]]);
  invalid('http://exa*mple.com/', [[7, 19]]);
  invalid('http://exa,mple.com/', [[7, 19]]);
  invalid('http://user@exa=mple.com/', [[12, 24]]);
  invalid('http://ex%41mple.com/', [[7, 20]]); // percent-encoded ASCII
  invalid('http://ex%2Emple.com/', [[7, 20]]);
  invalid('http://.', [[7, 8]]);
});

test('an all-numeric host must be a valid IPv4 address', () => {
  invalid('http://256.1.1.1/', [[7, 16]]);
  invalid('http://1.2.3.256/', [[7, 16]]);
  invalid('http://1.2.3/', [[7, 12]]);
  invalid('http://1.2.3.4.5/', [[7, 16]]);
  invalid('http://01.2.3.4/', [[7, 15]]);
  invalid('http://1.2.3.04/', [[7, 15]]);
  invalid('http://123/', [[7, 10]]);
  invalid('http://4294967295/', [[7, 17]]);
  invalid('http://example.123/', [[7, 18]]);
  invalid('http://0x7f.0.0.1/', [[7, 17]]);
  invalid('http://1.2.3.4./', [[7, 15]]);
});

test('invalid IPv6 literals: range is the literal with its brackets', () => {
  invalid('http://[::g]/', [[7, 12]]);
  invalid('http://[1:2:3:4:5:6:7:8:9]/', [[7, 26]]);
  invalid('http://[1:2:3:4:5:6:7]/', [[7, 22]]);
  invalid('http://[1::2::3]/', [[7, 16]]);
  invalid('http://[12345::]/', [[7, 16]]);
  invalid('http://[1:::2]/', [[7, 14]]);
  invalid('http://[:1::2]/', [[7, 14]]);
  invalid('http://[1::2:]/', [[7, 14]]);
  invalid('http://[]/', [[7, 9]]);
  invalid('http://[1:2:3:4:5:6:7:8::]/', [[7, 26]]);
  invalid('http://[::1.2.3.256]/', [[7, 20]]);
  invalid('http://[::1.2.3.4:5]/', [[7, 20]]);
  invalid('http://[1:2:3:4:5:6:7:1.2.3.4]/', [[7, 30]]);
  invalid('http://[fe80::1%25eth0]/', [[7, 23]]); // zone ids: not accepted
  invalid('http://[v1.fe]/', [[7, 14]]); // IPvFuture: not accepted
  invalid('http://[::1/', [[7, 11]]); // missing ']': range to the end of the authority
  invalid('http://[::1]x/', [[7, 13]]);
  invalid('http://[::1]:99999/', [[13, 18]]);
});

test('isIPv4 / isIPv6 helpers', () => {
  const v4 = (s: string) => isIPv4(s, 0, s.length);
  const v6 = (s: string) => isIPv6(s, 0, s.length);
  assert.ok(v4('1.2.3.4'));
  assert.ok(v4('0.0.0.0'));
  assert.ok(!v4('1.2.3.'));
  assert.ok(!v4('.1.2.3'));
  assert.ok(!v4('1.2.3.4.'));
  assert.ok(!v4('1234.1.1.1'));
  assert.ok(!v4(''));
  assert.ok(v6('2001:db8:85a3::8a2e:370:7334'));
  assert.ok(v6('2001:0db8:85a3:0000:0000:8a2e:0370:7334'));
  assert.ok(v6('::ffff:10.0.0.1'));
  assert.ok(!v6(''));
  assert.ok(!v6(':'));
  assert.ok(!v6(':::'));
  assert.ok(!v6('1:2'));
  assert.ok(!v6('::ffff:10.0.0'));
});

test('invalid ports: range is the port', () => {
  invalid('http://x.com:65536/', [[13, 18]]);
  invalid('http://x.com:99999999999999999999/', [[13, 33]]);
  invalid('http://x.com:8o/', [[13, 15]]);
  invalid('http://x.com:-1/', [[13, 15]]);
  invalid('http://x.com:80:80/', [[13, 18]]);
  invalid('http://x.com: 80/', [[13, 16]]);
  invalid('http://x.com:http/', [[13, 17]]);
});

test('relative URLs: range is the whole value', () => {
  for (const v of [
    '/page.html',
    'page.html',
    'www.example.com/page',
    '//example.com/page',
    'example.com:8080/x',
    'www.example.com:80',
    'http//example.com/',
    '1http://example.com/',
    '?q=1',
    '#top',
    ' http://example.com/',
  ]) {
    invalid(v, [[0, v.length]]);
  }
  invalid('', [[0, 0]]);
});

test('other schemes: range is the scheme', () => {
  invalid('ftp://example.com/file', [[0, 3]]);
  invalid('mailto:someone@example.com', [[0, 6]]);
  invalid('javascript:alert(1)', [[0, 10]]);
  invalid('file:///etc/passwd', [[0, 4]]);
  invalid('httpx://example.com/', [[0, 5]]);
  invalid('htt://example.com/', [[0, 3]]);
  invalid('https2://example.com/', [[0, 6]]);
  invalid('web+http://example.com/', [[0, 8]]);
  invalid('urn:isbn:0451450523', [[0, 3]]);
  invalid('localhost:3000/', [[0, 9]]);
});

test("missing '//': range is the scheme, its colon and any slashes", () => {
  invalid('http:example.com', [[0, 5]]);
  invalid('https:/example.com', [[0, 7]]);
  invalid('https:', [[0, 6]]);
  invalid('http:\\\\example.com\\', [[0, 5]]);
});

test('empty host: range from the start to the end of the authority', () => {
  invalid('http://', [[0, 7]]);
  invalid('http:///x', [[0, 7]]);
  invalid('https://?q', [[0, 8]]);
  invalid('http://user@/x', [[0, 12]]);
  invalid('http://:80/', [[0, 10]]);
});

test('illegal ASCII characters: range is each character', () => {
  const illegal = ' \t\n\r"<>\\^`{|}\x00\x1f\x7f[]';
  for (const ch of illegal) {
    for (const [prefix, suffix] of [
      ['http://x.com/a', 'b'],
      ['http://x.com/a?', 'b'],
      ['http://x.com/a#', 'b'],
    ]) {
      const v = prefix + ch + suffix;
      invalid(v, [[prefix.length, prefix.length + 1]], true);
    }
  }
});

test('illegal characters in the host: range is the character, and the URL is unusable', () => {
  invalid('http://a b.com/', [[8, 9]]);
  invalid('http://exa[mple.com/', [[10, 11]]);
  invalid('http://x.com\\path', [[12, 13]]);
  invalid('http://x.com\u0085/', [[12, 13]]);
  invalid('http://a..b c/', [[11, 12]]); // no extra host problem once a character is reported
});

test('illegal characters in the userinfo: reported, URL still usable', () => {
  invalid('http://us er@x.com/', [[9, 10]], true);
  invalid('http://user:pa@ss@x.com/', [[14, 15]], true);
  invalid('http://us[er@x.com/', [[9, 10]], true);
  invalid('http://user%zz@x.com/', [[11, 14]], true);
});

test('a second "#" is illegal; the first starts the fragment', () => {
  invalid('http://x.com/a#b#c', [[16, 17]], true);
  invalid('http://x.com/a?x#b#c#d', [[18, 19], [20, 21]], true);
  valid('http://x.com/a#b%23c');
});

test('several illegal characters are each reported, at most 10 per URL', () => {
  invalid('http://x.com/a b c', [[14, 15], [16, 17]], true);
  const v = 'http://x.com/' + ' '.repeat(15);
  const { problems, parts } = run(v);
  assert.ok(parts);
  assert.equal(problems.length, 10);
  assert.deepEqual(problems[9], { rule: 'invalid-url', start: 22, end: 23 });
  // the count restarts with each URL
  assert.equal(run(v).problems.length, 10);
});

test('bad percent-escapes: range is the "%" and up to two would-be hex digits', () => {
  invalid('http://x.com/%', [[13, 14]], true);
  invalid('http://x.com/%4', [[13, 15]], true);
  invalid('http://x.com/%G1x', [[13, 16]], true);
  invalid('http://x.com/%4G', [[13, 16]], true);
  invalid('http://x.com/%zz%4', [[13, 16], [16, 18]], true);
  invalid('http://x.com/100%/x', [[16, 17]], true);
  invalid('http://x.com/%%41', [[13, 14]], true);
  invalid('http://x.com/a?q=%', [[17, 18]], true);
  invalid('http://x.com/a#%x', [[15, 17]], true);
  invalid('http://x.com/%ü', [[13, 14]], true);
  invalid('http://ex%4.com/', [[9, 11]]); // in the host: the escape only
  invalid('http://ex%.com/', [[9, 10]]);
  valid('http://x.com/%00%7F%ff%aB');
});

test('url-too-long: 2,048 code points or more, whole value; the rest is still validated', () => {
  const base = 'https://example.com/';
  const ok = base + 'a'.repeat(2047 - base.length);
  assert.equal(ok.length, 2047);
  valid(ok);
  const long = base + 'a'.repeat(2048 - base.length);
  let r = run(long);
  assert.deepEqual(r.problems, [{ rule: 'url-too-long', start: 0, end: 2048 }]);
  assert.ok(r.parts);
  // code points, not UTF-16 units: 2047 code points of which many are astral
  const astral = base + '😀'.repeat(1000) + 'a'.repeat(2047 - base.length - 1000);
  assert.equal(astral.length, 3047);
  valid(astral);
  const astralLong = astral + 'b';
  r = run(astralLong);
  assert.deepEqual(r.problems, [{ rule: 'url-too-long', start: 0, end: astralLong.length }]);
  // still validated
  const bad = long + ' ';
  r = run(bad);
  assert.deepEqual(r.problems, [
    { rule: 'url-too-long', start: 0, end: bad.length },
    { rule: 'invalid-url', start: bad.length - 1, end: bad.length },
  ]);
  r = run('ftp://' + 'a'.repeat(3000));
  assert.deepEqual(r.problems, [
    { rule: 'url-too-long', start: 0, end: 3006 },
    { rule: 'invalid-url', start: 0, end: 3 },
  ]);
});

test('messages are non-empty', () => {
  const samples = [
    '',
    'x',
    'ftp://a',
    'http:x',
    'http://',
    'http://a..b/',
    'http://[::g]/',
    'http://x:99999/',
    'http://x.com/ %zz#a#',
    'http://x.com/\u0085\ud800😀\u{e0001}',
    'https://e.com/' + 'a'.repeat(3000),
  ];
  for (const s of samples) {
    for (const p of run(s).raw) assert.ok(typeof p.message === 'string' && p.message.length > 0);
  }
});

test('the host cache never leaks between URLs', () => {
  resetUrlCache();
  assert.equal(valid('http://example.com/a').origin, 'http://example.com');
  assert.equal(valid('https://example.com/a').origin, 'https://example.com');
  assert.equal(valid('https://example.com:8443/a').origin, 'https://example.com:8443');
  assert.equal(valid('http://EXAMPLE.com/a').host, 'example.com');
  assert.equal(valid('http://example.org/a').origin, 'http://example.org');
  assert.equal(valid('http://example.com:80/a').origin, 'http://example.com');
  // an invalid host of the same length as the cached one is still reported, every time
  invalid('http://exam-.com/', [[7, 16]]);
  valid('http://exams.com/');
  invalid('http://exam-.com/', [[7, 16]]);
  invalid('http://exam-.com/', [[7, 16]]);
  // a long host
  const longHost = Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.');
  assert.equal(valid(`http://${longHost}/`).host, longHost);
  assert.equal(valid(`http://${longHost}/x`).host, longHost);
  valid('http://example.com/');
});

test('every ASCII character in path, query, fragment and host (the RFC 3986 classes exactly)', () => {
  const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const unreserved = ALPHA + '0123456789-._~';
  const subDelims = "!$&'()*+,;=";
  const pcharOrSlash = unreserved + subDelims + ':@/';
  const neverLegal = ' "<>[\\]^`{|}\x7f';
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (ch === '%') continue; // escapes have their own tests
    const illegalInPQ = !(pcharOrSlash + '?#').includes(ch);
    for (const prefix of ['http://x.com/a', 'http://x.com/a?', 'http://x.com/a#']) {
      const illegal = prefix.endsWith('#') ? !(pcharOrSlash + '?').includes(ch) : illegalInPQ;
      invalid(prefix + ch + 'b', illegal ? [[prefix.length, prefix.length + 1]] : [], true);
    }
    // host
    if ('/?#:@'.includes(ch)) continue; // these end the host or start a port / userinfo
    const v = 'http://a' + ch + 'b.com/';
    if ((ALPHA + '0123456789-._').includes(ch)) valid(v);
    else if (c < 0x20 || neverLegal.includes(ch)) invalid(v, [[8, 9]]);
    else invalid(v, [[7, 14]]); // legal in a URI reg-name, not in a host name
  }
});
