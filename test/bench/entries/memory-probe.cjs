'use strict';
/**
 * Preloaded into Marquee for the memory benchmark only (`node --expose-gc --require` this file):
 * on SIGUSR2 it runs a full garbage collection and writes process.memoryUsage(), numbered, to
 * the file named by BENCH_MEMORY_FILE. Memory measured right after a full collection is what
 * the program still holds, which is what a leak grows. Nothing else in the program changes.
 */
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_MEMORY_FILE;
let reading = 0;
if (file && typeof global.gc === 'function') {
  process.on('SIGUSR2', () => {
    global.gc();
    reading += 1;
    writeFileSync(file, JSON.stringify({ reading, ...process.memoryUsage() }));
  });
}
