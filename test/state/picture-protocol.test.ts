import { describe, expect, it } from 'vitest';
import { choosePictureProtocol, detectGraphics } from '../../src/state/picture-protocol.js';

/** How pictures are drawn, from the config file's `images` and the environment alone. */

describe('choosePictureProtocol', () => {
  it('draws text only under NO_COLOR or --no-color, and when the config file says off', () => {
    expect(choosePictureProtocol({ env: { TERM: 'xterm-kitty' }, color: false })).toMatchObject({ protocol: 'text', reason: expect.stringContaining('colours are off') });
    expect(choosePictureProtocol({ setting: 'blocks', env: {}, color: false }).protocol).toBe('text');
    expect(choosePictureProtocol({ setting: 'off', env: {}, color: true })).toMatchObject({ protocol: 'text', reason: expect.stringContaining('images: off') });
  });

  it('draws half-blocks otherwise, saying why', () => {
    expect(choosePictureProtocol({ env: { TERM: 'xterm-256color' }, color: true })).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('no graphics protocol detected') });
    expect(choosePictureProtocol({ setting: 'blocks', env: {}, color: true }).reason).toContain('images: blocks');
    expect(choosePictureProtocol({ env: { TMUX: '/x,1,0', TERM: 'screen' }, color: true }).reason).toContain('tmux');
  });

  it('names the graphics protocol the terminal speaks, though it draws half-blocks', () => {
    const kitty = choosePictureProtocol({ env: { KITTY_WINDOW_ID: '1', TERM: 'xterm-kitty' }, color: true });
    expect(kitty.protocol).toBe('blocks');
    expect(kitty.reason).toContain('kitty graphics');
  });
});

describe('detectGraphics', () => {
  it('reads the terminal from TERM, TERM_PROGRAM and KITTY_WINDOW_ID, never asking it', () => {
    expect(detectGraphics({ KITTY_WINDOW_ID: '3' })?.protocol).toBe('kitty');
    expect(detectGraphics({ TERM: 'xterm-kitty' })?.protocol).toBe('kitty');
    expect(detectGraphics({ TERM_PROGRAM: 'ghostty' })?.protocol).toBe('kitty');
    expect(detectGraphics({ TERM_PROGRAM: 'iTerm.app' })?.protocol).toBe('iterm');
    expect(detectGraphics({ TERM_PROGRAM: 'WezTerm' })?.protocol).toBe('iterm');
    expect(detectGraphics({ TERM: 'foot' })?.protocol).toBe('sixel');
    expect(detectGraphics({ TERM: 'xterm-256color' })).toBeUndefined();
    expect(detectGraphics({})).toBeUndefined();
  });
});
