import { join } from 'node:path';
import { expect } from 'vitest';
import { runExportCommand } from '../../src/commands/export.js';
import type { TestServer } from '../server/harness.js';

/** What `marquee export` printed and how it ended. */
export interface ExportRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment `marquee export` runs with against the test server: config and data under `home`. */
export function exportEnv(t: TestServer, home: string, data = join(home, 'data')): Record<string, string> {
  return { MARQUEE_TOKEN: t.server.token, MARQUEE_BASE_URL: t.server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: data };
}

/** Runs `marquee export` in-process, without retries, and checks that no secret reached its output. */
export async function runExport(args: string[], environment: Record<string, string>, secrets: readonly string[]): Promise<ExportRun> {
  let stdout = '';
  let stderr = '';
  const code = await runExportCommand(args, {
    env: environment,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { maxRetries: 0 },
  });
  for (const secret of secrets) {
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  }
  return { code, stdout, stderr };
}
