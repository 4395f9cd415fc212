import type { Route } from "./+types/play";
import { KioskPlayer } from "~/components/kiosk/kiosk-player";
import type { PageHandle } from "~/lib/page-handle";

// /kiosk/play: the full-screen player of a paired screen (docs/product.md#the-player). No site chrome; the page is a
// shell the service worker keeps, and everything it plays comes from the device API and the worker's cache.

export const handle: PageHandle = { chrome: false };

export const meta: Route.MetaFunction = () => [
  { title: "Kiosk player | Local Shine" },
  { name: "robots", content: "noindex" },
];

export default function KioskPlay() {
  return <KioskPlayer />;
}
