import { expect, test, type Page } from "@playwright/test";
import {
  fixtureIp,
  signInAdmin,
  signInNewOwner,
  TEST_PASSWORD,
  uniqueEmail,
  waitForEmail,
} from "./support/accounts";

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
}

test("sign up, confirm by email, sign out, sign in with Remember me, reset the password", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("journey");
  const password = "porch-light-7781";

  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await expect(page).toHaveURL(/mode=signup/);
  await expect(page.getByLabel("Remember me")).toHaveCount(0);

  // Validation from the shared schema, shown under each field.
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("abc");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  // A common password is refused by the server with its reasons.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expectToast(page, "Authentication Error", "Password is too common.");

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expectToast(page, "Account Created!", "Please check your email to confirm your account.");
  await expect(page).toHaveURL(/\/signin\?mode=signup$/);

  // Signing in before confirming says so.
  await page.getByRole("link", { name: "Sign In" }).last().click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByLabel("Remember me")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Authentication Error", "Please confirm your email address before signing in.");

  const confirmation = await waitForEmail(email, "Confirm your Local Shine account");
  const link = confirmation.links.find((url) => url.includes("/api/auth/verify-email"));
  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome to Your Dashboard" })).toBeVisible();

  // Signed in: the logo goes to the dashboard; the menu has no admin entry for an owner.
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Local Shine — your dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await header.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Business Listing Dashboard" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Shine Stories Panel" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // A signed-in visitor on /signin goes to the dashboard; a non-admin on /admin/stories too.
  await page.goto("/signin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/stories");
  await expect(page).toHaveURL(/\/dashboard$/);

  await header.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);

  // Sign in with Remember me: a persistent cookie (30 days); then back to the page that asked for sign-in.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectToast(page, "Welcome Back!", "You have successfully signed in.");
  const persistent = (await context.cookies()).find((cookie) => cookie.name.endsWith("session_token"));
  expect(persistent?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

  // Forgot password → email → reset page → new password works, the old one does not.
  await context.clearCookies();
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that email");
  const reset = await waitForEmail(email, "Reset your Local Shine password");
  await page.goto(reset.links.find((url) => url.includes("reset-password"))!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("garden-gate-5150");
  await page.getByLabel("Confirm new password").fill("garden-gate-5151");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("garden-gate-5150");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectToast(page, "Password updated");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Authentication Error", "Invalid email or password");
  await page.getByLabel("Password").fill("garden-gate-5150");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("without Remember me the session cookie ends with the browser", async ({ page, context, browser }) => {
  const owner = await signInNewOwner(
    await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3217}` }),
  );
  await page.goto("/signin");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
  expect(cookie).toBeTruthy();
  expect(cookie!.expires).toBe(-1);
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Lax");
});

test("the forgot-password page answers identically for known and unknown emails", async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3217}`,
  });
  const owner = await signInNewOwner(ownerContext);
  const answers: string[] = [];
  for (const email of [owner.email, uniqueEmail("ghost")]) {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    answers.push(await page.locator("main").innerText());
  }
  expect(answers[0]).toBe(answers[1]);
  expect(answers[0]).toContain("If an account exists for that email");
});

test("only admins see the Shine Stories Panel entry and reach /admin/stories", async ({ page, context }) => {
  await signInAdmin(context);
  await page.goto("/admin/stories");
  await expect(page).toHaveURL(/\/admin\/stories$/);
  await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Shine Stories Panel" })).toHaveAttribute(
    "href",
    "/admin/stories",
  );
});

test("a redirect target off-site is ignored after sign-in", async ({ page, browser }) => {
  const owner = await signInNewOwner(
    await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3217}` }),
  );
  await page.goto("/signin?redirectTo=%2F%2Fevil.example%2Fphish");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test("without JavaScript the form pages post and answer: sign-in, sign-up, forgot password, contact", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3217}`,
  });
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
  const page = await context.newPage();

  // A refusal: the message under the field, the toast in the page, the address kept.
  const stranger = uniqueEmail("noscript-stranger");
  await page.goto("/signin");
  await page.getByLabel("Email").fill(stranger);
  await page.getByLabel("Password").fill("not-the-password-4410");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Invalid email or password");
  await expect(page.getByRole("status").filter({ hasText: "Authentication Error" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(stranger);

  // Sign-up: the rules are there without the meter; then "Check your email" names the address.
  const email = uniqueEmail("noscript-signup");
  await page.goto("/signin?mode=signup");
  await expect(page.locator("#password-rules")).toContainText("At least 6 characters");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("porch-light-orchard-7781");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const panel = page.getByRole("region", { name: "Check your email" });
  await expect(panel).toContainText(email);
  await expect(panel.getByRole("button", { name: "Send the link again" })).toBeEnabled();

  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that email");

  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expect(page.getByText("Message is required", { exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Noor Haddad");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("noor@example.com");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Do kiosks work without scripts?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Thanks! Your message is on its way." })).toBeFocused();
  await context.close();
});
