import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // A guard against a hang, not a speed check: the longest scenario (every tab of the embedded
    // catalog, then signing in) takes ~10 s on an idle machine and three times that on a busy one.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // pty and load tests spawn processes; two cores, so keep the suite from oversubscribing.
    maxWorkers: 2,
  },
});
