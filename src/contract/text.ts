/**
 * Text the service sends is data, never terminal commands. Titles, overviews, names, error
 * messages and image paths may carry escape sequences (OSC 52 writes the clipboard, OSC 0 the
 * window title, CSI moves the cursor) or bare control characters; whatever shows service text
 * on a terminal passes it through `terminalSafe` first. JSON output needs none of this: JSON
 * escapes control characters itself.
 */

/**
 * Escape sequences, 7-bit and C1 forms: CSI (ESC [ or 0x9b) up to its final byte; OSC, DCS,
 * SOS, PM and APC strings up to BEL or ST (or the end of the text); other ESC sequences.
 */
const SEQUENCES =
  /(?:\x1b\[|\x9b)[\x20-\x3f]*[\x40-\x7e]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
/** C0 controls but newline, DEL and C1 controls. */
const CONTROLS = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/g;
/**
 * The two private-use characters the TUI draws pictures with: kitty's image placeholder
 * (U+10EEEE) and the mark of a picture painted over the text (U+10FFFD). In service text they
 * would draw a piece of a picture inside a title, or have one painted over it.
 */
const PICTURE_MARKS = /[\u{10EEEE}\u{10FFFD}]/gu;
const ANY_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u{10EEEE}\u{10FFFD}]/u;

/** `text` with escape sequences, control characters and picture marks removed; newlines kept, tabs as spaces. */
export function terminalSafe(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(SEQUENCES, '').replace(CONTROLS, '').replace(PICTURE_MARKS, '');
}

/**
 * Every string in a decoded JSON value made terminal-safe. Parts without anything to remove are
 * returned as they are (same objects), so a clean answer costs one scan and no copies.
 */
export function terminalSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return terminalSafe(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    (value as readonly unknown[]).forEach((item, i) => {
      const safe = terminalSafeDeep(item);
      if (safe !== item) (copy ??= [...value])[i] = safe;
    });
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const safe = terminalSafeDeep(item);
      if (safe !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = safe;
    }
    return (copy ?? value) as T;
  }
  return value;
}
