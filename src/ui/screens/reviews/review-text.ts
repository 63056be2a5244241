import type { ReviewItem } from '../../../contract/index.js';
import { fit, formatDate, printable, truncate, wrapText } from '../../format.js';

/**
 * Review text as people write it on the service: paragraphs split by blank lines, markdown-ish
 * emphasis (**bold**, __bold__, _italic_, *italic*), quotes (> ...) and lists (- ...). The text
 * already reached us terminal-safe (the state layer strips escape sequences and controls);
 * here the emphasis markers are dropped so the words read plainly, and quotes and list items
 * keep their mark.
 */
export function plainReviewText(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[\s(])([*_])(?=\S)(.+?)(?<=\S)\2(?=[\s).,!?;:]|$)/gm, '$1$3')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "9/10", or "no rating" when the reviewer gave none. */
export function reviewRating(review: Partial<Pick<ReviewItem, 'author_details'>>): string {
  const rating = review.author_details?.rating;
  return typeof rating === 'number' ? `${rating}/10` : 'no rating';
}

export function reviewAuthor(review: Partial<Pick<ReviewItem, 'author' | 'author_details'>>): string {
  return printable(review.author || review.author_details?.name || review.author_details?.username || 'anonymous');
}

/** "Maren Ashwood   8/10   12 Mar 2025   I went in expecting very little and came out…" */
export function reviewRow(review: ReviewItem, width: number): string {
  const author = fit(reviewAuthor(review), Math.min(20, Math.max(8, Math.floor(width / 4))));
  const rating = reviewRating(review).padEnd(9);
  const date = formatDate(review.created_at).padEnd(12);
  const head = `${author}  ${rating}  ${date}  `;
  const start = printable(plainReviewText(review.content ?? '').replace(/\s+/g, ' '));
  if (width - head.length < 10) return truncate(`${author}  ${rating}`, width);
  return `${head}${truncate(start || '(no text)', width - head.length)}`;
}

/** The whole text, wrapped to `width`: one string per line, blank lines between paragraphs. */
export function reviewLines(content: string, width: number): string[] {
  return wrapText(plainReviewText(content), width);
}
