import { patchSlice, type SliceContext } from '../slice.js';

/** Ink 6 does not re-render on resize, so the size lives in the store, fed by stdout's 'resize'. */
export interface TerminalSlice {
  readonly columns: number;
  readonly rows: number;
  /** Whether list screens show the highlighted row's preview beside the list on a wide terminal. */
  readonly preview: boolean;
  setSize(columns: number, rows: number): void;
  togglePreview(): void;
}

/** Below this the layout cannot hold a header, a list and a footer; a notice is shown instead. */
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;

/** The parts of the store this slice uses. */
type TerminalStore = { readonly terminal: TerminalSlice };

export function createTerminalSlice({ set, runtime }: SliceContext<TerminalStore>): TerminalSlice {
  const initial = runtime.deps.terminalSize ?? { columns: 80, rows: 24 };
  return {
    columns: initial.columns,
    rows: initial.rows,
    preview: runtime.deps.previewPane ?? true,
    setSize(columns, rows) {
      patchSlice(set, 'terminal', (t) => (t.columns === columns && t.rows === rows ? {} : { columns, rows }));
    },
    togglePreview() {
      patchSlice(set, 'terminal', (t) => ({ preview: !t.preview }));
    },
  };
}

export function isTooSmall(size: { columns: number; rows: number }): boolean {
  return size.columns < MIN_COLUMNS || size.rows < MIN_ROWS;
}
