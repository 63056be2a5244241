import { Box, Text } from 'ink';
import type { Configuration, PersonDetails, TaggedImage } from '../../../contract/index.js';
import { homepageAddress, imageAddress, imageKindOf, imdbAddress, type AppStore, type ImageRow } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { fieldLines, linkRow, paragraphLines, yesNo, type FieldRow } from '../../components/Fields.js';
import { DocumentView, docWidth, type DocLine } from '../../components/DocumentView.js';
import { ImageList } from '../../components/ImageList.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { keyHintFor } from '../../keymap.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { BesidePicture } from '../../components/Picture.js';
import { formatDate, formatDecimal } from '../../format.js';
import { useOperation, usePagedOperation, usePersonScreenRecord } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme, type Theme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useScreenView } from '../screen-view.js';
import { FilmographyView } from '../people/FilmographyView.js';
import { episodeParams } from '../tv/params.js';

type View = 'details' | 'filmography' | 'profiles' | 'tagged';

const VIEWS: readonly ViewTab<View>[] = [
  { id: 'details', key: keyHintFor('person.view', 'details'), label: 'Details' },
  { id: 'filmography', key: keyHintFor('person.view', 'filmography'), label: 'Filmography' },
  { id: 'profiles', key: keyHintFor('person.view', 'profiles'), label: 'Profile images' },
  { id: 'tagged', key: keyHintFor('person.view', 'tagged'), label: 'Tagged images (deprecated)', short: 'Tagged' },
];

/** The service's gender codes. */
const GENDERS: Readonly<Record<number, string>> = { 0: 'not set', 1: 'female', 2: 'male', 3: 'non-binary' };

/** A person's facts; `knownFor` is what search said the person is known for (titles). */
export function personFields(person: PersonDetails, knownFor: string | undefined): FieldRow[] {
  const known = [person.known_for_department, knownFor].filter(Boolean).join(': ');
  return [
    ['Name', person.name ?? 'unknown'],
    ['Known for', known || 'not given'],
    ['Born', person.birthday ? formatDate(person.birthday) : 'not given'],
    ...(person.deathday ? [['Died', formatDate(person.deathday)] as FieldRow] : []),
    ['Place of birth', person.place_of_birth || 'not given'],
    ['Also known as', person.also_known_as?.length ? person.also_known_as.join(', ') : 'no other names'],
    ['Gender', (person.gender != null ? GENDERS[person.gender] : undefined) ?? 'not set'],
    ['Popularity', formatDecimal(person.popularity)],
    linkRow('IMDb', person.imdb_id, imdbAddress(person.imdb_id), 'the IMDb page'),
    linkRow('Homepage', person.homepage, homepageAddress(person.homepage), 'the homepage'),
    ['Adult', yesNo(person.adult)],
  ];
}

function detailLines(person: PersonDetails, knownFor: string | undefined, configuration: Configuration | undefined, width: number, theme: Theme): DocLine[] {
  const room = docWidth(width);
  const profile = person.profile_path ? imageAddress(configuration, 'profile', person.profile_path) : undefined;
  return [
    ...fieldLines([...personFields(person, knownFor), linkRow('Profile image', profile ?? person.profile_path, profile, 'the profile image')], room, theme),
    { key: 'gap', content: '' },
    ...paragraphLines(person.biography || 'No biography.', room, 'Biography', theme),
  ];
}

/** "movie: The Orchard and the Satellite", "episode: S1 E3 Pilot" */
function taggedMedia(image: TaggedImage): string {
  const media = image.media;
  if (!media) return image.media_type;
  const name = media.title ?? media.name ?? `#${media.id}`;
  if (image.media_type === 'episode' && media.season_number != null && media.episode_number != null) {
    return `episode: S${media.season_number} E${media.episode_number} ${name}`;
  }
  return `${image.media_type}: ${name}`;
}

/**
 * A person: details, profile images (E13) and tagged images (E8, paged, which the service
 * marks deprecated), each image with its address to open or copy.
 */
export function PersonScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number; readonly knownFor?: string; readonly view?: string }>) {
  const theme = useTheme();
  const id = entry.params.id;
  const knownFor = entry.params.knownFor || undefined;
  const person = usePersonScreenRecord(id);
  const configuration = useAppState((s) => s.connection.configuration);
  const [view, setView] = useScreenView<View>(entry, VIEWS, 'details');

  const value = person.data;
  useCommands(
    'screen',
    ['search.person', 'views'],
    {
      'person.view': setView,
      'view.cycle': (direction) => setView((v) => cycleView(VIEWS, v, direction === 'next' ? 1 : -1)),
    },
    value !== undefined,
  );

  const bodyHeight = height - 2;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? entry.params.title} />
      <Loadable status={person.status} error={person.error} hasValue={value !== undefined} what="the person" onRetry={person.retry}>
        {value ? (
          <>
            <ViewBar views={VIEWS} current={view} width={width} />
            {view === 'details' ? (
              <BesidePicture kind="profile" filePath={value.profile_path} what="profile picture" width={width} height={bodyHeight}>
                {(textWidth) => <DocumentView id={`${entry.key}:details`} lines={detailLines(value, knownFor, configuration, textWidth, theme)} height={bodyHeight} />}
              </BesidePicture>
            ) : view === 'filmography' ? (
              <FilmographyView entryKey={entry.key} personId={id} width={width} height={bodyHeight} />
            ) : view === 'profiles' ? (
              <ProfileImages entryKey={entry.key} personId={id} width={width} height={bodyHeight} />
            ) : (
              <TaggedImages entryKey={entry.key} personId={id} width={width} height={bodyHeight} />
            )}
          </>
        ) : null}
      </Loadable>
    </Box>
  );
}

function ProfileImages({ entryKey, personId, width, height }: { entryKey: string; personId: number; width: number; height: number }) {
  const images = useOperation('personImages', { path: { person_id: personId } });
  const value = images.data;
  return (
    <Loadable status={images.status} error={images.error} hasValue={value !== undefined} what="the profile images" onRetry={images.retry}>
      {value ? (
        <ImageList<ImageRow>
          id={`${entryKey}:profiles`}
          source={{ kind: 'static', items: (value.profiles ?? []).map((entry): ImageRow => ({ kind: 'profile', entry })) }}
          image={(row) => row}
          height={height}
          width={width}
          emptyText="The service has no profile images of this person."
        />
      ) : null}
    </Loadable>
  );
}

/** Enter on a tagged image opens the film, series or episode it was tagged in (`o` opens the image). */
function openTaggedTitle(store: AppStore, image: TaggedImage): void {
  const { nav, notifications } = store.getState();
  const media = image.media;
  const name = media?.title ?? media?.name;
  if (!media) {
    notifications.notify('The service did not say which title this image is from; o opens the image.', 'info');
  } else if (image.media_type === 'movie') {
    nav.push('movies.detail', { id: media.id, title: name ?? `Film ${media.id}` });
  } else if (image.media_type === 'tv') {
    nav.push('tv.detail', { id: media.id, title: name ?? `Series ${media.id}` });
  } else if (image.media_type === 'episode' && media.show_id != null && media.season_number != null && media.episode_number != null) {
    nav.push('tv.episode', episodeParams(media.show_id, { season_number: media.season_number, episode_number: media.episode_number, name: name ?? null }));
  } else {
    notifications.notify(`This ${image.media_type} image does not say which title it belongs to; o opens the image.`, 'info');
  }
}

function TaggedImages({ entryKey, personId, width, height }: { entryKey: string; personId: number; width: number; height: number }) {
  const theme = useTheme();
  const store = useAppStore();
  const tagged = usePagedOperation('personTaggedImages', { path: { person_id: personId } });
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.warning} wrap="truncate-end">
        Deprecated: the service marks tagged images as deprecated; they may go away.
      </Text>
      <ImageList<TaggedImage>
        id={`${entryKey}:tagged`}
        source={{
          kind: 'paged',
          query: tagged,
          what: 'the tagged images',
        }}
        image={(image) => ({ kind: imageKindOf(image.image_type ?? ''), entry: image })}
        describe={taggedMedia}
        height={height - 1}
        width={width}
        emptyText="Nobody has tagged this person in an image."
        openItem={(image) => openTaggedTitle(store, image)}
      />
    </Box>
  );
}
