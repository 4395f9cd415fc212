import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, screenItem, screenManifest } from "../../../tests/support/kiosk-player-fakes";
import { emptyWeek, type WeeklyHours } from "../opening-hours";
import type { ScreenManifest } from "./manifest";
import { ASLEEP_HEARTBEAT_MS } from "./player";

// The player outside its host's opening hours (docs/product.md#sleep-outside-opening-hours), every dependency faked
// and time on Vitest's fake timers: dark (nothing shown, played or polled, a slow heartbeat), awake at opening by
// its own clock, online or not.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const MANIFEST = "/api/kiosk/manifest";
const HEARTBEAT = "/api/kiosk/heartbeat";
const PLAYS = "/api/kiosk/plays";

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Open 10:00 to 18:00 every day but Sunday, on the clocks of `timeZone`. */
function tenToSix(): WeeklyHours {
  const week = emptyWeek();
  for (const day of ["mon", "tue", "wed", "thu", "fri", "sat"] as const)
    week[day] = [{ opens: "10:00", closes: "18:00" }];
  return week;
}

function withHours(manifest: ScreenManifest, timeZone = "UTC"): ScreenManifest {
  return { ...manifest, openingHours: { weekly: tenToSix(), timeZone } };
}

const catalog = () => [screenItem("a"), screenItem("b")];

afterEach(() => {
  vi.useRealTimers();
});

describe("a screen outside its host's opening hours", () => {
  beforeEach(() => {
    // Tuesday 2026-03-03, 09:59:00 UTC: a minute before opening.
    vi.useFakeTimers({ now: new Date("2026-03-03T09:59:00Z") });
  });

  it("is dark before opening, makes no plays and no polls, and wakes at opening by itself", async () => {
    const screen = fakeScreen();
    screen.server.manifest = withHours(screenManifest("v1", catalog(), 5));
    screen.player.start();
    await pass(0);
    expect(screen.player.getView()).toMatchObject({ state: "asleep", slots: [null, null] });
    const requests = screen.server.requests.length;

    await pass(MINUTE - 1);
    expect(screen.shown).toEqual([]);
    expect(screen.store.plays.size).toBe(0);
    // A 5-second poll would have asked eleven more times: a dark screen does not poll.
    expect(screen.server.requests.length).toBe(requests);

    await pass(1); // 10:00:00
    expect(screen.player.getView().state).toBe("playing");
    expect(screen.shown).toEqual(["a"]);
    expect(screen.server.requests.length).toBeGreaterThan(requests); // the manifest and a heartbeat at once
    await pass(10 * SECOND);
    expect(screen.shown).toEqual(["a", "b"]);
  });

  it("goes dark at closing, ending the play on screen, beats every ten minutes through the night, and wakes next opening", async () => {
    vi.setSystemTime(new Date("2026-03-03T17:59:55Z"));
    const screen = fakeScreen();
    screen.server.manifest = withHours(screenManifest("v1", catalog(), 5));
    screen.player.start();
    await pass(0);
    expect(screen.shown).toEqual(["a"]);

    await pass(5 * SECOND); // 18:00:00
    expect(screen.player.getView()).toMatchObject({ state: "asleep", slots: [null, null] });
    const [cut] = [...screen.store.plays.values(), ...screen.server.plays];
    expect(cut).toMatchObject({ itemId: "a", completed: false });
    expect(Date.parse(cut!.endedAt)).toBeLessThanOrEqual(Date.parse("2026-03-03T18:00:00Z"));

    const beats = screen.server.count(HEARTBEAT);
    const polls = screen.server.count(MANIFEST);
    await pass(16 * HOUR - 1); // to 09:59:59.999 on Wednesday
    expect(screen.shown).toEqual(["a"]);
    expect(screen.server.count(MANIFEST)).toBe(polls);
    // One every ten minutes, from 18:10 to 09:50.
    expect(screen.server.count(HEARTBEAT) - beats).toBe(Math.floor((16 * HOUR - 1) / ASLEEP_HEARTBEAT_MS));
    // Nothing was played in the dark: every play the screen made is the one cut at closing.
    expect(screen.server.plays.map((play) => play.itemId)).toEqual(["a"]);

    await pass(1);
    expect(screen.player.getView().state).toBe("playing");
    expect(screen.shown).toEqual(["a", "a"]); // a new day starts at the top
    expect(screen.server.count(MANIFEST)).toBe(polls + 1);
  });

  it("sleeps and wakes offline, from the manifest it kept, after a restart in the night", async () => {
    vi.setSystemTime(new Date("2026-03-03T17:00:00Z"));
    const first = fakeScreen();
    first.server.manifest = withHours(screenManifest("v1", catalog()));
    first.player.start();
    await pass(0);
    expect(first.shown).toEqual(["a"]);
    first.player.stop();

    vi.setSystemTime(new Date("2026-03-03T23:00:00Z"));
    const screen = fakeScreen();
    screen.store.manifest = first.store.manifest;
    screen.server.online = false;
    screen.player.start();
    await pass(0);
    expect(screen.player.getView().state).toBe("asleep");
    await pass(11 * HOUR - 1);
    expect(screen.shown).toEqual([]);
    await pass(1); // Wednesday 10:00
    expect(screen.player.getView().state).toBe("playing");
    expect(screen.shown).toEqual(["a"]);
    await pass(8 * HOUR - 10 * SECOND); // plays all day, offline
    expect(screen.shown.length).toBe((8 * HOUR) / (10 * SECOND));
    await pass(10 * SECOND); // 18:00
    expect(screen.player.getView().state).toBe("asleep");
    expect(screen.store.plays.size).toBe(screen.shown.length);
    for (const play of screen.store.plays.values())
      expect(Date.parse(play.startedAt)).toBeGreaterThanOrEqual(Date.parse("2026-03-04T10:00:00Z"));
  });

  it("reads the hours on their own clock: 10:00 in New York is 15:00 UTC", async () => {
    vi.setSystemTime(new Date("2026-03-03T14:59:00Z"));
    const screen = fakeScreen();
    screen.server.manifest = withHours(screenManifest("v1", catalog()), "America/New_York");
    screen.player.start();
    await pass(0);
    expect(screen.player.getView().state).toBe("asleep");
    await pass(MINUTE);
    expect(screen.shown).toEqual(["a"]);
  });

  it("wakes at once when the admin sets it always on: its slow heartbeat says a newer manifest waits", async () => {
    const screen = fakeScreen();
    vi.setSystemTime(new Date("2026-03-03T20:00:00Z"));
    screen.server.heartbeatSaysNewer = true;
    screen.server.manifest = withHours(screenManifest("v1", catalog()));
    screen.player.start();
    await pass(0);
    expect(screen.player.getView().state).toBe("asleep");

    screen.server.manifest = screenManifest("v2", catalog()); // no hours: always on
    await pass(ASLEEP_HEARTBEAT_MS);
    await pass(SECOND); // the new manifest's files are stored
    expect(screen.player.getView()).toMatchObject({ state: "playing", version: "v2" });
    expect(screen.shown).toEqual(["a"]);
  });

  it("never sleeps without hours, as before", async () => {
    vi.setSystemTime(new Date("2026-03-03T03:00:00Z"));
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", catalog());
    screen.player.start();
    await pass(0);
    await pass(HOUR);
    expect(screen.shown.length).toBe(1 + HOUR / (10 * SECOND));
    expect(screen.server.count(PLAYS)).toBeGreaterThan(0);
  });
});
