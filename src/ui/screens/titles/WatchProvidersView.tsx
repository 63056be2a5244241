import { Box, Text } from 'ink';
import { useState } from 'react';
import type { OfferKind, RegionOffers, WatchProviders } from '../../../contract/index.js';
import { OFFER_KINDS } from '../../../contract/vocabulary.js';
import { regionChoices, regionName } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { ChoicePicker } from '../../components/ChoicePicker.js';
import { DocumentView } from '../../components/DocumentView.js';
import { Loadable } from '../../components/Loadable.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { DocBuilder, docWidth, LABEL_WIDTH } from '../tv/doc.js';

/** How the screen names each kind of offer. */
export const OFFER_LABELS: Readonly<Record<OfferKind, string>> = {
  flatrate: 'Stream',
  free: 'Free',
  ads: 'With ads',
  rent: 'Rent',
  buy: 'Buy',
};

/** "Germany (DE)" */
const regionLabel = (code: string) => `${regionName(code)} (${code})`;

/** The providers of one kind of offer, by the service's display priority; old records may lack names. */
function providerNames(offers: RegionOffers, kind: OfferKind): string[] {
  return [...(offers[kind] ?? [])]
    .sort((a, b) => (a.display_priority ?? Number.MAX_SAFE_INTEGER) - (b.display_priority ?? Number.MAX_SAFE_INTEGER))
    .map((provider) => provider.provider_name || `provider ${provider.provider_id ?? 'unknown'}`);
}

/** The regions with at least one offer, by name. */
export function regionsWithOffers(providers: WatchProviders): string[] {
  return Object.entries(providers.results ?? {})
    .filter(([, offers]) => OFFER_KINDS.some((kind) => (offers?.[kind]?.length ?? 0) > 0))
    .map(([code]) => code)
    .sort((a, b) => regionName(a).localeCompare(regionName(b), 'en'));
}

export type WatchTitle = { readonly kind: 'movie' | 'tv'; readonly id: number };

/**
 * Where a film or series can be watched in the user's region (the environment's or the locale's,
 * or one picked here for this run): each kind of offer with its services, and the service's page
 * for that region, which Enter opens. With no offer there it says so and names the regions that
 * have some.
 */
export function WatchProvidersView({ title, entryKey, width, height }: { title: WatchTitle; entryKey: string; width: number; height: number }) {
  const store = useAppStore();
  const region = useAppState((s) => s.watch.region);
  const [picking, setPicking] = useState(false);
  const movie = useOperation('movieWatchProviders', { path: { movie_id: title.id } }, { enabled: title.kind === 'movie' });
  const series = useOperation('seriesWatchProviders', { path: { series_id: title.id } }, { enabled: title.kind === 'tv' });
  const read = title.kind === 'movie' ? movie : series;
  const value = read.data;
  useCommands('screen', ['watch'], { 'watch.region': () => setPicking(true) }, !picking);

  return (
    <Loadable status={read.status} error={read.error} hasValue={value !== undefined} what="where to watch it" onRetry={read.retry}>
      {value ? (
        picking ? (
          <ChoicePicker
            id={`${entryKey}:watch-region`}
            title="Region to see the offers of (ISO 3166-1)"
            choices={regionChoices()}
            current={region}
            height={height}
            onChoose={(code) => {
              setPicking(false);
              if (code) store.getState().watch.setRegion(code);
            }}
            onCancel={() => setPicking(false)}
          />
        ) : (
          <OffersDocument providers={value} region={region} id={`${entryKey}:watch:${region}`} width={width} height={height} />
        )
      ) : null}
    </Loadable>
  );
}

function OffersDocument({ providers, region, id, width, height }: { providers: WatchProviders; region: string; id: string; width: number; height: number }) {
  const theme = useTheme();
  const doc = new DocBuilder(docWidth(width), theme);
  const offers = providers.results?.[region];
  const kinds = offers ? OFFER_KINDS.filter((kind) => (offers[kind]?.length ?? 0) > 0) : [];
  const elsewhere = regionsWithOffers(providers).filter((code) => code !== region);

  doc.heading('heading', `Where to watch in ${regionLabel(region)}`, `· ${hintLine(['watch.region', 'another region'])}`);
  doc.blank();
  if (!offers || kinds.length === 0) {
    doc.text('none', `No offers of this title in ${regionLabel(region)}.`);
  } else {
    for (const kind of kinds) doc.field(OFFER_LABELS[kind], providerNames(offers, kind).join(', '));
  }
  const link = offers?.link;
  if (link) {
    doc.blank();
    doc.line(
      'link',
      <Text>
        <Text color={theme.muted}>{'Page'.padEnd(LABEL_WIDTH)}</Text>
        {link}
      </Text>,
      undefined,
      { url: link, what: "the service's page" },
    );
    doc.text('link-hint', hintLine(['list.open', `opens the page of the offers in ${regionName(region)}`]), LABEL_WIDTH, theme.muted);
  }
  doc.blank();
  doc.field(
    offers && kinds.length > 0 ? 'Also offered in' : 'Offered in',
    elsewhere.map(regionLabel).join(', '),
    'no region has offers of this title',
  );
  // The cursor starts on the page's link, so Enter right away opens it.
  const linkLine = doc.lines.findIndex((line) => line.key === 'link');
  return (
    <Box flexDirection="column" height={height}>
      <DocumentView id={id} lines={doc.lines} height={height} initialLine={Math.max(0, linkLine)} />
    </Box>
  );
}
