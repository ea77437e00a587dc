/**
 * Well-formedness agrees with an independent parser: on a seeded mutation corpus generated from valid sitemaps,
 * our verdict (does the document get a problem that means "not well-formed XML"? see isWellFormednessProblem in
 * test/support/xmlOracle.ts) must equal @xmldom/xmldom's (does its error handler report anything?).
 *
 * Where the two disagree, one of them is wrong. Every class of disagreement found is explained below in a test of
 * its own, with the XML 1.0 (Fifth Edition) or Namespaces in XML 1.0 (Third Edition) production that decides
 * who is right. The corpus comparison excludes a disagreement only when it is *explained*: the document holds
 * instances of explained classes, located independently of our parser (by a naive tokenizer and xmldom's own
 * DOM), and neutralising exactly those instances — each class has a minimal repair — leaves a document that both
 * parsers call well-formed. So an explained construct can never hide another discrepancy in the same document.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element, Node } from '@xmldom/xmldom';
import { isXmlChar } from '../../../server/src/language/syntax/textMetrics';
import { NS, render } from '../../support/fixtures';
import { BASE_DOCUMENTS, mutationCorpus, type Mutant } from '../../support/mutations';
import { ourVerdict, xmldomVerdict } from '../../support/xmlOracle';
import { tokenize, type Token } from '../../support/xmlTokens';

// ---------------------------------------------------------------- explained classes

interface ExplainedClass {
  id: string;
  /** Returns `text` with every instance of the class neutralised, or `text` itself when it has none. */
  repair(text: string): string;
}

/** Replaces [start, end) ranges (non-overlapping, any order) of `text`. */
function splice(text: string, edits: Array<{ start: number; end: number; text: string }>): string {
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  return text;
}

/** Applies `replace` to each token of `kinds` (character data: 'text'; attribute values: inside 'start' tags). */
function inTextAndTags(text: string, kinds: Array<Token['kind']>, replace: (s: string) => string): string {
  const edits = [];
  for (const token of tokenize(text)) {
    if (!kinds.includes(token.kind)) continue;
    const before = text.slice(token.start, token.end);
    const after = replace(before);
    if (after !== before) edits.push({ start: token.start, end: token.end, text: after });
  }
  return edits.length === 0 ? text : splice(text, edits);
}

/** Namespace bound to `prefix` (null: the default namespace) in scope at `node`, from the xmlns attributes. */
function namespaceInScope(node: Node | null, prefix: string | null): string | null {
  const attribute = prefix === null ? 'xmlns' : `xmlns:${prefix}`;
  for (let n = node; n !== null && n.nodeType === 1; n = n.parentNode) {
    const el = n as Element;
    if (el.hasAttribute(attribute)) return el.getAttribute(attribute) || null;
  }
  return null;
}

const CLASSES: ExplainedClass[] = [
  {
    // Characters that are not [2] Char anywhere xmldom does not check them (content, attribute values, tags,
    // where it even takes C0 controls for whitespace). Repair: a space.
    id: 'non-char',
    repair(text) {
      let out = '';
      for (let p = 0; p < text.length; p++) {
        const c = text.charCodeAt(p);
        const pair = c >= 0xd800 && c <= 0xdbff && p + 1 < text.length && (text.charCodeAt(p + 1) & 0xfc00) === 0xdc00;
        if (pair) {
          out += text.slice(p, p + 2);
          p++;
        } else out += (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffe || c === 0xffff || (c >= 0xd800 && c <= 0xdfff) ? ' ' : text[p];
      }
      return out;
    },
  },
  {
    // An encoding declaration naming anything but UTF-8. Repair: encoding="UTF-8".
    id: 'declared-encoding',
    repair(text) {
      const m = /^(\uFEFF?<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])[^"']*\2[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["']))([^"']*)\3/.exec(text);
      if (m === null || m[4].toLowerCase() === 'utf-8') return text;
      return text.slice(0, m[1].length) + 'UTF-8' + text.slice(m[1].length + m[4].length);
    },
  },
  {
    // A character reference to a character that is not a [2] Char. Repair: &#32;.
    id: 'char-ref-non-char',
    repair(text) {
      return inTextAndTags(text, ['text', 'start'], (s) => s.replace(/&#(?:x([0-9a-fA-F]+)|([0-9]+));/g, (ref, hex?: string, dec?: string) => {
        const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
        return isXmlChar(code) ? ref : '&#32;';
      }));
    },
  },
  {
    // An "&" that xmldom's reference pattern /&#?\w+;?/ does not match (\w is ASCII only). Repair: &amp;.
    id: 'ampersand-unmatched-by-xmldom',
    repair(text) {
      return inTextAndTags(text, ['text', 'start'], (s) => s.replace(/&(?!#?\w)/g, '&amp;'));
    },
  },
  {
    // "]]>" in character data. Repair: "]]&gt;".
    id: 'cdata-end-in-text',
    repair(text) {
      return inTextAndTags(text, ['text'], (s) => s.replaceAll(']]>', ']]&gt;'));
    },
  },
  {
    // Whitespace or another "/" between the "/" and ">" of an empty-element tag. Repair: "/>".
    id: 'empty-element-tag-end',
    repair(text) {
      return inTextAndTags(text, ['start'], (s) => s.replace(/\/[/ \t\r\n]+>$/, '/>'));
    },
  },
  {
    // xmlns:p="" and declarations of the reserved prefixes and namespaces. Repair: declare the prefix "xmlns"
    // as "xmlns-repaired", bind "xml" to its namespace, bind any other prefix to urn:x-repaired.
    id: 'namespace-declaration',
    repair(text) {
      const xml = 'http://www.w3.org/XML/1998/namespace';
      return inTextAndTags(text, ['start'], (s) => s.replace(/(xmlns(?::([^ \t\r\n=]+))?)([ \t\r\n]*=[ \t\r\n]*)(["'])([^"']*)\4/g, (all, name: string, prefix: string | undefined, eq: string, quote: string, uri: string) => {
        if (prefix === 'xmlns') return `xmlns:xmlns-repaired${eq}${quote}urn:x-repaired${quote}`;
        if (prefix === 'xml') return uri === xml ? all : `${name}${eq}${quote}${xml}${quote}`;
        if ((prefix !== undefined && uri === '') || uri === 'http://www.w3.org/2000/xmlns/' || uri === xml) return `${name}${eq}${quote}urn:x-repaired${quote}`;
        return all;
      }));
    },
  },
  {
    // An end tag after the root element has been closed (xmldom accepts one repeating the root's name).
    // Repair: delete it.
    id: 'end-tag-after-root',
    repair(text) {
      const edits = [];
      let depth = 0;
      let rootSeen = false;
      for (const token of tokenize(text)) {
        if (token.kind === 'start') {
          rootSeen = true;
          if (!token.selfClosing) depth++;
        } else if (token.kind === 'end') {
          if (depth === 0 && rootSeen) edits.push({ start: token.start, end: token.end, text: '' });
          else depth--;
        }
      }
      return edits.length === 0 ? text : splice(text, edits);
    },
  },
  {
    // A colon in a PI target (Namespaces 1.0 §7: PI targets are NCNames); xmldom does not apply it. Repair: "-".
    id: 'pi-target-colon',
    repair(text) {
      return inTextAndTags(text, ['pi'], (s) => s.replace(/^(<\?[^ \t\r\n?]*)/, (target: string) => target.replaceAll(':', '-')));
    },
  },
  {
    // An entry start tag (<url> in a urlset, <sitemap> in an index, in the namespace of the root as bound where
    // the tag stands) anywhere inside an entry. Located with xmldom's DOM; the tags are found by pairing the
    // DOM's elements (document order) with the tokenizer's start tags. Repair: rename it (and its end tag) to
    // `<url-nested>`, an unknown element rather than an entry.
    id: 'nested-entry',
    repair(text) {
      const { document } = xmldomVerdict(text);
      const root = document?.documentElement;
      if (root === undefined || root === null || (root.localName !== 'urlset' && root.localName !== 'sitemapindex')) return text;
      const entryName = root.localName === 'urlset' ? 'url' : 'sitemap';
      const isEntry = (el: Element) => el.localName === entryName && el.namespaceURI === root.namespaceURI;
      const elements = Array.from(document!.getElementsByTagName('*'));
      const tokens = tokenize(text);
      const starts = tokens.filter((t) => t.kind === 'start');
      assert.deepEqual(starts.map((t) => t.name), elements.map((el) => el.tagName), 'the tokenizer and the DOM disagree on the elements');
      const edits = [];
      for (let k = 0; k < elements.length; k++) {
        const el = elements[k];
        const parent = el.parentNode as Element | null;
        if (el.localName !== entryName || parent === null || namespaceInScope(parent, el.prefix) !== root.namespaceURI) continue;
        let inEntry = false;
        for (let a: Node | null = parent; a !== null && a !== root; a = a.parentNode) {
          if (a.parentNode === root && isEntry(a as Element)) inEntry = true;
        }
        if (!inEntry) continue;
        const start = starts[k];
        edits.push({ start: start.nameEnd, end: start.nameEnd, text: '-nested' });
        if (start.match >= 0) edits.push({ start: tokens[start.match].nameEnd, end: tokens[start.match].nameEnd, text: '-nested' });
      }
      return edits.length === 0 ? text : splice(text, edits);
    },
  },
];

interface Classification {
  /** Classes with instances in the document, in repair order. */
  classes: string[];
  explained: boolean;
  /** Why not, when not. */
  reason?: string;
}

/** For a document we call not well-formed and xmldom calls well-formed. */
function classify(text: string): Classification {
  const classes: string[] = [];
  let repaired = text;
  try {
    for (const c of CLASSES) {
      const next = c.repair(repaired);
      if (next !== repaired) classes.push(c.id);
      repaired = next;
    }
  } catch (error) {
    return { classes, explained: false, reason: `repair failed: ${(error as Error).message}` };
  }
  const ours = ourVerdict(repaired);
  const theirs = xmldomVerdict(repaired);
  if (classes.length > 0 && ours.wellFormed && theirs.wellFormed) return { classes, explained: true };
  return {
    classes, explained: false,
    reason: `after repairing [${classes.join(', ')}]: ours ${JSON.stringify(render(ours.problems))}, xmldom ${JSON.stringify(theirs.messages)}, text ${JSON.stringify(repaired)}`,
  };
}

// ---------------------------------------------------------------- the corpus

test('the base documents are well-formed for both parsers and valid sitemaps', () => {
  for (const base of BASE_DOCUMENTS) {
    const ours = ourVerdict(base.text);
    assert.deepEqual(render(ours.all), [], base.name);
    assert.deepEqual(xmldomVerdict(base.text).messages, [], base.name);
    for (const c of CLASSES) assert.equal(c.repair(base.text), base.text, `${c.id} must not touch the valid ${base.name}`);
  }
});

test('well-formedness agrees with an independent parser on a mutation corpus', (t) => {
  const corpus: Mutant[] = [];
  // 8,000 mutants by default; WF_SEEDS=200 runs a deeper search (400,000 mutants, about 30 s).
  const seeds = process.env.WF_SEEDS ? Array.from({ length: Number(process.env.WF_SEEDS) }, (_, k) => 100 + k) : [1, 2, 3, 4];
  for (const seed of seeds) corpus.push(...mutationCorpus(seed, 2000));
  let bothWellFormed = 0;
  let bothNot = 0;
  const perClass = new Map<string, number>(CLASSES.map((c) => [c.id, 0]));
  const combinations = new Map<string, number>();
  const unexplained: string[] = [];
  for (const mutant of corpus) {
    const ours = ourVerdict(mutant.text);
    const theirs = xmldomVerdict(mutant.text);
    if (ours.wellFormed === theirs.wellFormed) {
      if (ours.wellFormed) bothWellFormed++;
      else bothNot++;
      continue;
    }
    const where = `${mutant.base}: ${mutant.steps.join('; ')}`;
    if (ours.wellFormed) {
      // No explained class goes this way: xmldom finds an error we miss.
      unexplained.push(`${where}\n  xmldom: ${JSON.stringify(theirs.messages)}\n  text: ${JSON.stringify(mutant.text)}`);
      continue;
    }
    const c = classify(mutant.text);
    if (!c.explained) {
      unexplained.push(`${where}\n  ours: ${JSON.stringify(render(ours.problems))}\n  ${c.reason}\n  text: ${JSON.stringify(mutant.text)}`);
      continue;
    }
    for (const id of c.classes) perClass.set(id, perClass.get(id)! + 1);
    combinations.set(c.classes.join(' + '), (combinations.get(c.classes.join(' + ')) ?? 0) + 1);
  }
  const explained = [...combinations.values()].reduce((a, b) => a + b, 0);
  t.diagnostic(`corpus: ${corpus.length} mutants of ${BASE_DOCUMENTS.length} valid sitemaps; both well-formed ${bothWellFormed}, both not ${bothNot}, ` +
    `explained disagreements ${explained}, unexplained ${unexplained.length}`);
  for (const [id, count] of perClass) t.diagnostic(`  class ${id}: ${count}`);
  for (const [key, count] of [...combinations].sort((a, b) => b[1] - a[1])) t.diagnostic(`  documents with exactly [${key}]: ${count}`);
  assert.deepEqual(unexplained.slice(0, 5), [], `${unexplained.length} unexplained disagreements`);
  // Not vacuous: plenty of documents on both sides of the line.
  assert.ok(bothWellFormed > corpus.length / 10 && bothNot > corpus.length / 3, `${bothWellFormed} well-formed, ${bothNot} not`);
});

// ---------------------------------------------------------------- the classes, one by one

const urlset = (body: string, prolog = '') => `${prolog}<urlset xmlns="${NS}" xmlns:x="urn:x">\n<url><loc>https://example.com/</loc>${body}</url>\n</urlset>\n`;

/** Asserts the disagreement, that it is classified as exactly `id`, and returns our well-formedness problems. */
function disagreement(text: string, id: string): string[] {
  const ours = ourVerdict(text);
  const theirs = xmldomVerdict(text);
  assert.equal(theirs.wellFormed, true, `xmldom: ${JSON.stringify(theirs.messages)}`);
  assert.equal(ours.wellFormed, false);
  const c = classify(text);
  assert.equal(c.explained, true, c.reason);
  assert.deepEqual(c.classes, [id]);
  return render(ours.problems);
}

test('class nested-entry: xmldom is right, our recovery reports well-formed nesting of entries', () => {
  // <url> inside <url> is well-formed XML: [39] element and [43] content allow any element at any depth; only
  // the sitemap schema forbids it. Our parser's recovery treats an entry start tag inside an open entry as the
  // sign of a missing </url> (the common typo) and closes the open entry there, so errors stay local to the
  // entry. The price is this pathological case: the outer <url> is reported as never closed and its end tag as
  // unmatched. (The sitemap is invalid either way; we just call it a syntax error.)
  const text = urlset('<x:n><url><loc>https://example.com/b</loc></url></x:n>');
  const outer = text.indexOf('<url>') + 1;
  const n = text.indexOf('<x:n>') + 1;
  const nEnd = text.indexOf('</x:n>') + 2;
  const outerEnd = text.lastIndexOf('</url>') + 2;
  assert.deepEqual(disagreement(text, 'nested-entry'), [
    `xml-syntax@${outer}-${outer + 3}`, `xml-syntax@${n}-${n + 3}`, `xml-syntax@${nEnd}-${nEnd + 3}`, `xml-syntax@${outerEnd}-${outerEnd + 3}`,
  ]);
  // Directly nested, and with a prefixed sitemap namespace.
  disagreement(urlset('<url><loc>https://example.com/b</loc></url>'), 'nested-entry');
  disagreement(`<s:urlset xmlns:s="${NS}"><s:url><s:loc>https://example.com/</s:loc><s:url/></s:url></s:urlset>`, 'nested-entry');
  // The decision is taken at the tag's name, before its attributes are read: even a <url> that moves itself to
  // another namespace closes the open entry (it is an extension element, not an entry, so this is our error).
  disagreement(urlset('<url xmlns="urn:other">x</url>'), 'nested-entry');
  // The same tags in a well-formed arrangement are no problem: recovery only acts inside an open entry.
  assert.equal(ourVerdict(urlset('<x:url>nested, but another namespace</x:url>')).wellFormed, true);
});

/** `rule@start-end` for the first occurrence of `needle` (from `from`), `length` long (default: the needle's). */
function at(text: string, rule: string, needle: string, length = needle.length, from = 0): string {
  const start = text.indexOf(needle, from);
  assert.ok(start >= 0, needle);
  return `${rule}@${start}-${start + length}`;
}

test('class non-char: we are right, xmldom does not check [2] Char outside comments, PIs and CDATA', () => {
  // [2] Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]: a C0 control, U+FFFE,
  // U+FFFF or an unpaired surrogate may appear nowhere in a document. xmldom checks Char only inside comments,
  // PIs and CDATA sections; in a tag it even takes any character up to U+0020 for whitespace, where [3] S is only
  // #x20 | #x9 | #xD | #xA. (An unpaired surrogate is our `encoding`: no UTF-8 file can hold one.)
  const text = urlset('<x:a>\u0001</x:a><x:b t="\uFFFE"/><x:c>\uD83D</x:c><x:d\u000Bx:e="1"/>');
  assert.deepEqual(disagreement(text, 'non-char'), [
    at(text, 'xml-syntax', '\u0001'), at(text, 'xml-syntax', '\uFFFE'), at(text, 'encoding', '\uD83D'), at(text, 'xml-syntax', '\u000B'),
    at(text, 'xml-syntax', 'x:e', 3), // not separated from the previous name by whitespace
  ]);
  // Inside comments, PIs and CDATA sections both parsers reject them.
  for (const body of ['<!-- \u0001 -->', '<?x \u000B?>', '<x:a><![CDATA[\uFFFF]]></x:a>']) {
    assert.equal(ourVerdict(urlset(body)).wellFormed, false, JSON.stringify(body));
    assert.equal(xmldomVerdict(urlset(body)).wellFormed, false, JSON.stringify(body));
  }
});

test('class declared-encoding: we are right, xmldom never looks at the encoding declaration', () => {
  // §4.3.3: "It is a fatal error for an entity including an encoding declaration to be presented to the XML
  // processor in an encoding other than that named in the declaration". A sitemap is UTF-8 text (and that is
  // what we are given), so any other declared encoding ([81] EncName "UTF8", "ISO-8859-1", a typo) is that
  // fatal error. xmldom parses a string that is already decoded and ignores the declaration. "utf-8" in any case
  // is UTF-8 (§4.3.3: encoding names are case-insensitive).
  const text = urlset('', '<?xml version="1.0" encoding="ISO-8859-1"?>\n');
  assert.deepEqual(disagreement(text, 'declared-encoding'), [at(text, 'encoding', 'ISO-8859-1')]);
  assert.equal(ourVerdict(urlset('', '<?xml version="1.0" encoding="utf-8"?>\n')).wellFormed, true);
});

test('class char-ref-non-char: we are right, xmldom does not apply WFC: Legal Character', () => {
  // [66] CharRef, WFC: Legal Character: "Characters referred to using character references MUST match the
  // production for Char." &#0;, &#6;, &#xD800; and &#x110000; do not. xmldom decodes them blindly.
  const text = urlset('<x:a>&#6;</x:a><x:b t="&#xD800;"/><x:c>&#x110000;</x:c>');
  assert.deepEqual(disagreement(text, 'char-ref-non-char'), [
    at(text, 'xml-syntax', '&#6;'), at(text, 'xml-syntax', '&#xD800;'), at(text, 'xml-syntax', '&#x110000;'),
  ]);
});

test('class ampersand-unmatched-by-xmldom: we are right, xmldom only looks at "&" followed by an ASCII word character', () => {
  // [14] CharData ::= [^<&]* - ...; [10] AttValue ::= '"' ([^<&"] | Reference)* '"' | ...: an "&" must start a
  // [67] Reference. xmldom finds references with /&#?\w+;?/ (\w is ASCII), so it never sees "& ", "&#;" or an
  // "&" before a non-ASCII name (&é; is an [68] EntityRef to an undeclared entity: WFC: Entity Declared).
  const text = urlset('<x:a>fish & chips</x:a><x:b t="&#;"/><x:c>&é;</x:c>');
  assert.deepEqual(disagreement(text, 'ampersand-unmatched-by-xmldom'), [
    at(text, 'unescaped-ampersand', '& ', 1), at(text, 'unescaped-ampersand', '&#;', 1), at(text, 'unknown-entity', '&é;'),
  ]);
  // Where its pattern does match, xmldom agrees: an unknown entity, a reference without ";".
  for (const body of ['<x:a>&nbsp;</x:a>', '<x:a>a&b=1</x:a>', '<x:a>&#x41</x:a>']) {
    assert.equal(ourVerdict(urlset(body)).wellFormed, false, body);
    assert.equal(xmldomVerdict(urlset(body)).wellFormed, false, body);
  }
});

test('class cdata-end-in-text: we are right, xmldom allows "]]>" in character data', () => {
  // [14] CharData ::= [^<&]* - ([^<&]* ']]>' [^<&]*): the sequence "]]>" may not appear in content (§2.4: it
  // "MUST ... be escaped using &gt;"). xmldom does not check it.
  const text = urlset('<x:a>a]]>b</x:a>');
  assert.deepEqual(disagreement(text, 'cdata-end-in-text'), [at(text, 'xml-syntax', ']]>')]);
});

test('class empty-element-tag-end: we are right, xmldom accepts "/ >" and "//>"', () => {
  // [44] EmptyElemTag ::= '<' Name (S Attribute)* S? '/>': the "/" and ">" are one token.
  // Our recovery takes the stray "/" for an unexpected character, so <x:a/ > is a start tag, left unclosed.
  const text = urlset('<x:a/ ><x:b//>');
  assert.deepEqual(disagreement(text, 'empty-element-tag-end'), [
    at(text, 'xml-syntax', 'x:a'), at(text, 'xml-syntax', '/ >', 1), at(text, 'xml-syntax', '//>', 1),
  ]);
});

test('class namespace-declaration: we are right, xmldom does not apply the namespace constraints', () => {
  // Namespaces in XML 1.0, §3: "In a namespace declaration for a prefix ..., the attribute value MUST NOT be
  // empty"; NSC: Reserved Prefixes and Namespace Names: "xml" is bound to its namespace only, "xmlns" MUST NOT
  // be declared, and no other prefix may be bound to either namespace. xmldom accepts all of these.
  for (const declaration of ['xmlns:p=""', 'xmlns:xmlns="urn:x"', 'xmlns:xml="urn:x"', 'xmlns:q="http://www.w3.org/XML/1998/namespace"', 'xmlns:q="http://www.w3.org/2000/xmlns/"']) {
    const text = urlset(`<x:a ${declaration}/>`);
    const name = declaration.slice(0, declaration.indexOf('='));
    assert.deepEqual(disagreement(text, 'namespace-declaration'), [at(text, 'xml-syntax', name)], declaration);
  }
  // Binding "xml" to its own namespace is allowed, and both agree.
  const own = urlset('<x:a xmlns:xml="http://www.w3.org/XML/1998/namespace"/>');
  assert.equal(ourVerdict(own).wellFormed, true);
  assert.equal(xmldomVerdict(own).wellFormed, true);
});

test('class end-tag-after-root: we are right, xmldom accepts a repeated end tag of the root', () => {
  // [1] document ::= prolog element Misc*, [27] Misc ::= Comment | PI | S: after the root element's end tag
  // nothing but comments, PIs and whitespace may follow. xmldom pops the root a second time when the stray end
  // tag repeats its name.
  const text = `${urlset('')}</urlset>`;
  assert.deepEqual(disagreement(text, 'end-tag-after-root'), [at(text, 'xml-syntax', 'urlset', 6, text.lastIndexOf('</urlset>'))]);
});

test('class pi-target-colon: we are right, xmldom allows a colon in a PI target', () => {
  // Namespaces in XML 1.0 §7: "no entity names, PI targets, or notation names contain any colons".
  const text = urlset('<?a:b data?>');
  assert.deepEqual(disagreement(text, 'pi-target-colon'), [at(text, 'xml-syntax', 'a:b')]);
});

test('xmldom is wrong on U+037E in a name ([4] NameStartChar); the corpus cannot produce it', () => {
  // [4] NameStartChar has [#x370-#x37D] | [#x37F-#x1FFF]: U+037E GREEK QUESTION MARK is excluded, and so it
  // cannot start a name; xmldom's character class is [\u0370-\u1FFF]. The corpus's alphabet holds no U+037E,
  // so this class needs no predicate there.
  const text = urlset('<\u037E/>');
  assert.equal(xmldomVerdict(text).wellFormed, true);
  assert.deepEqual(render(ourVerdict(text).problems), [at(text, 'xml-syntax', '<\u037E', 1)]);
});

test('former disagreements, fixed in our parser, now agree', () => {
  // Each of these was accepted by our parser and rejected by xmldom (which is right, per the production named).
  const notWellFormed: Array<[string, string]> = [
    ['<?xml-stylesheet="a"?>', '[16] PI: the PITarget is followed by S or "?>"'],
    ['<x:a :b="1"/>', 'Namespaces [7] QName: an attribute name is a QName'],
    ['<x:a x:b:c="1"/>', 'Namespaces [7] QName'],
    ['<x:1a/>', 'Namespaces [7] QName: the local part is an NCName'],
    ['<x:a x:-b="1"/>', 'Namespaces [7] QName'],
    ['<x:\u0301a/>', '[4] NameStartChar: a combining mark only continues a name'],
    ['<\u0301a/>', '[4] NameStartChar'],
    ['<x:a\u2000b/>', '[4a] NameChar: U+2000 is not one'],
    ['<x:a\u3000/>', '[4a] NameChar: U+3000 is not one'],
    ['<x:a\uFDD0/>', '[4a] NameChar: the non-characters U+FDD0-U+FDEF are not'],
    ['<!-- \u0001 -->', '[15] Comment is made of Char'],
    ['<?x \u000B?>', '[16] PI is made of Char'],
    ['<x:a><![CDATA[\u0002]]></x:a>', '[20] CData is made of Char'],
  ];
  for (const [body, why] of notWellFormed) {
    const text = urlset(body);
    assert.equal(xmldomVerdict(text).wellFormed, false, `xmldom on ${JSON.stringify(body)}`);
    assert.equal(ourVerdict(text).wellFormed, false, `${JSON.stringify(body)}: ${why}`);
  }
  const wellFormed: Array<[string, string]> = [
    ['<!---->', '[15] Comment: an empty comment'],
    ['<x:a\u00B7\u0301\u203F\u0300-1/>', '[4a] NameChar'],
    ['<x:\u00C0\u037F\u200C\u2070\u2C00\u3001\uF900\uFDF0\uD800\uDC00/>', '[4] NameStartChar'],
  ];
  for (const [body, why] of wellFormed) {
    const text = urlset(body);
    assert.equal(xmldomVerdict(text).wellFormed, true, `xmldom on ${JSON.stringify(body)}`);
    assert.deepEqual(render(ourVerdict(text).problems), [], `${JSON.stringify(body)}: ${why}`);
  }
});
