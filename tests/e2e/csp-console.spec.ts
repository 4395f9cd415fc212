import { expect, test, type Page } from "@playwright/test";

// The Content-Security-Policy allows no eval (docs/security.md). A library that probes for eval (zod compiles its
// object parsers with `new Function` unless told not to) trips it: the browser reports a violation and logs an
// error even though the probe's throw is caught. The form pages ship visitors no React: an empty submit is a post
// the server refuses with its messages, answered as a page with 200 (docs/decisions/071), so each form page must
// load, post and show its messages without a single violation or console error (a 4xx would log a failed request).

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations from the first script on, before any of the page's own modules run. */
async function watchForViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return async () => [...problems, ...((await page.evaluate(() => window.__cspViolations)) ?? [])];
}

const FORMS: { path: string; submit: RegExp; message: string }[] = [
  { path: "/signin", submit: /^Sign In$/, message: "Email is required" },
  { path: "/submit-business", submit: /SUBMIT BUSINESS LISTING/, message: "Business name is required" },
  { path: "/contact", submit: /Send message/i, message: "Name is required" },
  { path: "/forgot-password", submit: /Send reset link/i, message: "Email is required" },
];

for (const form of FORMS) {
  test(`${form.path}: a refused form is answered with no CSP violation and no console error`, async ({
    page,
  }) => {
    const problems = await watchForViolations(page);
    await page.goto(form.path, { waitUntil: "networkidle" });
    // An empty submit is refused by the server with the shared schema's messages.
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("main").getByRole("button", { name: form.submit }).click();
    expect((await answer).headers()["x-form-status"]).toBe("400");
    await expect(page.getByText(form.message).first()).toBeVisible();
    // No React on the answer either: no toast to show.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(await problems()).toEqual([]);
  });
}

test("pages without a form of their own load with no CSP violation either", async ({ page }) => {
  const problems = await watchForViolations(page);
  for (const path of ["/", "/local-shiners/all", "/shine-stories", "/about"]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(await problems()).toEqual([]);
});

test("read-only and form pages: visitors get no React, only the page's islands, and the dialogs open without an error", async ({
  page,
}) => {
  const problems = await watchForViolations(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const [path, button, dialog] of [
    ["/local-shiners/all", "Search Local Businesses", "Search Local Businesses"],
    ["/shine-stories", "Share Your Story", "Share Your Local Shine Story"],
  ]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: button }).first().click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: dialog })).toBeHidden();
  }
  for (const path of [
    "/about",
    "/local-shiners",
    "/shine-stories/food-industry",
    "/contact",
    "/submit-business",
    "/signin",
    "/signin?mode=signup",
    "/forgot-password",
  ]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(scripts.length).toBeGreaterThan(0);
  // An island that loads a module later (the password meter) brings Vite's small preload helper with it.
  expect(scripts.filter((script) => !/^\/assets\/(island|preload-helper)-[\w-]+\.js$/.test(script))).toEqual(
    [],
  );
  expect(
    await page.evaluate(() => "__reactRouterDataRouter" in window || "__reactRouterContext" in window),
  ).toBe(false);
  expect(await problems()).toEqual([]);
});
