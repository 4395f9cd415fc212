import { deviceFetch, UnpairedError, type DeviceCall, type PairedDevice } from "./device";
import { PLAYS_PATH, readManifest, sendHeartbeat, uploadPlays } from "./device-exchanges";
import type { PlayerStore, StoredManifest } from "./local-db";
import { manifestFiles, type ScreenItem, type ScreenManifest } from "./manifest";
import { Playback } from "./playback";
import { ViewStore } from "./player-view";
import { Timers, type PlayerClock } from "./timers";
import { prepareFiles, type WorkerLink } from "./worker-link";

// The kiosk player (docs/product.md#the-player): plays the last good manifest round and round by the server's
// clock (playback.ts), revalidates it every poll, hands new files to the service worker and switches once they are
// stored and verified, sends a heartbeat every minute and uploads its plays. Offline it keeps playing what it has.
// Everything it touches is handed to it (PlayerDeps: browser.ts in the browser, fakes in player.test.ts); what the
// screen shows is its view (player-view.ts), which the component renders.

export const PLAYER_VERSION = "1.0.0";
const HEARTBEAT_MS = 60_000;
/** Until a manifest says how often to poll. */
const FIRST_POLL_SECONDS = 60;
const MAX_ERRORS = 10;

export interface PlayerDeps {
  clock: PlayerClock;
  fetch: typeof fetch;
  /** The screen's token and kiosk, in the browser's own storage. */
  device: { read(): PairedDevice | null; forget(): void };
  store: PlayerStore;
  /** The service worker, once it controls the page (and was asked to keep the page's shell); null without one. */
  connectWorker(): Promise<WorkerLink | null>;
  /** Loads an item's file so it shows at once; false when it cannot. */
  preload(item: ScreenItem): Promise<boolean>;
  /** The storage the browser reports in use for the site. */
  storageUsage(): Promise<number | null>;
}

/** One run of the player on one page: start() once, stop() when the page lets go of it. */
export class ScreenPlayer {
  private readonly view = new ViewStore();
  private readonly timers: Timers<"poll" | "beat">;
  private device: PairedDevice | null = null;
  private playback: Playback | null = null;
  private stopped = false;
  private worker: WorkerLink | null = null;
  /** The newest manifest's poll interval, known as soon as it is read (before its files are ready). */
  private pollSeconds: number | null = null;
  private preparing: string | null = null;
  private uploading: Promise<void> | null = null;
  private readonly errors: string[] = [];

  constructor(private readonly deps: PlayerDeps) {
    this.timers = new Timers(deps.clock);
  }

  subscribe = this.view.subscribe;
  getView = this.view.get;

  start() {
    const device = this.deps.device.read();
    if (!device) return this.view.update((view) => ({ ...view, state: "unpaired" }));
    this.device = device;
    this.playback = new Playback({
      clock: this.deps.clock,
      store: this.deps.store,
      preload: (item) => this.deps.preload(item),
      kioskId: device.kioskId,
      view: this.view,
      noteError: (message) => this.noteError(message),
    });
    void this.boot(this.playback);
  }

  /** The page let go of the player: nothing more happens. */
  stop() {
    this.stopped = true;
    this.timers.stop();
    this.playback?.stop();
  }

  /** The page is going away (a reload, a restart): the play on screen is recorded as not completed, if there is time. */
  leave() {
    if (this.stopped) return;
    void this.playback?.halt();
    this.stop();
  }

  /** The network came back: the heartbeat (and the plays) and the manifest at once. */
  online() {
    if (this.stopped || !this.playback) return;
    void this.beat();
    void this.sync();
  }

  /** The video in slot `key` played to its end. */
  videoEnded(key: number) {
    void this.playback?.ended(key, true);
  }

  private async boot(playback: Playback) {
    const stored = await this.deps.store.loadManifest().catch(() => null);
    if (this.stopped) return;
    if (stored && stored.manifest.kiosk.id === this.device!.kioskId) {
      playback.offsetMs = stored.offsetMs;
      playback.switchTo(stored);
    }
    this.worker = await this.deps.connectWorker();
    if (this.stopped) return;
    await this.sync();
    void this.beat();
  }

  /** Kept as one line of text: the server refuses a heartbeat whose strings hold control characters. */
  private noteError(message: string) {
    this.errors.push(message.slice(0, 500).replace(/[\p{Cc}\p{Cs}]+/gu, " "));
    if (this.errors.length > MAX_ERRORS) this.errors.shift();
  }

  private readonly call: DeviceCall = (path, init) =>
    deviceFetch(path, this.device!.token, init, this.deps.fetch);

  private readonly now = () => this.deps.clock.now();

  /** New files are stored and checked by the worker first; then the player switches, and old files may go. */
  private async prepareAndSwitch(manifest: ScreenManifest) {
    if (this.preparing === manifest.version) return;
    this.preparing = manifest.version;
    try {
      let readyHashes: string[] | null = null;
      if (this.worker) {
        const reply = await prepareFiles(this.worker, manifest);
        readyHashes = reply.ready;
        for (const failure of reply.failed)
          this.noteError(`Could not store ${failure.url}: ${failure.error}`);
      }
      if (this.stopped) return;
      const stored: StoredManifest = { manifest, readyHashes, offsetMs: this.playback!.offsetMs };
      await this.deps.store.saveManifest(stored);
      this.playback!.switchTo(stored);
      this.worker?.post({ type: "switched", version: manifest.version, files: manifestFiles(manifest) });
    } finally {
      this.preparing = null;
    }
  }

  private async sync() {
    const playback = this.playback!;
    this.timers.clear("poll");
    try {
      const answer = await readManifest(this.call, playback.manifest?.version ?? null, this.now);
      if (answer.kind === "new") {
        playback.offsetMs = answer.offsetMs;
        this.pollSeconds = answer.manifest.pollSeconds;
        void this.prepareAndSwitch(answer.manifest).catch((error: unknown) => this.noteError(String(error)));
      } else if (answer.kind === "error") this.noteError(answer.message);
    } catch (error) {
      if (error instanceof UnpairedError) return void this.unpaired(error);
      if (!playback.manifest) this.view.update((view) => ({ ...view, state: "waiting" }));
    }
    // A new manifest's interval holds from the next poll on, even while its files are still being stored.
    const seconds = this.pollSeconds ?? playback.manifest?.pollSeconds ?? FIRST_POLL_SECONDS;
    this.timers.set("poll", seconds * 1000, () => void this.sync());
  }

  private async beat() {
    const playback = this.playback!;
    this.timers.clear("beat");
    try {
      const storageBytes = await this.deps.storageUsage();
      const errors = this.errors.splice(0);
      const onScreen = playback.onScreen;
      const report = {
        playerVersion: PLAYER_VERSION,
        manifestVersion: playback.manifest?.version ?? null,
        playing: onScreen ? { itemId: onScreen.item.id, adId: onScreen.item.adId } : null,
        storageBytes,
        errors,
      };
      const reply = await sendHeartbeat(this.call, report, this.now);
      if (reply) {
        playback.offsetMs = reply.offsetMs;
        if (reply.newer) void this.sync();
      } else this.errors.unshift(...errors);
      await this.sendPlays();
    } catch (error) {
      if (error instanceof UnpairedError) return void this.unpaired(error);
    }
    this.timers.set("beat", HEARTBEAT_MS, () => void this.beat());
  }

  /** One upload at a time: a second call while one runs is dropped. */
  private sendPlays(): Promise<void> {
    if (this.uploading) return Promise.resolve();
    const upload = uploadPlays(this.call, this.deps.store, () => this.playback?.onScreen?.playId ?? null);
    this.uploading = upload.finally(() => (this.uploading = null));
    return this.uploading;
  }

  /**
   * A device call answered 401: the token was revoked. The screen stops playing and sends the plays it holds while
   * the server may still take them (unless it was the plays that were refused); then it forgets its token, manifest,
   * files and plays (no token can upload them any more) and goes back to pairing.
   */
  private async unpaired(refused: UnpairedError) {
    if (this.stopped) return;
    this.stop();
    await this.playback!.halt();
    // One attempt: the upload under way, else a new one with every play kept (the one just ended among them).
    if (refused.path !== PLAYS_PATH)
      await (this.uploading ?? uploadPlays(this.call, this.deps.store, () => null)).catch(() => {});
    this.deps.device.forget();
    this.worker?.post({ type: "forget" });
    await this.deps.store.forgetEverything().catch(() => {});
    this.view.update((view) => ({ ...view, state: "unpaired" }));
  }
}
