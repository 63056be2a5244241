import { Box, Text } from 'ink';
import { regionName } from '../../../state/index.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { hintLine } from '../../hints.js';
import { useOperation, usePagedOperation } from '../../queries.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SeriesList } from './SeriesList.js';

/** tv.network: { id, title: "Northstar TV" } */
export interface NetworkParams extends Titled {
  readonly id: number;
}

/**
 * A television network (opened from a series): where it is based and its site on one line, then
 * the series it airs, most popular first (discover's with_networks), paged; Enter opens one.
 */
export function NetworkScreen({ entry, width, height }: ScreenProps<NetworkParams>) {
  const theme = useTheme();
  const { id } = entry.params;
  const details = useOperation('networkDetails', { path: { network_id: id } });
  const aired = usePagedOperation('discoverSeries', { query: { with_networks: String(id), sort_by: 'popularity.desc' } });
  const network = details.data;
  const line =
    details.status === 'error'
      ? `Could not load the network: ${details.error?.message ?? 'failed'}`
      : network
        ? // Headquarters name their country; the country alone stands in when they are not known.
          [network.headquarters || (network.origin_country ? regionName(network.origin_country) : ''), network.homepage ?? '']
            .filter(Boolean)
            .join(' · ') || 'No details on file.'
        : 'Loading the network…';
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`${network?.name ?? entry.params.title}: series it airs`} hint={hintLine(['list.open', 'opens a series'])} />
      <Text color={theme.muted} wrap="truncate-end">
        {line}
      </Text>
      <SeriesList
        id={`${entry.key}:series`}
        query={aired}
        what={`series on ${network?.name ?? entry.params.title}`}
        width={width}
        height={height - 2}
        emptyText="The service lists no series on this network."
      />
    </Box>
  );
}
