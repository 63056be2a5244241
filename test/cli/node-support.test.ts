import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unsupportedNodeReason } from '../../src/node-support.js';
import { BUNDLE, ensureBundle } from '../reliability/bundle.js';

describe('the Node.js lines Marquee runs on', () => {
  it('accepts 22.13 and newer, refuses older lines with what to do', () => {
    for (const version of ['v22.13.0', 'v22.23.3', 'v24.21.0', 'v26.10.0', 'v27.0.0']) expect(unsupportedNodeReason(version)).toBeUndefined();
    for (const version of ['v20.20.2', 'v22.12.0', 'v18.0.0']) {
      const reason = unsupportedNodeReason(version);
      expect(reason).toContain('needs Node.js 22.13 or newer');
      expect(reason).toContain(version.slice(1));
    }
  });

  // The machines' own Node 20, where there is one: the built program says what to do, no stack trace.
  it.runIf(existsSync('/usr/bin/node') && /^v20\./.test(spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout ?? ''))(
    'the built program on Node 20 prints one line and exits 1',
    async () => {
      await ensureBundle();
      const result = spawnSync('/usr/bin/node', [BUNDLE, 'api', '/3/configuration'], { encoding: 'utf8' });
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^marquee needs Node\.js 22\.13 or newer; this is Node\.js 20\./);
      expect(result.status).toBe(1);
    },
    120_000,
  );
});
