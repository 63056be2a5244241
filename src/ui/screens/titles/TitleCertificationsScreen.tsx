import { Box, Text } from 'ink';
import { useMemo } from 'react';
import {
  movieCertificationsByCountry,
  regionName,
  seriesCertificationsByCountry,
  type CertificationKind,
  type TitleCountryCertification,
} from '../../../state/index.js';
import { DocumentView, type DocLine } from '../../components/DocumentView.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { formatDate, printable } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme, type Theme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';

/** titles.certifications: { kind: "movie", id: 550, name: "Fight Club" } */
export interface TitleCertificationsParams {
  readonly kind: CertificationKind;
  readonly id: number;
  /** The film's or series' name, for the screen's title. */
  readonly name: string;
}

/** Columns of a release's type ("Limited theatrical" is the longest). */
const TYPE_WIDTH = 19;
/** Columns of a country's name before its label; longer names are cut. */
const MAX_NAME_WIDTH = 28;

/** "United States (US)" */
const countryLabel = (country: TitleCountryCertification) => `${country.name} (${country.code})`;

/**
 * A film's or a series' certification in every country that rated it, the user's region first
 * (and, when it was not rated there, a line that says so): a film's from its release dates (each
 * with its type, date and note), a series' from its content ratings. Enter on a rated line lists
 * the titles that country rates so (certifications.titles).
 */
export function TitleCertificationsScreen({ entry, width, height }: ScreenProps<TitleCertificationsParams>) {
  const { kind, id, name } = entry.params;
  const store = useAppStore();
  const theme = useTheme();
  const region = useAppState((s) => s.settings.region.value);
  // The title's screen asked for these with its record: they are answered from there.
  const releases = useOperation('movieReleaseDates', { path: { movie_id: id } }, { enabled: kind === 'movie' });
  const ratings = useOperation('seriesContentRatings', { path: { series_id: id } }, { enabled: kind === 'tv' });
  const read = kind === 'movie' ? releases : ratings;
  const what = kind === 'movie' ? 'film' : 'series';
  const countries = useMemo(() => {
    if (kind === 'movie') return releases.data ? movieCertificationsByCountry(releases.data, region) : undefined;
    return ratings.data ? seriesCertificationsByCountry(ratings.data, region) : undefined;
  }, [kind, releases.data, ratings.data, region]);

  const lines = useMemo(() => {
    const openLabel = (country: TitleCountryCertification, label: string) => () =>
      store.getState().nav.push('certifications.titles', { kind, country: country.code, label, title: `${country.code} ${label}` });
    return countries ? certificationLines(countries, kind, region, theme, openLabel, what, width) : [];
  }, [countries, kind, region, theme, store, what, width]);
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`${printable(name)}: certifications by country`} hint={hintLine(['list.open', 'lists titles so rated'])} />
      <Loadable status={read.status} error={read.error} hasValue={countries !== undefined} what={`the certifications of the ${what}`} onRetry={read.retry}>
        {countries ? <DocumentView id={`${entry.key}:countries`} lines={lines} height={Math.max(1, height - 1)} /> : null}
      </Loadable>
    </Box>
  );
}

const NOT_RATED = 'not rated';

function certificationLines(
  countries: readonly TitleCountryCertification[],
  kind: CertificationKind,
  region: string,
  theme: Theme,
  openLabel: (country: TitleCountryCertification, label: string) => () => void,
  what: string,
  width: number,
): DocLine[] {
  const lines: DocLine[] = [];
  const own = region.toUpperCase();
  const ownCountry = countries.find((c) => c.code === own);
  if (!ownCountry?.label) {
    lines.push({ key: 'not-rated', content: <Text color={theme.muted}>Not rated in {regionName(own)} ({own}).</Text> });
  }
  if (countries.length === 0) {
    lines.push({ key: 'none', content: <Text color={theme.muted}>The service lists no certification of this {what} in any country.</Text> });
    return lines;
  }
  // A narrow terminal cuts long names rather than the labels after them.
  const nameWidth = Math.min(MAX_NAME_WIDTH, Math.max(12, Math.floor(width / 3)), Math.max(...countries.map((c) => countryLabel(c).length)) + 2);
  // A release without a label reads "not rated": the column holds that too (a premiere usually has none).
  const labelWidth = Math.max(6, ...countries.flatMap((c) => [c.label, ...c.releases.map((r) => r.certification)]).map((l) => (l ? printable(l) : NOT_RATED).length)) + 2;
  const label = (text: string) =>
    text ? (
      <Text bold color={theme.accent}>
        {printable(text).padEnd(labelWidth)}
      </Text>
    ) : (
      <Text color={theme.muted}>{NOT_RATED.padEnd(labelWidth)}</Text>
    );
  for (const country of countries) {
    const yours = country.code === own ? <Text color={theme.muted}> ← your region</Text> : null;
    const descriptors = country.descriptors.length > 0 ? <Text color={theme.muted}> {printable(country.descriptors.join(', '))}</Text> : null;
    lines.push({
      key: `country:${country.code}`,
      onOpen: country.label ? openLabel(country, country.label) : undefined,
      content: (
        <Text>
          <Text bold>{countryLabel(country).slice(0, nameWidth - 2).padEnd(nameWidth)}</Text>
          {label(country.label)}
          {kind === 'tv' ? descriptors : null}
          {yours}
        </Text>
      ),
    });
    for (const [position, release] of country.releases.entries()) {
      const details = [formatDate(release.date), printable(release.note), printable(release.descriptors.join(', '))].filter(Boolean).join(' · ');
      lines.push({
        key: `country:${country.code}:${position}`,
        onOpen: release.certification ? openLabel(country, release.certification) : undefined,
        content: (
          <Text>
            {'  '}
            {label(release.certification)}
            {release.typeName.padEnd(TYPE_WIDTH)}
            <Text color={theme.muted}>{details}</Text>
          </Text>
        ),
      });
    }
  }
  return lines;
}

