import { Box, Text } from 'ink';
import type { ReviewItem } from '../../../contract/index.js';
import { PagedList } from '../../components/PagedList.js';
import { hintLine } from '../../hints.js';
import { usePagedOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { reviewAuthor, reviewRow } from './review-text.js';

export interface ReviewedTitle {
  readonly kind: 'movie' | 'tv';
  readonly id: number;
  readonly title: string;
}

/**
 * The users' reviews of a film or series, a page at a time: author, their rating, date and
 * the start of the text. Enter opens the whole review.
 */
export function ReviewsView({ title, entryKey, width, height }: { title: ReviewedTitle; entryKey: string; width: number; height: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const movie = usePagedOperation('movieReviews', { path: { movie_id: title.id } }, { enabled: title.kind === 'movie' });
  const series = usePagedOperation('seriesReviews', { path: { series_id: title.id } }, { enabled: title.kind === 'tv' });
  const reviews = title.kind === 'movie' ? movie : series;
  const open = (review: ReviewItem) =>
    store.getState().nav.push('titles.review', { id: review.id, title: `Review by ${reviewAuthor(review)}`, about: title.title });
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.muted} wrap="truncate-end">
        {reviews.status === 'ready' ? `${reviews.totalResults} ${reviews.totalResults === 1 ? 'review' : 'reviews'}` : 'Reviews'} · {hintLine(['list.open', 'reads the whole review'])}
      </Text>
      <PagedList<ReviewItem>
        id={`${entryKey}:reviews`}
        query={reviews}
        what="the reviews"
        height={height - 1}
        getKey={(review) => review.id}
        renderRow={(review) => reviewRow(review, rowWidth(width))}
        onOpen={open}
        filterText={(review) => `${reviewAuthor(review)} ${review.content ?? ''}`}
        emptyText={`No one has reviewed this ${title.kind === 'movie' ? 'movie' : 'series'} yet.`}
      />
    </Box>
  );
}
