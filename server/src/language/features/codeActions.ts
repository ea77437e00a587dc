/** Quick fixes, text in → text out: each edits only the offending text, and offers nothing when the text no longer
 * shows the problem (the client's diagnostics may be stale). `getFixAllEdits` applies every fix whose intent is
 * unambiguous at once, composing an entry's reordering with the fixes inside it, in edits that never overlap. */
import type { FixAllOptions, FixOptions, OffsetEdit, ProblemRef, QuickFix, TimeZoneOffset } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import type { RuleId } from '../rules/catalogue';
import { fieldsOf } from '../rules/entryRules';
import { nearMissExtension } from '../rules/extensionNamespaces';
import { checkLastmod } from '../rules/lastmod';
import { CHANGEFREQ_VALUES } from '../rules/simpleValues';
import { checkUrl } from '../rules/url';
import { scanName } from '../syntax/textMetrics';
import { SegmentKind } from '../model/segment';
import { offsetForWallClock, formatOffset, systemTimeZoneOffset } from './clock';
import { fixLinkRel, fixMissingSelf, fixNotReciprocal, fixUndeclaredPrefix } from './extensionFixes';
import { HTML_ENTITIES } from './htmlEntities';
import { percentEncodeEdits } from './percentEncoding';
import { fixRobotsLine } from './robotsTxtFeatures';
import { PAGE_FIXES } from './pageFixes';
import {
  entryExtent, locate, namespaceOf, plainValueAt, rootStructure, sliceText, structureOf,
  type SegmentPosition, type XmlElement,
} from './structure';
import { SITEMAP_NAMESPACE } from './vocabulary';
import { readXmlDeclaration, xmlDeclarationStart } from '../../../../shared/xmlDeclaration';
import { decodeReferences } from '../../../../shared/xmlNamespaces';

type Fixer = (input: FixInput, problem: ProblemRef) => Omit<QuickFix, 'problem'>[];

/** What every fixer reads: the document and the fix options. */
interface FixInput {
  model: SitemapModel;
  options: FixOptions;
}

const FIXERS: Partial<Record<RuleId, Fixer>> = {
  'xml-syntax': fixDeclaration,
  'robots-sitemap-url': (input, problem) => fixRobotsLine(input.model, problem, input.options.location),
  'robots-sitemap-spelling': (input, problem) => fixRobotsLine(input.model, problem),
  'unescaped-ampersand': fixAmpersand,
  'unknown-entity': fixEntity,
  'bad-namespace': fixNamespace,
  'extension-namespace': fixExtensionNamespace,
  'hreflang-invalid': (input, problem) => fixLinkRel(input.model, problem),
  'hreflang-missing-self': (input, problem) => fixMissingSelf(input.model, problem),
  'hreflang-not-reciprocal': (input, problem) => fixNotReciprocal(input.model, problem),
  'invalid-lastmod': fixLastmod,
  'invalid-priority': fixPriority,
  'invalid-changefreq': fixChangefreq,
  'element-order': fixOrder,
  'invalid-url': fixUrl,
  'duplicate-url': fixDuplicate,
  'out-of-scope': fixOutOfScope,
  'language-mismatch': fixLanguage,
  'unexpected-attribute': fixUnexpectedAttribute,
  'entity-not-expanded': fixEntityNotExpanded,
};

/** Rules that may have a safe fix (the fixer decides per problem). */
const SAFE_RULES: readonly RuleId[] = ['xml-syntax', 'unescaped-ampersand', 'unknown-entity', 'bad-namespace', 'extension-namespace', 'invalid-changefreq', 'invalid-priority', 'element-order'];

/** Quick fixes for the given problems, without duplicates (two problems of one URL share one fix). */
export function getQuickFixes(model: SitemapModel, problems: readonly ProblemRef[], options: FixOptions = {}): QuickFix[] {
  const input: FixInput = { model, options };
  const fixes: QuickFix[] = [];
  const seen = new Set<string>();
  for (const problem of problems) {
    const fixer = fixerOf(problem.rule);
    if (fixer === undefined || !(problem.start >= 0 && problem.end >= problem.start && problem.end <= model.length)) continue;
    for (const fix of fixer(input, problem)) {
      const key = fix.title + '\n' + fix.edits.map((e) => `${e.start}:${e.end}:${e.text}`).join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      fixes.push({ ...fix, problem });
    }
  }
  return fixes;
}

/** The document's own rules' fixer, else a page rule's (whose problems carry what the fix writes). */
function fixerOf(rule: string): Fixer | undefined {
  if (Object.prototype.hasOwnProperty.call(FIXERS, rule)) return FIXERS[rule as RuleId];
  const pageFix = Object.prototype.hasOwnProperty.call(PAGE_FIXES, rule) ? PAGE_FIXES[rule] : undefined;
  return pageFix === undefined ? undefined : (input, problem) => pageFix(input.model, problem);
}

/** Every safe fix of the document, as non-overlapping edits in document order. */
export function getFixAllEdits(model: SitemapModel, options: FixAllOptions = {}): OffsetEdit[] {
  const input: FixInput = { model, options: {} };
  const rules = options.rules ?? {};
  const edits: OffsetEdit[] = [];
  const segments = [...model.problemSegments].sort((a, b) => a.index - b.index);
  for (const segment of segments) {
    const base = model.segmentStart(segment.index);
    let inner: OffsetEdit[] = [];
    let order: ProblemRef | undefined;
    for (const p of segment.problems) {
      if (!SAFE_RULES.includes(p.rule) || rules[p.rule] === 'off') continue;
      const problem = { rule: p.rule, start: base + p.start, end: base + p.end };
      if (p.rule === 'element-order') {
        order = problem;
        continue;
      }
      const fix = FIXERS[p.rule]!(input, problem).find((f) => f.safe);
      if (fix !== undefined) inner.push(...fix.edits);
    }
    if (order !== undefined) {
      const reordered = reorderEntry(model, order, inner);
      if (reordered !== undefined) inner = reordered;
    }
    edits.push(...inner);
  }
  return normaliseEdits(edits);
}

/** Sorted, identical edits merged, insertions at one place joined, overlapping ones dropped (the first wins). */
export function normaliseEdits(edits: readonly OffsetEdit[]): OffsetEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: OffsetEdit[] = [];
  const seen = new Set<string>();
  for (const edit of sorted) {
    const key = `${edit.start}:${edit.end}:${edit.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const last = out[out.length - 1];
    if (last !== undefined && edit.start === edit.end && last.start === edit.start && last.end === edit.end) {
      out[out.length - 1] = { ...last, text: last.text + edit.text };
      continue;
    }
    if (last !== undefined && edit.start < last.end) continue;
    out.push(edit);
  }
  return out;
}

// ---------------------------------------------------------------- helpers

function textOf(model: SitemapModel, problem: ProblemRef): string {
  return sliceText(model, problem.start, problem.end);
}

function replace(start: number, end: number, text: string): OffsetEdit {
  return { start, end, text };
}

// ---------------------------------------------------------------- the XML declaration

/** A declaration that lost (part of) its `?>`: insert exactly what is missing. */
function fixDeclaration(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  // The declaration lies in the head, which starts at offset 0.
  const head = input.model.segments[0]?.text ?? '';
  const start = xmlDeclarationStart(head);
  if (start < 0 || problem.start !== start) return [];
  const declaration = readXmlDeclaration(head, start);
  const { missing, insertAt } = declaration;
  if (missing === '' || declaration.match === null || problem.end !== declaration.end) return [];
  return [{ title: `Add "${missing}" to end the XML declaration`, edits: [replace(insertAt, insertAt, missing)], isPreferred: true, safe: true }];
}

// ---------------------------------------------------------------- language

/** A text sitemap that holds XML: switch the document to the Sitemap language. */
function fixLanguage(input: FixInput): Omit<QuickFix, 'problem'>[] {
  if (input.model.openedAs !== 'sitemap-txt' || input.model.languageId !== 'sitemap') return [];
  return [{ title: 'Change the language mode to Sitemap', edits: [], setLanguage: 'sitemap', isPreferred: true, safe: false }];
}

// ---------------------------------------------------------------- characters and entities

function fixAmpersand(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  if (problem.end !== problem.start + 1 || textOf(input.model, problem) !== '&') return [];
  // A stale diagnostic: the `&` now starts a reference (it has just been escaped, say). Escaping it again would
  // write `&amp;amp;`.
  if (startsReference(sliceText(input.model, problem.start, Math.min(input.model.length, problem.start + MAX_REFERENCE)))) return [];
  return [{ title: 'Escape "&" as "&amp;"', edits: [replace(problem.start, problem.end, '&amp;')], isPreferred: true, safe: true }];
}

/** Longest reference looked for after a reported `&` (entity names are short; `&#x10FFFF;` is 10). */
const MAX_REFERENCE = 64;

/** Whether `text` starts with what the parser reads as a reference: `&name;`, `&#digits;` or `&#xhex;`. */
function startsReference(text: string): boolean {
  if (/^&(?:#[0-9]+|#x[0-9a-fA-F]+);/.test(text)) return true;
  const nameEnd = scanName(text, 1, text.length);
  return nameEnd > 1 && text.charCodeAt(nameEnd) === 0x3b /* ; */;
}

function fixEntity(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const match = /^&([^;&\s]+);$/.exec(textOf(input.model, problem));
  const code = match !== null ? HTML_ENTITIES.get(match[1]) : undefined;
  if (code === undefined) return [];
  const reference = `&#${code};`;
  return [{ title: `Replace &${match![1]}; with ${reference}`, edits: [replace(problem.start, problem.end, reference)], isPreferred: true, safe: true }];
}

/**
 * The value the DOCTYPE declares written in the reference's place, as a parser that reads the DOCTYPE would see it:
 * only a value of plain text (no markup, reference or quote, which would need escaping where it lands). Not part of
 * Fix All: the user decides to give up the entity.
 */
function fixEntityNotExpanded(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const match = /^&([^;&\s]+);$/.exec(textOf(input.model, problem));
  const value = match === null ? undefined : input.model.root?.doctype?.values.get(match[1]);
  if (value === undefined || /[<>&"']/.test(value)) return [];
  return [{ title: `Write the value of &${match![1]}; in its place`, edits: [replace(problem.start, problem.end, value)], isPreferred: true, safe: false }];
}

// ---------------------------------------------------------------- namespace

/**
 * The declaration's value (the problem's range) replaced by the extension namespace it was meant to be; or, on the
 * prefix of an element nothing binds, the namespace declared on the root.
 */
function fixExtensionNamespace(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const undeclared = fixUndeclaredPrefix(input.model, problem);
  if (undeclared.length > 0) return undeclared;
  const meant = nearMissExtension(decodeReferences(sliceText(input.model, problem.start, problem.end)));
  if (meant === undefined) return [];
  return [{ title: `Use the ${meant.name} extension's namespace`, edits: [replace(problem.start, problem.end, meant.uri)], isPreferred: true, safe: true }];
}

function fixNamespace(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const model = input.model;
  const root = rootStructure(model).element;
  if (root === undefined) return [];
  const title = 'Use the sitemap namespace';
  // The head starts at offset 0: the root's offsets are absolute.
  const binding = root.attributes.find((a) => a.valueStart === problem.start && a.valueEnd === problem.end && (a.name === 'xmlns' || a.name.startsWith('xmlns:')));
  if (binding !== undefined) {
    return [{ title, edits: [replace(binding.valueStart, binding.valueEnd, SITEMAP_NAMESPACE)], isPreferred: true, safe: true }];
  }
  const declare = (prefix: string): Omit<QuickFix, 'problem'>[] => {
    const name = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    const existing = root.attributes.find((a) => a.name === name);
    if (existing !== undefined) {
      if (existing.valueStart < 0) return [];
      // Rebinding a default namespace the root already declares changes what it meant: offered, never automatic.
      return [{ title, edits: [replace(existing.valueStart, existing.valueEnd, SITEMAP_NAMESPACE)], isPreferred: false, safe: false }];
    }
    return [{ title: `Add ${name}="${SITEMAP_NAMESPACE}"`, edits: [replace(root.nameEnd, root.nameEnd, ` ${name}="${SITEMAP_NAMESPACE}"`)], isPreferred: true, safe: true }];
  };
  if (problem.start === root.nameStart && problem.end === root.nameEnd) return declare(root.prefix);
  // An entry outside the root's namespace (`<url>` in `<sm:urlset xmlns:sm="…">`): bind its prefix on the root.
  const at = locate(model, problem.start, false);
  if (at.segment.kind !== SegmentKind.Element) return [];
  const entry = structureOf(at.segment).elements[0];
  if (entry === undefined || at.base + entry.nameStart !== problem.start || at.base + entry.nameEnd !== problem.end || entry.prefix !== '') return [];
  return declare('');
}

// ---------------------------------------------------------------- values

function fixLastmod(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const value = plainValueAt(input.model, problem, 'lastmod');
  if (value === undefined || /[&<]/.test(value.raw)) return [];
  return lastmodCandidates(value.raw, input.options.timeZoneOffset ?? systemTimeZoneOffset).map((c) => ({
    title: c.title, edits: [replace(value.start, value.end, c.value)], isPreferred: c.preferred, safe: false,
  }));
}

const LOOSE_DATETIME = new RegExp(
  '^(\\d{4})(?:([-/.])(\\d{1,2})(?:\\2(\\d{1,2}))?)?' +
  '(?:(?:[Tt]|[ \\t]+)(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:[.,](\\d+))?)?)?' +
  '[ \\t]*(?:([Zz])|(UTC|GMT)|([+-])(\\d{1,2})(?::?(\\d{2}))?)?$',
);

/** Normalised forms of a lastmod value whose intent is clear (`2023-1-5` → `2023-01-05`; a time gets a zone). */
export function lastmodCandidates(raw: string, zone: TimeZoneOffset): Array<{ title: string; value: string; preferred: boolean }> {
  const m = LOOSE_DATETIME.exec(raw);
  if (m === null) return [];
  const [, year, , month, day, hour, minute, second, fraction, z, utcName, sign, zoneHour, zoneMinute] = m;
  const pad = (s: string): string => s.padStart(2, '0');
  let date = year;
  if (month !== undefined) date += `-${pad(month)}`;
  if (day !== undefined) date += `-${pad(day)}`;
  const valid = (value: string): boolean => value !== raw && checkLastmod(value, Infinity, []) !== undefined;
  if (hour === undefined) {
    // A date carries no zone in W3C Datetime: a stray one is dropped.
    return valid(date) ? [{ title: `Change to ${date}`, value: date, preferred: true }] : [];
  }
  if (day === undefined) return [];
  let time = `${pad(hour)}:${pad(minute)}`;
  if (second !== undefined) time += `:${pad(second)}`;
  if (fraction !== undefined && second !== undefined) time += `.${fraction}`;
  const local = `${date}T${time}`;
  if (z !== undefined || utcName !== undefined) {
    const value = `${local}Z`;
    return valid(value) ? [{ title: `Change to ${value}`, value, preferred: true }] : [];
  }
  if (sign !== undefined) {
    const value = `${local}${sign}${pad(zoneHour)}:${zoneMinute ?? '00'}`;
    return valid(value) ? [{ title: `Change to ${value}`, value, preferred: true }] : [];
  }
  // No zone: UTC or the local offset of that date (summer or winter time), both offered, neither preferred.
  const wallClock = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
  const offset = formatOffset(offsetForWallClock(wallClock, zone));
  const candidates = [
    { title: `Add Z (UTC): ${local}Z`, value: `${local}Z`, preferred: false },
    { title: `Add the local offset: ${local}${offset}`, value: `${local}${offset}`, preferred: false },
  ];
  return candidates.filter((c) => valid(c.value));
}

function fixPriority(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const value = plainValueAt(input.model, problem, 'priority');
  if (value === undefined) return [];
  let text = value.raw;
  const comma = /^[+-]?\d*,\d+$/.test(text);
  if (comma) text = text.replace(',', '.');
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return [];
  const n = Number(text);
  const edit = (to: string): OffsetEdit[] => [replace(value.start, value.end, to)];
  if (n > 1) return [{ title: `Clamp to 1.0${comma ? ' (decimal point)' : ''}`, edits: edit('1.0'), isPreferred: true, safe: false }];
  if (n < 0) return [{ title: `Clamp to 0.0${comma ? ' (decimal point)' : ''}`, edits: edit('0.0'), isPreferred: true, safe: false }];
  if (comma) return [{ title: `Use a decimal point: ${text}`, edits: edit(text), isPreferred: true, safe: true }];
  return [];
}

function fixChangefreq(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const value = plainValueAt(input.model, problem, 'changefreq');
  if (value === undefined || value.raw === '' || /[&<]/.test(value.raw)) return [];
  const lower = value.raw.toLowerCase();
  const edit = (to: string): OffsetEdit[] => [replace(value.start, value.end, to)];
  if (CHANGEFREQ_VALUES.includes(lower)) return [{ title: `Change to ${lower}`, edits: edit(lower), isPreferred: true, safe: true }];
  let best = Infinity;
  let nearest: string[] = [];
  for (const candidate of CHANGEFREQ_VALUES) {
    const d = editDistance(lower, candidate);
    if (d < best) {
      best = d;
      nearest = [candidate];
    } else if (d === best) nearest.push(candidate);
  }
  // A typo, not another word: one edit, or two that keep the length (`dialy`); never a word made longer or
  // shorter by two (`biweekly` is not `weekly`), and never half the word.
  const sameLength = nearest.every((candidate) => Math.abs(candidate.length - lower.length) <= 1);
  if (best > 2 || (best === 2 && !sameLength) || best * 2 >= Math.max(lower.length, 3)) return [];
  return nearest.map((candidate) => ({ title: `Change to ${candidate}`, edits: edit(candidate), isPreferred: nearest.length === 1, safe: false }));
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

// ---------------------------------------------------------------- element order

function fixOrder(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const edits = reorderEntry(input.model, problem, []);
  if (edits === undefined) return [];
  return [{ title: 'Reorder the children: loc, lastmod, changefreq, priority, then other namespaces', edits, isPreferred: true, safe: true }];
}

/**
 * Moves the entry's children into schema order, each with the comment just before it; the whitespace between them
 * stays, so the layout is unchanged. `inner` are fixes elsewhere in the segment: those inside the replaced span are
 * applied to the children's texts, the others returned as they are.
 */
function reorderEntry(model: SitemapModel, problem: ProblemRef, inner: readonly OffsetEdit[]): OffsetEdit[] | undefined {
  const at: SegmentPosition = locate(model, problem.start, false);
  if (at.segment.kind !== SegmentKind.Element) return undefined;
  const entry = structureOf(at.segment).elements[0];
  if (entry === undefined || !entry.startTagClosed) return undefined;
  const root = rootStructure(model);
  const ns = model.root?.sitemapNamespace;
  const text = at.segment.text;
  const children = entry.children;
  const rank = (child: XmlElement): number => {
    // A <url>'s order in an index too: what is not a <sitemap>'s child is unknown-element's, not this fix's.
    const r = namespaceOf(child, root) === ns ? fieldsOf('urlset').get(child.local) : undefined;
    return r ?? 4;
  };
  // Unit k: from the first non-blank character after the previous child (a comment, say) to the child's end.
  const unitStarts = children.map((child, k) => {
    let s = k === 0 ? entry.startTagEnd : children[k - 1].end;
    while (s < child.start && /\s/.test(text[s])) s++;
    return s;
  });
  const order = children.map((_, k) => k).sort((a, b) => rank(children[a]) - rank(children[b]) || a - b);
  let first = 0;
  while (first < order.length && order[first] === first) first++;
  if (first === order.length) return undefined;
  let last = order.length - 1;
  while (order[last] === last) last--;
  const spanStart = at.base + unitStarts[first];
  const spanEnd = at.base + children[last].end;
  const applied = new Set<OffsetEdit>();
  const unitText = (k: number): string => {
    const start = at.base + unitStarts[k];
    const end = at.base + children[k].end;
    let out = text.slice(unitStarts[k], children[k].end);
    const inside = inner.filter((e) => e.start >= start && e.end <= end).sort((a, b) => b.start - a.start);
    for (const e of inside) {
      out = out.slice(0, e.start - start) + e.text + out.slice(e.end - start);
      applied.add(e);
    }
    return out;
  };
  let replacement = '';
  for (let k = first; k <= last; k++) {
    if (k > first) replacement += text.slice(children[k - 1].end, unitStarts[k]);
    replacement += unitText(order[k]);
  }
  const rest = inner.filter((e) => !applied.has(e) && (e.end <= spanStart || e.start >= spanEnd));
  return [...rest, replace(spanStart, spanEnd, replacement)].sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------- URLs

function fixUrl(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const value = plainValueAt(input.model, problem, 'loc');
  if (value === undefined) return [];
  const edits = percentEncodeEdits(value.raw, value.start, input.model.languageId === 'sitemap', problem.start);
  if (edits.length === 0) return [];
  return [{ title: 'Percent-encode the illegal characters of this URL', edits, isPreferred: true, safe: false }];
}

// ---------------------------------------------------------------- duplicates

function fixDuplicate(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const edit = removeEntryEdit(input.model, problem);
  // Removing an entry loses whatever else it says (lastmod…): offered, never preferred.
  return edit === undefined ? [] : [{ title: 'Remove this duplicate entry', edits: [edit], isPreferred: false, safe: false }];
}

// ---------------------------------------------------------------- scope

/**
 * An entry outside the sitemap's location: remove it, or (on another origin than the sitemap's) allow its origin in
 * `sitemap.allowedHosts`, which the editor does (cross-submission: that host's robots.txt names this sitemap).
 */
function fixOutOfScope(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const edit = removeEntryEdit(input.model, problem);
  if (edit === undefined) return [];
  const fixes: Omit<QuickFix, 'problem'>[] = [{ title: 'Remove this entry', edits: [edit], isPreferred: false, safe: false }];
  const url = checkUrl(decodeReferences(sliceText(input.model, problem.start, problem.end)), []);
  const location = input.options.location === undefined ? undefined : checkUrl(input.options.location, []);
  if (url !== undefined && url.origin !== location?.origin) {
    fixes.push({ title: `Allow ${url.origin} in sitemap.allowedHosts`, edits: [], allowHost: url.origin, isPreferred: false, safe: false });
  }
  return fixes;
}

/** The edit removing the entry whose URL is the problem's range: its whole line when it stands alone on it. */
function removeEntryEdit(model: SitemapModel, problem: ProblemRef): OffsetEdit | undefined {
  const at = locate(model, problem.start, false);
  const segment = at.segment;
  if (!segment.isEntry || segment.url === undefined || at.base + segment.urlStart !== problem.start) return undefined;
  if (segment.kind === SegmentKind.Line) return replace(at.base, at.base + segment.text.length, '');
  const extent = entryExtent(segment);
  let start = at.base + extent.start;
  let end = at.base + extent.end;
  const sliceStart = Math.max(0, start - 256);
  const before = /(^|\r\n|\n|\r)([ \t]*)$/.exec(sliceText(model, sliceStart, start));
  const after = /^[ \t]*(\r\n|\n|\r)/.exec(sliceText(model, end, end + 256));
  if (before !== null && (before[1] !== '' || sliceStart === 0) && after !== null) {
    start -= before[2].length;
    end += after[0].length;
  }
  return replace(start, end, '');
}

/**
 * Removes the attribute, and the whitespace before it, so `<url id="e1">` becomes `<url>`. Never part of Fix All: the
 * attribute may mean something to whoever wrote it.
 */
function fixUnexpectedAttribute(input: FixInput, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const model = input.model;
  const attribute = sliceText(model, problem.start, problem.end);
  // Still the attribute the problem was about (the diagnostics may be stale).
  const shape = /^([^\s=<>"'/]+)(?:\s*=\s*("[^"]*"|'[^']*'))?$/.exec(attribute);
  if (shape === null) return [];
  const before = sliceText(model, Math.max(0, problem.start - 256), problem.start);
  const space = /[ \t\r\n]*$/.exec(before)![0].length;
  return [{ title: `Remove the attribute "${shape[1]}"`, edits: [replace(problem.start - space, problem.end, '')], isPreferred: true, safe: false }];
}
