import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';

export interface ViewTab<Id extends string> {
  readonly id: Id;
  /** The key that shows this view, drawn before its label. */
  readonly key: string;
  readonly label: string;
  /** A shorter label for a narrow terminal ("Cast" for "Cast & crew"). */
  readonly short?: string;
}

/** How the bar is drawn: the labels used, the space between views, and whether `after` fits. */
interface BarLayout {
  readonly short: boolean;
  readonly gap: string;
  readonly withAfter: boolean;
}

const LAYOUTS: readonly BarLayout[] = [
  { short: false, gap: ' ', withAfter: true },
  { short: true, gap: ' ', withAfter: true },
  { short: true, gap: '', withAfter: true },
  { short: true, gap: '', withAfter: false },
];

const labelOf = (view: ViewTab<string>, short: boolean) => {
  const label = short ? (view.short ?? view.label) : view.label;
  return view.key ? `${view.key} ${label}` : label;
};

/**
 * The widest layout that fits: every view should stay visible on an 80-column terminal, so
 * labels shorten and gaps close before the hint on the right goes; past that the line is cut.
 */
export function viewBarLayout(views: readonly ViewTab<string>[], after: string | undefined, width: number | undefined): BarLayout {
  if (width === undefined) return LAYOUTS[0]!;
  const fits = (layout: BarLayout) => {
    // Every label is drawn with one character either side (a space, or the monochrome brackets).
    const labels = views.reduce((sum, view) => sum + labelOf(view, layout.short).length + 2, 0);
    const gaps = layout.gap.length * Math.max(0, views.length - 1);
    const right = layout.withAfter && after ? after.length + 1 : 0;
    return labels + gaps + right <= width;
  };
  return LAYOUTS.find(fits) ?? LAYOUTS[LAYOUTS.length - 1]!;
}

/**
 * One line naming the views of a screen with their keys ("d Details  i Images  l Lists"); the
 * current one is highlighted, and bracketed in the monochrome theme. `after` follows on the
 * right (a hint such as "a my lists"). Given its `width`, the line fits it (viewBarLayout).
 */
export function ViewBar<Id extends string>({
  views, current, after, width,
}: { views: readonly ViewTab<Id>[]; current: Id | undefined; after?: string; width?: number }) {
  const theme = useTheme();
  const layout = viewBarLayout(views, after, width);
  return (
    <Box height={1}>
      <Box flexShrink={1}>
        <Text wrap="truncate-end">
          {views.map((view, i) => {
            const active = view.id === current;
            const label = labelOf(view, layout.short);
            return (
              <Text key={view.id}>
                {i > 0 ? layout.gap : ''}
                <Text inverse={active && theme.name === 'color'} bold={active} color={active ? undefined : theme.muted}>
                  {active ? theme.activeTab(label) : theme.inactiveTab(label)}
                </Text>
              </Text>
            );
          })}
        </Text>
      </Box>
      {after && layout.withAfter ? (
        <Box flexGrow={1} justifyContent="flex-end" marginLeft={1} flexShrink={0}>
          <Text color={theme.muted}>{after}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** The view after (step 1) or before (step -1) `current`, going round. */
export function cycleView<Id extends string>(views: readonly ViewTab<Id>[], current: Id, step: number): Id {
  const index = views.findIndex((view) => view.id === current);
  return views[(index + step + views.length) % views.length]!.id;
}
