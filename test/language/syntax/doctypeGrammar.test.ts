/**
 * The DOCTYPE against XML 1.0 (Fifth Edition) productions [28]–[83], references to the entities its internal subset
 * declares (§4.1, §4.3.2), and the Namespaces 1.0 constraints on names (§6.3, §7): cases of our own, one or more per
 * production the W3C XML Conformance Test Suite's not-well-formed cases exercise (the suite's licences do not allow
 * redistributing a part of it; test/language/syntax/xmlConformance.test.ts runs the suite itself when it is given one).
 * Ranges are exact: ⟦ ⟧ mark every well-formedness problem, and every entity-not-expanded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, render, stripMarks, urlset } from '../../support/fixtures';

const SHOWN = new Set(['xml-syntax', 'encoding', 'unknown-entity', 'unescaped-ampersand', 'entity-not-expanded']);

function expectProblems(fixture: string, rules: string[]): void {
  const { text, ranges } = stripMarks(fixture);
  const actual = diagnose(text, { settings: { maxProblems: Number.MAX_SAFE_INTEGER } }).filter((d) => SHOWN.has(d.rule))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  assert.deepEqual(render(actual), rules.map((rule, k) => `${rule}@${ranges[k][0]}-${ranges[k][1]}`), fixture);
}

/** Per production: fixtures whose ⟦marked⟧ ranges are the problems expected, of the rules listed. */
const CASES: Record<string, Array<[string, string[]]>> = {
  doctype: [
    ['<!DOCTYPE⟦>⟧<r/>', ['xml-syntax']],
    ['<!DOCTYPE⟦[⟧]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r SYSTEM⟦>⟧<r/>', ['xml-syntax']],
    ['<!DOCTYPE r SYSTEM⟦"r.dtd"⟧><r/>', ['xml-syntax']],
    ['<!DOCTYPE r ⟦public⟧ "-//A//B" "r.dtd"><r/>', ['xml-syntax']],
    ['<!DOCTYPE r PUBLIC "-//A//B"⟦>⟧<r/>', ['xml-syntax']],
    ['<!DOCTYPE r PUBLIC "⟦{⟧x}" "r.dtd"><r/>', ['xml-syntax']],
    ['<!DOCTYPE r PUBLIC "-//A//B"⟦"⟧r.dtd"><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [] ⟦junk⟧><r/>', ['xml-syntax']],
    ['<!DOCTYPE r><r/>', []],
    ['<!DOCTYPE r SYSTEM "r.dtd" [<!ELEMENT r ANY>]><r/>', []],
    ['<!DOCTYPE r PUBLIC "-//A//DTD B//EN" \'r.dtd\'><r/>', []],
  ],
  element: [
    ['<!DOCTYPE r [<!ELEMENT r⟦>⟧]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r ⟦empty⟧>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r (a,b⟦|⟧c)>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r ⟦(#PCDATA|a)⟧>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r (a,(⟦#PCDATA⟧))>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r (a ⟦b⟧)>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r (a)⟦]⟧><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [⟦<!ELEMENTr⟧ ANY>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [⟦<!element⟧ r ANY>]><r/>', ['xml-syntax']],
  ],
  attlist: [
    ['<!DOCTYPE r [<!ATTLIST r a ⟦NUTOKEN⟧ #IMPLIED>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ATTLIST r a (x⟦,⟧y) #IMPLIED>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ATTLIST r a CDATA ⟦#DEFAULT⟧ "x">]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ATTLIST r a CDATA "⟦<⟧">]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ATTLIST r a CDATA #IMPLIED⟦b⟧ CDATA #IMPLIED>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ATTLIST r a CDATA "⟦&u;⟧">]><r/>', ['xml-syntax']],
  ],
  entity: [
    ['<!DOCTYPE r [<!ENTITY e "a"⟦b⟧>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "100⟦%⟧">]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "⟦&⟧">]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY % p SYSTEM "p.ent" ⟦NDATA⟧ n>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY ⟦a:b⟧ "x">]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e SYSTEM "e.ent"⟦NDATA⟧ n>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!NOTATION n⟦>⟧]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!-- a ⟦--⟧ b -->]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [⟦<?xml⟧ version="1.0"?>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<?⟦a:b⟧ x?>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [⟦<![⟧INCLUDE[<!ELEMENT r ANY>]]>⟦]>⟧<r/>', ['xml-syntax', 'xml-syntax']],
    ['<!DOCTYPE r [⟦%p⟧]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ELEMENT r ⟦%p;⟧>]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [⟦x⟧]><r/>', ['xml-syntax']],
    ['<!DOCTYPE r [ %p; <!ELEMENT r (#PCDATA|a|b)*> <!ELEMENT a ((b|c)+,d?)*> <!ELEMENT b EMPTY> <!ATTLIST r a CDATA #IMPLIED b (x|y) "x" c NOTATION (n) #REQUIRED d ID #FIXED "i"> <!ENTITY e "<a>&#38;amp;</a>"> <!ENTITY % p "x"> <!ENTITY f SYSTEM "f.ent"> <!NOTATION n PUBLIC "-//N//EN"> <!-- c --> <?pi x?> ]><r>⟦&e;⟧⟦&f;⟧⟦&g;⟧</r>', ['entity-not-expanded', 'entity-not-expanded', 'entity-not-expanded']],
  ],
  references: [
    ['<!DOCTYPE r [<!ENTITY e "<a>">]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "</a>">]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "&#38;">]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "a<b">]><r a="⟦&e;⟧"/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "&f;"><!ENTITY f "&e;">]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e SYSTEM "e.ent">]><r a="⟦&e;⟧"/>', ['xml-syntax']],
    ['<!DOCTYPE r [<!NOTATION n SYSTEM "n"><!ENTITY e SYSTEM "e.bin" NDATA n>]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "&u;">]><r>⟦&e;⟧</r>', ['xml-syntax']],
    ['<!DOCTYPE r [<!ENTITY e "x">]><r a="⟦&e;⟧">⟦&e;⟧</r>', ['entity-not-expanded', 'entity-not-expanded']],
  ],
  namespaces: [
    ['<r xmlns:a="urn:x" xmlns:b="urn:x"><s a:c="1" ⟦b:c⟧="2"/></r>', ['xml-syntax']],
    ['<?⟦a:b⟧ x?><r/>', ['xml-syntax']],
  ],
  names: [
    ['<r⟦\uFFFD⟧/>', ['encoding']],
    ['<r><s⟦\uFFFD⟧>x</s⟦\uFFFD⟧></r>', ['encoding', 'encoding']],
    ['<r a⟦\uFFFD⟧b="1"/>', ['encoding']],
    ['<!DOCTYPE r⟦\uFFFD⟧><r⟦\uFFFD⟧/>', ['encoding', 'encoding']],
  ],
};

test('[28] doctypedecl and [75] ExternalID: a name, keywords in upper case, whitespace before each literal, PubidChar only', () => {
  for (const [fixture, rules] of CASES.doctype) expectProblems(fixture, rules);
});

test('[45]–[51] element type declarations: EMPTY, ANY, mixed content and content models', () => {
  for (const [fixture, rules] of CASES.element) expectProblems(fixture, rules);
});

test('[52]–[60] attribute-list declarations: types, enumerations, defaults, and the references in a default', () => {
  for (const [fixture, rules] of CASES.attlist) expectProblems(fixture, rules);
});

test('[70]–[76] entity and [82] notation declarations, [15] comments and [16] PIs in the subset, [28a] parameter-entity references between declarations only', () => {
  for (const [fixture, rules] of CASES.entity) expectProblems(fixture, rules);
});

test('references to declared entities: not expanded (entity-not-expanded), or xml-syntax where the value may not stand (WFCs Parsed Entity, No Recursion, No < in Attribute Values, No External Entity References)', () => {
  for (const [fixture, rules] of CASES.references) expectProblems(fixture, rules);
});

test('an undeclared entity is unknown-entity, unless an external subset or a parameter entity may declare it', () => {
  expectProblems('<!DOCTYPE r [<!ENTITY e "x">]><r>⟦&u;⟧</r>', ['unknown-entity']);
  expectProblems('<!DOCTYPE r SYSTEM "r.dtd"><r>⟦&u;⟧</r>', ['entity-not-expanded']);
  expectProblems('<!DOCTYPE r [%p;]><r>⟦&u;⟧</r>', ['entity-not-expanded']);
});

test('Namespaces 1.0: one attribute through two prefixes bound to one URI (§6.3), a colon in a PI target (§7)', () => {
  for (const [fixture, rules] of CASES.namespaces) expectProblems(fixture, rules);
});

test('invalid UTF-8 (read as U+FFFD) in an element, attribute or DOCTYPE name is an encoding problem, as in text', () => {
  for (const [fixture, rules] of CASES.names) expectProblems(fixture, rules);
});

test('a well-formed DOCTYPE with every kind of declaration leaves a sitemap without well-formedness problems', () => {
  const text = urlset('<url><loc>https://example.com/&page;</loc></url>').replace('<urlset', '<!DOCTYPE urlset [\n  <!ENTITY page "a">\n]>\n<urlset');
  assert.deepEqual(render(diagnose(text).filter((d) => d.rule !== 'doctype' && d.rule !== 'entity-not-expanded')), []);
});
