import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { displayName, TABS, type AppState } from '../../state/index.js';
import { columns, formatAsOf, truncate } from '../format.js';
import { screenTitle } from '../routes.js';
import { useAppState } from '../store-context.js';
import { useTheme } from '../theme.js';

/** Line 1: the tab bar. Line 2: where you are, who is signed in, which service. */
export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const tab = useAppState((s) => s.nav.tab);
  return (
    <Box flexDirection="column" width={width}>
      <Box height={1}>
        {width >= 70 ? (
          <Text bold color={theme.accent}>
            Marquee{' '}
          </Text>
        ) : null}
        {TABS.map((t, i) => {
          const label = `${i + 1} ${t.label}`;
          const active = t.id === tab;
          return (
            <Text key={t.id} inverse={active && theme.name === 'color'} bold={active} color={active ? undefined : theme.muted}>
              {active ? theme.activeTab(label) : theme.inactiveTab(label)}
            </Text>
          );
        })}
      </Box>
      <StatusLine width={width} />
    </Box>
  );
}

function breadcrumb(state: AppState): string[] {
  const tab = TABS.find((t) => t.id === state.nav.tab)!;
  return [tab.label, ...state.nav.stacks[tab.id].map((entry) => screenTitle(entry))];
}

/** The breadcrumb keeps at least this much (or all of itself) beside who and where. */
const TRAIL_KEPT = 12;

/**
 * Who is signed in and where, cut to what the line leaves beside the offline mark (which stays
 * whole) and the start of the breadcrumb. Measured here rather than by two boxes shrinking side
 * by side, whose fractional widths can push a character onto a second line.
 */
export function statusRight(width: number, trailLength: number, mark: string | undefined, right: string): string {
  const markColumns = mark === undefined ? 0 : mark.length + 1;
  const room = width - markColumns - 1 - Math.min(trailLength, TRAIL_KEPT);
  return room >= right.length ? right : room >= 4 ? truncate(right, room) : '';
}

const CRUMB_SEPARATOR = ' › ';

/**
 * The breadcrumb within `room` columns, cut from the left so that the screen you are on stays
 * in sight ("… › The Last Compass › Maren Kellby"); a current screen longer than the room
 * keeps its start.
 */
export function trailWithin(crumbs: readonly string[], room: number): string {
  const whole = crumbs.join(CRUMB_SEPARATOR);
  if (columns(whole) <= room) return whole;
  for (let first = 1; first < crumbs.length; first++) {
    const cut = ['…', ...crumbs.slice(first)].join(CRUMB_SEPARATOR);
    if (columns(cut) <= room) return cut;
  }
  return truncate(crumbs[crumbs.length - 1] ?? '', room);
}

function StatusLine({ width }: { width: number }) {
  const theme = useTheme();
  const crumbs = useAppState(useShallow(breadcrumb));
  const whole = crumbs.join(CRUMB_SEPARATOR);
  const who = useAppState((s) => displayName(s.session.current));
  const kind = useAppState((s) => s.session.current.kind);
  const service = useAppState((s) => s.connection.service.label);
  const offlineAsOf = useAppState((s) => s.connection.offlineAsOf);
  const mark = offlineAsOf === undefined ? undefined : `offline, as of ${formatAsOf(offlineAsOf, Date.now())}`;
  // While offline, the mark is what must stay whole: who and where give way first.
  const right = statusRight(width, columns(whole), mark, `${kind === 'user' ? `signed in as ${who}` : kind === 'guest' ? 'guest session' : 'not signed in'} · ${service}`);
  const trail = trailWithin(crumbs, width - (mark === undefined ? 0 : mark.length + 1) - (right === '' ? 0 : right.length + 1));
  return (
    <Box height={1} width={width}>
      <Box flexGrow={1} flexShrink={1}>
        <Text wrap="truncate-end" color={theme.muted}>
          {trail}
        </Text>
      </Box>
      {mark === undefined ? null : (
        <Box flexShrink={0} marginLeft={1}>
          <Text bold color={theme.warning}>
            {mark}
          </Text>
        </Box>
      )}
      {right === '' ? null : (
        <Box flexShrink={0} marginLeft={1}>
          <Text color={kind === 'none' ? theme.muted : theme.success}>{right}</Text>
        </Box>
      )}
    </Box>
  );
}
