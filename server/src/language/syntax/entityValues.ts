/** Whether a reference to an internal entity is well-formed where it stands (XML 1.0 §4.3.2), judged on the entity's
 * replacement text alone, never put into the document; once per entity and context (content, attribute value). */
import { Ch, scanName } from '../../../../shared/xmlChars';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from '../../../../shared/xmlTokenizer';
import { EntityKind, type DoctypeFacts } from './doctype/doctypeFacts';

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Why a reference to `name` may not stand in content (or `inAttribute`, in an attribute value); undefined when it may. */
export function entityReferenceProblem(facts: DoctypeFacts, name: string, inAttribute: boolean): string | undefined {
  if (PREDEFINED.has(name)) return undefined;
  const kind = facts.entities.get(name);
  if (kind === undefined) return facts.declaresElsewhere ? undefined : `&${name}; is not declared.`;
  if (kind === EntityKind.Unparsed) return `&${name}; is an unparsed (NDATA) entity, which may not be referenced.`;
  if (kind === EntityKind.External) return inAttribute ? `&${name}; is an external entity, which an attribute value may not reference.` : undefined;
  const key = `${inAttribute ? 'a' : 'c'} ${name}`;
  const known = facts.verdicts.get(key);
  if (known !== undefined) return known === null ? `&${name}; refers to itself, directly or through other entities.` : known || undefined;
  facts.verdicts.set(key, null);
  const problem = inAttribute ? attributeTextProblem(facts, facts.values.get(name) ?? '') : contentProblem(facts, facts.values.get(name) ?? '');
  const verdict = problem === undefined ? '' : `The value of &${name}; is not well-formed where it is used: ${problem}`;
  facts.verdicts.set(key, verdict);
  return verdict || undefined;
}

/** [43] content: balanced tags, no error in any token, references that may stand there. */
function contentProblem(facts: DoctypeFacts, text: string): string | undefined {
  const tokens = new XmlTokenizer(text, 0, TokenizerState.Content);
  const open: string[] = [];
  for (;;) {
    const type = tokens.scan();
    if (tokens.error !== TokenError.None) return 'it holds broken markup.';
    if (type === TokenType.EOS) return open.length === 0 ? undefined : `<${open[open.length - 1]}> is not closed inside it.`;
    const problem = tokenProblem(facts, text, tokens, type, open);
    if (problem !== undefined) return problem;
  }
}

function tokenProblem(facts: DoctypeFacts, text: string, tokens: XmlTokenizer, type: TokenType, open: string[]): string | undefined {
  switch (type) {
    case TokenType.StartTagOpen:
      open.push(text.slice(tokens.tokenStart + 1, tokens.tokenEnd));
      return undefined;
    case TokenType.StartTagSelfClose:
      open.pop();
      return undefined;
    case TokenType.EndTag:
      return open.pop() === text.slice(tokens.tokenStart + 2, tokens.nameEnd) ? undefined : 'an end tag in it closes nothing it opened.';
    case TokenType.AttributeValue:
      return attributeTextProblem(facts, text.slice(tokens.tokenStart + 1, tokens.tokenEnd - 1));
    case TokenType.Text: {
      if (text.includes(']]>', tokens.tokenStart) && text.indexOf(']]>', tokens.tokenStart) < tokens.tokenEnd) return '"]]>" in text.';
      return referencesProblem(facts, text, tokens.tokenStart, tokens.tokenEnd, false);
    }
    case TokenType.DoctypeOpen:
      return 'a DOCTYPE in it.';
    default:
      return undefined;
  }
}

/** An attribute value's text: no "<", references that may stand in an attribute value. */
function attributeTextProblem(facts: DoctypeFacts, text: string): string | undefined {
  if (text.includes('<')) return '"<" in an attribute value.';
  return referencesProblem(facts, text, 0, text.length, true);
}

/** The references in text[from, to): each a well-formed reference that may stand there. */
function referencesProblem(facts: DoctypeFacts, text: string, from: number, to: number, inAttribute: boolean): string | undefined {
  for (let p = text.indexOf('&', from); p >= 0 && p < to; p = text.indexOf('&', p + 1)) {
    if (text.charCodeAt(p + 1) === Ch.Hash) {
      if (!/^&#(?:x[0-9a-fA-F]+|[0-9]+);/.test(text.slice(p, p + 16))) return 'a malformed character reference.';
      continue;
    }
    const nameEnd = scanName(text, p + 1, to);
    if (nameEnd === p + 1 || text.charCodeAt(nameEnd) !== Ch.Semicolon) return 'a "&" that starts no reference.';
    const problem = entityReferenceProblem(facts, text.slice(p + 1, nameEnd), inAttribute);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
