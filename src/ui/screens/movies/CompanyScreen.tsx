import { companyTitles, regionName } from '../../../state/index.js';
import { printable } from '../../format.js';
import { useOperation } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SourceTitlesPage } from '../titles/SourceTitles.js';

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
 * A production company: its details line, and its films (most popular first). Enter opens a
 * film.
 */
export function CompanyScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const company = useOperation('companyDetails', { path: { company_id: entry.params.id } });
  const value = company.data;
  const line = company.status === 'error' ? 'The company’s details could not be loaded.' : value ? companyLine(value) : 'Loading the company…';
  return (
    <SourceTitlesPage
      entryKey={entry.key}
      source={companyTitles(entry.params.id)}
      width={width}
      height={height}
      title={printable(value?.name || entry.params.title)}
      about={line}
      what="the company’s films"
      emptyText="The catalog has no films of this company."
    />
  );
}
