import type { PlayerStore, StoredManifest } from "./local-db";
import {
  mayPlayAt,
  newPlayId,
  nextItem,
  STALLED_VIDEO_GRACE_SECONDS,
  type ScreenItem,
  type ScreenManifest,
} from "./manifest";
import type { PlayerView, ViewStore } from "./player-view";
import { Timers, type PlayerClock } from "./timers";

// What is on the screen (docs/product.md#the-player): round the manifest in use by the server's clock, each item
// loaded before it shows, each play recorded (docs/product.md#proof-of-play). Which manifest is in use is the
// player's call (player.ts): it hands one over with switchTo.

const RETRY_MS = 5_000;
/** The most a play's start is moved later so it does not overlap the one before (a small clock correction). */
const MAX_CLAMP_MS = 10_000;

/** Slot keys are unique on the page, across Playbacks (a screen waking from sleep starts a new one). */
let lastSlotKey = 0;

export interface PlaybackDeps {
  clock: PlayerClock;
  store: Pick<PlayerStore, "addPlay">;
  /** Loads an item's file so it shows at once; false when it cannot. */
  preload(item: ScreenItem): Promise<boolean>;
  kioskId: string;
  view: ViewStore;
  noteError(message: string): void;
}

interface Play {
  key: number;
  item: ScreenItem;
  playId: string;
  startedAt: Date;
  startedTick: number;
}

export class Playback {
  /** Server time minus device time, in ms. */
  offsetMs = 0;
  private current: StoredManifest | null = null;
  private position = -1;
  private lastAdId: string | null = null;
  private advancing = false;
  private stopped = false;
  /** A priority message covers the screen: no play starts. */
  private paused = false;
  /** When the last play ended (server time): the next one never starts before it (docs/security.md#proof-of-play). */
  private lastEndedAt = 0;
  private playing: Play | null = null;
  private readonly timers: Timers<"advance">;

  constructor(private readonly deps: PlaybackDeps) {
    this.timers = new Timers(deps.clock);
  }

  /** The manifest in use, null before the first. */
  get manifest(): ScreenManifest | null {
    return this.current?.manifest ?? null;
  }

  /** The item on screen and its play, while one plays. */
  get onScreen(): { item: ScreenItem; playId: string } | null {
    return this.playing;
  }

  /** Uses `stored` from now on: the item on screen plays on to its end, what follows it comes from `stored`. */
  switchTo(stored: StoredManifest) {
    const wasIdle = !this.current;
    this.current = stored;
    const playing = this.playing;
    const same = playing ? stored.manifest.items.findIndex((item) => item.id === playing.item.id) : -1;
    this.position = same >= 0 ? same : Math.min(this.position, stored.manifest.items.length - 1);
    this.deps.view.update((view) => ({
      ...view,
      orientation: stored.manifest.kiosk.orientation,
      version: stored.manifest.version,
    }));
    if (wasIdle || !this.playing) void this.advance();
  }

  /** The play in slot `key` ended (its video's `ended` event, or its time ran out); the next one follows. */
  async ended(key: number, completed: boolean) {
    const play = this.playing;
    if (!play || play.key !== key) return;
    this.playing = null;
    await this.savePlay(play, completed);
    await this.advance();
  }

  /**
   * A priority message covers the screen (takeover-control.ts): the play on screen ends now, recorded as not
   * completed, the screen's slots empty (nothing decodes underneath) and nothing new starts until resume().
   */
  async pause() {
    if (this.paused) return;
    this.paused = true;
    this.timers.clear("advance");
    const play = this.playing;
    this.playing = null;
    this.deps.view.update((view) => ({ ...view, slots: [null, null] }));
    if (play) await this.savePlay(play, false);
  }

  /** The message ended: the rotation goes on from where it was. */
  resume() {
    if (!this.paused) return;
    this.paused = false;
    void this.advance();
  }

  /** Nothing new starts; the play on screen is recorded as not completed (written before the first await). */
  async halt() {
    this.stop();
    const play = this.playing;
    this.playing = null;
    if (play) await this.savePlay(play, false);
  }

  stop() {
    this.stopped = true;
    this.timers.stop();
  }

  private serverNow() {
    return new Date(this.deps.clock.now() + this.offsetMs);
  }

  private readonly isReady = (item: ScreenItem) =>
    !this.current?.readyHashes || this.current.readyHashes.includes(item.media.sha256);

  /** Picks and loads the next item, then shows it. One at a time: a second call while one runs is dropped. */
  private async advance() {
    if (this.advancing) return;
    this.advancing = true;
    this.timers.clear("advance");
    try {
      while (!this.stopped && !this.paused && this.current) {
        const manifest = this.current.manifest;
        const now = this.serverNow();
        const rules = { lastAdId: this.lastAdId, isReady: this.isReady };
        let candidate = nextItem(manifest, this.position, now, rules);
        let loaded = false;
        for (let tries = 0; candidate && tries < manifest.items.length; tries++) {
          if ((loaded = await this.deps.preload(candidate.item))) break;
          this.deps.noteError(`Could not load ${candidate.item.media.url}`);
          candidate = nextItem(manifest, candidate.index, now, rules);
        }
        if (this.stopped || this.paused) return;
        if (this.current?.manifest !== manifest) continue; // switched while loading: pick again from the new one
        // Its window closed while its file loaded: pick again, so nothing starts outside its window.
        if (candidate && loaded && !mayPlayAt(manifest, candidate.item, this.serverNow())) continue;
        if (candidate && loaded) return this.show(candidate);
        // Nothing may play right now: what is on screen stays (or the waiting screen), and it tries again soon.
        this.deps.view.update((view) => (view.state === "playing" ? view : { ...view, state: "waiting" }));
        this.timers.set("advance", RETRY_MS, () => void this.advance());
        return;
      }
    } finally {
      this.advancing = false;
    }
  }

  private show({ index, item }: { index: number; item: ScreenItem }) {
    const key = ++lastSlotKey;
    const playId = newPlayId();
    // A clock correction since the last play may put "now" a little before that play's end; a screen shows one
    // thing at a time, so its plays never overlap (the server refuses ones that do). A correction of more than a
    // few seconds means the earlier times were wrong, not this one: it is taken as it is.
    const now = this.serverNow().getTime();
    const lastEnded = this.lastEndedAt;
    const startedAt = new Date(lastEnded > now && lastEnded - now < MAX_CLAMP_MS ? lastEnded : now);
    this.playing = { key, item, playId, startedAt, startedTick: this.deps.clock.monotonic() };
    // Written at once (not completed), so a play cut short by a crash or a reload is still counted.
    void this.savePlay(this.playing, false);
    this.position = index;
    this.lastAdId = item.adId;
    this.deps.view.update((view) => {
      const front = view.front === 0 ? 1 : 0;
      const slots: PlayerView["slots"] = [...view.slots];
      slots[front] = { key, item, playId };
      return { ...view, front, slots, state: "playing" };
    });
    // A video ends with its `ended` event; one that stalls is cut off and counted as not completed.
    const video = item.media.kind === "video";
    const seconds = video ? item.seconds + STALLED_VIDEO_GRACE_SECONDS : item.seconds;
    this.timers.set("advance", seconds * 1000, () => void this.ended(key, !video));
  }

  /** The play as it stands: its end measured on the monotonic clock, so a clock correction mid-play cannot bend it. */
  private async savePlay(play: Play, completed: boolean) {
    const elapsed = Math.max(0, Math.round(this.deps.clock.monotonic() - play.startedTick));
    this.lastEndedAt = Math.max(this.lastEndedAt, play.startedAt.getTime() + elapsed);
    try {
      await this.deps.store.addPlay({
        id: play.playId,
        kioskId: this.deps.kioskId,
        adId: play.item.adId,
        itemId: play.item.id,
        startedAt: play.startedAt.toISOString(),
        endedAt: new Date(play.startedAt.getTime() + elapsed).toISOString(),
        completed,
      });
    } catch (error) {
      this.deps.noteError(`Could not record a play: ${String(error)}`);
    }
  }
}
