const MAX_NAME_LENGTH = 255;

/**
 * The original file name, made safe to show: no path (some browsers send `C:\fakepath\…`), no control or
 * bidirectional-override characters, trimmed and at most 255 characters. Never used as a storage key.
 */
export function sanitizeFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!cleaned || cleaned === "." || cleaned === "..") return fallback;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  // Keep the extension visible when shortening.
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}
