/** The most of `times` in any span of `ms` (each span ending at one of them), and where that span starts. */
export function busiestSpan(times: readonly number[], ms: number): { count: number; from: number } {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = { count: 0, from: 0 };
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[first]! <= sorted[last]! - ms) {
      first++;
    }
    if (last - first + 1 > busiest.count) {
      busiest = { count: last - first + 1, from: sorted[first]! };
    }
  }
  return busiest;
}
