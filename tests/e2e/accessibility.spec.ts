import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { animationsSettled } from "./support/animations";
import { mapRegion, openFirstPopup, openInteractiveMap } from "./support/network-map";

/** Every public route (docs/product.md's route table); story and business pages are taken from the sitemap. */
const STATIC_ROUTES = [
  "/",
  "/about",
  "/contact",
  "/submit-business",
  "/map",
  "/signin",
  "/forgot-password",
  "/shine-stories",
  "/shine-stories/food-industry",
  "/local-shiners",
  "/local-shiners/all",
  "/local-shiners/home-services",
  "/no-such-page-here",
];

/** Runs axe on what is on screen, once settled, and fails with a readable list of serious and critical violations. */
async function expectNoSeriousViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function scan(page: Page, path: string) {
  // networkidle: scanned once hydrated, with every lazy chunk (the map's Leaflet) in place.
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.getByRole("main")).toBeVisible();
  await expectNoSeriousViolations(page, path);
  // The map page is scanned again with the interactive map open: Leaflet's markers and controls in place.
  if (path === "/map") {
    await openInteractiveMap(page);
    await expect(page.getByRole("button", { name: /partners here/ }).first()).toBeVisible();
    // Pressing the button scrolled the page; back at the top, no marker sits under the sticky header, whose
    // translucent white would otherwise be judged as the marker's own colours.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousViolations(page, `${path} (interactive map open)`);
  }
}

for (const path of STATIC_ROUTES) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    // The map page is scanned twice (its first view, then with the interactive map open).
    if (path === "/map") test.slow();
    await scan(page, path);
  });
}

test("axe: a story page and a business page have no serious or critical violations", async ({
  page,
  request,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const kind of ["story", "business"]) {
    const url = new RegExp(`<loc>[^<]*(/${kind}/[0-9a-f-]{36})</loc>`).exec(xml)?.[1];
    expect(url, `a /${kind}/ URL in the sitemap`).toBeTruthy();
    await scan(page, url!);
  }
});

test("axe: the phone layout with the menu open, and an open map popup", async ({ page }) => {
  // Two scans, and the interactive map loaded and zoomed by keyboard between them.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await page.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoSeriousViolations(page, "/ (phone, menu open)");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/map");
  await openInteractiveMap(page);
  await openFirstPopup(page);
  // The whole map in view below the sticky header (its foot at the window's foot), so the popup is judged by its
  // own colours, not through the header's translucent white.
  await mapRegion(page).evaluate((map) => map.scrollIntoView({ block: "end" }));
  await expectNoSeriousViolations(page, "/map (phone, popup open)");
});
