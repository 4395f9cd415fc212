import { useEffect, useRef, useState } from "react";
import { AdScreen } from "~/components/ads/ad-screen";
import { cn } from "~/lib/cn";
import {
  deviceFetch,
  forgetDevice,
  keepShell,
  readDevice,
  registerKioskWorker,
  UnpairedError,
} from "~/lib/kiosk-player/device";
import {
  acknowledgePlays,
  addPlay,
  forgetEverything,
  loadManifest,
  pendingPlays,
  saveManifest,
  type StoredManifest,
} from "~/lib/kiosk-player/local-db";
import {
  clockOffset,
  isScreenManifest,
  manifestFiles,
  mayPlayAt,
  newPlayId,
  nextItem,
  STALLED_VIDEO_GRACE_SECONDS,
  type ScreenItem,
  type ScreenManifest,
} from "~/lib/kiosk-player/manifest";
import type { PreparedMessage } from "~/lib/kiosk-player/sw-protocol";
import { MAX_PLAYS_PER_BATCH } from "~/lib/kiosk-schemas";
import { KioskWaiting } from "./kiosk-waiting";

// The kiosk player (docs/product.md#the-player): plays the last good manifest round and round by the server's
// clock, revalidates it every poll, hands new files to the service worker and switches once they are stored and
// verified, sends a heartbeat every minute and uploads its plays. Offline it keeps playing what it has.

export const PLAYER_VERSION = "1.0.0";
const HEARTBEAT_MS = 60_000;
const RETRY_MS = 5_000;
const CROSS_FADE_MS = 500;
const MAX_ERRORS = 10;
/** The most a play's start is moved later so it does not overlap the one before (a small clock correction). */
const MAX_CLAMP_MS = 10_000;

interface Slot {
  key: number;
  item: ScreenItem;
  playId: string;
}

interface View {
  front: 0 | 1;
  slots: [Slot | null, Slot | null];
  orientation: "portrait" | "landscape";
  version: string | null;
  state: "starting" | "waiting" | "playing";
}

export function KioskPlayer() {
  const [view, setView] = useState<View>({
    front: 0,
    slots: [null, null],
    orientation: "portrait",
    version: null,
    state: "starting",
  });
  const videoEnded = useRef<(key: number) => void>(() => {});

  useEffect(() => {
    const device = readDevice();
    if (!device) {
      location.replace("/kiosk");
      return;
    }
    const { token } = device;
    let stopped = false;
    let worker: ServiceWorker | null = null;
    let current: StoredManifest | null = null;
    let offsetMs = 0;
    let position = -1;
    let lastAdId: string | null = null;
    let preparing: string | null = null;
    let uploading = false;
    let advancing = false;
    let slotKey = 0;
    /** When the last play ended (server time): the next one never starts before it (docs/security.md#proof-of-play). */
    let lastEndedAt = 0;
    let playing: {
      key: number;
      item: ScreenItem;
      index: number;
      playId: string;
      startedAt: Date;
      startedTick: number;
    } | null = null;
    const errors: string[] = [];
    const timers = { advance: 0, poll: 0, beat: 0 } as Record<"advance" | "poll" | "beat", number>;
    const later = (name: keyof typeof timers, ms: number, run: () => void) => {
      window.clearTimeout(timers[name]);
      if (!stopped) timers[name] = window.setTimeout(run, ms);
    };
    const serverNow = () => new Date(Date.now() + offsetMs);
    // Sent as one line of text: the server refuses a heartbeat whose strings hold control characters.
    const noteError = (message: string) => {
      errors.push(message.slice(0, 500).replace(/[\p{Cc}\p{Cs}]+/gu, " "));
      if (errors.length > MAX_ERRORS) errors.shift();
    };

    async function unpaired() {
      if (stopped) return;
      stopped = true;
      forgetDevice();
      worker?.postMessage({ type: "forget" });
      await forgetEverything().catch(() => {});
      location.replace("/kiosk");
    }

    const isReady = (item: ScreenItem) =>
      !current?.readyHashes || current.readyHashes.includes(item.media.sha256);

    /** Loads the item's file (from the worker's cache when stored) so it shows at once; false when it cannot. */
    async function preload(item: ScreenItem): Promise<boolean> {
      try {
        if (item.media.kind === "image") {
          const image = new Image();
          image.src = item.media.url;
          await image.decode();
          return true;
        }
        const video = document.createElement("video");
        video.muted = true;
        video.preload = "auto";
        video.src = item.media.url;
        return await new Promise<boolean>((resolve) => {
          const timer = window.setTimeout(() => resolve(false), 20_000);
          video.addEventListener("loadeddata", () => (window.clearTimeout(timer), resolve(true)), {
            once: true,
          });
          video.addEventListener("error", () => (window.clearTimeout(timer), resolve(false)), { once: true });
        });
      } catch {
        return false;
      }
    }

    /** Picks and loads the next item, then shows it. One at a time: a second call while one runs is dropped. */
    async function advance() {
      if (advancing) return;
      advancing = true;
      window.clearTimeout(timers.advance);
      try {
        while (!stopped && current) {
          const manifest = current.manifest;
          const now = serverNow();
          let candidate = nextItem(manifest, position, now, { lastAdId, isReady });
          let loaded = false;
          for (let tries = 0; candidate && tries < manifest.items.length; tries++) {
            if ((loaded = await preload(candidate.item))) break;
            noteError(`Could not load ${candidate.item.media.url}`);
            candidate = nextItem(manifest, candidate.index, now, { lastAdId, isReady });
          }
          if (stopped) return;
          if (current?.manifest !== manifest) continue; // switched while loading: pick again from the new one
          // Its window closed while its file loaded: pick again, so nothing starts outside its window.
          if (candidate && loaded && !mayPlayAt(manifest, candidate.item, serverNow())) continue;
          if (candidate && loaded) return show(candidate);
          // Nothing may play right now: what is on screen stays (or the waiting screen), and it tries again soon.
          setView((view) => (view.state === "playing" ? view : { ...view, state: "waiting" }));
          later("advance", RETRY_MS, () => void advance());
          return;
        }
      } finally {
        advancing = false;
      }
    }

    function show({ index, item }: { index: number; item: ScreenItem }) {
      const key = ++slotKey;
      const playId = newPlayId();
      // A clock correction since the last play may put "now" a little before that play's end; a screen shows one
      // thing at a time, so its plays never overlap (the server refuses ones that do). A correction of more than a
      // few seconds means the earlier times were wrong, not this one: it is taken as it is.
      const now = serverNow().getTime();
      const startedAt = new Date(lastEndedAt > now && lastEndedAt - now < MAX_CLAMP_MS ? lastEndedAt : now);
      playing = { key, item, index, playId, startedAt, startedTick: performance.now() };
      // Written at once (not completed), so a play cut short by a crash or a reload is still counted.
      void savePlay(playing, false);
      position = index;
      lastAdId = item.adId;
      setView((view) => {
        const front = view.front === 0 ? 1 : 0;
        const slots: View["slots"] = [...view.slots];
        slots[front] = { key, item, playId };
        return { ...view, front, slots, state: "playing" };
      });
      if (item.media.kind === "image") later("advance", item.seconds * 1000, () => void endPlay(key, true));
      // A video ends with its `ended` event; one that stalls is cut off and counted as not completed.
      else
        later("advance", (item.seconds + STALLED_VIDEO_GRACE_SECONDS) * 1000, () => void endPlay(key, false));
    }

    /** The play as it stands: its end measured on the monotonic clock, so a clock correction mid-play cannot bend it. */
    async function savePlay(play: NonNullable<typeof playing>, completed: boolean) {
      const elapsed = Math.max(0, Math.round(performance.now() - play.startedTick));
      lastEndedAt = Math.max(lastEndedAt, play.startedAt.getTime() + elapsed);
      try {
        await addPlay({
          id: play.playId,
          kioskId: device!.kioskId,
          adId: play.item.adId,
          itemId: play.item.id,
          startedAt: play.startedAt.toISOString(),
          endedAt: new Date(play.startedAt.getTime() + elapsed).toISOString(),
          completed,
        });
      } catch (error) {
        noteError(`Could not record a play: ${String(error)}`);
      }
    }

    async function endPlay(key: number, completed: boolean) {
      const play = playing;
      if (!play || play.key !== key) return;
      playing = null;
      await savePlay(play, completed);
      await advance();
    }

    videoEnded.current = (key) => void endPlay(key, true);

    function switchTo(stored: StoredManifest) {
      const wasIdle = !current;
      current = stored;
      const same = playing ? stored.manifest.items.findIndex((item) => item.id === playing!.item.id) : -1;
      position = same >= 0 ? same : Math.min(position, stored.manifest.items.length - 1);
      setView((view) => ({
        ...view,
        orientation: stored.manifest.kiosk.orientation,
        version: stored.manifest.version,
      }));
      if (wasIdle || !playing) void advance();
    }

    function askWorker(target: ServiceWorker, manifest: ScreenManifest): Promise<PreparedMessage> {
      return new Promise((resolve) => {
        const listen = (event: MessageEvent) => {
          const reply = event.data as PreparedMessage;
          if (reply?.type !== "prepared" || reply.version !== manifest.version) return;
          navigator.serviceWorker.removeEventListener("message", listen);
          resolve(reply);
        };
        navigator.serviceWorker.addEventListener("message", listen);
        target.postMessage({ type: "prepare", version: manifest.version, files: manifestFiles(manifest) });
      });
    }

    /** New files are stored and checked by the worker first; then the player switches, and old files may go. */
    async function prepareAndSwitch(manifest: ScreenManifest) {
      if (preparing === manifest.version) return;
      preparing = manifest.version;
      try {
        let readyHashes: string[] | null = null;
        if (worker) {
          const reply = await askWorker(worker, manifest);
          readyHashes = reply.ready;
          for (const failure of reply.failed) noteError(`Could not store ${failure.url}: ${failure.error}`);
        }
        if (stopped) return;
        const stored: StoredManifest = { manifest, readyHashes, offsetMs };
        await saveManifest(stored);
        switchTo(stored);
        worker?.postMessage({ type: "switched", version: manifest.version, files: manifestFiles(manifest) });
      } finally {
        preparing = null;
      }
    }

    async function sync() {
      window.clearTimeout(timers.poll);
      try {
        const headers: HeadersInit = current ? { "If-None-Match": `"${current.manifest.version}"` } : {};
        const sentAt = Date.now();
        const response = await deviceFetch("/api/kiosk/manifest", token, { headers });
        if (response.status === 200) {
          const body: unknown = await response.json();
          if (isScreenManifest(body)) {
            offsetMs = clockOffset(body.serverTime, sentAt, Date.now());
            void prepareAndSwitch(body).catch((error: unknown) => noteError(String(error)));
          } else noteError("The manifest could not be read");
        } else if (response.status !== 304) noteError(`Manifest: HTTP ${response.status}`);
      } catch (error) {
        if (error instanceof UnpairedError) return void unpaired();
        if (!current) setView((view) => ({ ...view, state: "waiting" }));
      }
      later("poll", (current?.manifest.pollSeconds ?? 60) * 1000, () => void sync());
    }

    async function beat() {
      window.clearTimeout(timers.beat);
      try {
        const estimate = await navigator.storage?.estimate?.().catch(() => null);
        const sent = errors.splice(0);
        const sentAt = Date.now();
        const response = await deviceFetch("/api/kiosk/heartbeat", token, {
          method: "POST",
          body: JSON.stringify({
            playerVersion: PLAYER_VERSION,
            manifestVersion: current?.manifest.version ?? null,
            playing: playing ? { itemId: playing.item.id, adId: playing.item.adId } : null,
            storageBytes: estimate?.usage ?? null,
            errors: sent,
          }),
        });
        if (response.ok) {
          const reply = (await response.json()) as { serverTime: string; newer: boolean };
          offsetMs = clockOffset(reply.serverTime, sentAt, Date.now());
          if (reply.newer) void sync();
        } else errors.unshift(...sent);
        await uploadPlays();
      } catch (error) {
        if (error instanceof UnpairedError) return void unpaired();
      }
      later("beat", HEARTBEAT_MS, () => void beat());
    }

    /** Sends the unacknowledged plays in batches; each batch is forgotten only once the server answered it. */
    async function uploadPlays() {
      if (uploading) return;
      uploading = true;
      try {
        for (;;) {
          // The play on screen now is sent once it has ended.
          const batch = (await pendingPlays(MAX_PLAYS_PER_BATCH + 1))
            .filter((play) => play.id !== playing?.playId)
            .slice(0, MAX_PLAYS_PER_BATCH);
          if (batch.length === 0) break;
          const response = await deviceFetch("/api/kiosk/plays", token, {
            method: "POST",
            body: JSON.stringify({ plays: batch }),
          });
          if (!response.ok) break;
          await acknowledgePlays(batch.map((play) => play.id));
          if (batch.length < MAX_PLAYS_PER_BATCH) break;
        }
      } finally {
        uploading = false;
      }
    }

    // A play cut short by the page going away (a reload, a restart) is recorded as not completed, when there is time.
    const leaving = () => {
      if (stopped) return;
      if (playing) void endPlay(playing.key, false);
      stopped = true; // nothing new starts on a page that is going away
    };
    window.addEventListener("pagehide", leaving);
    const backOnline = () => {
      void beat();
      void sync();
    };
    window.addEventListener("online", backOnline);

    void (async () => {
      const stored = await loadManifest().catch(() => null);
      if (stopped) return;
      if (stored && stored.manifest.kiosk.id === device.kioskId) {
        offsetMs = stored.offsetMs;
        switchTo(stored);
      }
      worker = await registerKioskWorker();
      if (worker) keepShell(worker);
      if (stopped) return;
      await sync();
      void beat();
    })();

    return () => {
      stopped = true;
      window.removeEventListener("online", backOnline);
      window.removeEventListener("pagehide", leaving);
      for (const timer of Object.values(timers)) window.clearTimeout(timer);
    };
  }, []);

  if (view.state !== "playing") {
    return (
      <KioskWaiting
        message={
          view.state === "starting"
            ? "Getting ready…"
            : "This screen is getting ready. It starts playing as soon as it is connected."
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
                    onEnded={() => videoEnded.current(slot.key)}
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
