import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, fixtureIp, signInAdmin, signInNewOwner } from "./support/accounts";
import { pairScreen } from "./support/kiosk-screen";

// docs/product.md#results, driven as an owner, a visitor, a kiosk screen and an admin would: events made here
// (plays through the device API, a QR scan, a page view, a Visit Website click) appear on the owner's Results page
// and in its CSV, exactly; /admin/network shows the screen, its plays and the estimate an admin sets.

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
/** The listing's website: a page of this site under another host name (a website needs a dot in its host). */
const WEBSITE = `http://127.0.0.1:${E2E_PORT}/about`;
const KIOSK = `Results kiosk ${randomUUID().slice(0, 6)}`;
const LISTING = `Results Bakery ${randomUUID().slice(0, 6)}`;
const AD_TITLE = "Warm bread at six";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let ownerPage: Page;
let adminPage: Page;
let listingId = "";
let adId = "";
let shortCode = "";
let kioskId = "";

/** A play starting `offset` seconds from now (a screen's plays end at most a few seconds ahead of the server). */
function play(offset: number, seconds: number) {
  const start = Date.now() + offset * 1000;
  return {
    id: randomUUID(),
    adId,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + seconds * 1000).toISOString(),
    completed: true,
  };
}

/** A figure on the Results page, by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();

test("an owner with nothing yet is told how to get results", async ({ browser }) => {
  const context = await browser.newContext();
  await signInNewOwner(context);
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Results" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/results$/);
  await expect(page.getByRole("heading", { name: "No results yet" })).toBeVisible();
  await expect(page.getByText("Results start with an ad.")).toBeVisible();
  await page.getByRole("link", { name: "Make an ad" }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads\/new$/);
  await context.close();
});

test("plays, a scan, a view and a website visit show up on the Results page and in its CSV", async ({
  browser,
  playwright,
}) => {
  const ownerContext = await browser.newContext({ acceptDownloads: true });
  await signInNewOwner(ownerContext);
  ownerPage = await ownerContext.newPage();

  // The owner's listing, its website a page of this site (nothing outside may be fetched in tests).
  await ownerPage.goto("/admin");
  await ownerPage.getByRole("button", { name: "Add Business" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Add Business" });
  await dialog.getByLabel("Business Name").fill(LISTING);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByLabel("Address").fill("21550 Ventura Blvd");
  await dialog.getByLabel("City").fill("Woodland Hills");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("Zip Code").fill("91364");
  await dialog.getByLabel("Website").fill(WEBSITE);
  await dialog.getByRole("button", { name: "Create Business" }).click();
  await expect(dialog).toBeHidden();
  listingId = (await (await ownerPage.request.get("/admin")).text()).match(
    /\/business\/([0-9a-f-]{36})/,
  )![1]!;

  // An ad for it.
  const uploaded = await ownerPage.request.post("/dashboard/media", {
    multipart: { title: "Bread photo", file: { name: "bread.png", mimeType: "image/png", buffer: PNG } },
  });
  const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
  const made = await ownerPage.request.post("/dashboard/ads/new", {
    form: {
      title: AD_TITLE,
      businessId: listingId,
      mediaId,
      imageSeconds: "10",
      startsOn: "2026-01-01",
      qrTarget: "listing",
      radiusMiles: "5",
    },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  const ads = await (await ownerPage.request.get("/dashboard/ads")).text();
  adId = ads.match(/\/dashboard\/ads\/([0-9a-f-]{36})/)![1]!;
  shortCode = ads.match(/\/q\/([A-Za-z0-9]{6,16})/)![1]!;

  // The admin adds a kiosk hosted by the listing; a screen pairs with it.
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext);
  adminPage = await adminContext.newPage();
  // An owner's listing waits for review before its page is public (the review itself: directory-trust.spec.ts).
  const approved = await adminPage.request.post("/admin", {
    headers: { Origin: ORIGIN },
    form: { intent: "approve", id: listingId },
  });
  expect(approved.status()).toBe(200);
  // The ad is approved once its media is ready (409 until then), so the kiosk below shows it: a scan naming a
  // kiosk is credited to that kiosk only when it shows the ad.
  await expect(async () => {
    const decided = await adminPage.request.post("/admin/ads.data", {
      headers: { Origin: ORIGIN },
      form: { intent: "approve", id: adId },
    });
    expect(decided.status()).toBe(200);
  }).toPass({ timeout: 60_000 });
  const created = await adminPage.request.post("/admin/kiosks.data", {
    multipart: {
      intent: "save",
      label: KIOSK,
      hostBusinessId: listingId,
      orientation: "portrait",
      timeZone: "",
    },
    headers: { Origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  const network = await (await adminPage.request.get("/admin/network")).text();
  kioskId = network.match(
    new RegExp(`name="id" value="([0-9a-f-]{36})"(?:(?!name="id")[^])*?People per play at ${KIOSK}`),
  )![1]!;
  const device = await playwright.request.newContext({ baseURL: ORIGIN });
  const token = await pairScreen(device, adminPage.request, kioskId);
  const auth = { Authorization: `Bearer ${token}` };
  await device.post("/api/kiosk/heartbeat", {
    headers: auth,
    data: { playerVersion: "e2e", manifestVersion: null, playing: null, storageBytes: 0, errors: [] },
  });
  // The screen's manifest carries the ad (the server's kiosk catalog has seen the approval), so the server knows
  // the screen was served it.
  await expect(async () => {
    const manifest = (await (await device.get("/api/kiosk/manifest", { headers: auth })).json()) as {
      items: { adId: string | null }[];
    };
    expect(manifest.items.some((item) => item.adId === adId)).toBe(true);
  }).toPass({ timeout: 30_000 });
  // Six plays back to back (10 s each, the last one ending a little after this moment, well within the clock skew
  // a screen is allowed), the batch sent twice: stored once.
  const batch = [0, 1, 2, 3, 4, 5].map((n) => play(-30 + n * 10, 10));
  for (let i = 0; i < 2; i++) {
    const sent = await device.post("/api/kiosk/plays", { headers: auth, data: { plays: batch } });
    expect(sent.ok()).toBe(true);
  }

  // A visitor scans the QR code, lands on the listing (one view) and clicks Visit Website.
  // A phone's browser (an explicitly headless one would be taken for a bot, and not counted).
  // Its own address: every other spec's browser traffic comes from 127.0.0.1, whose counted events a budget per
  // address bounds (docs/security.md#counters-that-mean-people).
  const visitor = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
    extraHTTPHeaders: { "X-Forwarded-For": fixtureIp() },
  });
  const visitorPage = await visitor.newPage();
  const seen = visitorPage.waitForResponse((response) =>
    response.url().endsWith(`/business/${listingId}/seen`),
  );
  await visitorPage.goto(`/q/${shortCode}?k=${kioskId}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/business/${listingId}$`));
  expect((await seen).status()).toBe(200);
  const popup = visitorPage.waitForEvent("popup");
  await visitorPage
    .getByRole("link", { name: /^Visit Website/ })
    .last()
    .click();
  await expect(await popup).toHaveURL(WEBSITE);
  await visitor.close();

  // The owner's Results page, once the roll-up has run (every few seconds in this environment).
  await ownerPage.goto("/dashboard");
  await ownerPage.getByRole("link", { name: "Results" }).first().click();
  await expect(ownerPage).toHaveURL(/\/dashboard\/results$/);
  await expect(async () => {
    await ownerPage.reload();
    await expect(figure(ownerPage, "Plays")).toHaveText("6", { timeout: 1000 });
    await expect(figure(ownerPage, "Website visits")).toHaveText("1", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(figure(ownerPage, "Screen time")).toHaveText("1m 00s");
  await expect(figure(ownerPage, "Kiosks reached")).toHaveText("1");
  await expect(figure(ownerPage, "QR scans")).toHaveText("1");
  await expect(figure(ownerPage, "Scans per 1,000 plays")).toHaveText("166.7");
  await expect(figure(ownerPage, "Listing views")).toHaveText("1");
  await expect(figure(ownerPage, "Calls")).toHaveText("0");
  await expect(ownerPage.getByText(/Times your ads appeared on a kiosk screen/).first()).toBeVisible();
  await expect(ownerPage.getByRole("img", { name: /^Plays, .* Plays: 6\.$/ })).toBeVisible();
  const top = ownerPage.getByRole("region", { name: "Top kiosks by QR scans" });
  await expect(top.getByRole("listitem").first()).toContainText(KIOSK);
  await expect(top.getByRole("listitem").first()).toContainText("1 scan");

  // One ad, the last 7 days.
  await ownerPage.getByLabel("Show results for").selectOption({ label: AD_TITLE });
  await ownerPage.getByLabel("Period").selectOption({ label: "Last 7 days" });
  await ownerPage.getByRole("button", { name: "Show" }).click();
  await expect(ownerPage.getByRole("heading", { name: `${AD_TITLE}, last 7 days` })).toBeVisible();
  await expect(figure(ownerPage, "Plays")).toHaveText("6");
  await expect(
    ownerPage.getByText("Listing views, calls and website visits belong to the listing"),
  ).toBeVisible();

  // The CSV says the same.
  await ownerPage.getByLabel("Show results for").selectOption({ label: LISTING });
  await ownerPage.getByRole("button", { name: "Show" }).click();
  await expect(ownerPage.getByRole("heading", { name: `${LISTING}, last 7 days` })).toBeVisible();
  const download = ownerPage.waitForEvent("download");
  await ownerPage.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, "utf8").trim().split("\r\n");
  expect(lines[0]).toBe(
    "date,plays,screen_seconds,qr_scans,listing_views,calls,website_visits,emails,directions",
  );
  expect(lines).toHaveLength(8);
  const totals = lines
    .slice(1)
    .map((line) => line.split(",").slice(1).map(Number))
    .reduce((a, b) => a.map((value, i) => value + b[i]!));
  expect(totals).toEqual([6, 60, 1, 1, 0, 1, 0, 0]);
  await device.dispose();
});

test("the admin's network page shows the screen online, its plays, and an estimate apart", async () => {
  await adminPage.goto("/admin/network");
  await expect(adminPage.getByRole("heading", { name: "Network", level: 1 })).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: KIOSK });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Online");
  await expect(row.getByRole("cell").nth(2)).toHaveText("6");
  // The map's pin for it, coloured (and titled) by state.
  await expect(adminPage.locator(`.ls-map-kiosk[title="${KIOSK}: online"]`)).toBeVisible();
  // An estimate: 2.5 people per play × 6 plays.
  await row.getByLabel(`People per play at ${KIOSK} (estimate)`).fill("2.5");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(adminPage.getByText("Estimate saved")).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("≈ 15 (estimate)");
  const topKiosks = adminPage.getByRole("region", { name: "Top kiosks by QR scans" });
  await expect(topKiosks).toContainText(KIOSK);
  const topAds = adminPage.getByRole("region", { name: "Top ads by QR scans" });
  await expect(topAds).toContainText(AD_TITLE);

  // The owner sees the estimate apart from the counts, labelled as one.
  await ownerPage.goto("/dashboard/results?days=30");
  await expect(
    ownerPage.getByRole("complementary", { name: /Estimated impressions \(an estimate, not a count\)/ }),
  ).toContainText("about 15");
});

test("on a phone the Results page and the kiosk cards fit, with a full-width chooser and readable charts", async () => {
  await ownerPage.setViewportSize({ width: 360, height: 780 });
  await ownerPage.goto("/dashboard/results?days=30");
  const fitsTheScreen = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fitsTheScreen(ownerPage)).toBe(true);
  // The chooser takes a row of its own, its label on one line.
  const chooser = ownerPage.getByLabel("Show results for");
  expect((await chooser.boundingBox())!.width).toBeGreaterThan(250);
  const label = ownerPage.locator("label").filter({ hasText: "Show results for" });
  const lineHeight = await label.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  const labelText = await label.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.firstChild!);
    return range.getBoundingClientRect().height;
  });
  expect(labelText).toBeLessThan(lineHeight * 1.5);
  // The chart's axis labels are drawn at 10 px or more on the screen.
  const chart = ownerPage.getByRole("img", { name: /^Plays, .* Plays: 6\.$/ });
  await expect(chart).toBeVisible();
  const smallest = await chart.evaluate((svg) =>
    Math.min(...[...svg.querySelectorAll("text")].map((text) => text.getBoundingClientRect().height)),
  );
  expect(smallest).toBeGreaterThanOrEqual(10);

  // The longest state a kiosk card shows ("Offline since" a date and time) wraps inside the card.
  await adminPage.setViewportSize({ width: 360, height: 780 });
  await adminPage.goto("/admin/kiosks");
  const badge = adminPage.getByRole("article", { name: KIOSK }).locator("[data-slot=badge]");
  await badge.evaluate((element) => {
    element.lastChild!.textContent = " Offline since September 30, 2026 at 12:30 PM";
  });
  expect(await fitsTheScreen(adminPage)).toBe(true);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
});
