/** A kitty graphics command as a terminal reads it: its keys, and its payload (base64). */
export interface KittyCommand {
  readonly control: Record<string, string>;
  readonly payload: string;
}

/** Every kitty graphics command (APC `ESC _G keys;payload ESC \`) in `text`, in order. */
export function kittyCommands(text: string): KittyCommand[] {
  return [...text.matchAll(/\u001B_G([^;\u001B]*);([^\u001B]*)\u001B\\/g)].map((match) => ({
    control: Object.fromEntries(match[1]!.split(',').map((pair) => pair.split('=') as [string, string])),
    payload: match[2]!,
  }));
}
