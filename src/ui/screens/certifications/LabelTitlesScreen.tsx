import { Box } from 'ink';
import { useState } from 'react';
import { TITLE_ORDERS, certifiedTitles, regionName, type CertificationKind } from '../../../state/index.js';
import { useCommands, useFooterWords } from '../../commands.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable } from '../../format.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SourceTitleList, useSourceTitles } from '../titles/SourceTitles.js';

/** certifications.titles: { kind: "movie", country: "US", label: "PG-13", title: "US PG-13" } */
export interface LabelTitlesParams extends Titled {
  readonly kind: CertificationKind;
  readonly country: string;
  readonly label: string;
}

/**
 * The titles certified with a label in a country, paged, with the preview pane; b widens it to
 * the label or below and back, o changes the order. An ordinary title list: Enter opens a
 * title, / filters.
 */
export function LabelTitlesScreen({ entry, width, height }: ScreenProps<LabelTitlesParams>) {
  const { kind, country, label } = entry.params;
  const [orBelow, setOrBelow] = useState(false);
  const [order, setOrder] = useState(0);
  const orderName = TITLE_ORDERS[order]!.name;
  const titles = useSourceTitles(certifiedTitles(kind, country, label, { orBelow, order: orderName }));
  useCommands('screen', ['certifications.titles'], {
    'certifications.orBelow': () => setOrBelow((b) => !b),
    'certifications.order': () => setOrder((o) => (o + 1) % TITLE_ORDERS.length),
  });
  // The footer says what b does next, as the header does.
  useFooterWords({ 'certifications.orBelow': orBelow ? 'this label only' : 'or below' });
  const what = kind === 'movie' ? 'Films' : 'Series';
  const scope = `${printable(label)}${orBelow ? ' or below' : ''} in ${regionName(country)}`;
  const title = `${what} rated ${scope}`;
  const hint = [
    titles.query.status === 'ready' ? `${titles.query.totalResults} · by ${orderName}` : `by ${orderName}`,
    hintLine(['certifications.orBelow', orBelow ? 'this label only' : 'or below'], ['certifications.order', 'order']),
  ].join(' · ');
  const listId = `${entry.key}:${orBelow ? 'below' : 'only'}:${order}`;
  const listProps = {
    id: listId,
    what: `the ${what.toLowerCase()} rated ${scope}`,
    width,
    height: height - 1,
    emptyText: `No ${what.toLowerCase()} are rated ${scope}.`,
    // A label outside the country's list (a title's release may carry one): its message lists the labels.
    refusedText: `${keyHint('app.back')} goes back; the country's page in the Certifications tab (${keyHintFor('tab.select', 'certifications')}) lists the labels it takes.`,
  };
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} hint={hint} />
      <SourceTitleList {...listProps} titles={titles} />
    </Box>
  );
}
