import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, signInAdmin, signInNewOwner } from "./support/accounts";
import { approveAndServe, pairScreen } from "./support/kiosk-screen";

// docs/product.md#home, #about and #one-business: the home and About pages show the network's live figures, server
// rendered, without React; a business page says "Seen N times on Local Shine kiosks this month" only once its owner
// ticks the box in the listing dialog, and stops when they untick it.

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const LISTING = `Proof Bakery ${randomUUID().slice(0, 6)}`;
const KIOSK = `Proof kiosk ${randomUUID().slice(0, 6)}`;
const OPT_IN = "Show how often your ads played this month";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const MONTHS = /January|February|March|April|May|June|July|August|September|October|November|December/;

/** The three figures of a page's band, as "value label" lines. */
async function figures(page: Page, name: string) {
  await expect(page.locator(`dl[aria-label="${name}"]`)).toBeVisible();
  return page.locator(`dl[aria-label="${name}"] > div`).evaluateAll((tiles) =>
    tiles.map((tile) => {
      const value = tile.querySelector("dd")?.textContent ?? "";
      const label = tile.querySelector("dt")?.textContent ?? "";
      return { value, label };
    }),
  );
}

for (const { path, name } of [
  { path: "/", name: "The network in figures" },
  { path: "/about", name: "The network today" },
]) {
  test(`${path} shows the network's live figures in its HTML, with no React`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    const tiles = await figures(page, name);
    expect(tiles).toHaveLength(3);
    const [partners, kiosks, plays] = tiles as [
      { value: string; label: string },
      { value: string; label: string },
      { value: string; label: string },
    ];
    // A count with thousands separators, or (on a fresh network) words, never a bare "0".
    const countOrWords = /^(?:[1-9]\d{0,2}(?:,\d{3})*|[A-Z][a-z]+(?: [a-z]+)*)$/;
    for (const tile of tiles) expect(tile.value).toMatch(countOrWords);
    expect(partners.label).toMatch(/^partner business(?:es)? in the directory$/);
    expect(kiosks.label).toMatch(/kiosk/);
    expect(plays.label).toMatch(MONTHS);
    // The demo network has partners: the figure is the count the map shows.
    expect(partners.value).toMatch(/^[1-9]/);
    // Rendered by the server: the figures are in the document itself.
    // (The count is read again from the document, not compared with the one above: other specs publish listings
    // meanwhile, and the figure may move on between the two requests.)
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(`aria-label="${name}"`);
    const served =
      /data-figure="partners"[^]*?<dd[^>]*>[^]*?<span class="[^"]*tabular-nums[^"]*">([^<]+)<\/span>/.exec(
        html,
      );
    expect(served?.[1]).toMatch(/^[1-9]/);
    // Only the layout's islands (the phone menu): the figures need no script.
    expect(scripts.filter((script) => !/^\/assets\/island-[\w-]+\.js$/.test(script))).toEqual([]);
  });
}

test("a business page says how often its ads played this month only while its owner chooses to", async ({
  browser,
  playwright,
}) => {
  const ownerContext = await browser.newContext();
  await signInNewOwner(ownerContext);
  const owner = await ownerContext.newPage();

  // The owner adds a listing; the box is off unless ticked.
  await owner.goto("/admin");
  await owner.getByRole("button", { name: "Add Business" }).click();
  const add = owner.getByRole("dialog", { name: "Add Business" });
  await expect(add.getByRole("checkbox", { name: OPT_IN })).not.toBeChecked();
  await add.getByLabel("Business Name").fill(LISTING);
  await add.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await add.getByLabel("Address").fill("21550 Ventura Blvd");
  await add.getByLabel("City").fill("Woodland Hills");
  await add.getByLabel("State").fill("CA");
  await add.getByLabel("Zip Code").fill("91364");
  await add.getByRole("button", { name: "Create Business" }).click();
  await expect(add).toBeHidden();
  const listingId = (await (await owner.request.get("/admin")).text()).match(
    /\/business\/([0-9a-f-]{36})/,
  )![1]!;

  // An ad for it.
  const uploaded = await owner.request.post("/dashboard/media", {
    multipart: { title: "Bread photo", file: { name: "bread.png", mimeType: "image/png", buffer: PNG } },
  });
  const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
  const made = await owner.request.post("/dashboard/ads/new", {
    form: {
      title: "Warm bread at six",
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
  const adId = (await (await owner.request.get("/dashboard/ads")).text()).match(
    /\/dashboard\/ads\/([0-9a-f-]{36})/,
  )![1]!;

  // An admin publishes the listing and puts a kiosk in the shop; its screen pairs, is served the
  // approved ad and sends three plays.
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext);
  const admin = adminContext.request;
  expect(
    (
      await admin.post("/admin", { headers: { Origin: ORIGIN }, form: { intent: "approve", id: listingId } })
    ).status(),
  ).toBe(200);
  const created = await admin.post("/admin/kiosks.data", {
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
  const network = await (await admin.get("/admin/network")).text();
  const kioskId = network.match(
    new RegExp(`name="id" value="([0-9a-f-]{36})"(?:(?!name="id")[^])*?People per play at ${KIOSK}`),
  )![1]!;
  const device = await playwright.request.newContext({ baseURL: ORIGIN });
  const token = await pairScreen(device, admin, kioskId);
  await approveAndServe(device, admin, { token, adId });
  const now = Date.now();
  const plays = [30, 20, 10].map((secondsAgo) => ({
    id: randomUUID(),
    adId,
    startedAt: new Date(now - secondsAgo * 1000).toISOString(),
    endedAt: new Date(now - secondsAgo * 1000 + 8000).toISOString(),
    completed: true,
  }));
  const sent = await device.post("/api/kiosk/plays", {
    headers: { Authorization: `Bearer ${token}` },
    data: { plays },
  });
  expect(sent.ok()).toBe(true);

  // A visitor sees no plays line while the box is off.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/business/${listingId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: LISTING })).toBeVisible();
  await expect(visitor.getByText(/on Local Shine kiosks this month/)).toHaveCount(0);

  // The owner ticks the box: the page says so, with the plays made here.
  const setOptIn = async (checked: boolean) => {
    await owner.goto("/admin");
    await owner
      .getByRole("button", { name: `Edit ${LISTING}` })
      .first()
      .click();
    const edit = owner.getByRole("dialog", { name: "Edit Business" });
    const box = edit.getByRole("checkbox", { name: OPT_IN });
    await expect(box).toBeChecked({ checked: !checked });
    await box.click();
    await expect(box).toBeChecked({ checked });
    await edit.getByRole("button", { name: "Update Business" }).click();
    await expect(edit).toBeHidden();
  };
  await setOptIn(true);
  await visitor.reload();
  await expect(visitor.getByText("Seen 3 times on Local Shine kiosks this month")).toBeVisible();

  // And unticks it: gone again.
  await setOptIn(false);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: LISTING })).toBeVisible();
  await expect(visitor.getByText(/on Local Shine kiosks this month/)).toHaveCount(0);

  await Promise.all([ownerContext.close(), adminContext.close(), visitorContext.close(), device.dispose()]);
});
