/**
 * Node's built-in SQLite (`node:sqlite`), loaded on first use: no native addon to compile and no
 * install script. The embedded server's catalog and the client's disk cache both use it.
 */

let sqliteModule: typeof import('node:sqlite') | undefined;

/**
 * Node 22 marks node:sqlite experimental and prints a warning on load; a terminal app must not
 * print that over its screen, so that one warning is dropped (others still print).
 */
export function nodeSqlite(): typeof import('node:sqlite') {
  if (sqliteModule) return sqliteModule;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  });
  try {
    const loaded: object | undefined = process.getBuiltinModule('node:sqlite');
    sqliteModule = loaded as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
  if (!sqliteModule) throw new Error(`this Node.js (${process.version}) has no node:sqlite; Marquee needs Node.js 22.13 or newer`);
  return sqliteModule;
}
