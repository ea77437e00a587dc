/**
 * Expands a VS Code snippet body the way the editor does when every placeholder is accepted as it is, for tests.
 * Supports the grammar of https://code.visualstudio.com/docs/editing/userdefinedsnippets#_grammar except
 * transforms (which the project's snippets do not use — an error here, so nobody adds one untested):
 * tabstops `$1` `${1}`, placeholders `${1:default}` (nested), choices `${1|a,b|}` (the first one), mirrors
 * (a later `$1` repeats the value of `${1:…}`), `$0`, variables `$NAME` `${NAME}` `${NAME:default}`, and the
 * escapes `\$` `\}` `\\` (plus `\,` `\|` inside choices).
 */

type Node =
  | { type: 'text'; value: string }
  | { type: 'tabstop'; index: number; children: Node[] | undefined; choices: string[] | undefined }
  | { type: 'variable'; name: string; children: Node[] | undefined };

export interface ExpandOptions {
  /** Values of variables (`CURRENT_YEAR`…). An unknown variable is an error. */
  variables: Readonly<Record<string, string>>;
  /**
   * The text typed at a tabstop instead of its default (the default is the placeholder's or choice's text, already
   * expanded). Return `undefined` to keep it. Called once per tabstop index; mirrors repeat the answer.
   */
  value?: (index: number, defaultText: string) => string | undefined;
}

export function expandSnippet(body: string | readonly string[], options: ExpandOptions): string {
  const source = typeof body === 'string' ? body : body.join('\n');
  const parser = new Parser(source);
  const nodes = parser.parseUntil(undefined);
  if (parser.pos !== source.length) throw new Error(`Unexpected '${source[parser.pos]}' at ${parser.pos} in snippet`);
  return new Expander(nodes, options).render(nodes);
}

class Parser {
  pos = 0;

  constructor(private readonly s: string) {}

  /** Parses until `stop` (a character that ends the enclosing construct, left unconsumed) or the end. */
  parseUntil(stop: '}' | undefined): Node[] {
    const nodes: Node[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') nodes.push({ type: 'text', value: text });
      text = '';
    };
    while (this.pos < this.s.length) {
      const c = this.s[this.pos];
      if (c === '\\' && '$}\\'.includes(this.s[this.pos + 1] ?? '')) {
        text += this.s[this.pos + 1];
        this.pos += 2;
      } else if (c === stop) {
        break;
      } else if (c === '$') {
        const node = this.parseDollar();
        if (node === undefined) {
          text += '$';
          this.pos++;
        } else {
          flush();
          nodes.push(node);
        }
      } else {
        text += c;
        this.pos++;
      }
    }
    flush();
    return nodes;
  }

  /** At a `$`: a tabstop, placeholder, choice or variable; `undefined` when the `$` is plain text. */
  private parseDollar(): Node | undefined {
    const s = this.s;
    const rest = s.slice(this.pos + 1);
    let m = /^\d+/.exec(rest);
    if (m !== null) {
      this.pos += 1 + m[0].length;
      return { type: 'tabstop', index: Number(m[0]), children: undefined, choices: undefined };
    }
    m = /^[_a-zA-Z][_a-zA-Z0-9]*/.exec(rest);
    if (m !== null) {
      this.pos += 1 + m[0].length;
      return { type: 'variable', name: m[0], children: undefined };
    }
    if (rest[0] !== '{') return undefined;
    m = /^\{(?:(\d+)|([_a-zA-Z][_a-zA-Z0-9]*))/.exec(rest);
    if (m === null) return undefined;
    this.pos += 1 + m[0].length;
    const after = s[this.pos];
    if (after === '}') {
      this.pos++;
      return m[1] !== undefined
        ? { type: 'tabstop', index: Number(m[1]), children: undefined, choices: undefined }
        : { type: 'variable', name: m[2], children: undefined };
    }
    if (after === ':') {
      this.pos++;
      const children = this.parseUntil('}');
      this.expect('}');
      return m[1] !== undefined
        ? { type: 'tabstop', index: Number(m[1]), children, choices: undefined }
        : { type: 'variable', name: m[2], children };
    }
    if (after === '|' && m[1] !== undefined) {
      this.pos++;
      const choices = this.parseChoices();
      this.expect('}');
      return { type: 'tabstop', index: Number(m[1]), children: undefined, choices };
    }
    if (after === '/') throw new Error(`Transforms are not supported by this expander (at ${this.pos})`);
    throw new Error(`Malformed snippet syntax at ${this.pos}`);
  }

  /** After `${n|`: the options up to and including the closing `|`. */
  private parseChoices(): string[] {
    const choices: string[] = [];
    let current = '';
    while (this.pos < this.s.length) {
      const c = this.s[this.pos];
      if (c === '\\' && '$}\\,|'.includes(this.s[this.pos + 1] ?? '')) {
        current += this.s[this.pos + 1];
        this.pos += 2;
      } else if (c === ',') {
        choices.push(current);
        current = '';
        this.pos++;
      } else if (c === '|') {
        choices.push(current);
        this.pos++;
        return choices;
      } else {
        current += c;
        this.pos++;
      }
    }
    throw new Error('Unterminated choice in snippet');
  }

  private expect(c: string): void {
    if (this.s[this.pos] !== c) throw new Error(`Expected '${c}' at ${this.pos} in snippet`);
    this.pos++;
  }
}

class Expander {
  /** The node that defines each tabstop's value: the first one with a default (placeholder or choice). */
  private readonly definitions = new Map<number, Node & { type: 'tabstop' }>();
  private readonly values = new Map<number, string>();

  constructor(nodes: Node[], private readonly options: ExpandOptions) {
    this.collect(nodes);
  }

  render(nodes: Node[]): string {
    return nodes.map((node) => this.renderNode(node)).join('');
  }

  private collect(nodes: Node[] | undefined): void {
    for (const node of nodes ?? []) {
      if (node.type === 'text') continue;
      if (node.type === 'tabstop' && (node.children !== undefined || node.choices !== undefined) && !this.definitions.has(node.index)) {
        this.definitions.set(node.index, node);
      }
      this.collect(node.children);
    }
  }

  private renderNode(node: Node): string {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'variable': {
        const value = this.options.variables[node.name];
        if (value !== undefined) return value;
        if (node.children !== undefined) return this.render(node.children);
        throw new Error(`Unknown snippet variable ${node.name}`);
      }
      case 'tabstop':
        return this.valueOf(node.index);
    }
  }

  private valueOf(index: number): string {
    const known = this.values.get(index);
    if (known !== undefined) return known;
    const definition = this.definitions.get(index);
    const defaultText = definition === undefined ? ''
      : definition.choices !== undefined ? definition.choices[0] : this.render(definition.children ?? []);
    const value = this.options.value?.(index, defaultText) ?? defaultText;
    this.values.set(index, value);
    return value;
  }
}
