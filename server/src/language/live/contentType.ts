/** A page's `Content-Type` against what its first bytes are: a listed URL may answer anything (a PDF is a page too),
 * but HTML served as something else, or anything served with no type, is not read as the page it is. */

/** What the Content-Type says, lowercase and without parameters; undefined when missing or not `type/subtype`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return /^[!#$%&'*+.^`|~\w-]+\/[!#$%&'*+.^`|~\w-]+$/.test(type) ? type : undefined;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

export function isHtmlType(mediaType: string | undefined): boolean {
  return mediaType !== undefined && HTML_TYPES.has(mediaType);
}

/** What the body's first bytes show, as the WHATWG MIME sniffing standard tells HTML and a few binary formats apart. */
export type SniffedKind = 'html' | 'pdf' | 'image' | 'archive' | 'unknown';

const SIGNATURES: ReadonlyArray<[SniffedKind, number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image', [0x89, 0x50, 0x4e, 0x47]], // PNG
  ['image', [0xff, 0xd8, 0xff]], // JPEG
  ['image', [0x47, 0x49, 0x46, 0x38]], // GIF8
  ['archive', [0x50, 0x4b, 0x03, 0x04]], // zip (docx, xlsx, epub…)
  ['archive', [0x1f, 0x8b]], // gzip that was not undone
];

/** The HTML patterns of the sniffing standard (§7.1), each followed by a space or `>`. */
const HTML_START = /^<(?:!doctype html|html|head|body|title|script|iframe|h1|div|font|table|a|style|b|br|p|!--)[\t\n\f\r >]/i;

export function sniffBody(body: Uint8Array): SniffedKind {
  for (const [kind, bytes] of SIGNATURES) {
    if (bytes.every((byte, k) => body[k] === byte)) return kind;
  }
  let at = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  while (at < body.length && (body[at] === 0x20 || (body[at]! >= 0x09 && body[at]! <= 0x0d))) at++;
  let start = '';
  for (let k = at; k < Math.min(body.length, at + 16); k++) start += String.fromCharCode(body[k]!);
  return HTML_START.test(start) ? 'html' : 'unknown';
}

/** Why the Content-Type is wrong, or undefined when it fits: any type fits a body that is not HTML. */
export type ContentTypeProblem =
  | { kind: 'missing'; sniffed: SniffedKind }
  | { kind: 'malformed'; written: string; sniffed: SniffedKind }
  | { kind: 'html-as-other'; mediaType: string }
  | { kind: 'other-as-html'; mediaType: string; sniffed: SniffedKind };

export function contentTypeProblem(contentType: string | undefined, body: Uint8Array): ContentTypeProblem | undefined {
  const sniffed = sniffBody(body);
  if (contentType === undefined || contentType.trim() === '') return body.length === 0 ? undefined : { kind: 'missing', sniffed };
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === undefined) return { kind: 'malformed', written: contentType, sniffed };
  if (!isHtmlType(mediaType)) return sniffed === 'html' ? { kind: 'html-as-other', mediaType } : undefined;
  return sniffed === 'html' || sniffed === 'unknown' ? undefined : { kind: 'other-as-html', mediaType, sniffed };
}
