/** The value rules of the extension elements: URLs through the core's `checkUrl`, dates through `<lastmod>`'s checker,
 * then the video and news rules. Offsets are relative to the trimmed value. */
import type { RuleId } from './catalogue';
import { ValueKind, VIDEO_PLATFORMS, YES_NO_FORMS, type ExtensionElement } from './extensionVocabulary';
import { iso3166Countries, iso639Languages, iso639ThreeLetterLanguages } from './isoCodes';
import { checkLastmod } from './lastmod';
import { PlainUrls } from './listedUrl';
import { checkUrl } from './url';
import type { ValueProblem } from './valueProblem';

const MAX_DURATION = 28_800;
const MAX_RATING = 5;

/**
 * Checks `text`, the trimmed, decoded value of `element` (not empty), into `found`; returns the instant of a valid
 * date in epoch ms (NaN for other kinds or an invalid date).
 */
export function checkExtensionValue(element: ExtensionElement, text: string, found: ValueProblem[]): number {
  const rule = valueRuleOf(element);
  switch (element.value) {
    case ValueKind.Url:
      checkCleanUrl(text, mediaUrls, found);
      return NaN;
    case ValueKind.Text:
      if (element.maxLength !== undefined) checkLength(text, element.maxLength, found);
      return NaN;
    case ValueKind.FullDate:
    case ValueKind.DateOrSeconds:
      return checkDate(text, element.value, rule, found);
    case ValueKind.YesNo:
      if (!YES_NO_FORMS.includes(text)) found.push(invalid(text, 'The value is "yes" or "no": all lower case, all upper case or capitalised.'));
      return NaN;
    case ValueKind.Duration:
      if (!/^\d+$/.test(text) || +text < 1 || +text > MAX_DURATION) found.push(invalid(text, 'A duration is a whole number of seconds from 1 to 28800 (8 hours).'));
      return NaN;
    case ValueKind.Rating:
      if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text) || +text > MAX_RATING) found.push(invalid(text, 'A rating is a number from 0.0 to 5.0, with a "." for decimals.'));
      return NaN;
    case ValueKind.Count:
      if (!/^\d+$/.test(text)) found.push(invalid(text, 'A view count is a whole number.'));
      return NaN;
    case ValueKind.Countries:
      checkCodes(text, (code) => iso3166Countries().has(code.toUpperCase()), 'is not an ISO 3166-1 alpha-2 country code', found);
      return NaN;
    case ValueKind.Platforms:
      checkCodes(text, (code) => VIDEO_PLATFORMS.includes(code), 'is not a platform: they are web, mobile and tv', found);
      return NaN;
    case ValueKind.NewsLanguage:
      if (!isNewsLanguage(text)) {
        found.push({ rule, start: 0, end: text.length, message: `"${text}" is not an ISO 639 language code (zh-cn or zh-tw for Chinese).` });
      }
      return NaN;
    default:
      return NaN;
  }
}

/** Images and videos, often on a CDN: their own memory of the last clean authority. */
const mediaUrls = new PlainUrls();

/** checkUrl, skipped for a URL plainly on the authority of the last clean one (PlainUrls). */
export function checkCleanUrl(url: string, plain: PlainUrls, found: ValueProblem[]): void {
  if (plain.isPlain(url)) return;
  const before = found.length;
  const parts = checkUrl(url, found);
  if (parts !== undefined && found.length === before) plain.remember(url, parts);
}

/** The rule that reports a bad value of `element`: the core's for URLs, else its extension's value rule. */
export function valueRuleOf(element: ExtensionElement): RuleId {
  if (element.value === ValueKind.Url) return 'invalid-url';
  if (element.value === ValueKind.NewsLanguage) return 'news-invalid-language';
  return element.extension === 'news' ? 'news-invalid-date' : 'video-invalid-value';
}

function invalid(text: string, message: string): ValueProblem {
  return { rule: 'video-invalid-value', start: 0, end: text.length, message };
}

/** Characters are counted as code points, like url-too-long. */
function checkLength(text: string, max: number, found: ValueProblem[]): void {
  if (text.length <= max) return;
  let codePoints = 0;
  for (const _ of text) codePoints++;
  if (codePoints > max) found.push(invalid(text, `${codePoints} characters: the most allowed is ${max}.`));
}

/** The shapes a date kind requires beyond W3C Datetime, and what to say when a value lacks them. */
const DATE_SHAPES: ReadonlyMap<ValueKind, { shape: RegExp; message: string }> = new Map([
  [ValueKind.FullDate, { shape: /^\d{4}-\d\d-\d\d/, message: 'A news publication date is a W3C Datetime with at least the full date: YYYY-MM-DD.' }],
  [ValueKind.DateOrSeconds, {
    shape: /^\d{4}-\d\d-\d\d(?:$|T\d\d:\d\d:\d\d)/,
    message: 'A video date is a full date (YYYY-MM-DD), or a date and time with seconds and zone (YYYY-MM-DDThh:mm:ss+hh:mm).',
  }],
]);

/** A W3C Datetime, in the shape its kind requires (DATE_SHAPES); lastmod's ranges under `rule`. */
function checkDate(text: string, kind: ValueKind, rule: RuleId, found: ValueProblem[]): number {
  const required = DATE_SHAPES.get(kind);
  if (required !== undefined && !required.shape.test(text)) {
    found.push({ rule, start: 0, end: text.length, message: required.message });
    return NaN;
  }
  const before = found.length;
  const time = checkLastmod(text, Infinity, found);
  for (let k = before; k < found.length; k++) found[k] = { ...found[k], rule };
  return time ?? NaN;
}

/** A space-separated list of codes: each bad one is reported on itself; an empty list on the whole value. */
function checkCodes(text: string, valid: (code: string) => boolean, what: string, found: ValueProblem[]): void {
  const codes = /\S+/g;
  for (let match = codes.exec(text); match !== null; match = codes.exec(text)) {
    if (!valid(match[0])) found.push({ rule: 'video-invalid-value', start: match.index, end: match.index + match[0].length, message: `"${match[0]}" ${what}.` });
  }
}

/** ISO 639-1 or ISO 639-2 (the news XSD: two or three letters), or `zh-cn`/`zh-tw`; any case. */
export function isNewsLanguage(text: string): boolean {
  const code = text.toLowerCase();
  return iso639Languages().has(code) || iso639ThreeLetterLanguages().has(code) || code === 'zh-cn' || code === 'zh-tw';
}
