import type { ScreenItem } from "./manifest";
import type { ScreenTakeover } from "./takeover";

// What the kiosk screen shows, as the player publishes it and app/components/kiosk/kiosk-player.tsx renders it
// (through useSyncExternalStore).

export interface Slot {
  key: number;
  item: ScreenItem;
  playId: string;
}

export interface PlayerView {
  /**
   * starting: nothing known yet; waiting: nothing may play (or no manifest yet); playing: the slots; asleep: dark
   * outside its host's opening hours (a black page); unpaired: the screen forgot its pairing and goes back to
   * /kiosk for a new code.
   */
  state: "starting" | "waiting" | "playing" | "asleep" | "unpaired";
  /** Two slots: the item on screen in front, the one before it underneath (it fades in over it). */
  front: 0 | 1;
  slots: [Slot | null, Slot | null];
  orientation: "portrait" | "landscape";
  /** The manifest version playing. */
  version: string | null;
  /** A priority message covering the screen, whatever the state (takeover-control.ts). */
  takeover?: ScreenTakeover | null;
}

export const STARTING_VIEW: PlayerView = {
  state: "starting",
  front: 0,
  slots: [null, null],
  orientation: "portrait",
  version: null,
};

/** The view and who listens to it; `subscribe` and `get` are bound, as useSyncExternalStore wants them. */
export class ViewStore {
  private view = STARTING_VIEW;
  private readonly listeners = new Set<() => void>();

  get = () => this.view;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  update(change: (view: PlayerView) => PlayerView) {
    const next = change(this.view);
    if (next === this.view) return;
    this.view = next;
    for (const listener of this.listeners) listener();
  }
}
