import { describe, expect, it } from 'vitest';
import { runCompletionCommand } from '../../src/commands/completion.js';
import { runConfigCommand } from '../../src/commands/config.js';
import { readFlags } from '../../src/commands/flags.js';

/** Every command reads its flags with readFlags: strict, and a refusal is one short sentence. */

const OPTIONS = { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } as const;

describe('readFlags', () => {
  it('reads flags and, where a command takes them, positionals', () => {
    expect(readFlags(['-o', 'x.json', 'file.csv'], OPTIONS, { positionals: true })).toMatchObject({ ok: true, values: { out: 'x.json' }, positionals: ['file.csv'] });
    expect(readFlags(['--help'], OPTIONS)).toMatchObject({ ok: true, values: { help: true } });
  });

  it('refuses an unknown flag, a missing value and an argument nobody takes, in one sentence', () => {
    expect(readFlags(['--colour'], OPTIONS)).toEqual({ ok: false, problem: "Unknown option '--colour'" });
    expect(readFlags(['--out'], OPTIONS)).toMatchObject({ ok: false, problem: expect.stringMatching(/^Option '-o, --out <value>' argument missing$/) as unknown });
    expect(readFlags(['file.csv'], OPTIONS)).toMatchObject({ ok: false, problem: "Unexpected argument 'file.csv'" });
  });
});

describe('the commands with an action read their flags the same way', () => {
  const output = () => {
    let text = '';
    return { write: (chunk: string) => (text += chunk), text: () => text };
  };

  it('marquee config: an unknown flag is named, and --help works after the action too', async () => {
    const stdout = output();
    const stderr = output();
    expect(await runConfigCommand(['check', '--bogus'], { stdout, stderr, env: {} })).toBe(2);
    expect(stderr.text()).toBe("marquee config: Unknown option '--bogus' (see marquee config --help)\n");
    expect(await runConfigCommand(['keys', '--help'], { stdout, stderr, env: {} })).toBe(0);
    expect(stdout.text()).toMatch(/^Usage: marquee config/);
  });

  it('marquee completion: the same', () => {
    const out = output();
    const err = output();
    expect(runCompletionCommand(['bash', '--bogus'], out, err)).toBe(2);
    expect(err.text()).toBe("marquee completion: Unknown option '--bogus' (see marquee completion --help)\n");
    expect(runCompletionCommand(['-h'], out, err)).toBe(0);
    expect(out.text()).toMatch(/^Usage: marquee completion/);
  });
});
