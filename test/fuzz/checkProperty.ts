/**
 * fast-check's run of a fuzzer's property as both fuzzers report it (cliFuzz.ts, lspFuzz.ts): `runs` cases from `seed`
 * or until the time limit, and a failure shrunk to its smallest case, printed as JSON so that it replays.
 */
import fc from 'fast-check';

export interface FuzzFailure {
  /** The shrunk failing case as JSON (paste it into a regression test). */
  counterexample: string;
  /** What it violated. */
  violation: string;
  shrinks: number;
}

export interface PropertyRun {
  seed: number;
  /** Cases to run at most. */
  runs: number;
  /** Stop starting cases after this long (a long run); undefined: run `runs` cases. */
  timeLimitMs?: number;
}

export async function checkProperty<T>(property: fc.IAsyncProperty<[T]>, run: PropertyRun): Promise<{ interrupted: boolean; failure?: FuzzFailure }> {
  const details = await fc.check(property, {
    seed: run.seed, numRuns: run.runs, interruptAfterTimeLimit: run.timeLimitMs, markInterruptAsFailure: false, endOnFailure: false,
  });
  if (!details.failed || details.counterexample === null) return { interrupted: details.interrupted };
  const [c] = details.counterexample;
  const violation = (details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance);
  return { interrupted: details.interrupted, failure: { counterexample: JSON.stringify(c, null, 1), violation, shrinks: details.numShrinks } };
}
