import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import type { Configuration, MovieDetails } from '../../../contract/index.js';
import { collectionName, homepageAddress, imageAddress, type ImageRow, imdbAddress, movieImageRows, movieName, regionName } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { fieldLines, linkRow, paragraphLines, yesNo, type FieldRow } from '../../components/Fields.js';
import { ImageList } from '../../components/ImageList.js';
import { Loadable } from '../../components/Loadable.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { DocumentView, docWidth, type DocLine } from '../../components/DocumentView.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { BesidePicture } from '../../components/Picture.js';
import { ENGLISH_MARK, formatDate, formatDecimal, formatMoney, formatRuntime, formatVote, inEnglish, languageName, wrapText, yearOf } from '../../format.js';
import { useMovieScreenRecord, useOperation, usePagedOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme, type Theme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useScreenView } from '../screen-view.js';
import { MyListsPanel } from './MyListsPanel.js';
import { MovieCreditsView } from '../people/CreditsView.js';
import { listSummaryRow } from './rows.js';
import { TITLE_MARKS_ROWS, TitleMarks } from '../titles/TitleMarks.js';
import { RelatedView } from '../titles/RelatedView.js';
import { VideosView } from '../titles/VideosView.js';
import { ReviewsView } from '../reviews/ReviewsView.js';
import { LinksView } from './LinksView.js';
import { WatchProvidersView } from '../titles/WatchProvidersView.js';
import { useCertificationHere } from '../titles/certification-here.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor } from '../../keymap.js';

type View = 'details' | 'credits' | 'images' | 'lists' | 'providers' | 'videos' | 'related' | 'reviews' | 'links';

const VIEWS: readonly ViewTab<View>[] = [
  { id: 'details', key: keyHintFor('movie.view', 'details'), label: 'Details' },
  { id: 'credits', key: keyHintFor('movie.view', 'credits'), label: 'Cast & crew', short: 'Cast' },
  { id: 'images', key: keyHintFor('movie.view', 'images'), label: 'Images', short: 'Imgs' },
  { id: 'lists', key: keyHintFor('movie.view', 'lists'), label: 'Lists' },
  { id: 'providers', key: keyHintFor('movie.view', 'providers'), label: 'Watch' },
  { id: 'videos', key: keyHintFor('movie.view', 'videos'), label: 'Videos' },
  { id: 'related', key: keyHintFor('movie.view', 'related'), label: 'Like this', short: 'Like' },
  { id: 'reviews', key: keyHint('movie.reviews'), label: 'Reviews', short: 'Rev' },
  { id: 'links', key: keyHint('movie.links'), label: 'Companies & keywords', short: 'Links' },
];

/** A movie by id, or the latest movie of the catalog (E1). */
export type MovieParams = Titled & { readonly view?: string } & ({ readonly id: number } | { readonly latest: true });

/** The names given, joined; `none` when there are none (old records lack some lists or names). */
const orNone = (values: readonly (string | null | undefined)[] | null | undefined, none: string) => {
  const given = (values ?? []).filter((value): value is string => Boolean(value));
  return given.length > 0 ? given.join(', ') : none;
};

/** Every field of a movie (section 2.3 of the spec), as label and value. */
export function movieFields(movie: MovieDetails): FieldRow[] {
  return [
    ['Title', movie.title ?? 'unknown'],
    ['Original title', `${movie.original_title ?? 'unknown'}${movie.original_language ? ` (${languageName(movie.original_language)})` : ''}`],
    ['Status', movie.status || 'not given'],
    ['Release date', formatDate(movie.release_date)],
    ['Runtime', formatRuntime(movie.runtime)],
    ['Genres', orNone(movie.genres?.map((g) => g.name), 'none given')],
    ['Vote', formatVote(movie.vote_average, movie.vote_count)],
    ['Popularity', formatDecimal(movie.popularity)],
    ['Budget', formatMoney(movie.budget)],
    ['Revenue', formatMoney(movie.revenue)],
    ['Collection', movie.belongs_to_collection ? `${movie.belongs_to_collection.name} (${keyHint('movie.collection')} or Enter opens it)` : 'none'],
    ['Origin country', orNone((movie.origin_country ?? []).map((code) => regionName(code)), 'not given')],
    [
      'Companies',
      orNone(
        movie.production_companies?.map((c) => (c.origin_country ? `${c.name ?? 'unknown'} (${regionName(c.origin_country)})` : c.name)),
        'none given',
      ),
    ],
    ['Made in', orNone(movie.production_countries?.map((c) => c.name || (c.iso_3166_1 ? regionName(c.iso_3166_1) : undefined)), 'not given')],
    ['Spoken languages', orNone(movie.spoken_languages?.map((l) => l.english_name || l.name || languageName(l.iso_639_1)), 'none given')],
    linkRow('Homepage', movie.homepage, homepageAddress(movie.homepage), 'the homepage'),
    linkRow('IMDb', movie.imdb_id, imdbAddress(movie.imdb_id), 'the IMDb page'),
    ['Adult', yesNo(movie.adult)],
    ['Video', yesNo(movie.video)],
  ];
}

/** The poster and the backdrop at their original size, as links. */
function movieImageFields(movie: MovieDetails, configuration: Configuration | undefined): FieldRow[] {
  const image = (label: string, kind: 'poster' | 'backdrop', path: string | null | undefined) => {
    const url = path ? imageAddress(configuration, kind, path) : undefined;
    return linkRow(label, url ?? path, url, `the ${kind}`);
  };
  return [image('Poster', 'poster', movie.poster_path), image('Backdrop', 'backdrop', movie.backdrop_path)];
}

function detailLines(movie: MovieDetails, configuration: Configuration | undefined, width: number, theme: Theme): DocLine[] {
  const room = docWidth(width);
  return [
    ...(movie.tagline
      ? wrapText(`“${movie.tagline}”${inEnglish(movie, 'tagline') ? ` ${ENGLISH_MARK}` : ''}`, room).map((line, i) => ({
          key: `tagline${i}`,
          content: <Text italic>{line}</Text>,
        }))
      : []),
    ...fieldLines([...movieFields(movie), ...movieImageFields(movie, configuration)], room, theme),
    { key: 'gap', content: '' },
    ...paragraphLines(movie.overview || 'No overview.', room, inEnglish(movie, 'overview') ? `Overview ${ENGLISH_MARK}` : 'Overview', theme),
  ];
}

/**
 * A movie (movie details, or E1 for the latest): every field, its images (E22) with their
 * addresses, the lists that contain it (E12), where to watch it, its videos, more like it, its
 * reviews, the companies, collection and keywords it leads to, and a
 * to add it to one of my lists.
 */
export function MovieScreen({ entry, width, height }: ScreenProps<MovieParams>) {
  const store = useAppStore();
  const theme = useTheme();
  const latest = 'latest' in entry.params;
  const paramId = 'id' in entry.params ? entry.params.id : undefined;
  const latestMovie = useOperation('movieLatest', {}, { enabled: latest });
  const movieById = useMovieScreenRecord(paramId ?? 0, { enabled: !latest });
  const movie = latest ? latestMovie : movieById;
  const value = movie.data;
  const id = value?.id ?? paramId;
  const [view, setView] = useScreenView<View>(entry, VIEWS, 'details');
  const [picking, setPicking] = useState(false);
  // The latest film is kept for the palette by what it is, its id and title, once known: the
  // palette then offers "The Orchard and the Satellite", not "Latest movie" (App does not keep it).
  const latestTitle = latest && value ? movieName(value) : undefined;
  useEffect(() => {
    if (latestTitle === undefined || id === undefined) return;
    const nav = store.getState().nav;
    nav.remember(nav.tab, { key: entry.key, screen: 'movies.detail', params: { id, title: latestTitle } });
  }, [store, entry.key, id, latestTitle]);


  // Asked once the record is there: its release dates come with it.
  const certification = useCertificationHere('movie', value !== undefined ? id : undefined);
  const openCertifications = id !== undefined && value
    ? () => store.getState().nav.push('titles.certifications', { kind: 'movie', id, name: movieName(value) })
    : undefined;

  const configuration = useAppState((s) => s.connection.configuration);
  const collection = value?.belongs_to_collection;
  const openCollection = collection
    ? () => store.getState().nav.push('movies.collection', { id: collection.id, title: collectionName(collection) })
    : undefined;
  useCommands(
    'screen',
    ['movies.detail', 'views'],
    {
      'movie.view': setView,
      'movie.reviews': () => setView('reviews'),
      'movie.links': () => setView('links'),
      'view.cycle': (direction) => setView((v) => cycleView(VIEWS, v, direction === 'next' ? 1 : -1)),
      'movie.myLists': id !== undefined ? () => setPicking(true) : undefined,
      'movie.collection': view === 'details' && collection ? openCollection : undefined,
      'movie.certifications': openCertifications,
    },
    value !== undefined && !picking,
  );

  const year = value ? yearOf(value.release_date) : '';
  const title = value ? `${value.title ?? entry.params.title}${year ? ` (${year})` : ''}` : entry.params.title;
  const bodyHeight = height - 2 - TITLE_MARKS_ROWS;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} hint={titleHint(latest, certification)} />
      <Loadable status={movie.status} error={movie.error} hasValue={value !== undefined} what="the movie" onRetry={movie.retry}>
        {value && id !== undefined ? (
          <>
            <ViewBar views={VIEWS} current={picking ? undefined : view} after={picking ? undefined : hintLine(['movie.myLists', 'my lists'])} width={width} />
            {picking ? (
              <MyListsPanel
                id={`${entry.key}:my-lists`}
                movieId={id}
                movieTitle={movieName(value)}
                width={width}
                height={bodyHeight}
                onClose={() => setPicking(false)}
              />
            ) : view === 'details' ? (
              <BesidePicture kind="poster" filePath={value.poster_path} what="poster" width={width} height={bodyHeight}>
                {(textWidth) => (
                  <DocumentView
                    id={`${entry.key}:details`}
                    lines={detailLines(value, configuration, textWidth, theme)}
                    height={bodyHeight}
                    active={!picking}
                    // Enter on a line that leads nowhere opens the collection, as c does.
                    onOpenOther={collection ? openCollection : undefined}
                  />
                )}
              </BesidePicture>
            ) : view === 'credits' ? (
              <MovieCreditsView entryKey={entry.key} movieId={id} width={width} height={bodyHeight} />
            ) : view === 'images' ? (
              <MovieImagesView entryKey={entry.key} movieId={id} width={width} height={bodyHeight} />
            ) : view === 'lists' ? (
              <MovieListsView entryKey={entry.key} movieId={id} width={width} height={bodyHeight} />
            ) : view === 'providers' ? (
              <WatchProvidersView title={{ kind: 'movie', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : view === 'videos' ? (
              <VideosView title={{ kind: 'movie', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : view === 'reviews' ? (
              <ReviewsView title={{ kind: 'movie', id, title: value.title ?? entry.params.title }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : view === 'links' ? (
              <LinksView movie={value} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : (
              <RelatedView title={{ kind: 'movie', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            )}
            <TitleMarks title={{ kind: 'movie', id, title: movieName(value) }} active={!picking} />
          </>
        ) : null}
      </Loadable>
    </Box>
  );
}

/** The header's right side: the film's certification here (and the key to every country's), after what it is. */
function titleHint(latest: boolean, certification: string | undefined): string | undefined {
  const parts = [
    latest ? 'the latest movie of the catalog' : '',
    certification ? `${certification} · ${hintLine(['movie.certifications', 'every country'])}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function MovieImagesView({ entryKey, movieId, width, height }: { entryKey: string; movieId: number; width: number; height: number }) {
  const theme = useTheme();
  const images = useOperation('movieImages', { path: { movie_id: movieId } });
  const value = images.data;
  const rows = value ? movieImageRows(value) : [];
  const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  return (
    <Loadable status={images.status} error={images.error} hasValue={value !== undefined} what="the images" onRetry={images.retry}>
      {value ? (
        <Box flexDirection="column" height={height}>
          <Text color={theme.muted} wrap="truncate-end">
            {count(value.posters?.length ?? 0, 'poster')} · {count(value.backdrops?.length ?? 0, 'backdrop')} · {count(value.logos?.length ?? 0, 'logo')} · {keyHint('address.open')} opens, {keyHint('address.copy')} copies the address
          </Text>
          <ImageList<ImageRow>
            id={`${entryKey}:images`}
            source={{ kind: 'static', items: rows }}
            image={(row) => row}
            height={height - 1}
            width={width}
            emptyText="The service has no images of this movie."
          />
        </Box>
      ) : null}
    </Loadable>
  );
}

function MovieListsView({ entryKey, movieId, width, height }: { entryKey: string; movieId: number; width: number; height: number }) {
  const store = useAppStore();
  const lists = usePagedOperation('movieLists', { path: { movie_id: movieId } });
  return (
    <PagedList
      id={`${entryKey}:lists`}
      query={lists}
      what="the lists that contain this movie"
      height={height}
      getKey={(list) => String(list.id)}
      renderRow={(list) => listSummaryRow(list, rowWidth(width))}
      onOpen={(list) => store.getState().nav.push('lists.detail', { id: list.id, title: list.name ?? `List ${list.id}` })}
      emptyText="No list contains this movie yet (a adds it to one of yours)."
    />
  );
}
