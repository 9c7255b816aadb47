/**
 * The smaller poster widths the media server makes on request (`?w=`, api/src/modules/video/http/posterSizes.ts),
 * and where it keeps each copy: beside the media, under `.sized/`, which static serving never exposes.
 * Deleting a post deletes these copies with its files.
 */
export const POSTER_WIDTHS = [384] as const;

export const scaledPosterKey = (key: string, width: number) => `.sized/w${width}/${key}`;

/** Every scaled copy a stored poster may have. */
export const scaledPosterKeys = (key: string) =>
  key.endsWith('.jpg') ? POSTER_WIDTHS.map((width) => scaledPosterKey(key, width)) : [];
