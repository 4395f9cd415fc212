import { expect, test, type Page } from "@playwright/test";
import { INDUSTRIES } from "../../app/lib/industries";
import { E2E_PORT, signInNewOwner } from "./support/accounts";

// The directory lists against the demo data (46 businesses; business pages are in directory-business.spec.ts).
// Other specs add businesses while this one runs, so totals are checked against what the pages show (every card
// matches the filter, the pages add up to the count line), not against fixed numbers.
const ORIGIN = `http://localhost:${E2E_PORT}`;

const countLine = (page: Page) => page.getByRole("status").filter({ hasText: /^Showing / });
const cards = (page: Page) => page.getByRole("main").getByRole("article");

async function shownTotal(page: Page): Promise<number> {
  const text = (await countLine(page).textContent()) ?? "";
  return Number(/^Showing ([\d,]+)/.exec(text)?.[1].replace(/,/g, ""));
}

async function openSearch(page: Page) {
  await page.getByRole("button", { name: "Search Local Businesses" }).click();
  return page.getByRole("dialog", { name: "Search Local Businesses" });
}

test("the chooser has one card per industry, each opening its list", async ({ page }) => {
  await page.goto("/local-shiners");
  await expect(page).toHaveTitle("Local Shiners: Find a Local Business | Local Shine");
  const main = page.getByRole("main");
  for (const industry of INDUSTRIES) {
    await expect(main.getByRole("link", { name: industry.title, exact: true })).toHaveAttribute(
      "href",
      `/local-shiners/${industry.id}`,
    );
  }
  await expect(main.getByRole("link", { name: "Browse All Businesses" })).toHaveAttribute(
    "href",
    "/local-shiners/all",
  );

  await main.getByRole("link", { name: "Food Industry", exact: true }).click();
  await expect(page).toHaveURL(/\/local-shiners\/food-industry$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Food Industry");
  await expect(countLine(page)).toHaveText(/^Showing \d+ Food Industry businesses$/);
  await page.getByRole("link", { name: "All industries" }).click();
  await expect(page).toHaveURL(/\/local-shiners$/);
});

test("the all page: LOCAL SHINERS, full cards, and pages that add up to the count", async ({ page }) => {
  const response = await page.goto("/local-shiners/all");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("LOCAL SHINERS");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/local-shiners/all`);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThanOrEqual(46);
  await expect(countLine(page)).toContainText(`Page 1 of ${Math.ceil(total / 24)}`);
  await expect(cards(page)).toHaveCount(24);

  // Every element of a card (docs/product.md#directory-lists), and the card links to the business page.
  const card = page.getByRole("article", { name: "Valley Bright Plumbing" });
  await expect(card.getByRole("img")).toHaveCount(0); // decorative: alt=""
  await expect(card.locator("img")).toHaveAttribute(
    "src",
    /\/media\/demo\/business-valley-bright-plumbing\.webp(\?w=\d+)?$/,
  );
  await expect(card).toContainText("Rated 4.9 out of 5");
  await expect(card).toContainText("Home Services");
  await expect(card).toContainText("Family-run plumbing for Warner Center");
  await expect(card).toContainText("Woodland Hills, CA 91367");
  await expect(card).toContainText("(818) 555-0101");
  await expect(card).toContainText("Website");
  await expect(card).toContainText("Free water-heater flush with any repair when you mention the kiosk.");
  await expect(card.getByRole("link", { name: "Valley Bright Plumbing" })).toHaveAttribute(
    "href",
    /^\/business\/[0-9a-f-]{36}$/,
  );
  // No website, no phone, no offer: no marker, no number, no offer box.
  await page.goto("/local-shiners/all?zip=91306");
  const donuts = page.getByRole("article", { name: "Golden Hour Donuts" });
  await expect(donuts).toContainText("Winnetka, CA 91306");
  await expect(donuts).not.toContainText("Website");
  await expect(donuts).not.toContainText("555-");

  // Paging: every business appears exactly once across the pages.
  await page.goto("/local-shiners/all");
  const seen = new Set<string>();
  const pages = Math.ceil(total / 24);
  for (let n = 1; n <= pages; n++) {
    await expect(page.getByRole("link", { name: `Page ${n}` })).toHaveAttribute("aria-current", "page");
    for (const name of await cards(page).getByRole("heading").allTextContents()) seen.add(name);
    if (n < pages) {
      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(new RegExp(`/local-shiners/all\\?page=${n + 1}$`));
    }
  }
  expect(seen.size).toBe(total);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${ORIGIN}/local-shiners/all?page=${pages}`,
  );
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(countLine(page)).toContainText(`Page ${pages - 1} of ${pages}`);

  // A page past the end (say, from an old link) lands on the last one.
  await page.goto("/local-shiners/all?page=999");
  await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
});

test("search by industry and zip, back button, Reset, and the empty state", async ({ page }) => {
  await page.goto("/local-shiners/all");
  const total = await shownTotal(page);

  let dialog = await openSearch(page);
  await expect(dialog.getByLabel("Industry")).toHaveValue("");
  await expect(dialog.getByLabel("Industry").locator("option")).toHaveText([
    "All Industries",
    ...INDUSTRIES.map((i) => i.title),
  ]);
  await dialog.getByLabel("Industry").selectOption({ label: "Health & Wellness" });
  await dialog.getByLabel("Zip Code").fill("913");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all\?industry=health-wellness&zip=913$/);
  await expect(dialog).toBeHidden();
  await expect(countLine(page)).toHaveText(
    /^Showing \d+ Health & Wellness businesses with a zip code matching “913”$/,
  );
  const matches = await shownTotal(page);
  await expect(cards(page)).toHaveCount(Math.min(matches, 24));
  for (const card of await cards(page).all()) {
    await expect(card).toContainText("Health & Wellness");
    await expect(card).toContainText(/CA \d*913/);
  }
  await expect(page.getByRole("article", { name: "Warner Center Pilates" })).toBeVisible();
  // 91423 doesn't contain "913".
  await expect(page.getByRole("article", { name: "Sherman Oaks Sound & Stretch" })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // The search lives in the URL: the back button returns to the full list, forward to the search.
  await page.goBack();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
  await expect(countLine(page)).toHaveText(/^Showing \d+ local businesses/);
  await page.goForward();
  await expect(page).toHaveURL(/zip=913$/);
  // The URL changes before the list has loaded; wait for the list so the dialog isn't opened mid-navigation.
  await expect(countLine(page)).toHaveText(/^Showing \d+ Health & Wellness businesses/);

  // The dialog opens on the current search; Reset clears both and shows everything.
  dialog = await openSearch(page);
  await expect(dialog.getByLabel("Industry")).toHaveValue("health-wellness");
  await expect(dialog.getByLabel("Zip Code")).toHaveValue("913");
  await dialog.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
  await expect.poll(() => shownTotal(page)).toBeGreaterThanOrEqual(total);

  // Zip alone: a substring of zip_code.
  dialog = await openSearch(page);
  await dialog.getByLabel("Zip Code").fill("91423");
  await dialog.getByLabel("Zip Code").press("Enter");
  await expect(page).toHaveURL(/\/local-shiners\/all\?zip=91423$/);
  await expect(page.getByRole("article", { name: "Sherman Oaks Print & Ship" })).toBeVisible();
  for (const card of await cards(page).all()) await expect(card).toContainText("91423");

  // Nothing matches: 'No businesses found', and Show All Businesses restores the full list.
  dialog = await openSearch(page);
  await dialog.getByLabel("Zip Code").fill("0000");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No businesses found" })).toBeVisible();
  await expect(countLine(page)).toHaveText("Showing 0 local businesses with a zip code matching “0000”");
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Show All Businesses" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
  await expect(cards(page)).toHaveCount(24);
});

test("an industry page: back link, search within it, switching industry, unknown industry is a 404", async ({
  page,
}) => {
  await page.goto("/local-shiners/automobile-services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automobile Services");
  await expect(page.getByRole("link", { name: "All industries" })).toHaveAttribute("href", "/local-shiners");
  await expect(page).toHaveTitle("Automobile Services Businesses | Local Shiners | Local Shine");
  for (const card of await cards(page).all()) await expect(card).toContainText("Automobile Services");

  let dialog = await openSearch(page);
  await expect(dialog.getByLabel("Industry")).toHaveValue("automobile-services");
  await dialog.getByLabel("Zip Code").fill("91367");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/automobile-services\?zip=91367$/);
  await expect(page.getByRole("article", { name: "Warner Center Auto Spa" })).toBeVisible();
  for (const card of await cards(page).all()) await expect(card).toContainText("Automobile Services");
  for (const card of await cards(page).all()) await expect(card).toContainText("91367");

  // Another industry moves to that industry's page, keeping the zip.
  dialog = await openSearch(page);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/food-industry\?zip=91367$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Food Industry");
  await expect(page.getByRole("article", { name: "Warner Grove Juice Bar" })).toBeVisible();

  const response = await page.goto("/local-shiners/plumbing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Oops! Page not found");
});

test("search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/local-shiners/food-industry");
  // The button opens a native dialog (Invoker Commands): no script needed.
  let dialog = await openSearch(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Industry").selectOption({ label: "Home Services" });
  await dialog.getByLabel("Zip Code").fill("91364");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/home-services\?zip=91364$/);
  await expect(page.getByRole("article", { name: "Topanga Ridge Electric" })).toBeVisible();
  dialog = await openSearch(page);
  await expect(dialog.getByLabel("Zip Code")).toHaveValue("91364");
  await dialog.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
  await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute(
    "href",
    "/local-shiners/all?page=2",
  );
  // From the all page, blank fields are dropped from the URL.
  dialog = await openSearch(page);
  await dialog.getByLabel("Zip Code").fill("91423");
  await dialog.getByLabel("Zip Code").press("Enter");
  await expect(page).toHaveURL(/\/local-shiners\/all\?zip=91423$/);
  await context.close();
});

test("the search dialog closes with Escape, its X and a click on the backdrop", async ({ page }) => {
  await page.goto("/local-shiners/all");
  const dialog = await openSearch(page);
  await expect(dialog.getByLabel("Industry")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await openSearch(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await openSearch(page);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
});

// Visitors get these pages as plain documents (no React); signed-in people's pages hydrate and links move within
// the app.
test("signed in, card, page-number and footer links move within the app, without reloading the page", async ({
  page,
}) => {
  await signInNewOwner(page.context());
  await page.goto("/local-shiners/all");
  // Hydrated: the search dialog opens.
  await openSearch(page);
  await page.keyboard.press("Escape");
  // Survives a client-side navigation, not a document load.
  await page.evaluate(() => ((window as unknown as { stayedInApp: boolean }).stayedInApp = true));
  const stayed = () =>
    page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp === true);

  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all\?page=2$/);
  await expect(countLine(page)).toContainText("Page 2 of");
  expect(await stayed()).toBe(true);

  const first = cards(page).first();
  const name = (await first.getByRole("heading").textContent())!;
  await first.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await stayed()).toBe(true);

  await page.getByRole("contentinfo").getByRole("link", { name: "Network Map" }).click();
  await expect(page).toHaveURL(/\/map$/);
  expect(await stayed()).toBe(true);

  // A modified click is left to the browser (a new tab), and the page stays put.
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Shine Stories" })
      .click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect(popup).toHaveURL(/\/shine-stories$/);
  await expect(page).toHaveURL(/\/map$/);
  await popup.close();
});
