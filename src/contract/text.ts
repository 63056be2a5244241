/**
 * Text the service sends is data, never terminal commands. Titles, overviews, names, error
 * messages and image paths may carry escape sequences (OSC 52 writes the clipboard, OSC 0 the
 * window title, CSI moves the cursor), bare control characters or bidirectional overrides (an
 * RLO shows the rest of a line reversed); whatever shows service text on a terminal passes it
 * through `terminalSafe` first (`oneLine` where the text must stay on one line). Output that is
 * data rather than a message (JSON, CSV) keeps every character: `jsonForTerminal` and
 * `dataForTerminal` write the same data with nothing a terminal obeys, for when it goes to one.
 */

/**
 * Escape sequences, 7-bit and C1 forms: CSI (ESC [ or 0x9b) up to its final byte; OSC, DCS,
 * SOS, PM and APC strings up to BEL or ST (or the end of the text); other ESC sequences.
 */
const SEQUENCES =
  /(?:\x1b\[|\x9b)[\x20-\x3f]*[\x40-\x7e]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
/**
 * C0 controls but newline, DEL, C1 controls, and the bidirectional embeddings, overrides and
 * isolates (U+202A-202E, U+2066-2069): in a terminal that reorders text they turn the rest of a
 * line (the next columns of a table, a path) around, so a name could show as something else.
 */
const CONTROLS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/**
 * The two private-use characters the TUI draws pictures with: kitty's image placeholder
 * (U+10EEEE) and the mark of a picture painted over the text (U+10FFFD). In service text they
 * would draw a piece of a picture inside a title, or have one painted over it.
 */
const PICTURE_MARKS = /[\u{10EEEE}\u{10FFFD}]/gu;
const ANY_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u{10EEEE}\u{10FFFD}]/u;

/** `text` with escape sequences, control characters and picture marks removed; newlines kept, tabs as spaces. */
export function terminalSafe(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(SEQUENCES, '').replace(CONTROLS, '').replace(PICTURE_MARKS, '');
}

/**
 * `text` made terminal-safe for a one-line place (a title, a name, a label, a message): each line
 * break, with the blanks around it, becomes one space. A newline drawn inside a row would move
 * the rest of the row onto the rows below it.
 */
export function oneLine(text: string): string {
  const safe = terminalSafe(text);
  return safe.includes('\n') ? safe.replace(/[^\S\n]*\n\s*/g, ' ') : safe;
}

/**
 * A name given to the service (a list's, typed in the TUI's form or read from an imported file):
 * on one line, with nothing a terminal would obey and no blanks around it. A name holding OSC 52
 * would write the clipboard wherever it is shown later, by any program.
 */
export function cleanName(text: string): string {
  return oneLine(text).trim();
}

/**
 * What a terminal would obey in data output: what CONTROLS and PICTURE_MARKS name but tabs and
 * line breaks (LF, CR LF), which are the data's own, and a lone CR (it returns the cursor, so the
 * rest overwrites the start of the line).
 */
const OBEYED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u{10EEEE}\u{10FFFD}]|\r(?!\n)/gu;

/**
 * JSON text (as JSON.stringify writes it) for a terminal: DEL, the C1 controls (0x9b is CSI to
 * many terminals), bidirectional controls and picture marks written as \uXXXX escapes. JSON
 * escapes C0 controls itself, so this is the same JSON value, with nothing a terminal obeys.
 */
export function jsonForTerminal(json: string): string {
  // Code units, as JSON writes a character beyond U+FFFF (a picture mark): a surrogate pair.
  const escaped = (c: string) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return json.replace(OBEYED, escaped);
}

/**
 * Data that is not JSON (a CSV) for a terminal: every control character a terminal would obey
 * shown instead, as `cat -v` and `less` show them: C0 controls as ^[, ^G, ^M, DEL as ^?, others
 * as <U+009B>. Tabs, line breaks and CR LF stay: they are the table's own.
 */
export function dataForTerminal(text: string): string {
  return text.replace(OBEYED, (c) => {
    const code = c.codePointAt(0)!;
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return '^?';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/**
 * Every string in a decoded JSON value made terminal-safe, on one line unless its field is text
 * drawn over several lines (MULTI_LINE_FIELDS). Parts without anything to change are returned as
 * they are (same objects), so a clean answer costs one scan and no copies.
 */
export function terminalSafeDeep<T>(value: T, field?: string): T {
  if (typeof value === 'string') return (field !== undefined && MULTI_LINE_FIELDS.has(field) ? terminalSafe(value) : oneLine(value)) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    (value as readonly unknown[]).forEach((item, i) => {
      // An array's strings are shown as its field's are.
      const safe = terminalSafeDeep(item, field);
      if (safe !== item) (copy ??= [...value])[i] = safe;
    });
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const safe = terminalSafeDeep(item, key);
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
 * Fields whose line breaks the TUI keeps: prose, and a certification's meaning, each wrapped
 * over lines of its own. Every other string (a title, a name, a label) is drawn in one row.
 */
const MULTI_LINE_FIELDS = new Set([...PROSE_FIELDS, 'meaning']);

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
