import { useMemo } from 'react';
import { certificationIn, movieCertificationsByCountry, regionName, seriesCertificationsByCountry } from '../../../state/index.js';
import { useOperation } from '../../queries.js';
import { useAppState } from '../../store-context.js';

/**
 * A title's certification in the user's region, for its screen's header: "PG-13 in United
 * States", or "not rated in United States" when no release (film) or rating (series) there has
 * a label. Undefined until the title's record is there (its release dates or content ratings
 * come with it, so this asks nothing more), and when they could not be read.
 */
export function useCertificationHere(kind: 'movie' | 'tv', id: number | undefined): string | undefined {
  const region = useAppState((s) => s.settings.region.value);
  const movie = useOperation('movieReleaseDates', { path: { movie_id: id ?? 0 } }, { enabled: kind === 'movie' && id !== undefined });
  const series = useOperation('seriesContentRatings', { path: { series_id: id ?? 0 } }, { enabled: kind === 'tv' && id !== undefined });
  return useMemo(() => {
    const countries = kind === 'movie'
      ? movie.data && movieCertificationsByCountry(movie.data, region)
      : series.data && seriesCertificationsByCountry(series.data, region);
    if (!countries) return undefined;
    const label = certificationIn(countries, region);
    return label ? `${label} in ${regionName(region)}` : `not rated in ${regionName(region)}`;
  }, [kind, movie.data, series.data, region]);
}
