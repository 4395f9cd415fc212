import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_SIDE } from "~/lib/kiosk-screenshot";

// A picture of what the screen shows (docs/product.md#what-is-on-the-screen), drawn by hand onto a canvas: a page
// cannot photograph itself, so the visible elements are painted again in document order, small: backgrounds, the
// picture or the video's current frame (fitted as CSS fits it), the QR code's SVG, and each word of text where the
// browser laid it out. The layer underneath a cross-fade is left out. Good enough to tell which ad is on screen and
// that its panel is whole; not a pixel copy.

const QUALITIES = [0.7, 0.5, 0.35];

/** A base64 JPEG of the viewport, at most SCREENSHOT_MAX_SIDE px and SCREENSHOT_MAX_BYTES; null when nothing plays. */
export async function captureScreen(doc: Document): Promise<string | null> {
  const view = doc.defaultView;
  if (!view || !doc.querySelector('[data-layer="front"]')) return null;
  const width = view.innerWidth;
  const height = view.innerHeight;
  const scale = Math.min(1, SCREENSHOT_MAX_SIDE / Math.max(width, height));
  const canvas = doc.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.scale(scale, scale);
  // Media from another origin (an S3 bucket without CORS) taints the canvas: then the picture shows the rest.
  for (const withMedia of [true, false]) {
    await paint(context, doc, { width, height, withMedia });
    try {
      return await encode(canvas);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "SecurityError") || !withMedia) throw error;
    }
  }
  return null;
}

async function paint(
  context: CanvasRenderingContext2D,
  doc: Document,
  { width, height, withMedia }: { width: number; height: number; withMedia: boolean },
) {
  const view = doc.defaultView!;
  context.fillStyle = "#000";
  context.fillRect(0, 0, width, height);
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      // An SVG is painted whole, as a picture.
      if (node.parentElement?.closest("svg")) return NodeFilter.FILTER_REJECT;
      if (node.nodeType === Node.TEXT_NODE) return NodeFilter.FILTER_ACCEPT;
      const element = node as Element;
      if (element.matches('[data-layer="back"], script, style, template, noscript'))
        return NodeFilter.FILTER_REJECT;
      const style = view.getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Hidden, or visually hidden for screen readers only (1 px, clipped).
      if (style.display === "none" || style.visibility === "hidden" || box.width <= 1 || box.height <= 1)
        return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      paintText(context, node as Text, view);
      continue;
    }
    const element = node as Element;
    const box = element.getBoundingClientRect();
    const style = view.getComputedStyle(element);
    if (!isTransparent(style.backgroundColor)) {
      context.fillStyle = style.backgroundColor;
      context.beginPath();
      context.roundRect(box.left, box.top, box.width, box.height, parseFloat(style.borderTopLeftRadius) || 0);
      context.fill();
    }
    if (element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0) {
      if (withMedia) drawFitted(context, element, element.naturalWidth, element.naturalHeight, box, style);
    } else if (element instanceof HTMLVideoElement && element.readyState >= 2) {
      if (withMedia) drawFitted(context, element, element.videoWidth, element.videoHeight, box, style);
    } else if (element instanceof SVGSVGElement) {
      await paintSvg(context, element, box);
    }
  }
}

function isTransparent(color: string) {
  return color === "transparent" || /^rgba\(.*,\s*0\)$/.test(color) || /\/\s*0\)$/.test(color);
}

/** The picture or frame as `object-fit` lays it in its box (contain unless cover). */
function drawFitted(
  context: CanvasRenderingContext2D,
  source: CanvasImageSource,
  naturalWidth: number,
  naturalHeight: number,
  box: DOMRect,
  style: CSSStyleDeclaration,
) {
  if (!naturalWidth || !naturalHeight) return;
  const fit = style.objectFit === "cover" ? Math.max : Math.min;
  const ratio = fit(box.width / naturalWidth, box.height / naturalHeight);
  const w = naturalWidth * ratio;
  const h = naturalHeight * ratio;
  context.save();
  context.beginPath();
  context.rect(box.left, box.top, box.width, box.height);
  context.clip();
  context.drawImage(source, box.left + (box.width - w) / 2, box.top + (box.height - h) / 2, w, h);
  context.restore();
}

async function paintSvg(context: CanvasRenderingContext2D, svg: SVGSVGElement, box: DOMRect) {
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    context.drawImage(image, box.left, box.top, box.width, box.height);
  } catch {
    // An SVG that does not load on its own is left out.
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Each word where the browser put it, in its element's font and colour. */
function paintText(context: CanvasRenderingContext2D, text: Text, view: Window) {
  const parent = text.parentElement;
  if (!parent || !text.data.trim()) return;
  const style = view.getComputedStyle(parent);
  context.font = style.font;
  context.fillStyle = style.color;
  context.textBaseline = "middle";
  const range = text.ownerDocument.createRange();
  for (const word of text.data.matchAll(/\S+/g)) {
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const box = range.getBoundingClientRect();
    if (box.width > 0) context.fillText(word[0], box.left, box.top + box.height / 2);
  }
}

/** The canvas as a JPEG within SCREENSHOT_MAX_BYTES (lower qualities tried in turn), base64. */
async function encode(canvas: HTMLCanvasElement): Promise<string | null> {
  for (const quality of QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve, reject) => {
      try {
        canvas.toBlob(resolve, "image/jpeg", quality);
      } catch (error) {
        reject(error);
      }
    });
    if (blob && blob.size <= SCREENSHOT_MAX_BYTES) return toBase64(new Uint8Array(await blob.arrayBuffer()));
  }
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
