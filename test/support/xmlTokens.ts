/**
 * A deliberately naive XML tokenizer (one regular expression), used by the well-formedness agreement test only
 * to *locate* constructs in documents that xmldom has already accepted: which characters are character data,
 * which are tags, where an element's end tag is. It is not a parser and checks almost nothing; on text it
 * cannot read it throws, and the test then reports the document as unexplained.
 */

export type TokenKind = 'text' | 'start' | 'end' | 'comment' | 'cdata' | 'pi' | 'doctype';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Element name (start and end tags). */
  name: string;
  /** Offset just after the name (start and end tags). */
  nameEnd: number;
  selfClosing: boolean;
  /** For a start tag: the index of its end tag in the token list, -1 for an empty-element tag or none. */
  match: number;
}

const S = '[ \\t\\r\\n]';
const NAME = '[^ \\t\\r\\n<>/=]+';
const TOKEN = new RegExp([
  '(<!--[\\s\\S]*?-->)',
  '(<!\\[CDATA\\[[\\s\\S]*?\\]\\]>)',
  '(<\\?[\\s\\S]*?\\?>)',
  `(<!DOCTYPE(?:"[^"]*"|'[^']*'|\\[[\\s\\S]*?\\]|[^>"'\\[])*>)`,
  `(<\\/(${NAME})${S}*>)`,
  `(<(${NAME})(?:${S}+${NAME}${S}*=${S}*(?:"[^"]*"|'[^']*'))*${S}*(\\/[/ \\t\\r\\n]*)?>)`,
  '([^<]+)',
].join('|'), 'y');

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const open: number[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) throw new Error(`xmlTokens: cannot read the text at offset ${start}: ${JSON.stringify(text.slice(start, start + 40))}`);
    const token: Token = { kind: 'text', start, end: TOKEN.lastIndex, name: '', nameEnd: start, selfClosing: false, match: -1 };
    if (m[1] !== undefined) token.kind = 'comment';
    else if (m[2] !== undefined) token.kind = 'cdata';
    else if (m[3] !== undefined) token.kind = 'pi';
    else if (m[4] !== undefined) token.kind = 'doctype';
    else if (m[5] !== undefined) {
      token.kind = 'end';
      token.name = m[6];
      token.nameEnd = start + 2 + m[6].length;
      const opener = open.pop();
      if (opener !== undefined) tokens[opener].match = tokens.length;
    } else if (m[7] !== undefined) {
      token.kind = 'start';
      token.name = m[8];
      token.nameEnd = start + 1 + m[8].length;
      token.selfClosing = m[9] !== undefined;
      if (!token.selfClosing) open.push(tokens.length);
    }
    tokens.push(token);
  }
  return tokens;
}
