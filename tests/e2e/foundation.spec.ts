import { expect, test } from "@playwright/test";
import { demoStoryId } from "../../app/.server/seed/demo-stories";
import { BUILT_SERVER } from "../support/server-process";
import { createConfirmedAccount } from "./support/accounts";

test("home page shows the shared header", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Local Shine — home" })).toHaveAttribute("href", "/");
  const nav = header.getByRole("navigation", { name: "Main" });
  for (const [label, href] of [
    ["Home", "/"],
    ["Digital Kiosk", "/about"],
    ["Shine Stories", "/shine-stories"],
    ["Local Shiners", "/local-shiners"],
    ["Contact", "/contact"],
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
  await expect(header.getByRole("link", { name: "Join Our Network" })).toHaveAttribute(
    "href",
    "/submit-business",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shine brighter in your neighborhood");
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");

  // The current section is marked on the pages under it too, and on no other link.
  await page.goto("/local-shiners/all");
  await expect(nav.getByRole("link", { name: "Local Shiners", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

test("an unknown path answers 404 with the spec's page", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Oops! Page not found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the header collapses into a menu on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile.getByRole("link", { name: "Local Shiners" })).toBeVisible();
  await expect(mobile.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("healthz answers 200", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
});

test("a second server on the same DATA_DIR stops at once with the lock message", async () => {
  const { spawnSync } = await import("node:child_process");
  const { E2E_DATA_DIR } = await import("./support/accounts");
  const result = spawnSync(process.execPath, BUILT_SERVER, {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: "0", DATABASE_URL: "", LOG_LEVEL: "fatal" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/The embedded database in .* is in use by process \d+/);
  expect(result.stderr).toContain("set DATABASE_URL");
});

// The server streams each page with the loader data it hands to the browser (app/entry.server.tsx). If that
// hand-off were missing or malformed, or a script lacked the CSP nonce, the page would never hydrate.
test("server-rendered pages hydrate with their loader data and no errors", async ({ page, context }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  const hydrated = () =>
    page.waitForFunction(
      () => {
        const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
          .__reactRouterDataRouter;
        return router?.state.initialized === true;
      },
      null,
      { timeout: 15_000 },
    );
  const loaderDataOf = (routeId: string) =>
    page.evaluate((id) => {
      const router = (
        window as { __reactRouterDataRouter?: { state: { loaderData: Record<string, unknown> } } }
      ).__reactRouterDataRouter;
      return router?.state.loaderData[id];
    }, routeId);

  // Read-only pages and the form pages send visitors no React (csp-console.spec.ts checks that); the map and
  // the reset-password page hydrate. The map's hydration is marketing.spec.ts's (its markers); it is not visited
  // here, where every console error counts, because its tiles fail to load on a machine without internet.
  await page.goto("/reset-password");
  await hydrated();
  expect(await loaderDataOf("root")).toHaveProperty("viewer", null);

  // The header marks the section a client-side navigation arrives in.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await nav.getByRole("link", { name: "Shine Stories", exact: true }).click();
  await expect(nav.getByRole("link", { name: "Shine Stories", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

  // Signed in: read-only pages hydrate too, and a link navigates on the client, keeping this document.
  await createConfirmedAccount(context.request);
  await page.goto("/local-shiners/all");
  await hydrated();
  expect(await loaderDataOf("root")).toHaveProperty("viewer.email");
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  const first = page.getByRole("article").first().getByRole("link").first();
  const name = await first.textContent();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  for (const path of [
    "/about",
    "/contact",
    "/submit-business",
    "/shine-stories",
    `/story/${demoStoryId("The Kiosk That Filled Our Saturday Patio")}`,
  ]) {
    await page.goto(path);
    await hydrated();
  }

  // The header's account menu is a chunk loaded after hydration.
  await page.goto("/dashboard");
  await hydrated();
  expect(await loaderDataOf("root")).toHaveProperty("viewer.email");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Dashboard", exact: true })).toBeVisible();

  expect(problems).toEqual([]);
});
