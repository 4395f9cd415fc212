import { useEffect, useState, useSyncExternalStore } from "react";
import { AdScreen } from "~/components/ads/ad-screen";
import { cn } from "~/lib/cn";
import { createBrowserPlayer, runBrowserPlayer } from "~/lib/kiosk-player/browser";
import type { ScreenPlayer } from "~/lib/kiosk-player/player";
import { STARTING_VIEW } from "~/lib/kiosk-player/player-view";
import { KioskTakeover } from "./kiosk-takeover";
import { KioskWaiting } from "./kiosk-waiting";

// The kiosk player's screen (docs/product.md#the-player). What plays when, the polls, the heartbeat and the plays
// are the player's (app/lib/kiosk-player/player.ts); this renders its view.

const CROSS_FADE_MS = 500;
const noSubscription = () => () => {};
const startingView = () => STARTING_VIEW;

export function KioskPlayer() {
  // One player per mount (React runs effects twice in development: the first player is stopped, a second starts).
  const [player, setPlayer] = useState<ScreenPlayer | null>(null);
  useEffect(() => {
    const started = createBrowserPlayer();
    setPlayer(started);
    return runBrowserPlayer(started);
  }, []);
  const view = useSyncExternalStore(
    player?.subscribe ?? noSubscription,
    player?.getView ?? startingView,
    startingView,
  );
  useEffect(() => {
    if (view.state === "unpaired") location.replace("/kiosk");
  }, [view.state]);

  if (view.state === "asleep") {
    // Dark outside opening hours: nothing on the page to decode or animate.
    return (
      <main
        id="main"
        className="h-dvh w-dvw bg-black"
        data-testid="kiosk-asleep"
        data-manifest-version={view.version ?? ""}
      >
        <h1 className="sr-only">Local Shine: this screen is asleep until opening time</h1>
      </main>
    );
  }
  if (view.takeover && view.state !== "unpaired")
    return <KioskTakeover takeover={view.takeover} orientation={view.orientation} />;
  if (view.state !== "playing") {
    return (
      <KioskWaiting
        message={
          view.state === "waiting"
            ? "This screen is getting ready. It starts playing as soon as it is connected."
            : "Getting ready…"
        }
      />
    );
  }
  return (
    <main
      id="main"
      className="relative h-dvh w-dvw overflow-hidden bg-ink"
      data-testid="kiosk-player"
      data-manifest-version={view.version ?? ""}
    >
      <h1 className="sr-only">Local Shine</h1>
      {view.slots.map((slot, layer) =>
        slot ? (
          <div
            key={slot.key}
            // The new item fades in over the one before, which stays whole underneath: a cross-fade with no dip.
            className={cn("absolute inset-0", layer === view.front ? "z-10" : "z-0")}
            style={
              layer === view.front ? { animation: `kiosk-fade-in ${CROSS_FADE_MS}ms ease-in-out` } : undefined
            }
            aria-hidden={layer === view.front ? undefined : true}
            data-layer={layer === view.front ? "front" : "back"}
            data-item-id={slot.item.id}
            data-ad-id={slot.item.adId ?? ""}
            data-play-id={slot.playId}
          >
            <AdScreen
              orientation={view.orientation}
              className="size-full aspect-auto"
              businessName={slot.item.businessName}
              callToAction={slot.item.callToAction}
              qrSvg={slot.item.qrSvg}
              shortLink={printedLink(slot.item.shortLink)}
              media={
                slot.item.media.kind === "video" ? (
                  <video
                    src={slot.item.media.url}
                    poster={slot.item.media.posterUrl}
                    muted
                    playsInline
                    autoPlay
                    preload="auto"
                    aria-label={slot.item.title}
                    onEnded={() => player?.videoEnded(slot.key)}
                  />
                ) : (
                  <img src={slot.item.media.url} alt={slot.item.title} />
                )
              }
            />
          </div>
        ) : null,
      )}
    </main>
  );
}

/** The short link as printed under the QR code: without the scheme and the kiosk's id (the code itself carries it). */
function printedLink(link: string): string {
  return link.replace(/^https?:\/\//, "").replace(/\?.*$/, "");
}
