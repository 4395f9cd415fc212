// The player's clock, handed to it (the browser's in browser.ts, Vitest's fake timers in its tests), and the named
// timers it keeps on it.

export interface PlayerClock {
  /** The device's own clock, in ms since the epoch; the server's is this plus the offset. */
  now(): number;
  /** A monotonic clock in ms (performance.now): how long a play lasted, whatever the device's clock does. */
  monotonic(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Named one-shot timers: setting one replaces the one before under that name; once stopped, none is set. */
export class Timers<Name extends string> {
  private readonly handles = new Map<Name, unknown>();
  private stopped = false;

  constructor(private readonly clock: PlayerClock) {}

  set(name: Name, ms: number, run: () => void) {
    this.clear(name);
    if (!this.stopped) this.handles.set(name, this.clock.setTimeout(run, ms));
  }

  clear(name: Name) {
    if (this.handles.has(name)) this.clock.clearTimeout(this.handles.get(name));
    this.handles.delete(name);
  }

  stop() {
    this.stopped = true;
    for (const name of [...this.handles.keys()]) this.clear(name);
  }
}
