import { deviceFetch, UnpairedError, type DeviceCall, type PairedDevice } from "./device";
import { PLAYS_PATH, readManifest, sendHeartbeat, sendScreenshot, uploadPlays } from "./device-exchanges";
import type { PlayerStore, StoredManifest } from "./local-db";
import { manifestFiles, type ScreenItem, type ScreenManifest } from "./manifest";
import { isAwakeAt, nextChangeAt } from "./opening";
import { Playback } from "./playback";
import { ViewStore } from "./player-view";
import { Timers, type PlayerClock } from "./timers";
import { prepareFiles, type WorkerLink } from "./worker-link";
import { waitForManifest } from "./manifest-wait";
import { TakeoverControl } from "./takeover-control";

// The kiosk player (docs/product.md#the-player): plays the last good manifest round and round by the server's
// clock (playback.ts), revalidates it every poll, hands new files to the service worker and switches once they are
// stored and verified, sends a heartbeat every minute and uploads its plays. Offline it keeps playing what it has.
// Everything it touches is handed to it (PlayerDeps: browser.ts in the browser, fakes in player.test.ts); what the
// screen shows is its view (player-view.ts), which the component renders. Outside its host's opening hours it is
// dark (docs/product.md#sleep-outside-opening-hours): nothing plays or loads, no polls, a heartbeat every ten minutes;
// it wakes at opening by its own clock, online or not.

export const PLAYER_VERSION = "1.0.0";
const HEARTBEAT_MS = 60_000;
/** The heartbeat while the screen is dark. */
export const ASLEEP_HEARTBEAT_MS = 10 * 60_000;
/** The longest a dark (or awake) screen waits before it reads its hours again (a daylight-saving change moves them). */
const MAX_SLEEP_CHECK_MS = 15 * 60_000;
/** Until a manifest says how often to poll. */
const FIRST_POLL_SECONDS = 60;
const MAX_ERRORS = 10;
/** After a failed or refused manifest wait, the next one is sent this much later (the poll goes on meanwhile). */
export const WAIT_RETRY_MS = 30_000;

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
  /**
   * A small JPEG (base64) of what the screen shows (screen-capture.ts), or null when nothing plays; absent: the
   * screen sends no pictures.
   */
  captureScreen?(): Promise<string | null>;
}

/** One run of the player on one page: start() once, stop() when the page lets go of it. */
export class ScreenPlayer {
  private readonly view = new ViewStore();
  private readonly timers: Timers<"poll" | "beat" | "sleep" | "wait">;
  private device: PairedDevice | null = null;
  private playback: Playback | null = null;
  private takeover: TakeoverControl | null = null;
  /** The newest manifest version read (its files may still be being stored): what the manifest wait names. */
  private latestVersion: string | null = null;
  /** Ends the pause between two manifest waits early (the network came back). */
  private wakeWait: (() => void) | null = null;
  private stopped = false;
  private worker: WorkerLink | null = null;
  /** The newest manifest's poll interval, known as soon as it is read (before its files are ready). */
  private pollSeconds: number | null = null;
  private preparing: string | null = null;
  private uploading: Promise<void> | null = null;
  private readonly errors: string[] = [];
  /** The manifest in use (or to be used at waking) and whether the screen is dark now. */
  private stored: StoredManifest | null = null;
  private asleep = false;

  constructor(private readonly deps: PlayerDeps) {
    this.timers = new Timers(deps.clock);
  }

  subscribe = this.view.subscribe;
  getView = this.view.get;

  start() {
    const device = this.deps.device.read();
    if (!device) return this.view.update((view) => ({ ...view, state: "unpaired" }));
    this.device = device;
    this.playback = this.newPlayback();
    // Asks for the Playback in use each time: waking from sleep makes a new one.
    this.takeover = new TakeoverControl({
      clock: this.deps.clock,
      view: this.view,
      playback: () => this.playback!,
    });
    void this.boot(this.playback);
  }

  private newPlayback() {
    return new Playback({
      clock: this.deps.clock,
      store: this.deps.store,
      preload: (item) => this.deps.preload(item),
      kioskId: this.device!.kioskId,
      view: this.view,
      noteError: (message) => this.noteError(message),
    });
  }

  /** The page let go of the player: nothing more happens. */
  stop() {
    this.stopped = true;
    this.timers.stop();
    this.takeover?.stop();
    this.playback?.stop();
    this.wakeWait?.();
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
    this.wakeWait?.();
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
      this.latestVersion = stored.manifest.version;
      this.use(stored);
      this.takeover!.update(stored.manifest.takeovers);
    }
    this.worker = await this.deps.connectWorker();
    if (this.stopped) return;
    await this.sync();
    void this.beat();
    void this.waitForNewer();
  }

  /**
   * The fast path: a request the server holds until this screen's manifest changes (a priority message, a new ad),
   * then the manifest is read at once. The poll goes on beside it, so a screen behind a proxy that cuts held
   * requests still gets every change within a poll.
   */
  private async waitForNewer() {
    while (!this.stopped) {
      if (this.asleep) {
        // A dark screen sends nothing but its slow heartbeat: the wait resumes when it wakes.
        await new Promise<void>((resolve) => (this.wakeWait = resolve));
        this.wakeWait = null;
        continue;
      }
      let retry = false;
      try {
        const reply = await waitForManifest(this.call, this.latestVersion);
        if (this.stopped) return;
        if (reply?.newer) {
          await this.sync();
          // Read but not taken (an error answer): no second wait on the same news until the retry.
          retry = this.latestVersion !== reply.version;
        } else retry = !reply || !reply.held;
      } catch (error) {
        if (error instanceof UnpairedError) return void this.unpaired(error);
        retry = true;
      }
      if (retry && !this.stopped)
        await new Promise<void>((resolve) => {
          this.wakeWait = resolve;
          this.timers.set("wait", WAIT_RETRY_MS, resolve);
        });
      this.wakeWait = null;
    }
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
      this.use(stored);
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
        this.playback!.offsetMs = answer.offsetMs;
        this.pollSeconds = answer.manifest.pollSeconds;
        this.latestVersion = answer.manifest.version;
        // A message shows as soon as it is read; the manifest (with it) is stored once its files are.
        this.takeover!.update(answer.manifest.takeovers);
        void this.prepareAndSwitch(answer.manifest).catch((error: unknown) => this.noteError(String(error)));
      } else if (answer.kind === "error") this.noteError(answer.message);
      else this.latestVersion = playback.manifest?.version ?? null;
    } catch (error) {
      if (error instanceof UnpairedError) return void this.unpaired(error);
      if (!playback.manifest) this.view.update((view) => ({ ...view, state: "waiting" }));
    }
    // A new manifest's interval holds from the next poll on, even while its files are still being stored. A dark
    // screen does not poll: its heartbeat says when a newer manifest waits.
    const seconds = this.pollSeconds ?? playback.manifest?.pollSeconds ?? FIRST_POLL_SECONDS;
    if (!this.asleep) this.timers.set("poll", seconds * 1000, () => void this.sync());
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
        this.playback!.offsetMs = reply.offsetMs;
        this.followHours(); // a corrected clock may move opening or closing
        if (reply.newer) void this.sync();
        if (reply.screenshot && !this.asleep) void this.sendScreenshot(); // a dark screen shows nothing
      } else this.errors.unshift(...errors);
      await this.sendPlays();
    } catch (error) {
      if (error instanceof UnpairedError) return void this.unpaired(error);
    }
    this.timers.set("beat", this.asleep ? ASLEEP_HEARTBEAT_MS : HEARTBEAT_MS, () => void this.beat());
  }

  /** Plays `stored` from now on, unless the screen is dark by its hours (then it is what plays at waking). */
  private use(stored: StoredManifest) {
    this.stored = stored;
    this.followHours();
    // While dark, the halted Playback takes it too (it starts nothing): its version is the one reported and revalidated.
    if (this.playback!.manifest !== stored.manifest) this.playback!.switchTo(stored);
  }

  /**
   * Goes dark or wakes by the hours of the manifest in use, on the server's clock (the device's, corrected by the
   * offset it last heard), and plans the next look at them: at the next change, at most MAX_SLEEP_CHECK_MS ahead.
   */
  private readonly followHours = () => {
    if (this.stopped || !this.playback) return;
    const hours = this.stored?.manifest.openingHours ?? null;
    const now = new Date(this.deps.clock.now() + this.playback.offsetMs);
    const awake = isAwakeAt(hours, now);
    if (!awake && !this.asleep) this.fallAsleep();
    else if (awake && this.asleep) this.wakeUp();
    const next = nextChangeAt(hours, now);
    if (!next) return this.timers.clear("sleep");
    const wait = Math.min(Math.max(next.getTime() - now.getTime(), 1_000), MAX_SLEEP_CHECK_MS);
    this.timers.set("sleep", wait, this.followHours);
  };

  /**
   * Dark: the play on screen ends (recorded, not completed), the slots are emptied so nothing is decoded, polls
   * stop and the heartbeat slows down. The plays it holds still go with the heartbeat.
   */
  private fallAsleep() {
    this.asleep = true;
    // A halted Playback starts nothing again: waking makes a new one, on the same clock offset.
    void this.playback!.halt();
    this.timers.clear("poll");
    this.timers.set("beat", ASLEEP_HEARTBEAT_MS, () => void this.beat());
    this.view.update((view) => ({ ...view, state: "asleep", slots: [null, null] }));
  }

  /** Opening time: a fresh Playback on the manifest in use, then the manifest and a heartbeat at once. */
  private wakeUp() {
    this.asleep = false;
    const playback = this.newPlayback();
    playback.offsetMs = this.playback!.offsetMs;
    this.playback = playback;
    this.view.update((view) => ({ ...view, state: "waiting" }));
    if (this.stored) playback.switchTo(this.stored);
    // A priority message still on holds the new rotation too.
    this.takeover?.check();
    void this.sync();
    void this.beat();
    this.wakeWait?.();
  }

  /** The server asked for a picture of the screen: sent once, never retried (the next heartbeat asks again). */
  private async sendScreenshot() {
    try {
      const jpeg = await this.deps.captureScreen?.();
      if (jpeg && !this.stopped) await sendScreenshot(this.call, jpeg);
    } catch (error) {
      // A 401 is the heartbeat's to act on; a picture that cannot be drawn is worth a line in the next one.
      if (!(error instanceof UnpairedError)) this.noteError(`Screenshot: ${String(error)}`);
    }
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
