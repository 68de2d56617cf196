// The median the benchmarks report (ui/bench/startup.mjs, scripts/budgets/memory.mjs): the
// middle one of the values sorted, the upper of the two middle ones when their count is even,
// so it is always one of the runs measured; undefined for none.

/** The middle one of `xs` (numbers), sorted. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
