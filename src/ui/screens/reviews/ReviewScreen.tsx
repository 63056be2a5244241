import { Box, Text } from 'ink';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollText } from '../../components/ScrollText.js';
import { formatDate, printable, truncate } from '../../format.js';
import { useOperation } from '../../queries.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { reviewAuthor, reviewLines, reviewRating } from './review-text.js';

/** A review opened from a film's or series' reviews: its id, and what it is about. */
export type ReviewParams = Titled & { readonly id: string; readonly about: string };

/**
 * One review, whole: who wrote it, their rating, when (and when they last changed it), and the
 * text wrapped to the width, scrolled with j/k and the page keys.
 */
export function ReviewScreen({ entry, width, height }: ScreenProps<ReviewParams>) {
  const theme = useTheme();
  const review = useOperation('reviewDetails', { path: { review_id: entry.params.id } });
  const value = review.data;
  const written = value ? formatDate(value.created_at) : '';
  const changed = value?.updated_at && value.updated_at.slice(0, 10) !== value.created_at?.slice(0, 10) ? `, changed ${formatDate(value.updated_at)}` : '';
  const about = printable(value?.media_title || entry.params.about);
  const lines = value ? reviewLines(value.content ?? '', Math.max(10, width - 1)) : [];
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value ? `Review by ${reviewAuthor(value)}` : entry.params.title} hint={`of ${about}`} />
      <Loadable status={review.status} error={review.error} hasValue={value !== undefined} what="the review" onRetry={review.retry}>
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            <Text color={theme.muted} wrap="truncate-end">
              {truncate(`${reviewRating(value)} · written ${written}${changed}`, width)}
            </Text>
            <ScrollText lines={lines.map((line) => <Text wrap="truncate-end">{line || ' '}</Text>)} height={height - 2} />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}
