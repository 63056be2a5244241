import { imageAddressProblem, imageUrl, type ImageKind } from '../../api/images.js';
import type { Configuration, ImageEntry, MovieImages } from '../../contract/index.js';

export type { ImageKind };

/** One image of a movie or a person, with the kind that decides its sizes. */
export interface ImageRow {
  readonly kind: ImageKind;
  readonly entry: ImageEntry;
}

/** E22's three arrays as one list: posters, then backdrops, then logos. */
export function movieImageRows(images: MovieImages): ImageRow[] {
  return [
    ...(images.posters ?? []).map((entry): ImageRow => ({ kind: 'poster', entry })),
    ...(images.backdrops ?? []).map((entry): ImageRow => ({ kind: 'backdrop', entry })),
    ...(images.logos ?? []).map((entry): ImageRow => ({ kind: 'logo', entry })),
  ];
}

/** The image kind whose sizes fit an E8 `image_type` ("poster", "still", "backdrop", ...). */
export function imageKindOf(imageType: string): ImageKind {
  const kinds: readonly ImageKind[] = ['poster', 'backdrop', 'logo', 'profile', 'still'];
  return kinds.find((kind) => kind === imageType) ?? 'poster';
}

/**
 * The full address of an image in its original size: the E17 base address, a size and the
 * file path. Undefined until the configuration is loaded, and for an address that is refused
 * (see imageAddressRefusal).
 */
export function imageAddress(configuration: Configuration | undefined, kind: ImageKind, filePath: string): string | undefined {
  if (!configuration || imageAddressProblem(configuration, filePath)) return undefined;
  return imageUrl(configuration, kind, filePath);
}

/** Why an image's address is not offered for opening or copying; undefined when it is. */
export function imageAddressRefusal(configuration: Configuration | undefined, filePath: string): string | undefined {
  const problem = configuration ? imageAddressProblem(configuration, filePath) : undefined;
  return problem ? `No address to open or copy: ${problem}.` : undefined;
}

