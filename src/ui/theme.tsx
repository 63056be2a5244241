import { createContext, useContext, type ReactNode } from 'react';

/**
 * Semantic colour tokens. Components ask for "accent" or "danger", never for "cyan". The
 * monochrome theme (NO_COLOR, --no-color) has no colours at all, so everything that matters
 * is also said with a glyph or brackets: the selected row starts with `›`, the active tab is
 * in brackets.
 */
export interface Theme {
  readonly name: 'color' | 'mono';
  readonly accent?: string;
  readonly muted?: string;
  readonly danger?: string;
  readonly warning?: string;
  readonly success?: string;
  /** Marks the selected row, in every theme. */
  readonly selectionGlyph: string;
  /** Colour of the selected row, when the theme has colours. */
  readonly selection?: string;
  /** How the active tab's label is drawn. */
  readonly activeTab: (label: string) => string;
  readonly inactiveTab: (label: string) => string;
}

export const COLOR_THEME: Theme = {
  name: 'color',
  accent: 'cyan',
  muted: 'gray',
  danger: 'red',
  warning: 'yellow',
  success: 'green',
  selectionGlyph: '›',
  selection: 'cyan',
  activeTab: (label) => ` ${label} `,
  inactiveTab: (label) => ` ${label} `,
};

export const MONO_THEME: Theme = {
  name: 'mono',
  selectionGlyph: '›',
  activeTab: (label) => `[${label}]`,
  inactiveTab: (label) => ` ${label} `,
};

/** The tokens a user may colour (the config file's `theme:`). */
export type ColourTokens = Partial<Pick<Theme, 'accent' | 'muted' | 'danger' | 'warning' | 'success' | 'selection'>>;

/** The colour theme with the user's colours, or the monochrome one, which has none to change. */
export function themeFor(color: boolean, colours: ColourTokens = {}): Theme {
  if (!color) return MONO_THEME;
  const given = Object.fromEntries(Object.entries(colours).filter(([, value]) => value !== undefined));
  return { ...COLOR_THEME, ...given };
}

const ThemeContext = createContext<Theme>(COLOR_THEME);

export function ThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
