import type { RuleId } from './catalogue';

/** A problem in one data value; `start`/`end` are UTF-16 offsets relative to the value string that was checked. */
export interface ValueProblem {
  rule: RuleId;
  start: number;
  end: number;
  message: string;
}
