import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { Storage } from "../infra/storage";

// The network's own slides between the ads (docs/product.md#kiosks): drawn from SVG on the server, stored once under
// a key made of their content hash (`kiosk-house/{sha256}.webp`), so a player caches them like any ad's media.

/** Square: fits both the portrait and the landscape media area of the kiosk screen. */
const SIZE = 1080;
const BRAND = { from: "#0b5563", to: "#0f2235", accent: "#f7c948", text: "#ffffff", soft: "#cfe8ec" };

export interface HouseMedia {
  kind: "image";
  url: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
  durationMs: null;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Words wrapped to lines of at most `perLine` characters, at most `maxLines` lines (the last one cut with "…"). */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= perLine)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word);
  }
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, perLine - 1)}…`;
  }
  return lines;
}

function textLines(
  lines: string[],
  { y, size, color, weight = 400 }: { y: number; size: number; color: string; weight?: number },
) {
  return lines
    .map(
      (line, i) =>
        `<text x="90" y="${y + i * Math.round(size * 1.2)}" font-family="sans-serif" font-weight="${weight}" font-size="${size}" fill="${color}">${escapeXml(line)}</text>`,
    )
    .join("");
}

function slideSvg({ eyebrow, headline, body }: { eyebrow: string; headline: string; body: string }): string {
  const title = wrap(headline, 18, 4);
  const bodyY = 330 + title.length * 96 + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${BRAND.from}"/><stop offset="1" stop-color="${BRAND.to}"/>
  </linearGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <circle cx="990" cy="90" r="170" fill="${BRAND.accent}" opacity="0.16"/>
  <circle cx="990" cy="90" r="75" fill="${BRAND.accent}" opacity="0.9"/>
  ${textLines([eyebrow.toUpperCase()], { y: 260, size: 34, color: BRAND.accent, weight: 700 })}
  ${textLines(title, { y: 360, size: 80, color: BRAND.text, weight: 700 })}
  ${textLines(wrap(body, 34, 5), { y: bodyY, size: 44, color: BRAND.soft })}
  ${textLines(["Local Shine"], { y: 990, size: 40, color: BRAND.text, weight: 700 })}
</svg>`;
}

/** The "Get a free kiosk" slide. */
export const FREE_KIOSK_SLIDE = {
  eyebrow: "Free for local businesses",
  headline: "Get a free kiosk for your business",
  body: "A free sanitizer kiosk for your customers, and free ad space for your business. Scan the code to apply.",
};

/** A featured Shine Story's slide. */
export function storySlide(story: { title: string; shortDescription: string; author: string }) {
  return {
    eyebrow: "Shine Story",
    headline: story.title,
    body: `${story.shortDescription} (${story.author})`,
  };
}

const rendered = new WeakMap<Storage, Map<string, Promise<HouseMedia>>>();

/** The slide's stored image, drawn and stored the first time this process needs it. */
export function houseSlideMedia(
  storage: Storage,
  slide: { eyebrow: string; headline: string; body: string },
): Promise<HouseMedia> {
  let memo = rendered.get(storage);
  if (!memo) rendered.set(storage, (memo = new Map()));
  const svg = slideSvg(slide);
  const memoKey = createHash("sha256").update(svg).digest("hex");
  let media = memo.get(memoKey);
  if (!media) {
    media = storeSlide(storage, svg);
    media.catch(() => memo.delete(memoKey));
    memo.set(memoKey, media);
  }
  return media;
}

async function storeSlide(storage: Storage, svg: string): Promise<HouseMedia> {
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer();
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = `kiosk-house/${sha256}.webp`;
  if (!(await storage.stat(key))) {
    await storage.put(key, Readable.from([bytes]), { contentType: "image/webp" });
  }
  return {
    kind: "image",
    url: storage.publicUrl(key),
    sha256,
    bytes: bytes.length,
    width: SIZE,
    height: SIZE,
    durationMs: null,
  };
}
