import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, screenItem, screenManifest } from "../../../tests/support/kiosk-player-fakes";

// What is on the screen (docs/product.md#what-is-on-the-screen), on the player's side: a picture goes only when the
// heartbeat's reply asks for one, once per asking heartbeat, and none when the screen has nothing to show.

const MINUTE = 60_000;
const SCREENSHOT = "/api/kiosk/screenshot";
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-03T09:59:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the player's screenshots", () => {
  it("sends a picture when a heartbeat's reply asks for one, and only then", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a"), screenItem("b")]);
    screen.player.start();
    await pass(0);
    await pass(2 * MINUTE);
    expect(screen.server.count(SCREENSHOT)).toBe(0);

    screen.server.screenshotWanted = true;
    await pass(MINUTE);
    expect(screen.server.screenshots).toEqual(["c2NyZWVu"]);
    screen.server.screenshotWanted = false;
    await pass(3 * MINUTE);
    expect(screen.server.count(SCREENSHOT)).toBe(1);
  });

  it("sends nothing when there is nothing to show, and keeps playing", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a"), screenItem("b")]);
    screen.server.screenshotWanted = true;
    screen.capture.picture = null;
    screen.player.start();
    await pass(0);
    await pass(2 * MINUTE);
    expect(screen.server.count(SCREENSHOT)).toBe(0);
    expect(screen.shown.length).toBeGreaterThan(5);
  });
});
