/**
 * VS Code's `when` clauses (the subset package.json uses: `&&`, `||`, `!`, `==`, `!=`, `=~ /re/`, `>` and the like, bare keys), judged
 * in three values: a key the test knows has its value, any other key (the workbench's `editorLangId`, `view`, …) is
 * unknown, so a clause is `false` only when no value of the unknown keys could make it true (Kleene's logic).
 */
export type Truth = true | false | 'unknown';
export type KnownKeys = (key: string) => { known: true; value: unknown } | { known: false };

export function couldHold(clause: string, keys: KnownKeys): Truth {
  return clause.split('||').map((conjunction) => all(conjunction.split('&&').map((term) => judge(term.trim(), keys))))
    .reduce<Truth>((a, b) => (a === true || b === true ? true : a === 'unknown' || b === 'unknown' ? 'unknown' : false), false);
}

function all(truths: Truth[]): Truth {
  if (truths.includes(false)) return false;
  return truths.includes('unknown') ? 'unknown' : true;
}

function judge(term: string, keys: KnownKeys): Truth {
  const regex = /^([\w.-]+)\s*=~\s*\/(.*)\/([a-z]*)$/.exec(term);
  if (regex !== null) return compare(keys(regex[1]), (value) => new RegExp(regex[2], regex[3]).test(String(value)));
  const order = /^([\w.-]+)\s*(<=|>=|<|>)\s*(-?[\d.]+)$/.exec(term);
  if (order !== null) return compare(keys(order[1]), (value) => compareNumbers(Number(value), order[2], Number(order[3])));
  const equal = /^([\w.-]+)\s*(==|!=)\s*(.+)$/.exec(term);
  if (equal !== null) {
    const expected = equal[3].trim().replace(/^'(.*)'$/, '$1');
    return compare(keys(equal[1]), (value) => (String(value) === expected) === (equal[2] === '=='));
  }
  const not = /^!\s*([\w.-]+)$/.exec(term);
  if (not !== null) return compare(keys(not[1]), (value) => !value);
  if (/^[\w.-]+$/.test(term)) return compare(keys(term), (value) => Boolean(value));
  throw new Error(`a when clause term this test cannot judge: ${term}`);
}

function compare(key: ReturnType<KnownKeys>, holds: (value: unknown) => boolean): Truth {
  return key.known ? holds(key.value) : 'unknown';
}

function compareNumbers(value: number, operator: string, bound: number): boolean {
  switch (operator) {
    case '<': return value < bound;
    case '<=': return value <= bound;
    case '>': return value > bound;
    default: return value >= bound;
  }
}
