// The map page's interactive map (docs/decisions/100-map-page-in-two-steps.md). The page arrives as a picture of the
// partners' places drawn on the server, with every partner listed below it; this island only shows the button over
// the picture and, when it is pressed, loads Leaflet (a chunk of its own, with its stylesheets) and shows the
// interactive map in the picture's place, with the focus on its first control. Nothing is downloaded before. It
// changes only attributes of the server's markup, so a page React hydrates (a signed-in visitor's) stays as React
// rendered it.

import type { LeafletMapOptions } from "../components/map/leaflet-map";
import { NetworkMapAttr } from "./contract";

const box = document.querySelector<HTMLElement>(`[${NetworkMapAttr.Box}]`);
const open = box?.querySelector<HTMLButtonElement>(`[${NetworkMapAttr.Open}]`);

/** Resolves once a stylesheet has loaded (or failed: the map still works, unstyled, rather than never). */
function stylesheet(href: string) {
  return new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

let opening: Promise<void> | null = null;

function openMap(box: HTMLElement, open: HTMLButtonElement) {
  opening ??= (async () => {
    open.setAttribute("aria-busy", "true");
    open.disabled = true;
    const styles = (box.getAttribute(NetworkMapAttr.Styles) ?? "").split(" ").filter(Boolean);
    const [{ mountLeafletMap }] = await Promise.all([
      import("../components/map/leaflet-map"),
      ...styles.map(stylesheet),
    ]);
    const data = JSON.parse(
      box.querySelector(`script[${NetworkMapAttr.Data}]`)!.textContent!,
    ) as LeafletMapOptions;
    const live = box.querySelector<HTMLElement>(`[${NetworkMapAttr.Live}]`)!;
    const canvas = live.querySelector<HTMLElement>(`[${NetworkMapAttr.Canvas}]`)!;
    const fit = live.querySelector<HTMLButtonElement>(`[${NetworkMapAttr.FitAll}]`);
    box.querySelector<HTMLElement>(`[${NetworkMapAttr.Picture}]`)!.hidden = true;
    live.hidden = false;
    const map = mountLeafletMap(canvas, data);
    fit?.addEventListener("click", () => map.fitAll());
    // The button that was pressed is gone: the focus goes to the first control of the map in its place.
    (fit ?? canvas).focus({ preventScroll: true });
  })();
}

if (box && open) {
  open.hidden = false;
  open.addEventListener("click", () => openMap(box, open));
}
