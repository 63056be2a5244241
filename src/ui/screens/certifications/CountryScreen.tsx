import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { CERTIFICATIONS_OF, countriesOf, type CertificationKind, type CountryCertifications } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { DocumentView, docWidth, type DocLine } from '../../components/DocumentView.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { formatCount, printable, wrapText } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';

/** certifications.country: { code: "US", title: "United States" } */
export interface CountryParams extends Titled {
  readonly code: string;
}

/** Side by side from this width; stacked, movies above TV, below it. */
const SIDE_BY_SIDE = 120;

const KIND_NAMES: Readonly<Record<CertificationKind, string>> = { movie: 'Movies', tv: 'TV' };

/**
 * A country's page: its movie and TV ladders in the service's order (ties as it sends them),
 * each label with its meaning wrapped in full and how many titles carry it (discover's
 * total_results). Side by side at 120 columns and wider (t moves between them), stacked below.
 * Enter on a label lists the titles certified so.
 */
export function CountryScreen({ entry, width, height }: ScreenProps<CountryParams>) {
  const { code } = entry.params;
  const movie = useOperation(CERTIFICATIONS_OF.movie, {});
  const tv = useOperation(CERTIFICATIONS_OF.tv, {});
  const [side, setSide] = useState<CertificationKind>('movie');
  const wide = width >= SIDE_BY_SIDE;
  const ladderOf = (answer: typeof movie.data) => (answer ? countriesOf(answer).find((c) => c.code === code) : undefined);
  const ladders = { movie: ladderOf(movie.data), tv: ladderOf(tv.data) };
  const bodyHeight = Math.max(3, height - 1);
  useCommands('screen', ['certifications.country'], { 'certifications.side': wide ? () => setSide((s) => (s === 'movie' ? 'tv' : 'movie')) : undefined });
  const loading = { status: movie.status === 'error' ? movie.status : tv.status, error: movie.error ?? tv.error, retry: movie.error ? movie.retry : tv.retry };
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle
        title={`${printable(entry.params.title)} (${code}): certifications`}
        hint={wide ? hintLine(['list.open', 'titles with the label'], ['certifications.side', 'movies/TV']) : hintLine(['list.open', 'titles with the label'])}
      />
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
                  id={`${entry.key}:${kind}`}
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
          <LadderView id={`${entry.key}:both`} kinds={['movie', 'tv']} ladders={ladders} code={code} width={width} height={bodyHeight} active />
        )}
      </Loadable>
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
          out.push({ key: `${kind}:${position}:${i}`, onOpen: open, content: <Text>{`  ${text}`}</Text> }),
        );
      }
      out.push({ key: `${kind}:end`, content: <Text> </Text> });
    }
    return out;
  }, [kinds, ladders, code, room, theme, store, active]);
  return <DocumentView id={id} lines={lines} height={height} active={active} />;
}

/** How many titles carry a label in the country: discover's total_results (one read of each kind, so hooks stay in order). */
function LabelCount({ kind, country, label }: { kind: CertificationKind; country: string; label: string }) {
  return kind === 'movie' ? <MovieLabelCount country={country} label={label} /> : <SeriesLabelCount country={country} label={label} />;
}

function MovieLabelCount({ country, label }: { country: string; label: string }) {
  const found = useOperation('discoverMovies', { query: { certification_country: country, certification: label } });
  return <CountText status={found.status} total={found.data?.total_results} one="film" many="films" />;
}

function SeriesLabelCount({ country, label }: { country: string; label: string }) {
  const found = useOperation('discoverSeries', { query: { certification_country: country, certification: label } });
  return <CountText status={found.status} total={found.data?.total_results} one="series" many="series" />;
}

function CountText({ status, total, one, many }: { status: string; total: number | null | undefined; one: string; many: string }) {
  const theme = useTheme();
  const text = status === 'error' ? 'count unavailable' : typeof total === 'number' ? `${formatCount(total)} ${total === 1 ? one : many}` : '…';
  return <Text color={theme.muted}>{text}</Text>;
}
