import sharp from "sharp";
import type { IndustryId } from "~/lib/industries";

/**
 * Demo pictures drawn from SVG at seed time: no third-party photos (no licensing questions), nothing to download,
 * and every image still looks distinct because shapes and hues are derived from the name. Output is WebP at
 * quality 70, which keeps flat gradients and shapes well under 60 KB.
 */

export const BUSINESS_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const OWNER_PORTRAIT_SIZE = 400;
export const STORY_BACKGROUND_SIZE = { width: 1600, height: 900 } as const;

// Effort 2 instead of the default 4: about twice as fast to encode for ~the same size on these flat images.
const WEBP_OPTIONS = { quality: 70, effort: 2 } as const;

interface Palette {
  from: string;
  to: string;
  /** Light tint for motifs and text accents. */
  accent: string;
}

const PALETTES: Record<IndustryId, Palette> = {
  "home-services": { from: "#0f766e", to: "#0284c7", accent: "#ccfbf1" },
  "automobile-services": { from: "#1e293b", to: "#4338ca", accent: "#c7d2fe" },
  "food-industry": { from: "#c2410c", to: "#be123c", accent: "#ffedd5" },
  "professional-services": { from: "#1e3a8a", to: "#6d28d9", accent: "#ddd6fe" },
  "health-wellness": { from: "#047857", to: "#4d7c0f", accent: "#ecfccb" },
};

const FALLBACK_PALETTE: Palette = { from: "#334155", to: "#0f766e", accent: "#e2e8f0" };

function paletteFor(industry: string): Palette {
  return (PALETTES as Record<string, Palette>)[industry] ?? FALLBACK_PALETTE;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** FNV-1a: a stable seed per name, so re-seeding draws the same picture. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny deterministic PRNG in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** `upscaleTo`: rasterize smaller and enlarge; fine for soft gradients, and it roughly halves the rendering time. */
function toWebp(svg: string, upscaleTo?: { width: number; height: number }): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  if (upscaleTo) image.resize(upscaleTo.width, upscaleTo.height);
  return image.webp(WEBP_OPTIONS).toBuffer();
}

/** A simple per-industry pattern in the accent tint, kept to the side bands so it never sits behind the text. */
function industryMotif(industry: string, rand: () => number, color: string): string {
  const shapes: string[] = [];
  const place = () => {
    const band = rand() < 0.5 ? 0 : 900;
    return { x: band + 40 + rand() * 220, y: 50 + rand() * 530, s: 0.6 + rand() * 0.8 };
  };
  switch (industry) {
    case "home-services":
      for (let i = 0; i < 7; i++) {
        const { x, y, s } = place();
        const w = 90 * s;
        shapes.push(
          `<g transform="translate(${round(x)} ${round(y)})" fill="none" stroke="${color}" stroke-width="6" stroke-linejoin="round">` +
            `<polyline points="${round(-w * 0.6)},0 0,${round(-w * 0.55)} ${round(w * 0.6)},0"/>` +
            `<rect x="${round(-w * 0.42)}" y="0" width="${round(w * 0.84)}" height="${round(w * 0.6)}"/></g>`,
        );
      }
      break;
    case "automobile-services":
      for (let i = 0; i < 6; i++) {
        const { x, y, s } = place();
        const r = 60 * s;
        const spokes = [0, 60, 120]
          .map((deg) => `<line x1="${-r}" y1="0" x2="${r}" y2="0" transform="rotate(${deg})"/>`)
          .join("");
        shapes.push(
          `<g transform="translate(${round(x)} ${round(y)}) rotate(${Math.round(rand() * 60)})" fill="none" stroke="${color}" stroke-width="6">` +
            `<circle r="${round(r)}"/><circle r="${round(r * 0.35)}"/>${spokes}</g>`,
        );
      }
      break;
    case "food-industry":
      for (let i = 0; i < 14; i++) {
        const { x, y, s } = place();
        shapes.push(
          i % 3 === 0
            ? `<circle cx="${round(x)}" cy="${round(y)}" r="${round(50 * s)}" fill="none" stroke="${color}" stroke-width="6"/>`
            : `<circle cx="${round(x)}" cy="${round(y)}" r="${round(16 * s)}" fill="${color}"/>`,
        );
      }
      break;
    case "professional-services": {
      // A little bar chart in each side band.
      const baseY = 520;
      for (const start of [50, 942]) {
        for (let i = 0; i < 4; i++) {
          const h = 80 + rand() * 300;
          shapes.push(
            `<rect x="${start + i * 56}" y="${round(baseY - h)}" width="40" height="${round(h)}" rx="6" fill="${color}"/>`,
          );
        }
        shapes.push(
          `<line x1="${start - 16}" y1="${baseY + 14}" x2="${start + 224}" y2="${baseY + 14}" stroke="${color}" stroke-width="6"/>`,
        );
      }
      break;
    }
    default:
      for (let i = 0; i < 9; i++) {
        const { x, y, s } = place();
        shapes.push(
          `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(24 * s)}" ry="${round(62 * s)}" fill="${color}" transform="rotate(${Math.round(rand() * 180)} ${round(x)} ${round(y)})"/>`,
        );
      }
  }
  return `<g opacity="0.22">${shapes.join("")}</g>`;
}

/** The first letter or digit of a name, for the badge. */
function initialOf(name: string): string {
  return (name.match(/[\p{L}\p{N}]/u)?.[0] ?? "?").toUpperCase();
}

/** Two initials from a person's name, ignoring titles ("Dr.") and credentials after a comma (", CPA"). */
export function initialsOf(name: string): string {
  const words = name
    .split(",")[0]
    .split(/\s+/)
    .filter((word) => word && !/^(dr|mr|mrs|ms|mx)\.?$/i.test(word) && /[\p{L}]/u.test(word));
  if (words.length === 0) return "?";
  const first = initialOf(words[0]);
  return words.length === 1 ? first : first + initialOf(words[words.length - 1]);
}

/**
 * A 1200×630 banner: industry gradient, the industry's motif and an initial badge. No name on it: the name is
 * printed beside every picture (card title, page heading), so writing it on the image too said it twice. The badge
 * sits in the middle, so cards that crop to 4:3 or 16:9 still show it.
 */
export function renderBusinessImage(business: {
  name: string;
  industry: string;
  city?: string;
}): Promise<Buffer> {
  const { width, height } = BUSINESS_IMAGE_SIZE;
  const palette = paletteFor(business.industry);
  const rand = random(hashString(business.name));
  const angle = Math.round(rand() * 40);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${round(rand() * width)}" cy="${round(rand() * 160)}" r="280" fill="#ffffff" opacity="0.06"/>
  <circle cx="${round(300 + rand() * 600)}" cy="${round(480 + rand() * 150)}" r="220" fill="#000000" opacity="0.08"/>
  ${industryMotif(business.industry, rand, palette.accent)}
  <circle cx="600" cy="315" r="132" fill="#ffffff" opacity="0.14"/>
  <circle cx="600" cy="315" r="104" fill="#ffffff" opacity="0.95"/>
  <text x="600" y="358" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="120" fill="${palette.from}">${escapeXml(initialOf(business.name))}</text>
</svg>`;
  return toWebp(svg);
}

/** A square avatar: a soft gradient picked from the name's hash and the person's initials. */
export function renderOwnerPortrait(name: string): Promise<Buffer> {
  const size = OWNER_PORTRAIT_SIZE;
  const rand = random(hashString(name));
  const hue = Math.floor(rand() * 360);
  const from = `hsl(${hue}, 55%, 42%)`;
  const to = `hsl(${(hue + 40) % 360}, 60%, 30%)`;
  const initials = initialsOf(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <circle cx="${round(rand() * size)}" cy="${round(rand() * 120)}" r="150" fill="#ffffff" opacity="0.08"/>
  <circle cx="${round(rand() * size)}" cy="${round(300 + rand() * 100)}" r="120" fill="#ffffff" opacity="0.06"/>
  <text x="200" y="${initials.length > 1 ? 252 : 256}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${initials.length > 1 ? 150 : 170}" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return toWebp(svg);
}

/**
 * A 1600×900 abstract background for a story hero: industry gradient with large soft glows. Kept fairly dark
 * so white headline text laid over it stays readable.
 */
export function renderStoryBackground(story: { title: string; industry: string }): Promise<Buffer> {
  const { width, height } = STORY_BACKGROUND_SIZE;
  const palette = paletteFor(story.industry);
  const rand = random(hashString(story.title));
  const glows: string[] = [];
  const defs: string[] = [];
  for (let i = 0; i < 5; i++) {
    const color = i % 2 === 0 ? palette.accent : "#ffffff";
    defs.push(
      `<radialGradient id="g${i}"><stop offset="0" stop-color="${color}" stop-opacity="${round(0.18 + rand() * 0.2)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    glows.push(
      `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(rand() * height)}" r="${Math.round(220 + rand() * 380)}" fill="url(#g${i})"/>`,
    );
  }
  const waveY = 560 + rand() * 200;
  const wave = `<path d="M0 ${round(waveY)} C ${round(width * 0.3)} ${round(waveY - 160)}, ${round(width * 0.6)} ${round(waveY + 160)}, ${width} ${round(waveY - 40)} L ${width} ${height} L 0 ${height} Z" fill="#000000" opacity="0.18"/>`;
  // Drawn at half size (same viewBox) and enlarged: there are no hard edges to lose.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width / 2}" height="${height / 2}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${Math.round(20 + rand() * 50)} 0.5 0.5)">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    ${defs.join("")}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${glows.join("")}
  <g transform="scale(${round(width / 1200)} ${round(height / 630)})">${industryMotif(story.industry, rand, palette.accent)}</g>
  ${wave}
</svg>`;
  return toWebp(svg, { width, height });
}
