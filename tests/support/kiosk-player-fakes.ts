import type { AdTiming } from "../../app/lib/ad-schedule";
import type { PlayerStore, StoredManifest, StoredPlay } from "../../app/lib/kiosk-player/local-db";
import type { ScreenItem, ScreenManifest } from "../../app/lib/kiosk-player/manifest";
import { ScreenPlayer, type PlayerDeps } from "../../app/lib/kiosk-player/player";
import type { PreparedMessage, ToWorker } from "../../app/lib/kiosk-player/sw-protocol";
import type { WorkerLink } from "../../app/lib/kiosk-player/worker-link";

// In-memory stand-ins for everything the kiosk player is handed (app/lib/kiosk-player/player.ts): the device API,
// the service worker, IndexedDB and the token's storage. Time is Vitest's fake timers: the player's clock reads the
// faked Date, performance and setTimeout.

export const KIOSK_ID = "kiosk-1";
export const ALWAYS: AdTiming = { startsOn: "1970-01-01", endsOn: null, schedule: [] };

export function screenItem(
  id: string,
  {
    adId = id.toUpperCase(),
    seconds = 10,
    timing = ALWAYS,
    video = false,
  }: { adId?: string | null; seconds?: number; timing?: AdTiming; video?: boolean } = {},
): ScreenItem {
  return {
    id,
    kind: adId ? "ad" : "house",
    adId,
    title: id,
    businessName: "Bakery",
    media: {
      kind: video ? "video" : "image",
      url: `/media/${id}.${video ? "mp4" : "webp"}`,
      sha256: `hash-${id}`,
      bytes: 1,
      width: 1,
      height: 1,
      durationMs: null,
    },
    seconds,
    callToAction: null,
    qrSvg: "<svg/>",
    shortLink: "x",
    timing,
  };
}

export function screenManifest(version: string, items: ScreenItem[], pollSeconds = 60): ScreenManifest {
  return {
    version,
    serverTime: new Date(0).toISOString(),
    pollSeconds,
    kiosk: { id: KIOSK_ID, label: "Counter", orientation: "portrait", timeZone: "UTC" },
    items,
  };
}

/** The device API as the screen meets it: online or not, paired or not, serving `manifest`. */
export class FakeServer {
  manifest: ScreenManifest | null = null;
  online = true;
  /** Paths that answer 503 (the server is in trouble). */
  readonly failing = new Set<string>();
  /** Paths that answer 401 (the token was revoked). */
  readonly refusing = new Set<string>();
  /** Every request, in order, with the device clock when it was made. */
  readonly requests: { path: string; at: number }[] = [];
  /** Every play the server took, in order. */
  readonly plays: StoredPlay[] = [];
  /** Whether heartbeats answer "newer" when the screen's manifest is not the one served (off: always "no"). */
  heartbeatSaysNewer = false;
  /** Whether it holds manifest waits as the real server does (else the wait path is unknown: 404). */
  holdsWaits = false;
  /** The server's clock minus the device's. */
  skewMs = 0;
  /** Whether the heartbeat's reply asks for a screenshot; the pictures the screen sent (base64). */
  screenshotWanted = false;
  readonly screenshots: string[] = [];

  unpair(paths = ["/api/kiosk/manifest", "/api/kiosk/heartbeat", "/api/kiosk/plays"]) {
    for (const path of paths) this.refusing.add(path);
  }

  count(path: string) {
    return this.requests.filter((request) => request.path === path).length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const path = String(input);
    this.requests.push({ path, at: Date.now() });
    if (!this.online) throw new TypeError("Failed to fetch");
    if (this.refusing.has(path)) return Response.json({ error: "unpaired" }, { status: 401 });
    if (this.failing.has(path)) return Response.json({ error: "unavailable" }, { status: 503 });
    const serverTime = new Date(Date.now() + this.skewMs).toISOString();
    if (path === "/api/kiosk/manifest/wait" && this.holdsWaits) return this.waitForNewer(init);
    if (path === "/api/kiosk/manifest") {
      if (!this.manifest) return Response.json({ error: "none" }, { status: 503 });
      const known = new Headers(init?.headers).get("If-None-Match");
      if (known === `"${this.manifest.version}"`) return new Response(null, { status: 304 });
      return Response.json({ ...this.manifest, serverTime });
    }
    if (path === "/api/kiosk/heartbeat") {
      const { manifestVersion } = JSON.parse(String(init?.body)) as { manifestVersion: string | null };
      const newer = this.heartbeatSaysNewer && !!this.manifest && this.manifest.version !== manifestVersion;
      return Response.json({ serverTime, newer, screenshot: this.screenshotWanted });
    }
    if (path === "/api/kiosk/screenshot") {
      this.screenshots.push((JSON.parse(String(init?.body)) as { jpeg: string }).jpeg);
      return Response.json({ stored: true });
    }
    if (path === "/api/kiosk/plays") {
      const { plays } = JSON.parse(String(init?.body)) as { plays: StoredPlay[] };
      this.plays.push(...plays);
      return Response.json({ stored: plays.length, duplicates: 0, ignored: 0, refused: {} });
    }
    return Response.json({ error: "not found" }, { status: 404 });
  };

  /** Held until the manifest's version is not the one named, checked each second, for at most 25 s. */
  private async waitForNewer(init: RequestInit | undefined): Promise<Response> {
    const known = new Headers(init?.headers).get("If-None-Match");
    const current = () => (this.manifest ? `"${this.manifest.version}"` : null);
    for (let waited = 0; waited < 25_000 && current() === known; waited += 1_000)
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (!this.online) throw new TypeError("Failed to fetch");
    const version = this.manifest?.version ?? "";
    return Response.json({ newer: current() !== known, version, held: true });
  }
}

/** The screen's IndexedDB. */
export class MemoryStore implements PlayerStore {
  manifest: StoredManifest | null = null;
  readonly plays = new Map<string, StoredPlay>();
  forgotten = false;

  async loadManifest() {
    return this.manifest;
  }
  async saveManifest(stored: StoredManifest) {
    this.manifest = stored;
  }
  async addPlay(play: StoredPlay) {
    this.plays.set(play.id, { ...play });
  }
  async pendingPlays(limit: number) {
    return [...this.plays.values()].slice(0, limit);
  }
  async acknowledgePlays(ids: string[]) {
    for (const id of ids) this.plays.delete(id);
  }
  async forgetEverything() {
    this.forgotten = true;
    this.manifest = null;
    this.plays.clear();
  }
}

/** The kiosk service worker: stores every file of a manifest `prepareMs` after it is asked. */
export class FakeWorker implements WorkerLink {
  prepareMs = 0;
  readonly messages: ToWorker[] = [];
  private readonly listeners = new Set<(data: unknown) => void>();

  post(message: ToWorker) {
    this.messages.push(message);
    if (message.type !== "prepare") return;
    const reply: PreparedMessage = {
      type: "prepared",
      version: message.version,
      ready: message.files.map((file) => file.sha256),
      failed: [],
    };
    setTimeout(() => {
      for (const listener of [...this.listeners]) listener(reply);
    }, this.prepareMs);
  }

  listen(listener: (data: unknown) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** A paired screen with everything faked; `loadMs` is how long an item's file takes to load, by item id. */
export function fakeScreen() {
  const server = new FakeServer();
  const store = new MemoryStore();
  const worker = new FakeWorker();
  const loadMs = new Map<string, number>();
  /** What the screen's capture returns (a base64 JPEG, or null: nothing to show). */
  const capture = { picture: "c2NyZWVu" as string | null };
  const token = {
    value: { token: "device-token", kioskId: KIOSK_ID } as { token: string; kioskId: string } | null,
  };
  const deps: PlayerDeps = {
    clock: {
      now: () => Date.now(),
      monotonic: () => performance.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    fetch: server.fetch,
    device: { read: () => token.value, forget: () => void (token.value = null) },
    store,
    connectWorker: async () => worker,
    preload: (item) =>
      new Promise((resolve) => {
        const ms = loadMs.get(item.id);
        if (ms === undefined) resolve(true);
        else setTimeout(() => resolve(true), ms);
      }),
    storageUsage: async () => null,
    captureScreen: async () => capture.picture,
  };
  const player = new ScreenPlayer(deps);
  /** The item ids shown, in order, each once per play. */
  const shown: string[] = [];
  let lastKey = -1;
  player.subscribe(() => {
    const view = player.getView();
    const front = view.slots[view.front];
    if (view.state === "playing" && front && front.key !== lastKey) {
      lastKey = front.key;
      shown.push(front.item.id);
    }
  });
  return { player, server, store, worker, loadMs, token, shown, capture };
}
