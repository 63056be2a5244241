'use strict';
/**
 * Preloaded into Marquee for the memory benchmark only (`node --expose-gc --require` this file):
 * on SIGUSR2 it runs a full garbage collection and writes process.memoryUsage(), numbered, to
 * the file named by BENCH_MEMORY_FILE. Memory measured right after a full collection is what
 * the program still holds, which is what a leak grows. Beside it: the largest heap V8 had
 * reserved since the last reading (read every 10 ms, so the peak of a film being opened shows
 * even though it is collected before the reading) and the heap's limit, which the flags on the
 * bin's first line set. Nothing else in the program changes.
 */
const { writeFileSync } = require('node:fs');
const v8 = require('node:v8');

const file = process.env.BENCH_MEMORY_FILE;
let reading = 0;
let peakHeapTotal = 0;
if (file && typeof global.gc === 'function') {
  setInterval(() => {
    peakHeapTotal = Math.max(peakHeapTotal, v8.getHeapStatistics().total_heap_size);
  }, 10).unref();
  process.on('SIGUSR2', () => {
    const peak = Math.max(peakHeapTotal, v8.getHeapStatistics().total_heap_size);
    global.gc();
    reading += 1;
    peakHeapTotal = 0;
    writeFileSync(file, JSON.stringify({ reading, ...process.memoryUsage(), peakHeapTotal: peak, heapSizeLimit: v8.getHeapStatistics().heap_size_limit }));
  });
}
