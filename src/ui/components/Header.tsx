import { Box, Text, type DOMElement } from 'ink';
import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { displayName, TABS, type AppState, type TabId } from '../../state/index.js';
import { useMouseArea } from '../commands.js';
import { columns, formatAsOf, truncate } from '../format.js';
import { screenTitle } from '../routes.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme, type Theme } from '../theme.js';

const BRAND = 'Marquee ';

/** The tab bar's parts as drawn, left to right: the brand (70 columns and wider), then each tab. */
function tabBar(width: number, tab: TabId, theme: Theme): Array<{ id?: TabId; text: string }> {
  const tabs = TABS.map((t, i) => {
    const label = `${i + 1} ${t.label}`;
    return { id: t.id, text: t.id === tab ? theme.activeTab(label) : theme.inactiveTab(label) };
  });
  return width >= 70 ? [{ text: BRAND }, ...tabs] : tabs;
}

/** The tab drawn at column `x` of the tab bar, if any. */
export function tabAtColumn(parts: ReadonlyArray<{ id?: TabId; text: string }>, x: number): TabId | undefined {
  let start = 0;
  for (const part of parts) {
    const end = start + columns(part.text);
    if (x >= start && x < end) return part.id;
    start = end;
  }
  return undefined;
}

/** Line 1: the tab bar (a click on a tab goes there). Line 2: where you are, who is signed in, which service. */
export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const store = useAppStore();
  const tab = useAppState((s) => s.nav.tab);
  const parts = tabBar(width, tab, theme);
  const bar = useRef<DOMElement>(null);
  useMouseArea(bar, (event) => {
    if (event.action !== 'press' || event.button !== 'left') return false;
    const clicked = tabAtColumn(parts, event.x);
    if (clicked === undefined) return false;
    store.getState().nav.switchTab(clicked);
    return true;
  });
  return (
    <Box flexDirection="column" width={width}>
      <Box ref={bar} height={1}>
        {parts.map((part) =>
          part.id === undefined ? (
            <Text key="brand" bold color={theme.accent}>
              {part.text}
            </Text>
          ) : (
            <Text key={part.id} inverse={part.id === tab && theme.name === 'color'} bold={part.id === tab} color={part.id === tab ? undefined : theme.muted}>
              {part.text}
            </Text>
          ),
        )}
      </Box>
      <StatusLine width={width} />
    </Box>
  );
}

function breadcrumb(state: AppState): string[] {
  const tab = TABS.find((t) => t.id === state.nav.tab)!;
  return [tab.label, ...state.nav.stacks[tab.id].map((entry) => screenTitle(entry, state))];
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
  const expired = useAppState((s) => s.session.expired);
  const kept = useAppState((s) => Object.keys(s.ratings.waiting).length);
  const keptMark = kept > 0 ? `${kept} rating${kept === 1 ? '' : 's'} kept to send · ` : '';
  const right = statusRight(
    width,
    columns(whole),
    mark,
    `${keptMark}${kind === 'user' ? (expired ? `session expired (${who})` : `signed in as ${who}`) : kind === 'guest' ? 'guest session' : 'not signed in'} · ${service}`,
  );
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
