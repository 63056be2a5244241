import { describe, expect, it } from 'vitest';
import { colourLevel } from '../../src/terminal/colour-level.js';

const tty = { isTTY: true, platform: 'linux' as const };

describe('the colour level the TUI draws with', () => {
  it('is 256 colours inside tmux unless told of true colour, where Node would say true colour', () => {
    const tmux = { TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0' };
    expect(colourLevel(tmux, tty)).toBe(2);
    expect(colourLevel({ ...tmux, COLORTERM: 'truecolor' }, tty)).toBe(3);
    expect(colourLevel({ TERM: 'screen' }, tty)).toBe(1);
  });

  it('follows the terminal named, and NO_COLOR, --no-color, FORCE_COLOR and a pipe', () => {
    expect(colourLevel({ TERM: 'xterm-kitty' }, tty)).toBe(3);
    expect(colourLevel({ TERM: 'xterm-256color' }, tty)).toBe(2);
    expect(colourLevel({ TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.5.0' }, tty)).toBe(3);
    expect(colourLevel({ TERM: 'dumb' }, tty)).toBe(0);
    expect(colourLevel({ TERM: 'xterm-256color', NO_COLOR: '1' }, tty)).toBe(0);
    expect(colourLevel({ TERM: 'xterm-256color' }, { ...tty, noColor: true })).toBe(0);
    expect(colourLevel({ TERM: 'xterm-256color', FORCE_COLOR: '3' }, tty)).toBe(3);
    expect(colourLevel({ TERM: 'xterm-256color', FORCE_COLOR: 'true' }, tty)).toBe(2);
    expect(colourLevel({ TERM: 'dumb', FORCE_COLOR: '' }, tty)).toBe(1);
    expect(colourLevel({ TERM: 'xterm-256color' }, { isTTY: false, platform: 'linux' })).toBe(0);
  });
});
