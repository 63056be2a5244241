import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASTE_END_WAIT_MS, guardPastes } from '../../../src/ui/input/paste-guard.js';

/** A paste whose end marker never comes is closed, so it cannot hold every key after it. */

const START = '\u001B[200~';
const END = '\u001B[201~';

/** An input stream as Ink reads it: chunks by read(), 'readable' to say there are some. */
class FakeInput extends EventEmitter {
  private readonly chunks: string[] = [];
  readonly readables: number[] = [];
  constructor() {
    super();
    this.on('readable', () => this.readables.push(Date.now()));
  }
  arrive(chunk: string) {
    this.chunks.push(chunk);
  }
  read(): string | null {
    return this.chunks.shift() ?? null;
  }
}

/** Everything the input hands out until there is nothing more, as Ink's read loop does. */
function drain(input: FakeInput): string {
  let text = '';
  for (let chunk = input.read(); chunk !== null; chunk = input.read()) text += String(chunk);
  return text;
}

afterEach(() => vi.useRealTimers());

describe('the paste guard', () => {
  it('closes a paste left open once it has waited, and only then', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const unguard = guardPastes(input);
    input.arrive(`ab${START}pasted`);
    expect(drain(input)).toBe(`ab${START}pasted`);
    // Keys typed meanwhile are still the paste's (Ink holds them); nothing is added yet.
    input.arrive('5');
    vi.advanceTimersByTime(PASTE_END_WAIT_MS - 1);
    expect(drain(input)).toBe('5');
    expect(input.readables).toHaveLength(0);
    vi.advanceTimersByTime(1);
    // Ink is told there is something to read, and reads the end marker, then the keys after it.
    expect(input.readables).toHaveLength(1);
    input.arrive('5');
    expect(drain(input)).toBe(`${END}5`);
    // Closed: nothing more is added.
    vi.advanceTimersByTime(PASTE_END_WAIT_MS * 3);
    expect(input.readables).toHaveLength(1);
    expect(drain(input)).toBe('');
    unguard();
  });

  it('adds nothing to a paste that ends, even with its markers split across reads', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const unguard = guardPastes(input);
    for (const chunk of ['x\u001B[20', '0~hello wor', 'ld\u001B[2', '01~j']) input.arrive(chunk);
    expect(drain(input)).toBe(`x${START}hello world${END}j`);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS * 2);
    expect(input.readables).toHaveLength(0);
    unguard();
  });

  it('sees a start marker made across two reads, and a second paste after a first', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const unguard = guardPastes(input);
    input.arrive(`${START}one${END}k\u001B[2`);
    input.arrive('00~two');
    expect(drain(input)).toBe(`${START}one${END}k${START}two`);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS);
    expect(input.readables).toHaveLength(1);
    expect(drain(input)).toBe(END);
    unguard();
  });

  it('ends an open paste at a Ctrl-C, which then quits as a key; a Ctrl-C outside a paste is left alone', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const unguard = guardPastes(input);
    input.arrive('j\u0003');
    expect(drain(input)).toBe('j\u0003');
    input.arrive(`${START}half a paste`);
    input.arrive('more\u0003k');
    expect(drain(input)).toBe(`${START}half a pastemore${END}\u0003k`);
    // Closed by the Ctrl-C: nothing is added later.
    vi.advanceTimersByTime(PASTE_END_WAIT_MS * 2);
    expect(input.readables).toHaveLength(0);
    // A start split across reads, then Ctrl-C in the same read as its second half.
    input.arrive('\u001B[20');
    input.arrive('0~x\u0003');
    expect(drain(input)).toBe(`\u001B[200~x${END}\u0003`);
    unguard();
  });

  it('unwraps the input, and closes nothing once unwrapped', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const original = input.read;
    const unguard = guardPastes(input);
    expect(input.read).not.toBe(original);
    input.arrive(`${START}a`);
    drain(input);
    unguard();
    expect(input.read).toBe(original);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS * 2);
    expect(input.readables).toHaveLength(0);
  });

  it('waits again from the start of each paste left open', () => {
    vi.useFakeTimers();
    const input = new FakeInput();
    const unguard = guardPastes(input);
    input.arrive(`${START}a`);
    drain(input);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS);
    expect(drain(input)).toBe(END);
    input.arrive(`${START}b`);
    drain(input);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS / 2);
    expect(input.readables).toHaveLength(1);
    vi.advanceTimersByTime(PASTE_END_WAIT_MS / 2);
    expect(input.readables).toHaveLength(2);
    expect(drain(input)).toBe(END);
    unguard();
  });
});
