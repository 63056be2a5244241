import { Box, Text } from 'ink';
import { regionName } from '../../../state/index.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable, truncate } from '../../format.js';
import { useOperation, usePagedOperation } from '../../queries.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { FilmList } from './FilmList.js';

/** "Ashford, United States · part of Northwind Studios · https://…" */
function companyLine(company: {
  headquarters?: string | null;
  origin_country?: string | null;
  parent_company?: { name?: string | null } | null;
  homepage?: string | null;
}): string {
  const headquarters = company.headquarters ? printable(company.headquarters) : undefined;
  const country = company.origin_country ? regionName(company.origin_country) : undefined;
  const parts = [
    headquarters,
    // A headquarters often ends with its country ("Northfield, Sweden"): name the country once.
    country && !headquarters?.endsWith(country) ? country : undefined,
    company.parent_company?.name ? `part of ${printable(company.parent_company.name)}` : undefined,
    company.homepage ? printable(company.homepage) : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No details on file.';
}

/**
 * A production company: its details line, and its films (discover by the company, most
 * popular first). Enter opens a film.
 */
export function CompanyScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const theme = useTheme();
  const company = useOperation('companyDetails', { path: { company_id: entry.params.id } });
  const films = usePagedOperation('discoverMovies', { query: { with_companies: String(entry.params.id) } });
  const value = company.data;
  const line = company.status === 'error' ? 'The company’s details could not be loaded.' : value ? companyLine(value) : 'Loading the company…';
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={printable(value?.name || entry.params.title)} hint={films.status === 'ready' ? `${films.totalResults} films` : undefined} />
      <Text color={theme.muted} wrap="truncate-end">
        {truncate(line, width)}
      </Text>
      <FilmList
        id={`${entry.key}:films`}
        query={films}
        what="the company’s films"
        width={width}
        height={height - 2}
        emptyText="The catalog has no films of this company."
      />
    </Box>
  );
}
