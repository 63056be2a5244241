import { Box, Text, useStdout } from 'ink';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  BoundedCache,
  drawingKey,
  isGraphicsProtocol,
  isPaintedProtocol,
  pictureAddress,
  type CellPicture,
  type ImageKind,
  type PictureOutcome,
  type Pixels,
} from '../../state/index.js';
import { truncate } from '../format.js';
import { KITTY_MAX_CELLS, kittyIdColour, kittyPlaceholderRow } from '../../terminal/kitty-graphics.js';
import { kittyImagesFor } from '../../terminal/kitty-images.js';
import { paintedPicturesFor } from '../../terminal/painted-pictures.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';

/**
 * A poster, still or profile drawn as ordinary text, so Ink lays it out, redraws and clears it
 * with the rest of the screen: half-blocks ('▀' in the upper half's colour over the lower half's),
 * or, in a terminal with kitty graphics, the image's placeholder cells (see kitty-graphics.ts).
 * iTerm2 images and sixel are the exception: Ink keeps their cells blank but for a mark, and the
 * picture is painted over them with each frame (see painted-pictures.ts).
 */

/** How long a row stays highlighted before its picture is fetched: a fast scroll fetches nothing. */
export const PICTURE_SETTLE_MS = 150;

/** Whether pictures are drawn at all this run (not under NO_COLOR, --no-color or `images: off`). */
export function usePicturesOn(): boolean {
  return useAppState((s) => s.pictures.protocol) !== 'text';
}

interface PictureProps {
  readonly kind: ImageKind;
  /** The image's file path as the service gives it; none means the title has no such picture. */
  readonly filePath: string | null | undefined;
  /** "poster", "still", "profile": named in the line shown in place of a picture. */
  readonly what: string;
  readonly width: number;
  readonly height: number;
}

type Shown = { readonly address: string; readonly outcome: PictureOutcome };

/**
 * The picture, at most `width` x `height` cells, its shape kept; a one-line text in its place
 * while it loads, when there is none, or when it cannot be fetched or read. Draws nothing when
 * pictures are off.
 */
export function Picture({ kind, filePath, what, width, height }: PictureProps) {
  const store = useAppStore();
  const theme = useTheme();
  const on = usePicturesOn();
  const protocol = useAppState((s) => s.pictures.protocol);
  const configuration = useAppState((s) => s.connection.configuration);
  const address = on && filePath ? pictureAddress(configuration, kind, filePath, width, protocol) : undefined;
  const known = address ? store.getState().pictures.cached(address, width, height) : undefined;
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  // The address the highlight has rested on: kitty images are sent only then, as downloads are.
  // Another address starts the wait again, even one rested on before (React's way to reset
  // state when a prop changes: during render, not in an effect).
  const [restedOn, setRestedOn] = useState<string | undefined>(undefined);
  const [lastAddress, setLastAddress] = useState(address);
  if (address !== lastAddress) {
    setLastAddress(address);
    setRestedOn(undefined);
  }
  const drawn = known !== undefined;
  const graphics = isGraphicsProtocol(protocol);

  useEffect(() => {
    if (!address || (drawn && !graphics)) return;
    const controller = new AbortController();
    // Only the settled highlight is fetched; moving on aborts the download or drops its result.
    const timer = setTimeout(() => {
      if (graphics) setRestedOn(address);
      if (drawn) return;
      store
        .getState()
        .pictures.load(address, width, height, controller.signal)
        .then((outcome) => {
          if (!controller.signal.aborted) setShown({ address, outcome });
        })
        .catch(() => undefined);
    }, PICTURE_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [store, address, drawn, width, height, graphics]);

  if (!on) return null;
  const outcome = known ?? (shown?.address === address ? shown?.outcome : undefined);
  const line = (text: string) => (
    <Box width={width} height={1}>
      <Text color={theme.muted} wrap="truncate-end">
        {truncate(text, width)}
      </Text>
    </Box>
  );
  if (!filePath) return line(`No ${what}.`);
  if (!configuration) return line(`${capitalised(what)}: waiting for the configuration…`);
  if (!address) return line(`No ${what}: its address is refused.`);
  if (!outcome) return line(`${capitalised(what)}: loading…`);
  if (outcome.kind === 'problem') return line(`No ${what}: ${outcome.message}`);
  // A placeholder numbers its row and column with one mark each: a picture larger than the marks
  // can number (no terminal yet) is drawn in half-blocks.
  if (protocol === 'kitty' && outcome.pixels && outcome.cells.columns <= KITTY_MAX_CELLS && outcome.cells.rows <= KITTY_MAX_CELLS) {
    return (
      <KittyPicture
        imageKey={drawingKey(address, outcome.cells.columns, outcome.cells.rows)}
        pixels={outcome.pixels}
        columns={outcome.cells.columns}
        rows={outcome.cells.rows}
        settled={restedOn === address}
        loading={line(`${capitalised(what)}: loading…`)}
      />
    );
  }
  if (isPaintedProtocol(protocol)) {
    return (
      <PaintedPicture
        imageKey={`${protocol} ${drawingKey(address, outcome.cells.columns, outcome.cells.rows)}`}
        outcome={outcome}
        protocol={protocol}
        columns={outcome.cells.columns}
        rows={outcome.cells.rows}
        settled={restedOn === address}
        loading={line(`${capitalised(what)}: loading…`)}
      />
    );
  }
  return <HalfBlocks picture={outcome.cells} />;
}

/**
 * Encoded pictures kept (one to a few hundred kilobytes each, escape sequences of one-byte
 * characters): going back to a row repaints it without encoding again.
 */
export const PAINTED_BYTES_KEPT = 4 * 1024 * 1024;
const paintedSequences = new BoundedCache<string, string>(PAINTED_BYTES_KEPT, (sequence) => sequence.length);

interface PaintedPictureProps {
  /** The picture at its size, in its protocol: one encoding each. */
  readonly imageKey: string;
  readonly outcome: Extract<PictureOutcome, { kind: 'picture' }>;
  readonly protocol: 'iterm' | 'sixel';
  readonly columns: number;
  readonly rows: number;
  /** Whether the highlight has rested on the picture long enough for it to be painted. */
  readonly settled: boolean;
  readonly loading: ReactNode;
}

/**
 * The picture as an iTerm2 image or sixel, painted over a blank box by the stream Ink writes to.
 * Encoded and painted only once the highlight rests on it: a fast scroll over pictures, even
 * pictures kept in memory, sends none of them. The mark is drawn only while the picture is
 * known to the painter, which forgets it when the picture leaves the screen or changes.
 */
function PaintedPicture({ imageKey, outcome, protocol, columns, rows, settled, loading }: PaintedPictureProps) {
  const { stdout } = useStdout();
  const pictures = paintedPicturesFor(stdout);
  const cell = useAppState((s) => s.pictures.sixelCell);
  const sequence = settled ? paintedSequences.get(imageKey) : undefined;
  const [, setEncoded] = useState<string | undefined>(undefined);
  const [marked, setMarked] = useState<{ readonly key: string; readonly mark: string } | undefined>(undefined);

  useEffect(() => {
    // The pictures slice keeps the pixels of every picture it draws for a graphics protocol.
    const { pixels } = outcome;
    if (!settled || sequence !== undefined || !pixels) return;
    let gone = false;
    // The encoders (and the sixel package) load with the first picture painted, not at start-up.
    // Encoding takes the thread for a moment: keys already read are handled first.
    void import('../../terminal/inline-graphics.js').then(({ itermInlineImage, sixelImage }) =>
      setImmediate(() => {
        if (gone) return;
        const encoded =
          protocol === 'iterm' ? itermInlineImage(pixels, outcome.file, columns, rows) : sixelImage(pixels, columns, rows, cell);
        paintedSequences.set(imageKey, encoded);
        setEncoded(imageKey);
      }),
    );
    return () => void (gone = true);
  }, [imageKey, outcome, protocol, columns, rows, cell, settled, sequence]);

  useEffect(() => {
    if (sequence === undefined) return;
    const { mark, remove } = pictures.add({ sequence, rows });
    setMarked({ key: imageKey, mark });
    return () => {
      remove();
      setMarked(undefined);
    };
  }, [pictures, imageKey, sequence, rows]);

  if (!settled || sequence === undefined || marked?.key !== imageKey) return <>{loading}</>;
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      <Text wrap="truncate">{marked.mark}</Text>
    </Box>
  );
}

interface KittyPictureProps {
  /** The picture at its size: one image in the terminal each. */
  readonly imageKey: string;
  readonly pixels: Pixels;
  readonly columns: number;
  readonly rows: number;
  /** Whether the highlight has already rested on the picture long enough for it to be sent. */
  readonly settled: boolean;
  readonly loading: ReactNode;
}

/**
 * The picture as kitty placeholders: the image is sent to the terminal once (out of band, it
 * draws nothing), then each cell is a placeholder in the colour that names the image. A picture
 * the terminal does not have yet is sent only once the highlight rests on it, like a download:
 * a fast scroll over pictures kept in memory sends nothing.
 */
function KittyPicture({ imageKey, pixels, columns, rows, settled, loading }: KittyPictureProps) {
  const { stdout } = useStdout();
  const throughTmux = useAppState((s) => s.pictures.throughTmux);
  const images = kittyImagesFor(stdout, { tmux: throughTmux });
  const [, setSent] = useState<string | undefined>(undefined);
  const id = images.shown(imageKey);

  // Held while on screen: the terminal keeps the image as long as its cells are drawn. Taken as
  // the frame is committed, so no image sent meanwhile can push it out under cells just drawn.
  useLayoutEffect(() => images.hold(imageKey), [images, imageKey]);
  useEffect(() => {
    if (id !== undefined || !settled) return;
    let gone = false;
    images.send(imageKey, pixels, columns, rows).then(
      () => !gone && setSent(imageKey),
      () => undefined,
    );
    return () => void (gone = true);
  }, [images, imageKey, id, pixels, columns, rows, settled]);

  if (id === undefined) return <>{loading}</>;
  const colour = kittyIdColour(id);
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      {Array.from({ length: rows }, (_, row) => (
        <Text key={row} color={colour} wrap="truncate">
          {kittyPlaceholderRow(id, row, columns)}
        </Text>
      ))}
    </Box>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Each row as runs of cells of the same two colours: one Text per run, not per cell. */
function HalfBlocks({ picture }: { picture: CellPicture }) {
  return (
    <Box flexDirection="column" width={picture.columns} height={picture.rows}>
      {picture.cells.map((row, y) => {
        const runs: { upper: string; lower: string; count: number }[] = [];
        for (const [upper, lower] of row) {
          const last = runs.at(-1);
          if (last && last.upper === upper && last.lower === lower) last.count++;
          else runs.push({ upper, lower, count: 1 });
        }
        return (
          <Text key={y} wrap="truncate">
            {runs.map((run, i) => (
              <Text key={i} color={run.upper} backgroundColor={run.lower}>
                {'▀'.repeat(run.count)}
              </Text>
            ))}
          </Text>
        );
      })}
    </Box>
  );
}

/** Height over width of each kind of picture: posters and profiles are 2:3, stills 16:9. */
const SHAPES: Partial<Record<ImageKind, number>> = { poster: 1.5, profile: 1.5, still: 9 / 16 };

/**
 * The cells a picture of `kind` takes at the top of a pane of `width` x `height`: at most
 * `share` of the height, so the text under it keeps room; none when the pane is too short for
 * a picture worth drawing, or when pictures are off.
 */
export function pictureArea(kind: ImageKind, width: number, height: number, on: boolean, share = 0.45): { width: number; height: number } | undefined {
  if (!on) return undefined;
  const shape = SHAPES[kind] ?? 1.5;
  const rows = Math.min(Math.floor(height * share), Math.round((width * shape) / 2));
  if (rows < 6) return undefined;
  return { width: Math.min(width, Math.round((rows * 2) / shape)), height: rows };
}

/** A picture in a box of fixed size, so the text below it does not move when it arrives. */
export function PictureBox(props: PictureProps) {
  return (
    <Box width={props.width} height={props.height} flexShrink={0}>
      <Picture {...props} />
    </Box>
  );
}

/** From this width a record's screen (a film, a series, a person) draws its picture beside the text. */
export const PICTURE_BESIDE_TEXT_MIN_COLUMNS = 80;

/**
 * A record's text with its picture to the right, when the terminal is wide enough and pictures
 * are on; the text alone, full width, otherwise. `children` draws the text `width` wide.
 */
export function BesidePicture({
  kind, filePath, what, width, height, children,
}: Omit<PictureProps, 'width' | 'height'> & { width: number; height: number; children: (width: number) => ReactNode }) {
  const on = usePicturesOn();
  const column = Math.max(16, Math.min(36, Math.floor(width * 0.3)));
  const area = width >= PICTURE_BESIDE_TEXT_MIN_COLUMNS ? pictureArea(kind, column, height, on, 1) : undefined;
  if (!area) return <>{children(width)}</>;
  return (
    <Box width={width} height={height}>
      <Box flexDirection="column" width={width - column - 2} height={height}>
        {children(width - column - 2)}
      </Box>
      <Box width={2} />
      <PictureBox kind={kind} filePath={filePath} what={what} width={area.width} height={area.height} />
    </Box>
  );
}

/** A preview with its picture on top (when the pane has room and pictures are on), and the rest below. */
export function WithPicture({
  kind, filePath, what, width, height, children,
}: Omit<PictureProps, 'width' | 'height'> & { width: number; height: number; children: (height: number) => ReactNode }) {
  const area = pictureArea(kind, width, height, usePicturesOn());
  if (!area) return <>{children(height)}</>;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <PictureBox kind={kind} filePath={filePath} what={what} width={area.width} height={area.height} />
      <Text> </Text>
      {children(height - area.height - 1)}
    </Box>
  );
}
