/** Rules indexed by their literal prefix (the pattern before its first `*`) in a radix tree, so that a path is tried
 * only against the rules whose prefix it starts with: 50,000 URLs against a long robots.txt in milliseconds. */
import { matchesAfterPrefix, type CompiledPattern } from './robotsPattern';

/** Anything with a compiled pattern. */
export interface PrefixedMatcher {
  compiled: CompiledPattern;
}

interface PrefixNode {
  /** Keyed by the first character of the edge's label. */
  edges: Map<number, PrefixEdge>;
  /** Positions in `items` of the rules whose prefix ends here, ascending. */
  positions: number[];
}

interface PrefixEdge {
  label: string;
  node: PrefixNode;
}

export interface PrefixIndex<T extends PrefixedMatcher> {
  /** In order of precedence: the first that matches wins. */
  items: T[];
  root: PrefixNode;
}

export function buildPrefixIndex<T extends PrefixedMatcher>(items: T[]): PrefixIndex<T> {
  const root = newNode();
  items.forEach((item, position) => insert(root, item.compiled.prefix, position));
  return { items, root };
}

/** The position of the first item, in order of precedence, that matches `path`; -1 when none does. The tree is walked
 * along the path, so each node's items have a prefix the path starts with. */
export function firstMatch<T extends PrefixedMatcher>(index: PrefixIndex<T>, path: string): number {
  let best = Number.MAX_SAFE_INTEGER;
  let node = index.root;
  let at = 0;
  for (;;) {
    best = firstMatchAt(index.items, node, path, best);
    const edge = at < path.length ? node.edges.get(path.charCodeAt(at)) : undefined;
    if (edge === undefined || !path.startsWith(edge.label, at)) break;
    at += edge.label.length;
    node = edge.node;
  }
  return best < index.items.length ? best : -1;
}

function firstMatchAt<T extends PrefixedMatcher>(items: T[], node: PrefixNode, path: string, best: number): number {
  for (const position of node.positions) {
    if (position >= best) break;
    if (matchesAfterPrefix(items[position].compiled, path)) return position;
  }
  return best;
}

function insert(root: PrefixNode, key: string, position: number): void {
  let node = root;
  let at = 0;
  while (at < key.length) {
    const edge = node.edges.get(key.charCodeAt(at));
    if (edge === undefined) {
      const leaf = newNode();
      node.edges.set(key.charCodeAt(at), { label: key.slice(at), node: leaf });
      node = leaf;
      break;
    }
    const common = commonLength(edge.label, key, at);
    if (common < edge.label.length) splitEdge(edge, common);
    node = edge.node;
    at += common;
  }
  node.positions.push(position);
}

/** Cuts an edge after `length` characters, with a node in between. */
function splitEdge(edge: PrefixEdge, length: number): void {
  const middle = newNode();
  middle.edges.set(edge.label.charCodeAt(length), { label: edge.label.slice(length), node: edge.node });
  edge.label = edge.label.slice(0, length);
  edge.node = middle;
}

function commonLength(label: string, key: string, from: number): number {
  let n = 0;
  while (n < label.length && from + n < key.length && label.charCodeAt(n) === key.charCodeAt(from + n)) n++;
  return n;
}

function newNode(): PrefixNode {
  return { edges: new Map(), positions: [] };
}
