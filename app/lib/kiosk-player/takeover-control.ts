import type { Playback } from "./playback";
import type { ViewStore } from "./player-view";
import { activeTakeover, msToNextTakeoverChange, type ScreenTakeover } from "./takeover";
import { Timers, type PlayerClock } from "./timers";

// Priority messages on the screen (docs/product.md#priority-messages): the newest message on by the server's clock
// (the device's clock corrected by the offset the player keeps) covers the screen and the rotation pauses, so no
// ad play is recorded under it; at its end, by the same clock, the rotation goes on. The messages come from the
// manifest as soon as it is read, and from the stored manifest when the screen starts, online or not.

/** Checked again at least this often, so a clock correction moves a start or an end within this. */
const RECHECK_MS = 15_000;

export class TakeoverControl {
  private takeovers: readonly ScreenTakeover[] = [];
  private readonly timers: Timers<"check">;

  constructor(
    private readonly deps: {
      clock: PlayerClock;
      view: ViewStore;
      /** The Playback in use (a screen waking from sleep starts a new one). */
      playback: () => Playback;
    },
  ) {
    this.timers = new Timers(deps.clock);
  }

  /** The messages of the newest manifest (none: absent or empty). */
  update(takeovers: readonly ScreenTakeover[] | undefined) {
    this.takeovers = takeovers ?? [];
    this.check();
  }

  stop() {
    this.timers.stop();
  }

  /** Shows the message on now (or none), pauses or resumes the rotation, and comes back at the next change. */
  check() {
    const { clock, view } = this.deps;
    const playback = this.deps.playback();
    const now = clock.now() + playback.offsetMs;
    const active = activeTakeover(this.takeovers, now);
    view.update((current) =>
      sameTakeover(current.takeover ?? null, active) ? current : { ...current, takeover: active },
    );
    if (active) void playback.pause();
    else playback.resume();
    const next = msToNextTakeoverChange(this.takeovers, now);
    if (next === null && !active) return this.timers.clear("check");
    this.timers.set("check", Math.min(next ?? RECHECK_MS, RECHECK_MS), () => this.check());
  }
}

function sameTakeover(a: ScreenTakeover | null, b: ScreenTakeover | null): boolean {
  return a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));
}
