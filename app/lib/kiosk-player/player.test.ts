import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeScreen, KIOSK_ID, screenItem, screenManifest } from "../../../tests/support/kiosk-player-fakes";

// The kiosk player (docs/product.md#the-player) with every dependency faked: the device API, the service worker,
// IndexedDB and the token in memory, time on Vitest's fake timers.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const PLAYS = "/api/kiosk/plays";
const MANIFEST = "/api/kiosk/manifest";

/** Lets every timer due in the next `ms` run, with the promises each one starts. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  // Tuesday 2026-03-03, 09:59:00 UTC (the fake kiosk's zone is UTC).
  vi.useFakeTimers({ now: new Date("2026-03-03T09:59:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the kiosk player", () => {
  it("shows the next item when the one on screen ends, and records each play as it ends", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [
      screenItem("a", { seconds: 10 }),
      screenItem("b", { seconds: 5 }),
      screenItem("c"),
    ]);
    screen.player.start();
    await pass(0);
    expect(screen.shown).toEqual(["a"]);
    await pass(10 * SECOND - 1);
    expect(screen.shown).toEqual(["a"]);
    await pass(1);
    expect(screen.shown).toEqual(["a", "b"]);
    await pass(5 * SECOND);
    expect(screen.shown).toEqual(["a", "b", "c"]);
    await pass(10 * SECOND);
    expect(screen.shown).toEqual(["a", "b", "c", "a"]);

    const [first] = [...screen.store.plays.values()];
    expect(first).toMatchObject({ itemId: "a", adId: "A", kioskId: KIOSK_ID, completed: true });
    expect(Date.parse(first!.endedAt) - Date.parse(first!.startedAt)).toBe(10 * SECOND);
  });

  it("ends a video at its ended event, and cuts off one that stalls 5 seconds after its length", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [
      screenItem("v", { seconds: 10, video: true }),
      screenItem("a"),
    ]);
    screen.player.start();
    await pass(0);
    await pass(8 * SECOND);
    screen.player.videoEnded(screen.player.getView().slots[screen.player.getView().front]!.key);
    await pass(0);
    expect(screen.shown).toEqual(["v", "a"]);
    await pass(10 * SECOND);
    expect(screen.shown).toEqual(["v", "a", "v"]);
    await pass(15 * SECOND - 1);
    expect(screen.shown).toEqual(["v", "a", "v"]);
    await pass(1);
    expect(screen.shown).toEqual(["v", "a", "v", "a"]);

    const plays = [...screen.store.plays.values()];
    expect(plays.map((play) => [play.itemId, play.completed])).toEqual([
      ["v", true],
      ["a", true],
      ["v", false],
      ["a", false], // on screen: written as not completed until it ends
    ]);
    expect(plays.map((play) => Date.parse(play.endedAt) - Date.parse(play.startedAt))).toEqual([
      8 * SECOND,
      10 * SECOND,
      15 * SECOND,
      0,
    ]);
  });

  it("never starts an item whose window closed while its file was loading", async () => {
    const screen = fakeScreen();
    // b may play until 10:00 on Tuesdays; a ends at 09:59:55 and b's file takes 10 seconds to load.
    const untilTen = {
      startsOn: "2026-01-01",
      endsOn: null,
      schedule: [{ days: [2], start: "09:00", end: "10:00" }],
    };
    screen.server.manifest = screenManifest("v1", [
      screenItem("a", { seconds: 55 }),
      screenItem("b", { timing: untilTen }),
      screenItem("c"),
    ]);
    screen.loadMs.set("b", 10 * SECOND);
    screen.player.start();
    await pass(0);
    expect(screen.shown).toEqual(["a"]);
    await pass(55 * SECOND + 10 * SECOND);
    expect(screen.shown).toEqual(["a", "c"]);
    await pass(10 * MINUTE);
    expect(screen.shown).not.toContain("b");
    expect([...screen.store.plays.values()].map((play) => play.itemId)).not.toContain("b");
  });

  it("offline, keeps playing the last manifest and keeps its plays, and sends each once when back online", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a"), screenItem("b")]);
    screen.player.start();
    await pass(0);
    expect(screen.shown).toEqual(["a"]);

    screen.server.online = false;
    const failedBefore = screen.server.requests.length;
    await pass(30 * MINUTE);
    expect(screen.server.requests.length).toBeGreaterThan(failedBefore); // it kept trying
    expect(screen.shown).toHaveLength(1 + (30 * MINUTE) / (10 * SECOND));
    expect(screen.server.plays).toEqual([]);
    expect(screen.store.plays.size).toBe(screen.shown.length);

    // Restarted offline (a reload): it plays from the manifest it kept.
    screen.player.stop();
    const restarted = fakeScreen();
    Object.assign(restarted.store, { manifest: screen.store.manifest, plays: screen.store.plays });
    restarted.server.online = false;
    restarted.player.start();
    await pass(25 * SECOND);
    expect(restarted.shown).toEqual(["a", "b", "a"]);

    // Back online, but the server cannot take plays yet: the heartbeat goes, the plays stay on the screen.
    restarted.server.online = true;
    restarted.server.manifest = screen.server.manifest;
    restarted.server.failing.add(PLAYS);
    restarted.player.online();
    await pass(MINUTE);
    expect(restarted.server.count(PLAYS)).toBeGreaterThan(0);
    expect(restarted.server.plays).toEqual([]);
    const held = restarted.store.plays.size;
    expect(held).toBe(screen.shown.length + restarted.shown.length);

    restarted.server.failing.clear();
    restarted.player.online();
    await pass(0);
    const sent = restarted.server.plays.map((play) => play.id);
    expect(new Set(sent).size).toBe(sent.length);
    // Every play but the one on screen, which goes once it has ended.
    expect(sent).toHaveLength(held - 1);
    const { slots, front } = restarted.player.getView();
    expect([...restarted.store.plays.keys()]).toEqual([slots[front]!.playId]);
  });

  it("when unpaired, stops playing, forgets the token, manifest, files and plays, and goes back to pairing", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a"), screenItem("b")]);
    screen.player.start();
    await pass(25 * SECOND);
    expect(screen.shown).toEqual(["a", "b", "a"]);

    screen.server.unpair();
    await pass(MINUTE);
    expect(screen.player.getView().state).toBe("unpaired");
    expect(screen.token.value).toBeNull();
    expect(screen.worker.messages.at(-1)).toEqual({ type: "forget" });
    expect(screen.store.forgotten).toBe(true);
    expect(screen.store.manifest).toBeNull();

    const shown = screen.shown.length;
    const requests = screen.server.requests.length;
    await pass(10 * MINUTE);
    expect(screen.shown).toHaveLength(shown);
    expect(screen.server.requests).toHaveLength(requests);
    expect(screen.store.plays.size).toBe(0);
  });

  it("sends the plays it holds before it forgets its pairing, while the server still takes them", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a"), screenItem("b")], 5);
    screen.player.start();
    await pass(0);
    screen.server.online = false; // the plays pile up
    await pass(50 * SECOND);
    screen.server.online = true;
    screen.server.unpair([MANIFEST]);
    await pass(5 * SECOND);
    expect(screen.player.getView().state).toBe("unpaired");

    const sent = screen.server.plays;
    expect(sent.map((play) => play.itemId)).toEqual(screen.shown);
    expect(new Set(sent.map((play) => play.id)).size).toBe(sent.length);
    // The one on screen when the answer came was cut short: sent, as not completed.
    expect(sent.at(-1)!.completed).toBe(false);
    expect(sent.slice(0, -1).every((play) => play.completed)).toBe(true);
    expect(screen.store.plays.size).toBe(0);
  });

  it("lets the item on screen finish when a new manifest arrives, then plays the new one and never a removed item", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest(
      "v1",
      [screenItem("a", { seconds: 20 }), screenItem("b"), screenItem("c")],
      5,
    );
    screen.player.start();
    await pass(0);
    expect(screen.shown).toEqual(["a"]);

    screen.server.manifest = screenManifest(
      "v2",
      [screenItem("a", { seconds: 20 }), screenItem("c"), screenItem("d")],
      5,
    );
    await pass(6 * SECOND); // the next poll: v2 is read, stored and switched to
    expect(screen.player.getView().version).toBe("v2");
    await pass(20 * SECOND - 6 * SECOND - 1);
    expect(screen.shown).toEqual(["a"]);
    await pass(1 + 30 * SECOND);
    expect(screen.shown).toEqual(["a", "c", "d", "a"]);
    expect([...screen.store.plays.values()][0]).toMatchObject({ itemId: "a", completed: true });
    await pass(10 * MINUTE);
    expect(screen.shown).not.toContain("b");
  });

  it("polls a newly paired screen at its manifest's interval from the first poll on", async () => {
    const screen = fakeScreen();
    screen.server.manifest = screenManifest("v1", [screenItem("a")], 5);
    screen.worker.prepareMs = 3 * SECOND; // the files are still being stored when the next poll is planned
    screen.player.start();
    await pass(0);
    expect(screen.server.count(MANIFEST)).toBe(1);
    await pass(5 * SECOND);
    expect(screen.server.count(MANIFEST)).toBe(2);
    await pass(5 * SECOND);
    expect(screen.server.count(MANIFEST)).toBe(3);
  });

  it("goes back to pairing at once when it holds no token", async () => {
    const screen = fakeScreen();
    screen.token.value = null;
    screen.player.start();
    await pass(MINUTE);
    expect(screen.player.getView().state).toBe("unpaired");
    expect(screen.server.requests).toEqual([]);
    expect(screen.server.count(PLAYS)).toBe(0);
  });
});
