/** Split into Index: children that each fit the limits, plus the index listing them. Each child repeats the original's
 * prolog and root start tag verbatim and holds its entries byte for byte, with what precedes each; all but the last
 * are closed with the root end tag in the original's line ending, the last with the original's own end. */
import type { SitemapModel } from '../model/model';
import type { RootInfo } from '../syntax/parser';
import type { Segment } from '../model/segment';
import {
  SplitRefused, Splitter, textLayout, writeIndex, xmlLayout, type ChildSink, type ChildSummary, type SplitLayout, type SplitOptions, type SplitRefusal, type SplitterOptions,
} from './splitPlanner';

export interface SplitChild { name: string; loc: string; text: string; entries: number; bytes: number; lastmod?: string }
/** `index`: the sitemap index's whole text. */
export interface SplitPlan { children: SplitChild[]; index: string }
export type SplitOutcome = { plan: SplitPlan; refused?: undefined } | { refused: SplitRefusal; plan?: undefined };

export function splitModel(model: SitemapModel, options: SplitOptions): SplitOutcome {
  const sink = new CollectingSink();
  try {
    const { children, layout } = splitSegments(model.segments, model.kind === 'text' ? undefined : model.root, options, sink);
    return { plan: { children: children.map((c, k) => ({ ...c, text: sink.texts[k] })), index: writeIndex(children, layout) } };
  } catch (e) {
    if (e instanceof SplitRefused) return { refused: e.refusal };
    throw e;
  }
}

/**
 * Splits a whole parse — head, root children, tail; or a text sitemap's lines between an empty head and tail (`root`
 * undefined) — writing the children to `sink`. Throws SplitRefused.
 */
export function splitSegments(segments: readonly Segment[], root: RootInfo | undefined, options: SplitterOptions, sink: ChildSink): { children: ChildSummary[]; layout: SplitLayout } {
  let layout: SplitLayout;
  if (root === undefined) {
    layout = textLayout(segments.find((s) => s.lineBreaks > 0)?.text ?? '');
  } else {
    throwOnXmlSyntax(segments);
    if (root.kind !== 'urlset') throw refusalIn(segments, 'not-a-sitemap', root.nameStart);
    if (!segments.some((s) => s.isEntry)) throw refusalIn(segments, 'no-entries', root.nameStart);
    layout = xmlLayout(segments[0].text, root);
  }
  const splitter = new Splitter(options, sink, layout, segments[0].text, segments[0].lineBreaks);
  for (let k = 1; k < segments.length - 1; k++) splitter.segment(segments[k]);
  return { children: splitter.finish(segments[segments.length - 1].text), layout };
}

/** Refuses at the first `xml-syntax` problem, in document order. */
export function throwOnXmlSyntax(segments: readonly Segment[]): void {
  let start = 0;
  for (const s of segments) {
    let first = Infinity;
    for (const p of s.problems) if (p.rule === 'xml-syntax' && p.start < first) first = p.start;
    if (first !== Infinity) throw refusalIn(segments, 'ill-formed', start + first, s.problems.find((p) => p.start === first && p.rule === 'xml-syntax')!.message);
    start += s.text.length;
  }
}

/** A refusal at `offset`, with its line and column counted through the segments. */
export function refusalIn(segments: readonly Segment[], reason: SplitRefusal['reason'], offset: number, detail = ''): SplitRefused {
  let line = 0;
  let lineStart = 0;
  let start = 0;
  for (const s of segments) {
    const end = Math.min(s.text.length, offset - start);
    for (let p = 0; p < end; p++) {
      const c = s.text.charCodeAt(p);
      if (c === 10 || (c === 13 && s.text.charCodeAt(p + 1) !== 10)) {
        line++;
        lineStart = start + p + 1;
      }
    }
    if (end < s.text.length) break;
    start += s.text.length;
  }
  return new SplitRefused({ reason, offset }, line, offset - lineStart, detail);
}

class CollectingSink implements ChildSink {
  readonly texts: string[] = [];
  private parts: string[] = [];
  open(): void {
    this.parts = [];
  }
  write(text: string): void {
    this.parts.push(text);
  }
  close(): void {
    this.texts.push(this.parts.join(''));
  }
}
