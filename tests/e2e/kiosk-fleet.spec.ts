import sharp from "sharp";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E_PORT, signInAdmin } from "./support/accounts";
import { approveWhenReady, crossFadeDone } from "./support/kiosk-screen";

// Running a fleet, driven as an admin and two screens would (docs/product.md#kiosks): a screen unpaired while it
// still holds plays sends them with its revoked token, so none is lost and the owner's Results count both screens;
// an admin's request for a screenshot reaches a screen at its next heartbeat, and the card shows the ad's frame.
// The screens play in real time: the player's own "back online" hook (the `online` event) makes a heartbeat happen
// now instead of within the minute.

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const HEADERS = { Origin: ORIGIN };
const RUN = Date.now().toString(36);
const AD_COLOR = { hex: "#e8590c", r: 0xe8, g: 0x59, b: 0x0c };
const CTA = `Warm rolls at the door ${RUN}`;
const KIOSKS = { stays: `Window screen ${RUN}`, leaves: `Door screen ${RUN}` } as const;
type Which = keyof typeof KIOSKS;

let admin: BrowserContext;
let adminPage: Page;
let adId = "";
const kioskIds = {} as Record<Which, string>;
const screens = {} as Record<Which, { context: BrowserContext; page: Page }>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function post(path: string, form: Record<string, string>) {
  const response = await admin.request.post(path, { form, headers: HEADERS, maxRedirects: 0 });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(400);
  return response;
}

/** What the screen's front layer shows: its text, and the play's id. */
async function front(page: Page) {
  return page.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('[data-layer="front"]');
    return { text: layer?.textContent ?? "", playId: layer?.dataset.playId ?? "" };
  });
}

/** Every play the screen showed: id and ad, in order (recorded by an init script). */
async function seenPlays(page: Page) {
  return page.evaluate(() => (window as unknown as { __plays: { id: string; adId: string }[] }).__plays);
}

/** The player's "network is back" hook: a heartbeat (with the plays) and a manifest poll, now. */
async function beatNow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
}

async function storedPlays(label: string) {
  await adminPage.goto("/admin/kiosks");
  const card = adminPage.getByRole("article", { name: label });
  return Number((await card.getByTestId("kiosk-plays").textContent())!.replace(/,/g, ""));
}

const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  admin = await browser.newContext();
  await signInAdmin(admin);
  adminPage = await admin.newPage();

  const listing = await admin.request.post("/admin", {
    multipart: {
      name: `Fleet Bakery ${RUN}`,
      industry: "food-industry",
      address: "21550 Ventura Blvd",
      city: "Woodland Hills",
      state: "CA",
      zip_code: "91364",
    },
    headers: HEADERS,
  });
  expect(listing.status()).toBeLessThan(300);
  // Portrait, so it fills the portrait screen's media area: the picture's colour is most of the screen.
  const picture = await sharp({
    create: { width: 1080, height: 1500, channels: 3, background: AD_COLOR.hex },
  })
    .png()
    .toBuffer();
  const upload = await admin.request.post("/dashboard/media", {
    multipart: {
      title: `Fleet picture ${RUN}`,
      file: { name: "picture.png", mimeType: "image/png", buffer: picture },
    },
    headers: HEADERS,
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const mediaId = ((await upload.json()) as { media: { id: string } }).media.id;
  await adminPage.goto("/dashboard/ads/new");
  const businessId = await adminPage
    .getByRole("combobox", { name: "Listing" })
    .locator("option", { hasText: `Fleet Bakery ${RUN}` })
    .getAttribute("value");
  await post("/dashboard/ads/new", {
    title: `Fleet ad ${RUN}`,
    businessId: businessId!,
    mediaId,
    imageSeconds: "15",
    startsOn: new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10),
    callToAction: CTA,
  });
  await adminPage.goto("/dashboard/ads");
  const href = await adminPage.getByRole("link", { name: `Edit Fleet ad ${RUN}` }).getAttribute("href");
  adId = href!.split("/").pop()!;
  await approveWhenReady(admin.request, adId);

  for (const which of ["stays", "leaves"] as const) {
    const created = await admin.request.post("/admin/kiosks.data", {
      multipart: { intent: "save", label: KIOSKS[which], orientation: "portrait", timeZone: "" },
      headers: HEADERS,
    });
    expect(created.status()).toBe(201);
    kioskIds[which] = UUID.exec(await created.text())![0];
    await post("/admin/kiosks.data", { intent: "pick", id: kioskIds[which], adId, picked: "true" });

    // Portrait 1080×1920 at half size; the plays it shows are recorded as it shows them.
    const context = await browser.newContext({ viewport: { width: 540, height: 960 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const plays: { id: string; adId: string }[] = [];
      (window as unknown as { __plays: typeof plays }).__plays = plays;
      new MutationObserver(() => {
        for (const layer of document.querySelectorAll<HTMLElement>("[data-play-id]")) {
          const id = layer.dataset.playId!;
          if (!plays.some((play) => play.id === id)) plays.push({ id, adId: layer.dataset.adId! });
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto("/kiosk");
    const code = (await page.getByTestId("pairing-code").textContent())!.trim();
    await post("/admin/kiosks.data", { intent: "pair", code, kioskId: kioskIds[which] });
    await expect(page).toHaveURL(/\/kiosk\/play$/, { timeout: 30_000 });
    screens[which] = { context, page };
  }
  // Both screens play the ad (the server's catalog is read again every 5 s: poll until it is in).
  for (const which of ["stays", "leaves"] as const) {
    const { page } = screens[which];
    await expect
      .poll(
        async () => {
          const shown = (await front(page)).text;
          if (!shown.includes(CTA)) await beatNow(page);
          return shown;
        },
        { timeout: 90_000, intervals: [3_000] },
      )
      .toContain(CTA);
  }
});

test.afterAll(async () => {
  for (const screen of Object.values(screens)) await screen.context.close();
  await admin?.close();
});

test("a screen unpaired with plays on it loses none: the owner's Results count both screens", async () => {
  test.setTimeout(120_000);
  const leaving = screens.leaves.page;
  // The screen has shown the ad and moved on since: a finished play of it waits on the screen to be sent.
  await expect
    .poll(
      async () => {
        const plays = await seenPlays(leaving);
        const first = plays.findIndex((play) => play.adId === adId);
        return first >= 0 && first < plays.length - 1;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const before = await storedPlays(KIOSKS.leaves);
  const waiting = await leaving.evaluate(
    () =>
      new Promise<{ adId: string | null }[]>((resolve, reject) => {
        const open = indexedDB.open("local-shine-kiosk");
        open.onerror = () => reject(new Error("no database"));
        open.onsuccess = () => {
          const all = open.result.transaction("plays").objectStore("plays").getAll();
          all.onsuccess = () => resolve(all.result as { adId: string | null }[]);
        };
      }),
  );

  await adminPage.getByRole("button", { name: `Unpair ${KIOSKS.leaves}` }).click();
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Unpair" }).click();
  await expect(adminPage.getByRole("article", { name: KIOSKS.leaves }).getByText("Not paired")).toBeVisible();
  // The screen hears of it at its next heartbeat: it sends what it holds, forgets, and shows a code again.
  await beatNow(leaving);
  await expect(leaving).toHaveURL(/\/kiosk$/, { timeout: 30_000 });
  await expect(leaving.getByTestId("pairing-code")).toHaveText(/^[2-9A-HJKMNP-Z]{6}$/);

  // Every play it held was stored (the one cut short by the unpair may be refused as longer than the ad runs).
  expect(waiting.filter((play) => play.adId === adId).length).toBeGreaterThan(0);
  expect(await storedPlays(KIOSKS.leaves)).toBeGreaterThanOrEqual(before + waiting.length - 1);

  // The screen that stays sends its plays too; the owner's Results for the ad (after the roll-up, every few seconds
  // here) count both screens.
  await beatNow(screens.stays.page);
  await expect(async () => {
    await adminPage.goto(`/dashboard/results?scope=ad:${adId}&days=7`);
    await expect(figure(adminPage, "Kiosks reached")).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});

test("an admin's screenshot request shows the playing ad's frame on the kiosk's card", async () => {
  test.setTimeout(120_000);
  const { page: screen } = screens.stays;
  await adminPage.goto("/admin/kiosks");
  const card = adminPage.getByRole("article", { name: KIOSKS.stays });
  await card.getByRole("button", { name: `Request a screenshot of ${KIOSKS.stays}` }).click();
  await expect(adminPage.getByText("Picture requested")).toBeVisible();
  await expect(card.getByTestId("kiosk-screenshot-time")).toContainText("A new one is on its way");

  // When the ad has just come on screen (past its fade), the screen's next heartbeat carries the request.
  let playId = "";
  await expect
    .poll(
      async () => {
        const shown = await front(screen);
        if (shown.text.includes(CTA) && shown.playId !== playId) {
          playId = shown.playId;
          return "fresh";
        }
        return "waiting";
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe("fresh");
  await crossFadeDone(screen);
  const sent = screen.waitForResponse((response) => response.url().endsWith("/api/kiosk/screenshot"));
  await beatNow(screen);
  expect((await sent).status()).toBe(200);
  expect((await front(screen)).playId, "the ad was still on screen").toBe(playId);

  await adminPage.reload();
  const shot = card.getByRole("img", { name: new RegExp(`^What ${KIOSKS.stays} showed at `) });
  await expect(shot).toBeVisible();
  await expect(card.getByTestId("kiosk-screenshot-time")).toHaveText(/^Picture taken /);
  const src = (await shot.getAttribute("src"))!;
  const jpeg = await adminPage.request.get(src);
  expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
  const image = sharp(await jpeg.body());
  const { width = 0, height = 0 } = await image.metadata();
  expect(Math.max(width, height)).toBeLessThanOrEqual(480);
  expect(height).toBeGreaterThan(width);
  const { dominant } = await image.stats();
  const distance =
    Math.abs(dominant.r - AD_COLOR.r) + Math.abs(dominant.g - AD_COLOR.g) + Math.abs(dominant.b - AD_COLOR.b);
  expect(distance, `dominant ${JSON.stringify(dominant)}`).toBeLessThan(60);

  // The card with its picture, on a desk and on a phone.
  for (const width of [1280, 360]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `.tmp/fleet-card-${width}-${E2E_PORT}.png` });
  }
  await adminPage.setViewportSize({ width: 1280, height: 720 });
});
