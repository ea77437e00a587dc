/** Binary search over ascending starts, the one copy: typed and number arrays only, no key function, so that the hot
 * callers (offset → line) stay monomorphic and allocate nothing. */

/** The last index below `count` whose start is at or before `at` (0 when none is, or when `count` is 0). */
export function lastStartAtOrBefore(starts: ArrayLike<number>, count: number, at: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}
