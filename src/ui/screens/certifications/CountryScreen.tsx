import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import {
  CERTIFICATIONS_OF,
  certifiedTitles,
  chosenCountry,
  countriesOf,
  regionName,
  titleSourceRead,
  type CertificationKind,
  type CountryCertifications,
} from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { keyHintFor, type CommandArg } from '../../keymap.js';
import { DocumentView, docWidth, type DocLine } from '../../components/DocumentView.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { formatCount, printable, truncate, wrapText } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation, usePagedSource } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';

/** Side by side from this width; stacked, movies above TV, below it. */
const SIDE_BY_SIDE = 120;
/** From this width the country list stays beside the page (as the preview pane beside a list). */
const WITH_COUNTRY_LIST = 160;
// Room for "Hong Kong SAR China (HK) movies only", and the ladders still side by side at 160.
const COUNTRY_LIST_WIDTH = 38;

const KIND_NAMES: Readonly<Record<CertificationKind, string>> = { movie: 'Movies', tv: 'TV' };

/**
 * A country's page: its movie and TV ladders in the service's order (ties as it sends them),
 * each label with its meaning wrapped in full and how many titles carry it (see LabelCount).
 * Side by side at 120 columns and wider (t moves between them), stacked below. Enter on a label
 * lists the titles certified so. The country is the slice's chosen one (the tab's highlighted
 * one), opened from the tab's list; ] and [ move it.
 */
export function CountryScreen({ entry, width: screenWidth, height }: ScreenProps) {
  const code = useAppState(chosenCountry);
  const store = useAppStore();
  const movie = useOperation(CERTIFICATIONS_OF.movie, {});
  const tv = useOperation(CERTIFICATIONS_OF.tv, {});
  const [side, setSide] = useState<CertificationKind>('movie');
  // Every country with a ladder of either kind, by name: ] and [ go through them.
  const countries = useMemo(() => everyCountry(movie.data, tv.data), [movie.data, tv.data]);
  const listed = screenWidth >= WITH_COUNTRY_LIST;
  const width = listed ? screenWidth - COUNTRY_LIST_WIDTH - 1 : screenWidth;
  const wide = width >= SIDE_BY_SIDE;
  const ladderOf = (answer: typeof movie.data) => (answer ? countriesOf(answer).find((c) => c.code === code) : undefined);
  const ladders = { movie: ladderOf(movie.data), tv: ladderOf(tv.data) };
  const bodyHeight = Math.max(3, height - 1);
  // Read from the store, not the render: the second key of a burst moves on from where the first left it.
  const moveCountry = (direction: CommandArg<'certifications.nextCountry'>) => {
    const at = countries.findIndex((c) => c.code === chosenCountry(store.getState()));
    const next = countries[(at + (direction === 'next' ? 1 : -1) + countries.length) % countries.length];
    if (next) store.getState().certifications.setCountry(next.code);
  };
  useCommands('screen', ['certifications.country'], {
    'certifications.side': wide ? () => setSide((s) => (s === 'movie' ? 'tv' : 'movie')) : undefined,
    'certifications.nextCountry': countries.length > 1 ? moveCountry : undefined,
  });
  const loading = { status: movie.status === 'error' ? movie.status : tv.status, error: movie.error ?? tv.error, retry: movie.error ? movie.retry : tv.retry };
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle
        title={`${printable(regionName(code))} (${code}): certifications`}
        hint={
          wide
            ? `${hintLine(['list.open', 'titles with the label'], ['certifications.side', 'movies/TV'])} · ${keyHintFor('certifications.nextCountry', 'next')}/${keyHintFor('certifications.nextCountry', 'previous')} next/previous country`
            : hintLine(['list.open', 'titles with the label'])
        }
      />
      <Box height={bodyHeight}>
        {listed ? <CountryList countries={countries} code={code} width={COUNTRY_LIST_WIDTH} height={bodyHeight} /> : null}
        <Box flexDirection="column" width={width}>
          <Loadable
            status={loading.status}
            error={loading.error}
            hasValue={movie.data !== undefined && tv.data !== undefined}
            what="the certifications"
            onRetry={loading.retry}
          >
            {wide ? (
              <Box height={bodyHeight}>
                {(['movie', 'tv'] as const).map((kind) => (
                  <Box key={kind} width={Math.floor(width / 2)} flexDirection="column" marginRight={kind === 'movie' ? 1 : 0}>
                    <LadderView
                      id={`${entry.key}:${code}:${kind}`}
                      kinds={[kind]}
                      ladders={ladders}
                      code={code}
                      width={Math.floor(width / 2) - 1}
                      height={bodyHeight}
                      active={side === kind}
                    />
                  </Box>
                ))}
              </Box>
            ) : (
              <LadderView id={`${entry.key}:${code}:both`} kinds={['movie', 'tv']} ladders={ladders} code={code} width={width} height={bodyHeight} active />
            )}
          </Loadable>
        </Box>
      </Box>
    </Box>
  );
}

interface ListedCountry {
  readonly code: string;
  readonly name: string;
  /** The kinds of certifications the country has: the list says when it is one kind only. */
  readonly kinds: readonly CertificationKind[];
}

/** The countries of both lists, by name, each once, with the kinds each has. */
function everyCountry(movie: Parameters<typeof countriesOf>[0] | undefined, tv: Parameters<typeof countriesOf>[0] | undefined): ListedCountry[] {
  const byCode = new Map<string, { name: string; kinds: CertificationKind[] }>();
  for (const [kind, answer] of [['movie', movie], ['tv', tv]] as const) {
    if (!answer) continue;
    for (const country of countriesOf(answer)) {
      const known = byCode.get(country.code);
      byCode.set(country.code, { name: country.name, kinds: [...(known?.kinds ?? []), kind] });
    }
  }
  return [...byCode].map(([code, { name, kinds }]) => ({ code, name, kinds })).sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
}

/** "TV only" beside a country with no movie certifications (and the other way round), '' for both. */
function onlyKind(country: ListedCountry): string {
  return country.kinds.length === 1 ? ` ${country.kinds[0] === 'movie' ? 'movies' : 'TV'} only` : '';
}

/** The country list beside the page, the country shown highlighted and kept in view; ] and [ move through it. */
function CountryList({ countries, code, width, height }: { countries: readonly ListedCountry[]; code: string; width: number; height: number }) {
  const theme = useTheme();
  const at = Math.max(0, countries.findIndex((c) => c.code === code));
  // The shown country in the middle of the rows, as far as the list allows.
  const first = Math.max(0, Math.min(at - Math.floor(height / 2), countries.length - height));
  return (
    <Box flexDirection="column" width={width} marginRight={1} flexShrink={0}>
      {countries.slice(first, first + height).map((country) => {
        const current = country.code === code;
        return (
          <Text key={country.code} wrap="truncate-end" bold={current} color={current ? theme.accent : theme.muted}>
            {current ? '› ' : '  '}
            {/* A long name is cut, never the kind it has. */}
            {truncate(`${printable(country.name)} (${country.code})`, width - 2 - onlyKind(country).length)}
            <Text color={theme.muted}>{onlyKind(country)}</Text>
          </Text>
        );
      })}
    </Box>
  );
}

interface LadderViewProps {
  readonly id: string;
  readonly kinds: readonly CertificationKind[];
  readonly ladders: Readonly<Record<CertificationKind, CountryCertifications | undefined>>;
  readonly code: string;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
}

/** The ladders of some kinds as one document: a heading per kind, then each label and its meaning. */
function LadderView({ id, kinds, ladders, code, width, height, active }: LadderViewProps) {
  const store = useAppStore();
  const theme = useTheme();
  const room = docWidth(width);
  const lines = useMemo(() => {
    const out: DocLine[] = [];
    for (const kind of kinds) {
      const ladder = ladders[kind];
      out.push({
        key: `${kind}:heading`,
        content: (
          <Text bold>
            {KIND_NAMES[kind]} <Text color={theme.muted}>{active ? '' : '(t)'}</Text>
          </Text>
        ),
      });
      if (!ladder || ladder.certifications.length === 0) {
        out.push({ key: `${kind}:none`, content: <Text color={theme.muted}>The service lists no {kind === 'movie' ? 'movie' : 'TV'} certifications here.</Text> });
      }
      for (const [position, entry] of (ladder?.certifications ?? []).entries()) {
        const label = entry.certification;
        const open = () =>
          store.getState().nav.push('certifications.titles', { kind, country: code, label, title: `${code} ${label}` });
        out.push({
          key: `${kind}:${position}`,
          onOpen: open,
          content: (
            <Text>
              <Text bold color={theme.accent}>
                {printable(label)}
              </Text>
              {'  '}
              <LabelCount kind={kind} country={code} label={label} />
            </Text>
          ),
        });
        const meaning = printable(entry.meaning ?? '').replace(/\s+/g, ' ').trim() || '(no meaning given)';
        wrapText(meaning, Math.max(10, room - 2)).forEach((text, i) =>
          out.push({ key: `${kind}:${position}:${i}`, content: <Text>{`  ${text}`}</Text> }),
        );
      }
      out.push({ key: `${kind}:end`, content: <Text> </Text> });
    }
    return out;
  }, [kinds, ladders, code, room, theme, store, active]);
  // j/k go from label to label; a meaning is read, not opened.
  return <DocumentView id={id} lines={lines} height={height} active={active} linksOnly />;
}

/**
 * How many titles carry a label in the country: the total_results of the first page of the
 * label's titles, as they open (this label only, most popular first), so opening the label
 * asks nothing more. Only the labels in view are drawn (DocumentView), so only they are counted.
 */
function LabelCount({ kind, country, label }: { kind: CertificationKind; country: string; label: string }) {
  const read = useMemo(() => titleSourceRead(certifiedTitles(kind, country, label)), [kind, country, label]);
  const found = usePagedSource<unknown>(read.source);
  return (
    <CountText
      status={found.status}
      total={found.status === 'ready' ? found.totalResults : undefined}
      one={kind === 'movie' ? 'film' : 'series'}
      many={kind === 'movie' ? 'films' : 'series'}
    />
  );
}

function CountText({ status, total, one, many }: { status: string; total: number | null | undefined; one: string; many: string }) {
  const theme = useTheme();
  const text = status === 'error' ? 'count unavailable' : typeof total === 'number' ? `${formatCount(total)} ${total === 1 ? one : many}` : '…';
  return <Text color={theme.muted}>{text}</Text>;
}
