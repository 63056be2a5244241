import { describe, expect, it } from 'vitest';
import { choosePictureProtocol, detectGraphics, installedKittyVersion, parseSixelCell } from '../../src/terminal/picture-protocol.js';

/** How pictures are drawn, from the config file's `images`, the environment and the colour depth alone. */

describe('choosePictureProtocol', () => {
  it('draws text only under NO_COLOR or --no-color, and when the config file says off', () => {
    expect(choosePictureProtocol({ env: { TERM: 'xterm-kitty' }, color: false })).toMatchObject({ protocol: 'text', reason: expect.stringContaining('colours are off') });
    expect(choosePictureProtocol({ setting: 'kitty', env: {}, color: false }).protocol).toBe('text');
    expect(choosePictureProtocol({ setting: 'blocks', env: {}, color: false }).protocol).toBe('text');
    expect(choosePictureProtocol({ setting: 'off', env: { TERM: 'xterm-kitty' }, color: true })).toMatchObject({ protocol: 'text', reason: expect.stringContaining('images: off') });
  });

  it('draws kitty graphics where the terminal has them with placeholders: kitty and Ghostty', () => {
    expect(choosePictureProtocol({ env: { KITTY_WINDOW_ID: '1', TERM: 'xterm-kitty' }, color: true, colorDepth: 24 })).toEqual({
      protocol: 'kitty',
      throughTmux: false,
      reason: 'kitty graphics: KITTY_WINDOW_ID is set (kitty)',
    });
    expect(choosePictureProtocol({ env: { TERM: 'xterm-ghostty' }, color: true }).protocol).toBe('kitty');
  });

  it('draws half-blocks in a terminal whose kitty graphics lack placeholders, or with fewer than 256 colours', () => {
    expect(choosePictureProtocol({ env: { KONSOLE_VERSION: '230804' }, color: true })).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('no Unicode placeholders') });
    expect(choosePictureProtocol({ env: { TERM: 'xterm-kitty' }, color: true, colorDepth: 4 })).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('16 colours') });
    expect(choosePictureProtocol({ setting: 'kitty', env: {}, color: true, colorDepth: 4 }).protocol).toBe('blocks');
  });

  it('draws half-blocks in a kitty older than 0.28, which has no placeholders, unless the config file says kitty', () => {
    const env = { TERM: 'xterm-kitty' };
    expect(choosePictureProtocol({ env, color: true, kittyVersion: [0, 26, 5] })).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('kitty 0.26.5 draws no Unicode placeholders') });
    expect(choosePictureProtocol({ env, color: true, kittyVersion: [0, 28, 0] }).protocol).toBe('kitty');
    expect(choosePictureProtocol({ env, color: true, kittyVersion: [1, 0, 0] }).protocol).toBe('kitty');
    expect(choosePictureProtocol({ setting: 'kitty', env, color: true, kittyVersion: [0, 26, 5] }).protocol).toBe('kitty');
  });

  it('inside tmux draws half-blocks unless the config file says kitty, which then goes through the passthrough', () => {
    const env = { TMUX: '/tmp/tmux-1000/default,1,0', TERM: 'tmux-256color', KITTY_WINDOW_ID: '1' };
    const auto = choosePictureProtocol({ env, color: true });
    expect(auto).toMatchObject({ protocol: 'blocks', throughTmux: false });
    expect(auto.reason).toContain('allow-passthrough');
    expect(auto.reason).toContain('set images: kitty');
    expect(choosePictureProtocol({ setting: 'kitty', env, color: true })).toMatchObject({ protocol: 'kitty', throughTmux: true, reason: expect.stringContaining('through tmux') });
    expect(choosePictureProtocol({ setting: 'kitty', env: { TERM: 'xterm-kitty' }, color: true }).throughTmux).toBe(false);
  });

  it('draws iTerm2 images in iTerm2 and WezTerm, sixel in foot, either when named, and says the sixel cell size', () => {
    expect(choosePictureProtocol({ env: { TERM_PROGRAM: 'iTerm.app' }, color: true })).toEqual({
      protocol: 'iterm',
      throughTmux: false,
      reason: 'iTerm2 inline images: TERM_PROGRAM=iTerm.app',
    });
    expect(choosePictureProtocol({ env: { TERM_PROGRAM: 'WezTerm' }, color: true }).protocol).toBe('iterm');
    const foot = choosePictureProtocol({ env: { TERM: 'foot' }, color: true });
    expect(foot.protocol).toBe('sixel');
    expect(foot.reason).toContain('6x12-pixel cells (the terminal is not asked; set sixel_cell');
    const named = choosePictureProtocol({ setting: 'sixel', env: { TERM: 'xterm-256color' }, color: true, sixelCell: parseSixelCell('6x13') });
    expect(named).toMatchObject({ protocol: 'sixel', reason: expect.stringContaining("6x13-pixel cells as the config file's sixel_cell says") });
    expect(choosePictureProtocol({ setting: 'iterm', env: {}, color: true }).protocol).toBe('iterm');
  });

  it('draws half-blocks for iTerm2 images and sixel inside tmux, even when named', () => {
    const env = { TMUX: '/tmp/tmux-1000/default,1,0', TERM_PROGRAM: 'iTerm.app' };
    expect(choosePictureProtocol({ env, color: true }).protocol).toBe('blocks');
    const named = choosePictureProtocol({ setting: 'sixel', env, color: true });
    expect(named).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('inside tmux sixel are not passed through') });
    expect(choosePictureProtocol({ setting: 'iterm', env, color: true }).protocol).toBe('blocks');
    expect(choosePictureProtocol({ setting: 'sixel', env: {}, color: false }).protocol).toBe('text');
  });

  it('draws half-blocks otherwise, saying why', () => {
    expect(choosePictureProtocol({ env: { TERM: 'xterm-256color' }, color: true })).toMatchObject({ protocol: 'blocks', reason: expect.stringContaining('no graphics protocol detected') });
    expect(choosePictureProtocol({ setting: 'blocks', env: { TERM: 'xterm-kitty' }, color: true }).reason).toContain('images: blocks');
  });
});

describe('installedKittyVersion', () => {
  it("reads the version from the installation kitty names, and none when it cannot", () => {
    const files: Record<string, string> = { '/usr/lib/kitty/kitty/constants.py': "appname: str = 'kitty'\nversion: Version = Version(0, 26, 5)\n" };
    const read = (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: ${path}`);
      return text;
    };
    expect(installedKittyVersion({ KITTY_INSTALLATION_DIR: '/usr/lib/kitty' }, read)).toEqual([0, 26, 5]);
    expect(installedKittyVersion({ KITTY_INSTALLATION_DIR: '/opt/kitty.app/lib/kitty' }, read)).toBeUndefined();
    expect(installedKittyVersion({}, read)).toBeUndefined();
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
