import sharp from "sharp";
import { expect, request, test, type BrowserContext, type Page } from "@playwright/test";
import { wallTimeOf } from "../../app/lib/zoned-time";
import { E2E_PORT, signInAdmin } from "./support/accounts";
import { animationsSettled } from "./support/animations";
import { approveWhenReady, pairScreen } from "./support/kiosk-screen";

// Screen groups and priority messages, driven as an admin and two screens would (docs/product.md#screen-groups,
// #priority-messages): the admin makes a group on /admin/kiosks/groups with one of two screens in it and targets
// an ad at it; the ad plays on the screen in the group and never on the one outside. A message published to the
// group covers the screen in it within seconds (not at its next minute's poll), never the one outside, stays on a
// reload with the network gone, and ends by itself at its end by the screen's own clock, offline.

// Playwright's offline switch does not reach service workers' own requests unless their network events are routed.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const HEADERS = { Origin: ORIGIN };
const RUN = Date.now().toString(36);
const GROUP = `Valley cafés ${RUN}`;
const IN = `In the group ${RUN}`;
const OUT = `Outside the group ${RUN}`;
const AD = `Group special ${RUN}`;
const HEADLINE = `Closed for the parade ${RUN}`;
/** What the admin is promised: a message is on the screens within this of being published. */
const PROMISED_MS = 15_000;
const MINUTE = 60_000;

let admin: BrowserContext;
let adminPage: Page;
const screens = {} as Record<"in" | "out", { context: BrowserContext; page: Page; kioskId: string }>;
let adId = "";
let messageEndsAt = 0;

async function png(color: string, size = 900) {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function upload(title: string, color: string) {
  const response = await admin.request.post("/dashboard/media", {
    multipart: { title, file: { name: "picture.png", mimeType: "image/png", buffer: await png(color) } },
    headers: HEADERS,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { media: { id: string } }).media.id;
}

/** Every ad id the screen has shown, kept in sessionStorage so the record survives reloads. */
async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const seen = JSON.parse(sessionStorage.getItem("seen-ads") ?? "[]") as string[];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      for (const layer of document.querySelectorAll<HTMLElement>("[data-play-id]")) {
        const id = layer.dataset.adId ?? "";
        if (id && !seen.includes(id)) {
          seen.push(id);
          sessionStorage.setItem("seen-ads", JSON.stringify(seen));
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}
const seenAds = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

/** The manifest the screen stored in its IndexedDB: what it plays from offline. */
async function storedManifest(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ items: { adId: string | null }[]; takeovers?: { headline: string }[] } | null>(
        (resolve) => {
          const open = indexedDB.open("local-shine-kiosk");
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const read = open.result.transaction("state").objectStore("state").get("manifest");
            read.onsuccess = () =>
              resolve((read.result as { manifest: never } | undefined)?.manifest ?? null);
            read.onerror = () => resolve(null);
          };
        },
      ),
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  admin = await browser.newContext();
  await signInAdmin(admin);
  adminPage = await admin.newPage();

  // A listing, an ad, and two kiosks with no host: no place, so no ad reaches them by distance.
  const listing = new FormData();
  for (const [key, value] of Object.entries({
    name: `Group Bakery ${RUN}`,
    industry: "food-industry",
    address: "21550 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91364",
  }))
    listing.set(key, value);
  expect(
    (await admin.request.post("/admin", { multipart: listing, headers: HEADERS })).status(),
  ).toBeLessThan(300);
  const adMedia = await upload(`Group ad picture ${RUN}`, "#2a7d4f");
  await upload(`Parade notice ${RUN}`, "#fde047");

  await adminPage.goto("/dashboard/ads/new");
  const businessId = await adminPage
    .getByRole("combobox", { name: "Listing" })
    .locator("option", { hasText: `Group Bakery ${RUN}` })
    .getAttribute("value");
  const ad = new URLSearchParams({
    title: AD,
    businessId: businessId!,
    mediaId: adMedia,
    imageSeconds: "10",
    startsOn: new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10),
    callToAction: `Only in the valley ${RUN}`,
  });
  const created = await admin.request.post("/dashboard/ads/new", {
    data: ad.toString(),
    headers: { ...HEADERS, "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(created.status()).toBeLessThan(400);
  await adminPage.goto("/dashboard/ads");
  const href = await adminPage.getByRole("link", { name: `Edit ${AD}` }).getAttribute("href");
  adId = href!.split("/").pop()!;
  await approveWhenReady(admin.request, adId);

  for (const [key, label] of [
    ["in", IN],
    ["out", OUT],
  ] as const) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      label,
      orientation: "portrait",
      timeZone: "",
    }))
      form.set(name, value);
    const saved = await admin.request.post("/admin/kiosks.data", { multipart: form, headers: HEADERS });
    expect(saved.status()).toBe(201);
    // The reply is React Router's data stream; the new kiosk's id is the one UUID in it.
    const kioskId = (await saved.text()).match(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
    )![0];
    const device = await request.newContext({ baseURL: ORIGIN });
    const token = await pairScreen(device, admin.request, kioskId);
    await device.dispose();
    // Portrait 1080×1920 at half size; a paired screen keeps its token in its own storage.
    const context = await browser.newContext({ viewport: { width: 540, height: 960 }, deviceScaleFactor: 2 });
    await context.addInitScript(
      ([device]) => localStorage.setItem("localshine.kiosk.device", device!),
      [JSON.stringify({ token, kioskId })],
    );
    const page = await context.newPage();
    await page.clock.install();
    await recordPlays(page);
    screens[key] = { context, page, kioskId };
  }
});

test.afterAll(async () => {
  for (const screen of Object.values(screens)) await screen.context.close();
  await admin?.close();
});

test("an ad targeted at a group plays on the screen in it and never on the one outside", async () => {
  test.setTimeout(120_000);
  await adminPage.goto("/admin/kiosks/groups");
  await adminPage.getByLabel("New group").fill(GROUP);
  await adminPage.getByRole("button", { name: "Add Group" }).click();
  const card = adminPage.getByRole("article", { name: GROUP });
  await expect(card).toBeVisible();
  await card.getByRole("checkbox", { name: IN }).check();
  await card.getByRole("button", { name: `Save kiosks of ${GROUP}` }).click();
  await expect(card.getByText("1 kiosk ·")).toBeVisible();
  await card.getByRole("checkbox", { name: new RegExp(AD) }).check();
  await card.getByRole("button", { name: `Save ads of ${GROUP}` }).click();
  await expect(card.getByText("1 ad targets it")).toBeVisible();

  // The fleet page, filtered by the group: only the screen in it.
  await adminPage.goto("/admin/kiosks");
  await adminPage
    .getByRole("navigation", { name: "Screen groups" })
    .getByRole("link", { name: GROUP })
    .click();
  await expect(adminPage.getByRole("article", { name: IN })).toBeVisible();
  await expect(adminPage.getByRole("article", { name: OUT })).toHaveCount(0);
  // Its card counts the ad that reaches it through the group.
  await expect(adminPage.getByRole("article", { name: IN }).getByTestId("kiosk-picked-ads")).toHaveText(
    "1 (1 through a group)",
  );
  for (const width of [1280, 360]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await adminPage.screenshot({ path: `.tmp/kiosk-groups-fleet-${width}-${E2E_PORT}.png`, fullPage: true });
  }
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  for (const screen of Object.values(screens)) await screen.page.goto("/kiosk/play");
  const inside = screens.in.page;
  await expect
    .poll(
      async () => {
        await inside.clock.runFor(10_000);
        return (await seenAds(inside)).includes(adId);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // Round both rotations a few times once the screen outside holds its first manifest: it never shows the ad,
  // nor holds it in its manifest.
  await expect
    .poll(async () => {
      await screens.out.page.clock.runFor(10_000);
      return (await storedManifest(screens.out.page)) !== null;
    })
    .toBe(true);
  for (let i = 0; i < 8; i++)
    for (const screen of Object.values(screens)) await screen.page.clock.runFor(10_000);
  expect(await seenAds(screens.out.page)).not.toContain(adId);
  expect((await storedManifest(screens.out.page))!.items.map((item) => item.adId)).not.toContain(adId);
  expect((await storedManifest(inside))!.items.map((item) => item.adId)).toContain(adId);
});

test("a message to the group covers its screen within seconds, survives a reload offline and ends by itself", async () => {
  test.setTimeout(150_000);
  const inside = screens.in.page;
  await adminPage.goto(`/admin/kiosks/messages`);
  const form = adminPage.getByRole("form", { name: "New message" });
  await form.getByLabel("Headline").fill(HEADLINE);
  await form.getByLabel("Text").fill("Back at 4 pm. Thank you!");
  await form.getByLabel("Picture").selectOption({ label: `Parade notice ${RUN}` });
  await form.getByRole("radio", { name: "Only these groups" }).check();
  await form.getByRole("checkbox", { name: new RegExp(GROUP) }).check();
  // Ends ten minutes from now, by the site's clock (Los Angeles), to the minute.
  messageEndsAt = Math.ceil((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE;
  await form.getByLabel("Ends").fill(wallTimeOf(new Date(messageEndsAt), "America/Los_Angeles"));

  const published = Date.now();
  await form.getByRole("button", { name: "Publish Message" }).click();
  await expect(adminPage.getByRole("article", { name: HEADLINE })).toBeVisible();
  const takeover = inside.getByTestId("kiosk-takeover");
  await expect(takeover).toBeVisible({ timeout: PROMISED_MS });
  expect(Date.now() - published).toBeLessThan(PROMISED_MS);
  await expect(takeover.getByRole("heading", { name: HEADLINE })).toBeVisible();
  await expect(inside.locator("[data-play-id]")).toHaveCount(0);
  // The screen outside the group plays on.
  await screens.out.page.clock.runFor(10_000);
  await expect(screens.out.page.getByTestId("kiosk-takeover")).toHaveCount(0);
  await expect(screens.out.page.getByTestId("kiosk-player")).toBeVisible();

  // Stored with its picture, then the network goes and the screen reloads: the message is still there.
  await expect
    .poll(async () => (await storedManifest(inside))?.takeovers?.map((message) => message.headline), {
      timeout: 30_000,
    })
    .toEqual([HEADLINE]);
  const offline = screens.in.context;
  await offline.route("**", (route) =>
    route.request().serviceWorker() ? route.abort("internetdisconnected") : route.continue(),
  );
  await offline.setOffline(true);
  await inside.reload();
  await expect(takeover.getByRole("heading", { name: HEADLINE })).toBeVisible();
  await expect
    .poll(() =>
      inside.evaluate(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="kiosk-takeover"] img');
        return !!image && image.complete && image.naturalWidth > 0;
      }),
    )
    .toBe(true);
  await animationsSettled(inside);
  await inside.screenshot({ path: `.tmp/kiosk-takeover-portrait-${E2E_PORT}.png` });

  // Still offline, the screen's clock runs past the message's end: it ends by itself and the ads come back.
  // By the server's clock (the screen's, corrected by the offset it stored): the test's own clock is the server's.
  const left = messageEndsAt - Date.now();
  await inside.clock.runFor(left - 5_000);
  await expect(takeover).toBeVisible();
  await inside.clock.runFor(10_000);
  await expect(takeover).toHaveCount(0);
  await expect(inside.getByTestId("kiosk-player")).toBeVisible();
  await expect(inside.locator("[data-play-id]").first()).toBeVisible();
  await offline.unroute("**");
  await offline.setOffline(false);
});
