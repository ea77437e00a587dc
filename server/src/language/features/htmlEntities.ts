/** HTML named entities that turn up in sitemaps (pasted from web pages), for the unknown-entity fix: each becomes a
 * numeric reference. Latin-1, HTML 4's Latin Extended-A letters, punctuation, arrows, a few symbols, and the
 * upper-case variants HTML5 accepts; names are case-sensitive. */

/** Names of U+00A0 … U+00FF, in code point order. */
const LATIN_1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
  'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil ' +
  'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave ' +
  'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml ' +
  'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

const OTHERS: Record<string, number> = {
  // HTML5 spellings of XML's own and of common Latin-1 entities.
  AMP: 38, LT: 60, GT: 62, QUOT: 34, COPY: 169, REG: 174,
  // Latin Extended-A and spacing modifiers of HTML 4.
  OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376, fnof: 402, circ: 710, tilde: 732,
  // General punctuation.
  ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206, rlm: 8207,
  ndash: 8211, mdash: 8212, lsquo: 8216, rsquo: 8217, sbquo: 8218, ldquo: 8220, rdquo: 8221, bdquo: 8222,
  dagger: 8224, Dagger: 8225, bull: 8226, hellip: 8230, permil: 8240, prime: 8242, Prime: 8243,
  lsaquo: 8249, rsaquo: 8250, oline: 8254, frasl: 8260,
  // Symbols.
  euro: 8364, trade: 8482, larr: 8592, uarr: 8593, rarr: 8594, darr: 8595, harr: 8596,
  minus: 8722, infin: 8734, asymp: 8776, ne: 8800, le: 8804, ge: 8805, loz: 9674, hearts: 9829,
};

export const HTML_ENTITIES: ReadonlyMap<string, number> = new Map<string, number>([
  ...LATIN_1.map((name, k): [string, number] => [name, 0xa0 + k]),
  ...Object.entries(OTHERS),
]);
