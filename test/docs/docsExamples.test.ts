/**
 * The examples of docs/rules.md are tests: for every rule section (`## rule-id`), the **Bad** example must produce
 * that rule — and no other, so the example shows exactly what it documents — and the **Good** example no problem at
 * all. The section's "Default severity" must be the catalogue's, and every rule of the catalogue must have a section.
 *
 * Conventions of docs/rules.md (also stated in a comment at the top of its examples):
 * - A rule section is a `## ` heading that is a bare rule id (lower case and hyphens); other headings are prose.
 * - `**Bad**` and `**Good**` (at the start of a line) label the next fenced block: ```xml is parsed as a sitemap
 *   (language `sitemap`), ```text as a text sitemap (language `sitemap-txt`), ```robots as a robots.txt (`robots-txt`).
 * - A one-line HTML comment `<!-- example: { … } -->` before a fenced block (blank lines in between are fine) sets,
 *   for that block only, as JSON: `location` (the URL the sitemap is published at: ValidationContext.location),
 *   `settings` (overrides of the sitemap.* settings; `limits` is merged over the defaults) and `indexes` (URLs of
 *   workspace files that are sitemap indexes, for nested-index; other URLs map to no file), `now` (the clock, an ISO
 *   date-time, for news-too-old: examples state the moment they are judged at) and `repeat` (`{ "line": "…", "times":
 *   N }`: the example's one line whose trimmed text is `line` is written N times, so a limit such as too-many-images'
 *   1,000 images per URL is shown without printing a thousand lines).
 * - Cross-file rules need a site: consecutive blocks after one label, each with `"file": "<path>"` in its directive,
 *   are the files of one example, linted together (language/site) under the site root `https://www.example.com/`
 *   (a file `a/b.xml` is published at `https://www.example.com/a/b.xml`; a URL maps to the file of that path).
 * - Page rules need a built site too: in a site example, a block fenced ```html (a page) or ```redirects (Netlify's
 *   `_redirects`) with a `"file"` is a built file, not linted; with one or more pages, the example's files are the built
 *   folder of that site root (a `robots.txt` among them is the site's), and the page rules run for Googlebot. A page's
 *   `"history"` (an ISO date-time) is the last commit that changed it, judged at the tests' fixed NOW; or
 *   `{ "content": …, "template": … }`: the last commit that changed its content, and one after it that changed only
 *   its template.
 * - The live check's rules: a block fenced ```http with a `"url"` is what that URL answers (a status line, headers, a
 *   blank line, the body), judged by the live verdict (language/live) for Googlebot.
 * - Without `now`, the clock is the tests' fixed NOW, so future-lastmod examples do not depend on the day the tests run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DEFAULT_SETTINGS, parseDocument, summarizeForSite, validate, validatePageRules, validateSite,
  type SiteDiagnostic, type SiteFile, type SitemapLanguageId, type SitemapSettings, type ValidationContext,
} from '../../server/src/language/languageService';
import { builtSite, type ContentAndTemplate } from '../support/builtSiteFixture';
import { judgeLive } from '../../server/src/language/languageService';
import { RULES, type RuleId } from '../../server/src/language/rules/catalogue';
import { diagnose, NOW, render, type Options } from '../support/fixtures';

/** Tests compile to out/test/<part>/: the docs are read from the repository, not from out/. */
const DOCS = path.resolve(__dirname, '../../../docs/rules.md');

interface Example {
  text: string;
  languageId: SitemapLanguageId;
  options: Options;
  line: number;
  /** The files of a cross-file example (then `text` is the first file's). */
  files?: SiteExampleFile[];
  /** A live example: the URL `text` (an HTTP answer) is what it answers. */
  liveUrl?: string;
}

interface SiteExampleFile {
  name: string;
  text: string;
  /** `built`: a page or a redirects file of the built site, not linted. */
  languageId: SitemapLanguageId | 'built';
  /** A page's last commit (ISO date-time), or its last content change and a template commit after it. */
  history?: string | ContentAndTemplate;
}

interface Section {
  rule: string;
  line: number;
  severity?: string;
  bad: Example[];
  good: Example[];
}

interface ExampleDirective {
  location?: string;
  settings?: Partial<SitemapSettings>;
  indexes?: string[];
  file?: string;
  now?: string;
  repeat?: RepeatedLine;
  history?: string | ContentAndTemplate;
  url?: string;
}

interface RepeatedLine {
  line: string;
  times: number;
}

/** The example with its one line whose trimmed text is `repeat.line` written `repeat.times` times. */
function expandRepeat(text: string, repeat: RepeatedLine | undefined, where: string): string {
  if (repeat === undefined) return text;
  const lines = text.split('\n');
  const found = lines.flatMap((line, k) => (line.trim() === repeat.line ? [k] : []));
  assert.equal(found.length, 1, `${where}: "repeat" names one line of the example, found ${found.length}`);
  assert.ok(Number.isInteger(repeat.times) && repeat.times >= 1, `${where}: "repeat.times" is a whole number ≥ 1`);
  lines.splice(found[0], 1, ...Array<string>(repeat.times).fill(lines[found[0]]));
  return lines.join('\n');
}

function toOptions(directive: ExampleDirective | undefined, languageId: SitemapLanguageId): Options {
  const options: Options = { languageId };
  if (directive === undefined) return options;
  const context: ValidationContext = {};
  if (directive.location !== undefined) context.location = directive.location;
  if (directive.indexes !== undefined) {
    const indexes = new Set(directive.indexes);
    context.isSitemapIndex = (url) => (indexes.has(url) ? true : undefined);
  }
  if (directive.now !== undefined) {
    context.now = Date.parse(directive.now);
    assert.ok(!Number.isNaN(context.now), `"now" is an ISO date-time, not "${directive.now}"`);
  }
  options.context = context;
  if (directive.settings !== undefined) {
    const { limits, ...rest } = directive.settings;
    options.settings = { ...rest, ...(limits !== undefined ? { limits: { ...DEFAULT_SETTINGS.limits, ...limits } } : {}) };
  }
  return options;
}

/** How a fenced example is read. */
const FENCE_LANGUAGES: Readonly<Record<string, SitemapLanguageId>> = { xml: 'sitemap', text: 'sitemap-txt', robots: 'robots-txt' };
/** How a site example's built file is fenced. */
const BUILT_FENCES = new Set(['html', 'redirects']);

export function parseRulesDoc(markdown: string): Section[] {
  const lines = markdown.split(/\r?\n/);
  const sections: Section[] = [];
  let section: Section | undefined;
  let label: 'bad' | 'good' | undefined;
  let directive: ExampleDirective | undefined;
  let site: Example | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading !== null) {
      const isRule = /^[a-z]+(?:-[a-z]+)*$/.test(heading[1]);
      section = isRule ? { rule: heading[1], line: i + 1, bad: [], good: [] } : undefined;
      if (section !== undefined) sections.push(section);
      label = undefined;
      directive = undefined;
      site = undefined;
      continue;
    }
    const severity = /^Default severity:\s*\*\*(\w+)\*\*/.exec(line);
    if (severity !== null && section !== undefined) {
      section.severity = severity[1];
      continue;
    }
    const labelled = /^\*\*(Bad|Good)\*\*/.exec(line);
    if (labelled !== null) {
      label = labelled[1] === 'Bad' ? 'bad' : 'good';
      site = undefined;
      continue;
    }
    const comment = /^<!--\s*example:\s*(\{.*\})\s*-->\s*$/.exec(line);
    if (comment !== null) {
      directive = JSON.parse(comment[1]) as ExampleDirective;
      continue;
    }
    const fence = /^```(\w*)\s*$/.exec(line);
    if (fence !== null) {
      const body: string[] = [];
      const start = i + 1;
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
      assert.ok(i < lines.length, `docs/rules.md:${start}: unterminated code block`);
      if (section !== undefined && label !== undefined && fence[1] === 'http') {
        assert.ok(directive?.url !== undefined, `docs/rules.md:${start}: an http example names its "url"`);
        section[label].push({ text: body.join('\n') + '\n', languageId: 'sitemap', options: { languageId: 'sitemap' }, line: start, liveUrl: directive.url });
      } else if (section !== undefined && label !== undefined) {
        const built = directive?.file !== undefined && BUILT_FENCES.has(fence[1]);
        const languageId = built ? 'sitemap' : FENCE_LANGUAGES[fence[1]];
        assert.ok(languageId !== undefined, `docs/rules.md:${start}: examples are fenced as xml, text or robots (html or redirects for a site's built file), not "${fence[1]}"`);
        const text = body.join('\n') + '\n';
        if (directive?.file !== undefined) {
          const file: SiteExampleFile = { name: directive.file, text, languageId: built ? 'built' : languageId, history: directive.history };
          if (site === undefined) section[label].push(site = { text, languageId, options: { languageId }, line: start, files: [file] });
          else site.files!.push(file);
          directive = undefined;
          continue; // the next block may be another file of the site
        }
        const expanded = expandRepeat(text, directive?.repeat, `docs/rules.md:${start}`);
        section[label].push({ text: expanded, languageId, options: toOptions(directive, languageId), line: start });
      }
      label = undefined;
      site = undefined;
      directive = undefined;
    }
  }
  return sections;
}

const SITE_ROOT = 'https://www.example.com/';

/** The live verdict's rule for an http example: the answer parsed as the client would record it. */
function judgeLiveExample(example: Example): string[] {
  const [top, ...rest] = example.text.split('\n\n');
  const [statusLine, ...headerLines] = top!.split('\n');
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(statusLine!)?.[1]);
  assert.ok(status >= 100, `docs/rules.md:${example.line}: an http example starts with a status line`);
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const bodyText = rest.join('\n\n');
  const url = example.liveUrl!;
  const verdict = judgeLive({
    listedUrl: url, hops: [{ url, status, headers, retries: 0 }], stop: { kind: 'answered' },
    body: new TextEncoder().encode(bodyText), bodyText, truncated: false,
  }, { userAgent: 'Googlebot' });
  return verdict === undefined ? [] : [verdict.rule];
}

/** A site example's problems, per file and across them, as `file: rule "text"`. */
function diagnoseSite(all: readonly SiteExampleFile[]): string[] {
  const files = all.filter((f): f is SiteExampleFile & { languageId: SitemapLanguageId } => f.languageId !== 'built');
  const docs = files.map((f) => parseDocument(f.text, f.languageId));
  const out: string[] = [];
  files.forEach((f, k) => {
    const location = f.languageId === 'robots-txt' ? undefined : SITE_ROOT + f.name;
    for (const d of validate(docs[k], DEFAULT_SETTINGS, { location, now: NOW })) out.push(`${f.name}: ${d.rule} ${JSON.stringify(f.text.slice(d.start, d.end))}`);
  });
  const siteFiles: SiteFile[] = files.map((f, k) => ({ path: f.name, summary: summarizeForSite(docs[k]), inSite: true }));
  const render = (d: SiteDiagnostic) => `${d.path}: ${d.rule} ${JSON.stringify(files.find((f) => f.name === d.path)!.text.slice(d.start, d.end))}`;
  if (all.some((f) => f.languageId === 'built' && f.name.endsWith('.html'))) {
    const history = Object.fromEntries(all.flatMap((f) => (f.history === undefined ? [] : [[f.name, f.history]])));
    const site = builtSite({ root: { folder: '', url: SITE_ROOT }, files: Object.fromEntries(all.map((f) => [f.name, f.text])), history, now: NOW });
    const sitemaps = siteFiles.map((f) => ({ ...f, location: SITE_ROOT + f.path }));
    for (const d of validatePageRules(sitemaps, [site], DEFAULT_SETTINGS).diagnostics) out.push(render(d));
  }
  const names = new Set(all.map((f) => f.name));
  const resolver = {
    fileOf: (url: string) => (url.startsWith(SITE_ROOT) && url.length > SITE_ROOT.length ? url.slice(SITE_ROOT.length) : undefined),
    exists: (name: string) => names.has(name),
  };
  for (const d of validateSite(siteFiles, resolver, DEFAULT_SETTINGS)) out.push(render(d));
  return out;
}

const sections = parseRulesDoc(fs.readFileSync(DOCS, 'utf8'));

test('docs/rules.md documents every rule of the catalogue, once, in catalogue order', () => {
  assert.deepEqual(sections.map((s) => s.rule), Object.keys(RULES));
});

for (const section of sections) {
  test(`docs/rules.md: ${section.rule}`, () => {
    const where = `docs/rules.md:${section.line} (## ${section.rule})`;
    assert.ok(Object.prototype.hasOwnProperty.call(RULES, section.rule), `${where}: not a rule id`);
    assert.equal(section.severity, RULES[section.rule as RuleId], `${where}: default severity`);
    assert.equal(section.bad.length, 1, `${where}: one Bad example`);
    assert.equal(section.good.length, 1, `${where}: one Good example`);

    const [bad] = section.bad;
    const [good] = section.good;
    if (bad.liveUrl !== undefined || good.liveUrl !== undefined) {
      assert.deepEqual(judgeLiveExample(bad), [section.rule], `docs/rules.md:${bad.line}: the Bad example must produce ${section.rule}`);
      assert.deepEqual(judgeLiveExample(good), [], `docs/rules.md:${good.line}: the Good example must produce no problem`);
      return;
    }
    if (bad.files !== undefined || good.files !== undefined) {
      const badFound = diagnoseSite(bad.files ?? [{ name: 'sitemap.xml', text: bad.text, languageId: bad.languageId }]);
      assert.ok(badFound.length > 0, `docs/rules.md:${bad.line}: the Bad example must produce ${section.rule}`);
      assert.deepEqual(badFound.filter((p) => !p.includes(`: ${section.rule} `)), [], `docs/rules.md:${bad.line}: the Bad example must produce only ${section.rule}`);
      assert.deepEqual(diagnoseSite(good.files ?? [{ name: 'sitemap.xml', text: good.text, languageId: good.languageId }]), [], `docs/rules.md:${good.line}: the Good example must produce no problem`);
      return;
    }
    const badProblems = diagnose(bad.text, bad.options);
    assert.ok(badProblems.some((d) => d.rule === section.rule), `docs/rules.md:${bad.line}: the Bad example must produce ${section.rule}; got ${JSON.stringify(render(badProblems))}`);
    assert.deepEqual(
      badProblems.filter((d) => d.rule !== section.rule).map((d) => `${d.rule}: ${JSON.stringify(bad.text.slice(d.start, d.end))}`),
      [],
      `docs/rules.md:${bad.line}: the Bad example must produce only ${section.rule}`,
    );

    const goodProblems = diagnose(good.text, good.options);
    assert.deepEqual(
      goodProblems.map((d) => `${d.rule}: ${JSON.stringify(good.text.slice(d.start, d.end))}`),
      [],
      `docs/rules.md:${good.line}: the Good example must produce no problem`,
    );
  });
}

test('docs/rules.md: the example conventions are understood (a self-check of the parser)', () => {
  const parsed = parseRulesDoc([
    '## Intro',
    '**Bad**',
    '```xml',
    '<ignored/>',
    '```',
    '## mixed-hosts',
    'Default severity: **error**',
    '**Bad** — with a location:',
    '',
    '<!-- example: { "location": "https://example.com/", "settings": { "limits": { "maxEntries": 3 } }, "indexes": ["https://example.com/i.xml"] } -->',
    '',
    '```text',
    'https://example.com/',
    '```',
    '**Good**:',
    '```xml',
    '<a/>',
    '```',
  ].join('\n'));
  assert.equal(parsed.length, 1);
  const [s] = parsed;
  assert.equal(s.rule, 'mixed-hosts');
  assert.equal(s.severity, 'error');
  assert.equal(s.bad[0].languageId, 'sitemap-txt');
  assert.equal(s.bad[0].text, 'https://example.com/\n');
  assert.equal(s.bad[0].options.context?.location, 'https://example.com/');
  assert.equal(s.bad[0].options.context?.isSitemapIndex?.('https://example.com/i.xml'), true);
  assert.equal(s.bad[0].options.context?.isSitemapIndex?.('https://example.com/s.xml'), undefined);
  assert.deepEqual(s.bad[0].options.settings?.limits, { ...DEFAULT_SETTINGS.limits, maxEntries: 3 });
  assert.equal(s.good[0].languageId, 'sitemap');
  assert.equal(s.good[0].options.context, undefined, 'a directive applies to the next block only');
});

test('docs/rules.md: the "now" and "repeat" example options are understood', () => {
  const parsed = parseRulesDoc([
    '## news-too-old',
    '**Bad**',
    '<!-- example: { "now": "2025-06-15T12:00:00Z", "repeat": { "line": "<b/>", "times": 3 } } -->',
    '```xml',
    '<a>',
    '  <b/>',
    '</a>',
    '```',
  ].join('\n'));
  const [bad] = parsed[0].bad;
  assert.equal(bad.text, '<a>\n  <b/>\n  <b/>\n  <b/>\n</a>\n');
  assert.equal(bad.options.context?.now, Date.UTC(2025, 5, 15, 12, 0, 0));
});
