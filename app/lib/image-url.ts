/** Widths the /media route renders resized WebP copies at (server/media-route.ts). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

/**
 * The URL of a stored image at (about) `width` CSS pixels: our own /media files get a resized WebP copy;
 * anything else is returned as is. Use it for images in lists and cards, not for full-size views.
 */
export function sizedImageUrl(url: string | null | undefined, width: number): string | undefined {
  if (!url) return undefined;
  if (!url.startsWith("/media/")) return url;
  const chosen =
    IMAGE_WIDTHS.find((candidate) => candidate >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${url}?w=${chosen}`;
}

/**
 * `src`/`srcSet`/`sizes` for a stored image shown at `sizes`: the browser picks the smallest copy that is
 * sharp on its screen. For URLs we don't host, only `src`.
 */
export function responsiveImage(url: string, sizes: string, widths: readonly number[] = [480, 960]) {
  if (!url.startsWith("/media/")) return { src: url };
  return {
    src: sizedImageUrl(url, widths[0]),
    srcSet: widths.map((width) => `${sizedImageUrl(url, width)} ${width}w`).join(", "),
    sizes,
  };
}
