/**
 * Small statistics for the benchmark: every figure is reported as the median of repeated runs
 * with the smallest and largest run beside it; latency samples within one run are summarised
 * by percentiles.
 */

function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(values, p) {
  if (values.length === 0) throw new RangeError('percentile of an empty sample');
  const ordered = sorted(values);
  const rank = Math.ceil((p / 100) * ordered.length);
  return ordered[Math.min(ordered.length - 1, Math.max(0, rank - 1))];
}

export function median(values) {
  if (values.length === 0) throw new RangeError('median of an empty sample');
  const ordered = sorted(values);
  const middle = ordered.length >> 1;
  return ordered.length % 2 === 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
}

/** { median, min, max, runs } of one figure measured once per run. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

export function latencySummary(samples) {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), count: samples.length };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run asks for the same things. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
