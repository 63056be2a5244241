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

/**
 * The most characters of one service string the TUI keeps. Prose (an overview, a biography, a
 * review, a list's description) keeps far more than any real record has; every other string (a
 * title, a name, a tagline, an address, a message) keeps what several lines can show. Longer
 * text is cut before anything measures or wraps it, so a service that sends a megabyte of one
 * word costs what a long overview costs.
 */
export const SERVICE_TEXT_LIMITS = { prose: 20_000, other: 1_000 } as const;

/** Fields whose text is prose, shown wrapped over many lines. */
const PROSE_FIELDS = new Set(['overview', 'biography', 'content', 'description']);

/**
 * The most elements of one array of an answer the TUI keeps. A page has 20 results and the
 * longest real arrays (a series' cast, a popular movie's images) a few thousand; a service that
 * sends 100,000 genres gets the first ones shown.
 */
export const SERVICE_ARRAY_LIMIT = 10_000;

/** `text` cut to at most `limit` characters, ending with "…" when cut; never half a surrogate pair. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = Math.max(0, limit - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Every string of a decoded answer cut to what the TUI shows of it (SERVICE_TEXT_LIMITS, by the
 * field that holds it) and every array to SERVICE_ARRAY_LIMIT elements. Like terminalSafeDeep,
 * parts within the limits are returned as they are, so a usual answer costs one scan.
 */
export function boundServiceText<T>(value: T, field?: string): T {
  if (typeof value === 'string') {
    return cutText(value, field !== undefined && PROSE_FIELDS.has(field) ? SERVICE_TEXT_LIMITS.prose : SERVICE_TEXT_LIMITS.other) as T;
  }
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    const kept = items.length > SERVICE_ARRAY_LIMIT ? items.slice(0, SERVICE_ARRAY_LIMIT) : items;
    let copy: unknown[] | undefined = kept === items ? undefined : [...kept];
    kept.forEach((item, i) => {
      // An array's strings are shown as its field's are (the names of a list of names).
      const bounded: unknown = boundServiceText(item, field);
      if (bounded !== item) (copy ??= [...kept])[i] = bounded;
    });
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const bounded: unknown = boundServiceText(item, key);
      if (bounded !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = bounded;
    }
    return (copy ?? value) as T;
  }
  return value;
}
