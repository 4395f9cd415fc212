import sharp from "sharp";
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { localTime } from "../../app/lib/ad-schedule";
import { MAX_PLAYS_PER_BATCH } from "../../app/lib/kiosk-schemas";
import { E2E_PORT, signInAdmin } from "./support/accounts";
import { approveWhenReady, crossFadeDone } from "./support/kiosk-screen";

// The kiosk player, driven as an admin and a screen would (docs/product.md#the-player): pair through the code on
// /admin/kiosks; only approved, unpaused ads in their windows play (by the server's clock, not the screen's); a
// simulated day offline (the page's clock fast-forwarded, the screen sampled each step) never blanks; back online
// every play is answered once (stored, or refused as dated ahead of the server's clock and flagged on the fleet
// page); a newly approved ad reaches the screen within two polls; an unpaired screen goes back to its code.

// Playwright's offline switch does not reach service workers' own requests unless their network events are routed.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const HEADERS = { Origin: ORIGIN };
const RUN = Date.now().toString(36);
const KIOSK = `Counter screen ${RUN}`;
const HOUR = 3600_000;
/** The screen's clock runs this far ahead of the server's: the player must ignore it. */
const SKEW_MS = 3.5 * HOUR;
/** The out-of-schedule ad's window opens this long after now (server time) and lasts two hours. */
const WINDOW_OPENS_MS = 3 * HOUR;
/** Just under a day of the screen's clock, which the out-of-schedule ad's window falls in. */
const OFFLINE_MS = 23.5 * HOUR;
const OFFLINE_STEPS = 70;

const CTA = {
  approved: `Approved and playing ${RUN}`,
  pending: `Pending never plays ${RUN}`,
  rejected: `Rejected never plays ${RUN}`,
  paused: `Paused never plays ${RUN}`,
  later: `Plays in its window ${RUN}`,
  fresh: `Newly approved ${RUN}`,
};
type AdKey = keyof typeof CTA;

async function png(color: string) {
  return sharp({ create: { width: 900, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer();
}

let admin: BrowserContext;
let adminPage: Page;
let screen: BrowserContext;
let player: Page;
let kioskId = "";
/** When the out-of-schedule ad's window opens (server time). */
let windowOpensAt = 0;
const adIds = {} as Record<AdKey, string>;
/** Every play id the server answered on /api/kiosk/plays, with how many times. */
const posted = new Map<string, number>();
/** The screen's play uploads sent and not yet answered. */
const uploadsInFlight = new Set<Request>();
let uploadRoundsEnded = 0;

async function post(path: string, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form))
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  const response = await admin.request.post(path, {
    data: body.toString(),
    headers: { ...HEADERS, "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(400);
  return response;
}

/** Every play the screen showed, as the screen showed it: id, ad, and the screen's clock when it appeared. */
async function seenPlays(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __plays: { id: string; adId: string; at: number }[] }).__plays,
  );
}

/** What the front layer shows, read at one instant: its text, and whether it has a QR code. */
async function frontCta(page: Page) {
  return page.evaluate(() => {
    const front = document.querySelector('[data-layer="front"]');
    if (!front) return "";
    return `${front.textContent} QR code: ${front.querySelector('[role="img"][aria-label^="QR code for"]') ? "yes" : "no"}`;
  });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  admin = await browser.newContext();
  await signInAdmin(admin);
  adminPage = await admin.newPage();

  // A listing and three pictures, through the admin's forms.
  const listing = new FormData();
  for (const [key, value] of Object.entries({
    name: `Kiosk Bakery ${RUN}`,
    industry: "food-industry",
    address: "21550 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91364",
  }))
    listing.set(key, value);
  const created = await admin.request.post("/admin", { multipart: listing, headers: HEADERS });
  expect(created.status()).toBeLessThan(300);
  const mediaIds: string[] = [];
  for (const color of ["#d94f30", "#2a7d4f", "#3050d9"]) {
    const upload = await admin.request.post("/dashboard/media", {
      multipart: {
        title: `Kiosk picture ${color}`,
        file: { name: "picture.png", mimeType: "image/png", buffer: await png(color) },
      },
      headers: HEADERS,
    });
    expect(upload.status(), await upload.text()).toBeLessThan(300);
    mediaIds.push(((await upload.json()) as { media: { id: string } }).media.id);
  }

  await adminPage.goto("/dashboard/ads/new");
  const businessId = await adminPage
    .getByRole("combobox", { name: "Listing" })
    .locator("option", { hasText: `Kiosk Bakery ${RUN}` })
    .getAttribute("value");
  expect(businessId).toMatch(/^[0-9a-f-]{36}$/);
  // The ads, in every state a screen must tell apart. The out-of-schedule one has a window three hours from now.
  windowOpensAt = Math.floor((Date.now() + WINDOW_OPENS_MS) / 60_000) * 60_000;
  const opens = localTime(new Date(windowOpensAt), "America/Los_Angeles");
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const today = new Date(Date.now() - 36 * HOUR).toISOString().slice(0, 10);
  for (const key of Object.keys(CTA) as AdKey[]) {
    const windowFields: Record<string, string | string[]> =
      key === "later"
        ? {
            scheduled: "on",
            "schedule[0].days": String(opens.weekday),
            "schedule[0].start": hhmm(opens.minutes),
            "schedule[0].end": hhmm(opens.minutes + 120),
          }
        : {};
    await post("/dashboard/ads/new", {
      title: `Kiosk ad ${key} ${RUN}`,
      businessId: businessId!,
      mediaId: mediaIds[key === "approved" ? 0 : key === "later" ? 1 : 2]!,
      imageSeconds: "10",
      startsOn: today,
      callToAction: CTA[key],
      ...windowFields,
    });
  }
  await adminPage.goto("/dashboard/ads");
  for (const key of Object.keys(CTA) as AdKey[]) {
    const href = await adminPage
      .getByRole("link", { name: `Edit Kiosk ad ${key} ${RUN}` })
      .getAttribute("href");
    adIds[key] = href!.split("/").pop()!;
  }
  for (const key of ["approved", "paused", "later"] as const)
    await approveWhenReady(admin.request, adIds[key]);
  await post("/admin/ads.data", { intent: "reject", id: adIds.rejected, reason: "Not for screens." });
  await post("/admin/ads.data", { intent: "pause", id: adIds.paused });
});

test.afterAll(async () => {
  await screen?.close();
  await admin?.close();
});

test("a new screen shows a code; the admin pairs it and it plays the approved ad, never the others", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  await adminPage.goto("/admin/kiosks");
  await adminPage.getByRole("button", { name: "Add Kiosk" }).click();
  const form = adminPage.getByRole("dialog", { name: "Add Kiosk" });
  await form.getByLabel("Label").fill(KIOSK); // no host: the site's zone, America/Los_Angeles
  await form.getByRole("button", { name: "Add Kiosk" }).click();
  await expect(form).toBeHidden();

  // Portrait 1080×1920, at half size.
  screen = await browser.newContext({ viewport: { width: 540, height: 960 }, deviceScaleFactor: 2 });
  player = await screen.newPage();
  // Every play the server answered, by id, and how often (a batch is sent again when its answer was lost).
  // Seen from the page (a request the service worker passes on is not counted twice).
  const isPlayUpload = (request: Request) =>
    !request.serviceWorker() && request.method() === "POST" && request.url().endsWith("/api/kiosk/plays");
  screen.on("request", (request) => {
    if (isPlayUpload(request)) uploadsInFlight.add(request);
  });
  screen.on("requestfailed", (request) => uploadsInFlight.delete(request));
  screen.on("response", (response) => {
    const request = response.request();
    uploadsInFlight.delete(request);
    if (!isPlayUpload(request)) return;
    const { plays } = request.postDataJSON() as { plays: { id: string }[] };
    // The screen sends batch after batch until one is short or refused: that answer ends its round.
    if (!response.ok() || plays.length < MAX_PLAYS_PER_BATCH) uploadRoundsEnded++;
    if (!response.ok()) return;
    for (const play of plays) posted.set(play.id, (posted.get(play.id) ?? 0) + 1);
  });
  await player.clock.install({ time: Date.now() + SKEW_MS });
  await player.addInitScript(() => {
    // Kept in sessionStorage, so the record survives the page being reloaded offline.
    const plays = JSON.parse(sessionStorage.getItem("seen-plays") ?? "[]") as {
      id: string;
      adId: string;
      at: number;
    }[];
    (window as unknown as { __plays: typeof plays }).__plays = plays;
    new MutationObserver(() => {
      for (const layer of document.querySelectorAll<HTMLElement>("[data-play-id]")) {
        const id = layer.dataset.playId!;
        if (plays.some((play) => play.id === id)) continue;
        plays.push({ id, adId: layer.dataset.adId!, at: Date.now() });
        sessionStorage.setItem("seen-plays", JSON.stringify(plays));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await player.goto("/kiosk");
  const code = (await player.getByTestId("pairing-code").textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  await expect(player.getByText(/Expires in \d+:\d\d/)).toBeVisible();
  await expect(player.getByRole("banner")).toHaveCount(0);
  // The address to type is the one this screen reached the site on.
  const siteAddress = new URL(player.url()).host;
  await expect(
    player.getByText(`On ${siteAddress}/admin/kiosks, choose Pair a Screen and enter this code.`),
  ).toBeVisible();

  await adminPage.getByRole("button", { name: "Pair a Screen" }).first().click();
  const pair = adminPage.getByRole("dialog", { name: "Pair a Screen" });
  await pair.getByLabel("Code on the screen").fill(code.toLowerCase());
  await pair.getByLabel("Kiosk").selectOption({ label: KIOSK });
  await pair.getByRole("button", { name: "Pair Screen" }).click();
  await expect(pair).toBeHidden();

  await player.clock.runFor(2_500);
  await expect(player).toHaveURL(/\/kiosk\/play$/);
  // The suite's APP_URL is http://localhost:…: with a screen paired, its QR codes cannot reach a phone, and the
  // kiosks page says so.
  await adminPage.reload();
  await expect(adminPage.getByTestId("app-url-warning")).toContainText(
    `APP_URL is http://${siteAddress}, an address only this machine reaches`,
  );
  kioskId = await player.evaluate(
    () => (JSON.parse(localStorage.getItem("localshine.kiosk.device")!) as { kioskId: string }).kioskId,
  );
  // Every ad is picked for this kiosk: only the review state and the schedule decide what plays. Until then the
  // screen has none of them.
  expect(await serverManifestHas(adIds.approved)).toBe(false);
  for (const key of Object.keys(CTA) as AdKey[])
    await post("/admin/kiosks.data", { intent: "pick", id: kioskId, adId: adIds[key], picked: "true" });
  // The server's shared catalog is read again every 5 s: the screen's next poll finds the picks once it carries them.
  await serverManifestCarries(adIds.approved);
  await player.clock.runFor(61_000); // the next manifest poll

  let front = "";
  await expect
    .poll(
      async () => {
        await player.clock.runFor(10_000);
        return (front = await frontCta(player));
      },
      { timeout: 20_000 },
    )
    .toContain(CTA.approved);
  // Beside the picture: the call to action, the short link naming this kiosk, and its QR code.
  expect(front).toContain(`/q/`);
  expect(front).toContain("QR code: yes");
  await crossFadeDone(player);
  await player.screenshot({ path: `.tmp/kiosk-portrait-${E2E_PORT}.png` });

  // Round the rotation a few times: the pending, rejected and paused ads never appear, nor the one whose window
  // the screen's own (wrong) clock says is open.
  for (let i = 0; i < 8; i++) await player.clock.runFor(10_000);
  const seen = new Set((await seenPlays(player)).map((play) => play.adId));
  expect(seen).toContain(adIds.approved);
  for (const key of ["pending", "rejected", "paused", "later", "fresh"] as const)
    expect(seen, key).not.toContain(adIds[key]);
});

test("offline for a simulated day it keeps playing, reloads from its cache and never blanks", async () => {
  test.setTimeout(90_000);
  let cutOff = 0;
  await screen.route("**", (route) => {
    if (route.request().serviceWorker()) {
      cutOff++;
      return route.abort("internetdisconnected");
    }
    return route.continue();
  });
  await screen.setOffline(true);
  await player.reload();
  await expect(player.getByTestId("kiosk-player")).toBeVisible();

  const blank: string[] = [];
  for (let step = 0; step < OFFLINE_STEPS; step++) {
    await player.clock.runFor(Math.round(OFFLINE_MS / OFFLINE_STEPS));
    // The front layer shows a picture or a frame: at once, or once the file it is loading from the cache is in.
    const frontShown = () =>
      player.evaluate(() => {
        const front = document.querySelector<HTMLElement>('[data-layer="front"]');
        const media = front?.querySelector<HTMLImageElement | HTMLVideoElement>("img, video");
        if (!front || !media) return "no item";
        if (media instanceof HTMLImageElement)
          return media.complete && media.naturalWidth > 0 ? "ok" : "image";
        return media.readyState >= 2 ? "ok" : "video";
      });
    let state = await frontShown();
    await expect
      .poll(async () => (state = await frontShown()), { timeout: 10_000 })
      .toBe("ok")
      .catch(() => undefined);
    if (state !== "ok") blank.push(`step ${step}: ${state}`);
  }
  expect(blank).toEqual([]);
  expect(cutOff).toBeGreaterThan(0);

  // The out-of-schedule ad played once its window came, by the server's clock: only inside it. Read from the plays
  // the screen keeps to send (all of this day's are still there, offline), whose start is the screen's clock
  // corrected to the server's: what the server will count.
  const plays = await seenPlays(player);
  expect(plays.filter((play) => play.adId === adIds.later).length).toBeGreaterThan(0);
  const kept = await player.evaluate(
    () =>
      new Promise<{ adId: string | null; startedAt: string }[]>((resolve, reject) => {
        const open = indexedDB.open("local-shine-kiosk");
        open.onerror = () => reject(new Error("no database"));
        open.onsuccess = () => {
          const all = open.result.transaction("plays").objectStore("plays").getAll();
          all.onsuccess = () => resolve(all.result as { adId: string | null; startedAt: string }[]);
        };
      }),
  );
  const later = kept.filter((play) => play.adId === adIds.later);
  expect(later.length).toBeGreaterThan(0);
  for (const play of later) {
    // To within the correction's error (the screen measured its offset over a request the fast clock ran through).
    const serverTime = Date.parse(play.startedAt);
    expect(serverTime).toBeGreaterThanOrEqual(windowOpensAt - 60_000);
    expect(serverTime).toBeLessThan(windowOpensAt + 2 * HOUR + 60_000);
  }
  for (const key of ["pending", "rejected", "paused"] as const) {
    expect(plays.map((play) => play.adId)).not.toContain(adIds[key]);
    expect(kept.map((play) => play.adId)).not.toContain(adIds[key]);
  }
});

test("back online, every play is answered exactly once: stored, or refused and flagged on the fleet page", async () => {
  test.setTimeout(120_000);
  const readDevice = () =>
    player.evaluate(async () => {
      const pending = await new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("local-shine-kiosk");
        open.onerror = () => reject(new Error("no database"));
        open.onsuccess = () => {
          const keys = open.result.transaction("plays").objectStore("plays").getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      });
      const seen = (window as unknown as { __plays: { id: string }[] }).__plays.map((play) => play.id);
      return { pending, seen };
    });
  await screen.unroute("**");
  await screen.setOffline(false);
  const roundsBefore = uploadRoundsEnded;
  await player.clock.runFor(61_000); // a heartbeat, then the plays in batches
  // The offline day's backlog goes up in one round of batches.
  await expect.poll(() => uploadRoundsEnded > roundsBefore, { timeout: 60_000 }).toBe(true);
  // Stop the screen's clock, so no play ends and no upload starts while the two sides are counted; then wait until
  // no upload is under way and the screen has forgotten every play the server acknowledged.
  const pausedAt = (await player.evaluate(() => Date.now())) + 1_000;
  await player.clock.pauseAt(new Date(pausedAt));
  await expect.poll(() => player.evaluate(() => Date.now())).toBeGreaterThanOrEqual(pausedAt);
  let device = await readDevice();
  await expect
    .poll(async () => {
      if (uploadsInFlight.size > 0) return "uploading";
      device = await readDevice();
      return device.pending.some((id) => posted.has(id)) ? "forgetting" : "settled";
    })
    .toBe("settled");
  await adminPage.goto("/admin/kiosks");
  const card = adminPage.getByRole("article", { name: KIOSK });
  const stored = Number((await card.getByTestId("kiosk-plays").textContent())!.replace(/,/g, ""));
  // Only the screen's clock ran through the day, not the server's: to the server, the offline day's plays are
  // dated up to a day ahead of its clock, which no screen can honestly send. They are refused (an offline day of
  // real time is counted whole: play-ingest.test.ts), acknowledged so the screen forgets them, and the fleet page
  // flags the screen with the reason.
  const flag = card.getByRole("region", { name: /^Refused plays: [\d,]+ in the last 7 days$/ });
  await expect(flag).toBeVisible();
  await expect(flag.getByRole("listitem").filter({ hasText: /^[\d,]+ dated in the future$/ })).toBeVisible();
  const refused = Number(
    (await flag.getByRole("heading").textContent())!.match(/([\d,]+) in the last/)![1]!.replace(/,/g, ""),
  );
  // Every play the screen showed is either stored (once), refused (once), or still on the screen, waiting for the
  // next heartbeat (the one playing now among them: each play is written when it starts, and again when it ends).
  // Counted by id: a play shown and replaced between two of the page's mutation records can escape the record of
  // what was seen, never the screen's own store or its uploads.
  expect(device.seen.length).toBeGreaterThan(50);
  expect(stored).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(device.seen.length / 2);
  const pending = new Set(device.pending);
  expect(device.seen.filter((id) => !posted.has(id) && !pending.has(id))).toEqual([]);
  expect(device.pending.filter((id) => posted.has(id))).toEqual([]);
  // Answered exactly once on the server, even for a play whose batch was sent again.
  expect(stored + refused).toBe(posted.size);
  await player.clock.resume();
});

/** Whether the server's manifest for this screen, asked with the screen's own token, carries `adId`. */
async function serverManifestHas(adId: string) {
  const { token } = JSON.parse(
    (await player.evaluate(() => localStorage.getItem("localshine.kiosk.device")))!,
  ) as { token: string };
  const answer = await admin.request.get("/api/kiosk/manifest", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const manifest = (await answer.json()) as { items: { adId: string | null }[] };
  return manifest.items.some((item) => item.adId === adId);
}

/** Waits until it does: the shared catalog is read again at most CATALOG_MAX_AGE_MS (5 s) after a change. */
async function serverManifestCarries(adId: string) {
  await expect.poll(() => serverManifestHas(adId)).toBe(true);
}

test("a newly approved ad reaches the screen by its next manifest poll", async () => {
  test.setTimeout(180_000);
  const before = await player.getByTestId("kiosk-player").getAttribute("data-manifest-version");
  await approveWhenReady(admin.request, adIds.fresh);
  await serverManifestCarries(adIds.fresh);
  // The screen hears of it on its held request (manifest/wait), or at its next poll at the latest.
  await player.clock.runFor(60_000);
  await expect(player.getByTestId("kiosk-player")).not.toHaveAttribute("data-manifest-version", before ?? "");
  await expect
    .poll(
      async () => {
        await player.clock.runFor(10_000);
        return frontCta(player);
      },
      { timeout: 20_000 },
    )
    .toContain(CTA.fresh);

  // The admin turns the screen to landscape: the next poll lays the ad out with its panel at the side.
  await player.setViewportSize({ width: 960, height: 540 });
  await adminPage.goto("/admin/kiosks");
  await adminPage.getByRole("button", { name: `Edit ${KIOSK}` }).click();
  const edit = adminPage.getByRole("dialog", { name: "Edit Kiosk" });
  await edit.getByLabel("Orientation").selectOption({ label: "Landscape" });
  await edit.getByRole("button", { name: "Update Kiosk" }).click();
  await expect(edit).toBeHidden();
  await player.clock.runFor(60_000);
  await expect
    .poll(async () => {
      await player.clock.runFor(10_000);
      return player.locator('[data-layer="front"] [data-orientation]').getAttribute("data-orientation");
    })
    .toBe("landscape");
  await crossFadeDone(player);
  await player.screenshot({ path: `.tmp/kiosk-landscape-${E2E_PORT}.png` });
});

test("an unpaired screen goes back to showing a code", async () => {
  await adminPage.goto("/admin/kiosks");
  await adminPage.getByRole("button", { name: `Unpair ${KIOSK}` }).click();
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Unpair" }).click();
  await expect(adminPage.getByRole("article", { name: KIOSK }).getByText("Not paired")).toBeVisible();
  await player.clock.runFor(61_000);
  await expect(player).toHaveURL(/\/kiosk$/);
  await expect(player.getByTestId("pairing-code")).toHaveText(/^[2-9A-HJKMNP-Z]{6}$/);
});
