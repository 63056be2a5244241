import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { certificationsKey, countriesOf, type Certifications, type CountryCertifications } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { useResource } from '../../data-hooks.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../registry.js';

const COUNTRY_PANE = 34;

/** Certifications tab: countries by name; the highlighted country's certifications in order. */
export function CertificationsScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const kind = useAppState((s) => s.certifications.kind);
  const answer = useResource<Certifications>(certificationsKey(kind));
  useEffect(() => {
    void store.getState().certifications.load();
  }, [store, kind]);
  useCommands('screen', ['certifications.home'], {
    'certifications.kind': () => void store.getState().certifications.setKind(kind === 'tv' ? 'movie' : 'tv'),
  });
  const countries = useMemo(() => (answer.value ? countriesOf(answer.value) : []), [answer.value]);
  const listId = `${entry.key}:countries:${kind}`;
  const highlighted = useAppState((s) => s.nav.cursors[listId]?.index ?? 0);
  const country = countries[Math.min(highlighted, countries.length - 1)];
  const paneWidth = Math.min(COUNTRY_PANE, Math.floor(width / 2));

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`${kind === 'tv' ? 'TV' : 'Movie'} certifications by country`} hint={`t: ${kind === 'tv' ? 'movie' : 'TV'} certifications`} />
      <Loadable status={answer.status} error={answer.error} hasValue={answer.value !== undefined} what="the certifications" onRetry={() => void store.getState().certifications.load(true)}>
        <Box height={height - 1}>
          <Box width={paneWidth} flexShrink={0} flexDirection="column">
            <ScrollList<CountryCertifications>
              id={listId}
              items={countries}
              height={height - 1}
              getKey={(c) => c.code}
              renderRow={(c) => `${c.name} (${c.code})`}
              emptyText="The service lists no countries."
            />
          </Box>
          <Box flexDirection="column" marginLeft={2} flexGrow={1} overflow="hidden">
            {country ? <CountryPane country={country} /> : null}
          </Box>
        </Box>
      </Loadable>
    </Box>
  );
}

function CountryPane({ country }: { country: CountryCertifications }) {
  const theme = useTheme();
  const labelWidth = Math.max(4, ...country.certifications.map((c) => c.certification.length)) + 2;
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text bold>
        {country.name} <Text color={theme.muted}>({country.code})</Text>
      </Text>
      {country.certifications.length === 0 ? <Text color={theme.muted}>No certifications listed.</Text> : null}
      {country.certifications.map((c) => (
        <Box key={`${c.order}:${c.certification}`} flexShrink={0}>
          <Box width={labelWidth} flexShrink={0}>
            <Text bold color={theme.accent}>
              {c.certification}
            </Text>
          </Box>
          <Text>{c.meaning.replace(/\s+/g, ' ') || '(no meaning given)'}</Text>
        </Box>
      ))}
    </Box>
  );
}
