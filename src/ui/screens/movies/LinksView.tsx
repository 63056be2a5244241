import { Box, Text } from 'ink';
import type { MovieDetails } from '../../../contract/index.js';
import { collectionName, regionName } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, printable, truncate } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';

/** A place a film leads to: one of its companies, one of its keywords, or its collection. */
export type FilmLink =
  | { readonly kind: 'company'; readonly id: number; readonly name: string; readonly country?: string }
  | { readonly kind: 'keyword'; readonly id: number; readonly name: string }
  | { readonly kind: 'collection'; readonly id: number; readonly name: string };

const KIND_LABEL: Readonly<Record<FilmLink['kind'], string>> = { company: 'Company', keyword: 'Keyword', collection: 'Collection' };

export function filmLinks(movie: MovieDetails, keywords: readonly { id: number; name?: string | null }[]): FilmLink[] {
  const links: FilmLink[] = [];
  for (const company of movie.production_companies ?? []) {
    links.push({ kind: 'company', id: company.id, name: company.name || `Company ${company.id}`, country: company.origin_country ?? undefined });
  }
  const collection = movie.belongs_to_collection;
  if (collection) links.push({ kind: 'collection', id: collection.id, name: collectionName(collection) });
  for (const keyword of keywords) links.push({ kind: 'keyword', id: keyword.id, name: keyword.name || `Keyword ${keyword.id}` });
  return links;
}

function linkRow(link: FilmLink, width: number): string {
  const country = link.kind === 'company' && link.country ? ` (${regionName(link.country)})` : '';
  return truncate(`${fit(KIND_LABEL[link.kind], 11)} ${printable(link.name)}${country}`, width);
}

/**
 * Where a film leads: its production companies, its collection and its keywords. Enter opens
 * a company (its details and films), a keyword (its films) or the collection screen.
 */
export function LinksView({ movie, entryKey, width, height }: { movie: MovieDetails; entryKey: string; width: number; height: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const keywords = useOperation('movieKeywords', { path: { movie_id: movie.id } });
  const links = filmLinks(movie, keywords.data?.keywords ?? []);
  const open = (link: FilmLink) => {
    const nav = store.getState().nav;
    if (link.kind === 'company') nav.push('movies.company', { id: link.id, title: link.name });
    else if (link.kind === 'keyword') nav.push('movies.keyword', { id: link.id, title: link.name });
    else nav.push('movies.collection', { id: link.id, title: link.name });
  };
  return (
    <Loadable status={keywords.status} error={keywords.error} hasValue={keywords.data !== undefined} what="the keywords" onRetry={keywords.retry}>
      <Box flexDirection="column" height={height}>
        <Text color={theme.muted} wrap="truncate-end">
          Companies, collection and keywords · {hintLine(['list.open', 'lists its titles'])}
        </Text>
        <ScrollList<FilmLink>
          id={`${entryKey}:links`}
          items={links}
          height={height - 1}
          getKey={(link) => `${link.kind}:${link.id}`}
          renderRow={(link) => linkRow(link, rowWidth(width))}
          onOpen={open}
          emptyText="The service names no company, collection or keyword for this movie."
        />
      </Box>
    </Loadable>
  );
}
