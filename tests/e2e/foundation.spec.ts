import { expect, test } from "@playwright/test";

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
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: "0", DATABASE_URL: "", LOG_LEVEL: "fatal" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/The embedded database in .* is in use by process \d+/);
  expect(result.stderr).toContain("set DATABASE_URL");
});
