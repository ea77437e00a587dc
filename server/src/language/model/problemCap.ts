/** Which problems fill `sitemap.maxProblems` (VS Code shows at most 1,000 a file): the first of every rule that fired,
 * then by severity, in document order, and one summary of the rest. Only what could be kept is held. */
import { formatCount } from '../../../../shared/byteSize';
import { TOO_MANY_PROBLEMS, type Problem, type Severity } from '../rules/catalogue';

export interface SitemapDiagnostic extends Problem {
  severity: Severity;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export interface CapOptions {
  /** What the summary names as the limit. */
  limitName: string;
  /** The summary comes beyond the `max` problems kept (sitemap-lint's --max-problems) rather than in the last of them (the editor's 1,000 a file). */
  summaryBeyond: boolean;
}

const EDITOR_CAP: CapOptions = { limitName: 'sitemap.maxProblems', summaryBeyond: false };

/** One rule's effective severity and tally during one validation. */
export interface RuleTally {
  severity: Severity;
  rank: number;
  count: number;
  first: Kept | undefined;
}

interface Kept {
  diagnostic: SitemapDiagnostic;
  rank: number;
  /** Position in the stream of offered problems: document order. */
  seq: number;
}

export class ProblemCap {
  /** Tallies of the rules met so far; null for a rule turned off. */
  private readonly tallies = new Map<string, RuleTally | null>();
  /** The first `held` problems of each severity, by rank. */
  private readonly bySeverity: Kept[][] = [[], [], [], []];
  private total = 0;

  /** Problems held per severity: one more than are kept, so that the first one left out is among them. */
  private readonly held: number;

  /** `severityOf`: a rule's effective severity, undefined when it is off. */
  constructor(private readonly max: number, private readonly severityOf: (rule: string) => Severity | undefined, private readonly options: CapOptions = EDITOR_CAP) {
    this.held = options.summaryBeyond ? max + 1 : max;
  }

  /** The rule's tally, undefined when the rule is off. */
  tally(rule: string): RuleTally | undefined {
    let tally = this.tallies.get(rule);
    if (tally === undefined) {
      const severity = this.severityOf(rule);
      tally = severity === undefined ? null : { severity, rank: RANK[severity], count: 0, first: undefined };
      this.tallies.set(rule, tally);
    }
    return tally ?? undefined;
  }

  /** Whether a problem of this rule would be kept: when not, `count` it instead of building it. */
  wants(tally: RuleTally): boolean {
    return tally.first === undefined || this.bySeverity[tally.rank].length < this.held;
  }

  /** Whether any of these problems would be kept. */
  wantsAny(problems: ReadonlyArray<{ rule: string }>): boolean {
    for (const p of problems) {
      const tally = this.tally(p.rule);
      if (tally !== undefined && this.wants(tally)) return true;
    }
    return false;
  }

  count(tally: RuleTally): void {
    this.total++;
    tally.count++;
  }

  countAll(problems: ReadonlyArray<{ rule: string }>): void {
    for (const p of problems) {
      const tally = this.tally(p.rule);
      if (tally !== undefined) this.count(tally);
    }
  }

  offer(problem: Problem, tally: RuleTally): void {
    const kept: Kept = { diagnostic: { ...problem, severity: tally.severity }, rank: tally.rank, seq: this.total };
    this.count(tally);
    tally.first ??= kept;
    const list = this.bySeverity[kept.rank];
    if (list.length < this.held) list.push(kept);
  }

  finish(): SitemapDiagnostic[] {
    if (this.total <= this.max) return this.bySeverity.flat().sort(bySeq).map((k) => k.diagnostic);
    const slots = this.options.summaryBeyond ? this.max : this.max - 1;
    const chosen = new Set<Kept>();
    const firsts = [...this.tallies.values()].flatMap((t) => (t?.first !== undefined ? [t.first] : []));
    for (const kept of firsts.sort((a, b) => a.rank - b.rank || a.seq - b.seq)) {
      if (chosen.size >= slots) break;
      chosen.add(kept);
    }
    for (const list of this.bySeverity) {
      for (let k = 0; k < list.length && chosen.size < slots; k++) chosen.add(list[k]);
    }
    // Each severity's list holds its first problems, and fewer of them are chosen than a full list holds: the first
    // problem left out is the earliest unchosen one of some list.
    let firstOmitted: Kept | undefined;
    for (const list of this.bySeverity) {
      const kept = list.find((k) => !chosen.has(k));
      if (kept !== undefined && (firstOmitted === undefined || kept.seq < firstOmitted.seq)) firstOmitted = kept;
    }
    const shown = [...chosen].sort(bySeq);
    const at = shown.findIndex((k) => k.seq > firstOmitted!.seq);
    const summary: SitemapDiagnostic = {
      rule: TOO_MANY_PROBLEMS, severity: 'information', start: firstOmitted!.diagnostic.start, end: firstOmitted!.diagnostic.end,
      message: this.summary(chosen),
    };
    const diagnostics = shown.map((k) => k.diagnostic);
    diagnostics.splice(at < 0 ? diagnostics.length : at, 0, summary);
    return diagnostics;
  }

  private summary(chosen: Set<Kept>): string {
    const omitted = new Map([...this.tallies].map(([rule, t]) => [rule, t?.count ?? 0]));
    for (const kept of chosen) omitted.set(kept.diagnostic.rule, omitted.get(kept.diagnostic.rule)! - 1);
    const perRule = [...omitted].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    const n = formatCount;
    return `${n(this.total - chosen.size)} more problems not shown (${this.options.limitName} is ${n(this.max)}): ` +
      `${perRule.map(([rule, count]) => `${n(count)} ${rule}`).join(', ')}.`;
  }
}

function bySeq(a: Kept, b: Kept): number {
  return a.seq - b.seq;
}

/** A list cut by capList: the indexes kept, in order, and the summary of the rest (placed at the first one left out). */
export interface CappedList {
  kept: number[];
  summary: { at: number; message: string } | undefined;
}

/**
 * The editor's choice applied to a finished list of problems in document order (sitemap-lint's --max-problems): the
 * problems a cap of `max` keeps, each rule's severity taken from its first problem.
 */
export function capList(problems: ReadonlyArray<{ rule: Problem['rule']; severity: Severity }>, max: number, options: CapOptions): CappedList {
  const severities = new Map<string, Severity>();
  for (const p of problems) if (!severities.has(p.rule)) severities.set(p.rule, p.severity);
  const cap = new ProblemCap(max, (rule) => severities.get(rule), options);
  problems.forEach((p, k) => cap.offer({ rule: p.rule, start: k, end: k, message: '' }, cap.tally(p.rule)!));
  const capped: CappedList = { kept: [], summary: undefined };
  for (const d of cap.finish()) {
    if (d.rule === TOO_MANY_PROBLEMS) capped.summary = { at: d.start, message: d.message };
    else capped.kept.push(d.start);
  }
  return capped;
}
