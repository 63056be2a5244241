import { Box, Text } from 'ink';
import { imageAddress, imageAddressRefusal, type ImageRow } from '../../state/index.js';
import { useCommands } from '../commands.js';
import { fit, formatVote, languageName, wrapText } from '../format.js';
import type { PagedQuery } from '../queries.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { addressHandlers, useAddressActions } from './address-actions.js';
import { PagedList } from './PagedList.js';
import { PictureBox, usePicturesOn } from './Picture.js';
import { ScrollList } from './ScrollList.js';

/** Where the rows come from: an answer already loaded (E22, E13), or a paged read (E8). */
export type ImageSource<T> =
  | { readonly kind: 'static'; readonly items: readonly T[] }
  | { readonly kind: 'paged'; readonly query: PagedQuery<T>; readonly what: string };

interface ImageListProps<T> {
  /** The list's cursor id, unique per screen entry. */
  readonly id: string;
  readonly source: ImageSource<T>;
  readonly image: (item: T) => ImageRow;
  /** More about the row, after the image's own facts ("movie: The Orchard and the Satellite"). */
  readonly describe?: (item: T) => string;
  readonly height: number;
  readonly width: number;
  readonly emptyText: string;
  /**
   * What Enter opens instead of the image: the title an image was tagged in. Without it, Enter
   * opens the image in the browser, as `o` always does.
   */
  readonly openItem?: (item: T) => void;
}

/** Lines kept under the list for the highlighted image's full address. */
const ADDRESS_LINES = 2;

/** "poster    600x900   English       5.8 (9)" */
export function imageRowText(row: ImageRow, extra: string | undefined, width: number): string {
  const { entry } = row;
  const size = entry.width && entry.height ? `${entry.width}x${entry.height}` : 'size unknown';
  const vote = formatVote(entry.vote_average, entry.vote_count);
  const facts = `${fit(row.kind, 9)}${size.padStart(10)}  ${fit(languageName(entry.iso_639_1), 14)}${vote.padStart(12)}`;
  return extra ? `${facts}  ${fit(extra, Math.max(0, width - facts.length - 2))}` : facts;
}

/**
 * Images as rows (kind, size WxH, language or "untagged", vote), with the highlighted image's
 * full address (E17 base + size + file) under the list; Enter or o opens it in the browser, y copies it.
 */
export function ImageList<T>({ id, source, image, describe, height, width, emptyText, openItem }: ImageListProps<T>) {
  const store = useAppStore();
  const theme = useTheme();
  const actions = useAddressActions();
  const configuration = useAppState((s) => s.connection.configuration);
  const index = useAppState((s) => s.nav.cursors[id]?.index ?? 0);
  const items = source.kind === 'static' ? source.items : source.query.items;
  const selected = items[Math.min(index, items.length - 1)];
  const row = selected === undefined ? undefined : image(selected);
  const address = row ? imageAddress(configuration, row.kind, row.entry.file_path) : undefined;

  // Enter, o and y act on the image at its original size (the address under the list).
  const target = address ? { url: address, what: 'the image' } : undefined;
  useCommands('screen', ['address'], addressHandlers(actions, target, row ? 'This image has no address (see under the list)' : 'No image here'));
  const openImage = (item: T) => {
    const chosen = image(item);
    const url = imageAddress(configuration, chosen.kind, chosen.entry.file_path);
    if (url) actions.open({ url, what: 'the image' });
    else store.getState().notifications.notify(imageAddressRefusal(configuration, chosen.entry.file_path) ?? 'The image address needs the configuration, which is not loaded.', 'warning');
  };
  const open = openItem ?? openImage;

  const listHeight = Math.max(2, height - ADDRESS_LINES);
  // The highlighted image drawn beside the list, when there is room for both.
  const picturesOn = usePicturesOn();
  const pictureWidth = picturesOn && width >= PICTURE_BESIDE_MIN_COLUMNS ? Math.min(48, Math.floor(width * 0.35)) : 0;
  const listWidth = width - (pictureWidth > 0 ? pictureWidth + 1 : 0);
  const rowText = (item: T) => imageRowText(image(item), describe?.(item), listWidth - 2);
  const addressLines = address ? wrapText(address, width - 9).slice(0, ADDRESS_LINES) : [];
  const list = (
    <Box flexDirection="column" height={height} width={listWidth}>
      {source.kind === 'static' ? (
        <ScrollList<T> id={id} items={source.items} height={listHeight} renderRow={rowText} emptyText={emptyText} onOpen={open} />
      ) : (
        <PagedList<T> id={id} query={source.query} what={source.what} height={listHeight} renderRow={rowText} emptyText={emptyText} onOpen={open} />
      )}
      {addressLines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          <Text color={theme.muted}>{i === 0 ? 'Address: ' : '         '}</Text>
          {line}
        </Text>
      ))}
      {row && !address ? (
        <Text color={theme.muted}>
          {imageAddressRefusal(configuration, row.entry.file_path) ?? 'The image address needs the configuration, which is not loaded.'}
        </Text>
      ) : null}
    </Box>
  );
  if (pictureWidth === 0 || !row) return list;
  return (
    <Box height={height} width={width}>
      {list}
      <Box width={1} />
      <PictureBox kind={row.kind} filePath={row.entry.file_path} what={row.kind} width={pictureWidth} height={height} />
    </Box>
  );
}

/** From this width an images view draws the highlighted image beside its list. */
const PICTURE_BESIDE_MIN_COLUMNS = 70;
