import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, screenItem, screenManifest } from "../../../tests/support/kiosk-player-fakes";
import type { ScreenManifest } from "./manifest";
import { activeTakeover, takeoverTextColor, type ScreenTakeover } from "./takeover";

// Priority messages on the kiosk player (docs/product.md#priority-messages), with every dependency faked and time
// on Vitest's fake timers: a message covers the screen within a second of being published (the manifest wait, not
// the minute's poll), no ad play is recorded under it, it ends by itself at its end by the server's clock, and a
// screen restarted offline shows it from what it stored.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const WAIT = "/api/kiosk/manifest/wait";
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-03T09:59:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

function message(overrides: Partial<ScreenTakeover> = {}): ScreenTakeover {
  return {
    id: "m1",
    headline: "Store closed today",
    body: "Water main repair. Back tomorrow at 9.",
    color: "#b91c1c",
    image: { url: "/media/notice.webp", sha256: "hash-notice", width: 800, height: 600 },
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: null,
    ...overrides,
  };
}

const withMessages = (manifest: ScreenManifest, version: string, takeovers: ScreenTakeover[]) => ({
  ...manifest,
  version,
  takeovers,
});

describe("priority messages on the player", () => {
  it("covers the screen within a second of being published, records no play under it, and ends by itself", async () => {
    const screen = fakeScreen();
    screen.server.holdsWaits = true;
    const plain = screenManifest("v1", [screenItem("a"), screenItem("b")]);
    screen.server.manifest = plain;
    screen.player.start();
    await pass(3 * SECOND);
    expect(screen.shown).toEqual(["a"]);
    expect(screen.server.count(WAIT)).toBe(1);

    // Published for two minutes: the held wait answers within a second, long before the minute's poll.
    const endsAt = new Date(Date.now() + 2 * MINUTE).toISOString();
    screen.server.manifest = withMessages(plain, "v2", [message({ endsAt })]);
    await pass(SECOND);
    const view = screen.player.getView();
    expect(view.takeover).toMatchObject({ id: "m1", headline: "Store closed today" });
    expect(view.slots).toEqual([null, null]);
    // The ad on screen was cut short: recorded as not completed; nothing else is recorded under the message.
    const plays = () => [...screen.store.plays.values()];
    expect(plays()).toHaveLength(1);
    expect(plays()[0]).toMatchObject({ itemId: "a", completed: false });
    await pass(2 * MINUTE - 2 * SECOND);
    expect(screen.player.getView().takeover).not.toBeNull();
    expect(screen.shown).toEqual(["a"]);
    expect(plays().length + screen.server.plays.length).toBe(1);
    // The message's picture is stored by the service worker with the ads' files.
    const prepared = screen.worker.messages.filter((sent) => sent.type === "prepare").at(-1);
    expect(prepared && "files" in prepared ? prepared.files.map((file) => file.sha256) : []).toContain(
      "hash-notice",
    );

    // Its end, with no server answer needed: the rotation goes on.
    screen.server.online = false;
    await pass(2 * SECOND);
    expect(screen.player.getView().takeover).toBeNull();
    expect(screen.shown).toEqual(["a", "b"]);
  });

  it("starts at its start and ends at its end by the server's clock, not the screen's", async () => {
    const screen = fakeScreen();
    screen.server.skewMs = 10 * MINUTE; // the screen's clock is ten minutes behind the server's
    const serverNow = Date.now() + 10 * MINUTE;
    screen.server.manifest = withMessages(screenManifest("v1", [screenItem("a")]), "v1", [
      message({
        startsAt: new Date(serverNow + MINUTE).toISOString(),
        endsAt: new Date(serverNow + 3 * MINUTE).toISOString(),
      }),
    ]);
    screen.player.start();
    await pass(MINUTE - SECOND);
    expect(screen.player.getView().takeover ?? null).toBeNull();
    await pass(2 * SECOND);
    expect(screen.player.getView().takeover?.id).toBe("m1");
    await pass(2 * MINUTE - 2 * SECOND);
    expect(screen.player.getView().takeover?.id).toBe("m1");
    await pass(2 * SECOND);
    expect(screen.player.getView().takeover).toBeNull();
    expect(screen.player.getView().state).toBe("playing");
  });

  it("restarted offline, shows the message it stored, and drops it once a manifest without it arrives", async () => {
    const screen = fakeScreen();
    screen.server.manifest = withMessages(screenManifest("v1", [screenItem("a")]), "v1", [message()]);
    screen.player.start();
    await pass(SECOND);
    expect(screen.player.getView().takeover?.id).toBe("m1");
    expect(screen.store.manifest?.manifest.takeovers).toHaveLength(1);
    screen.player.stop();

    const restarted = fakeScreen();
    restarted.store.manifest = screen.store.manifest;
    restarted.server.online = false;
    restarted.player.start();
    await pass(SECOND);
    expect(restarted.player.getView().takeover?.id).toBe("m1");
    await pass(10 * MINUTE);
    expect(restarted.player.getView().takeover?.id).toBe("m1");
    expect(restarted.store.plays.size).toBe(0);

    // Cleared by the admin: the next manifest has no message, and the ads come back.
    restarted.server.online = true;
    restarted.server.manifest = screenManifest("v2", [screenItem("a")]);
    restarted.player.online();
    await pass(SECOND);
    expect(restarted.player.getView().takeover).toBeNull();
    expect(restarted.shown).toEqual(["a"]);
  });

  it("shows the newest of several messages on at once", () => {
    const now = Date.parse("2026-03-03T10:00:00Z");
    const older = message({ id: "old", startsAt: "2026-03-03T09:00:00Z" });
    const newer = message({ id: "new", startsAt: "2026-03-03T09:30:00Z" });
    const ended = message({ id: "ended", startsAt: "2026-03-03T09:45:00Z", endsAt: "2026-03-03T09:50:00Z" });
    expect(activeTakeover([older, newer, ended], now)?.id).toBe("new");
    expect(activeTakeover([ended], now)).toBeNull();
  });

  it("writes in white or ink, whichever reads on the colour", () => {
    expect(takeoverTextColor("#b91c1c")).toBe("#ffffff");
    expect(takeoverTextColor("#111827")).toBe("#ffffff");
    expect(takeoverTextColor("#fde047")).toBe("#111827");
    expect(takeoverTextColor("#ffffff")).toBe("#111827");
  });
});
