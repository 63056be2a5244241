/**
 * Closed-loop load: `concurrency` workers, each sending its next request as soon as the previous
 * one is answered (no think time), the way a benchmark tool like autocannon counts "connections".
 */

/** Runs `task(item)` for every item with at most `concurrency` in flight; resolves with elapsed ms. */
export async function forEachConcurrently(items, concurrency, task) {
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return performance.now() - startedAt;
}

/**
 * Runs `request(worker, n)` in `concurrency` loops for `durationMs`, after `warmupMs` whose
 * answers are not counted. Resolves with the latency of every counted request (ms), the
 * requests per second over the counted window, and how many failed.
 */
export async function closedLoop({ concurrency, durationMs, warmupMs, request }) {
  const latencies = [];
  let failures = 0;
  let firstFailure;
  const startedAt = performance.now();
  const countFrom = startedAt + warmupMs;
  const stopAt = countFrom + durationMs;
  let completed = 0;
  const worker = async (workerIndex) => {
    for (let n = 0; ; n++) {
      const sentAt = performance.now();
      if (sentAt >= stopAt) return;
      let ok = true;
      try {
        await request(workerIndex, n);
      } catch (error) {
        ok = false;
        firstFailure ??= error;
      }
      const doneAt = performance.now();
      // Throughput counts answers within the window; latency, every request sent within it.
      if (doneAt >= countFrom && doneAt <= stopAt) completed++;
      if (sentAt >= countFrom) {
        if (ok) latencies.push(doneAt - sentAt);
        else failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  return { latencies, failures, firstFailure, throughput: (completed / durationMs) * 1000 };
}
