import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';

export interface ViewTab<Id extends string> {
  readonly id: Id;
  /** The key that shows this view, drawn before its label. */
  readonly key: string;
  readonly label: string;
}

/**
 * One line naming the views of a screen with their keys ("d Details  i Images  l Lists"); the
 * current one is highlighted, and bracketed in the monochrome theme. `after` follows on the
 * right (a hint such as "a my lists").
 */
export function ViewBar<Id extends string>({ views, current, after }: { views: readonly ViewTab<Id>[]; current: Id | undefined; after?: string }) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Box flexShrink={1}>
        <Text wrap="truncate-end">
          {views.map((view, i) => {
            const active = view.id === current;
            const label = view.key ? `${view.key} ${view.label}` : view.label;
            return (
              <Text key={view.id}>
                {i > 0 ? ' ' : ''}
                <Text inverse={active && theme.name === 'color'} bold={active} color={active ? undefined : theme.muted}>
                  {active ? theme.activeTab(label) : theme.inactiveTab(label)}
                </Text>
              </Text>
            );
          })}
        </Text>
      </Box>
      {after ? (
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
