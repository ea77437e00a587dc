/**
 * The extension's TextMate grammars in the engine VS Code uses (vscode-textmate on vscode-oniguruma), for the grammar
 * tests (test/client/grammar.test.ts) and the benchmark (test/bench/bench.ts). Our grammars are found through
 * package.json's `contributes.grammars`, so a wrong path or scope name there fails too; `text.xml`, which VS Code
 * provides, comes from the committed copy in test/fixtures/grammars/ (never from .cache/: CI may not have it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar, type StateStack } from 'vscode-textmate';

const ROOT = path.resolve(__dirname, '../../..');

/** No time limit: a line that stopped early would be tokenized only in part, and the test or figure would lie. */
const NO_TIME_LIMIT = 0;

function grammarFiles(): Map<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { grammars: Array<{ scopeName: string; path: string }> };
  };
  const files = new Map(manifest.contributes.grammars.map((g) => [g.scopeName, path.join(ROOT, g.path)]));
  files.set('text.xml', path.join(ROOT, 'test/fixtures/grammars/xml.tmLanguage.json'));
  return files;
}

let registry: Registry | undefined;

function getRegistry(): Registry {
  if (registry) return registry;
  const files = grammarFiles();
  // loadWASM may run only once per process; the promise is shared through the one registry.
  const onigLib = oniguruma.loadWASM(fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'))).then(() => ({
    createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s: string) => new oniguruma.OnigString(s),
  }));
  registry = new Registry({
    onigLib,
    // Scopes nobody provides here (XML's embedded `source.java`) resolve to nothing, as in VS Code without Java.
    loadGrammar: async (scopeName) => {
      const file = files.get(scopeName);
      return file ? parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
    },
  });
  return registry;
}

export async function loadGrammar(scopeName: string): Promise<IGrammar> {
  const grammar = await getRegistry().loadGrammar(scopeName);
  if (!grammar) throw new Error(`no grammar for ${scopeName}`);
  return grammar;
}

export interface Token {
  /** Where the token starts in the whole text. */
  offset: number;
  text: string;
  scopes: string[];
}

type LineResult = { ruleStack: StateStack; stoppedEarly: boolean };

/**
 * Line by line as VS Code does it: each line without its line break, the rule stack carried over. False when a line
 * stopped early at its time limit (the rest of the text is then left alone: its tokens would be wrong).
 */
function eachLine(text: string, tokenizeLine: (line: string, lineStart: number, state: StateStack) => LineResult): boolean {
  const breaks = /\r\n|\r|\n/g;
  let state = INITIAL;
  let lineStart = 0;
  for (;;) {
    const lineBreak = breaks.exec(text);
    const lineEnd = lineBreak ? lineBreak.index : text.length;
    const result = tokenizeLine(text.slice(lineStart, lineEnd), lineStart, state);
    if (result.stoppedEarly) return false;
    state = result.ruleStack;
    if (!lineBreak) return true;
    lineStart = lineEnd + lineBreak[0].length;
  }
}

/** Every token with its text and scopes, outermost scope first. */
export function tokenize(grammar: IGrammar, text: string): Token[] {
  const tokens: Token[] = [];
  const complete = eachLine(text, (line, lineStart, state) => {
    const result = grammar.tokenizeLine(line, state, NO_TIME_LIMIT);
    for (const t of result.tokens) {
      // The engine tokenizes the line plus a '\n', so the last token may end past the line: cut it at the line's end.
      const end = Math.min(t.endIndex, line.length);
      if (t.startIndex < end) tokens.push({ offset: lineStart + t.startIndex, text: line.slice(t.startIndex, end), scopes: t.scopes });
    }
    return result;
  });
  if (!complete) throw new Error('tokenizing stopped early despite no time limit');
  return tokens;
}

/**
 * The benchmark's path: tokenizeLine2, the binary form VS Code's editor asks for, without building scope lists.
 * False when a line took longer than `lineTimeLimit` milliseconds and stopped early.
 */
export function tokenizeBinary(grammar: IGrammar, text: string, lineTimeLimit = NO_TIME_LIMIT): boolean {
  return eachLine(text, (line, _lineStart, state) => grammar.tokenizeLine2(line, state, lineTimeLimit));
}
