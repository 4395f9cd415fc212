// The shape of a picture or video, and which of an ad's versions a screen shows (docs/product.md#ads, "Two
// shapes"). Kiosk screens are portrait (1080×1920) unless an admin set one to landscape; a version of the other
// shape is shown whole, letterboxed, and fills only part of the screen. One rule, used by the manifest (what a
// screen plays) and by the editor's preview (what the owner is shown).

export type MediaShape = "portrait" | "landscape" | "square";
export type ScreenShape = "portrait" | "landscape";

/** Within this ratio of 1:1 a picture counts as square: it suits either screen about as well. */
const SQUARE_WITHIN = 1.15;

export function shapeOf(
  width: number | null | undefined,
  height: number | null | undefined,
): MediaShape | null {
  if (!width || !height) return null;
  const ratio = width / height;
  if (ratio > SQUARE_WITHIN) return "landscape";
  if (ratio < 1 / SQUARE_WITHIN) return "portrait";
  return "square";
}

/**
 * The version a screen of `orientation` shows: the one of its shape, else a square one, else the first (the ad's
 * main version). A version whose shape is not known yet (still processing) never wins over the main one.
 */
export function pickVersion<T extends { shape: MediaShape | null }>(
  versions: readonly T[],
  orientation: ScreenShape,
): T {
  return (
    versions.find((version) => version.shape === orientation) ??
    versions.find((version) => version.shape === "square") ??
    versions[0]!
  );
}

/** A media card's word for each shape, and what it does on a tall kiosk screen. */
export const SHAPE_LABELS: Record<MediaShape, { label: string; fit: string }> = {
  portrait: { label: "Tall", fit: "Tall: fills a kiosk screen" },
  landscape: { label: "Wide", fit: "Wide: fills about a third of a tall kiosk screen" },
  square: { label: "Square", fit: "Square: fills the width of a kiosk screen" },
};

/** What the upload dialog and the editor tell an owner about shapes. */
export const SHAPE_ADVICE =
  "Kiosk screens are tall (portrait, 1080×1920). A tall picture or video (9:16) fills the screen; a wide one (16:9) fills about a third of it. An ad can carry a tall and a wide version: each screen plays the one that fits.";

/** A caption for a preview screen showing `shape` on a screen of `orientation`: null when it fits. */
export function fitNote(shape: MediaShape | null, orientation: ScreenShape): string | null {
  if (!shape || shape === "square" || shape === orientation) return null;
  return orientation === "portrait"
    ? "This wide version fills about a third of a tall screen. Add a tall version to fill it."
    : "This tall version fills about a third of a wide screen. Add a wide version to fill it.";
}
