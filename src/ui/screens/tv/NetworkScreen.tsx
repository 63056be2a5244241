import { networkTitles, regionName } from '../../../state/index.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SourceTitlesPage } from '../titles/SourceTitles.js';

/** tv.network: { id, title: "Northstar TV" } */
export interface NetworkParams extends Titled {
  readonly id: number;
}

/**
 * A television network (opened from a series): where it is based and its site on one line, then
 * the series it airs, most popular first, paged; Enter opens one.
 */
export function NetworkScreen({ entry, width, height }: ScreenProps<NetworkParams>) {
  const { id } = entry.params;
  const details = useOperation('networkDetails', { path: { network_id: id } });
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
    <SourceTitlesPage
      entryKey={entry.key}
      source={networkTitles(id)}
      width={width}
      height={height}
      title={`${network?.name ?? entry.params.title}: series it airs`}
      hint={hintLine(['list.open', 'opens a series'])}
      about={line}
      what={`series on ${network?.name ?? entry.params.title}`}
      emptyText="The service lists no series on this network."
    />
  );
}
