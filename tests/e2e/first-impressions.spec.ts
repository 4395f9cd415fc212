import { expect, test, type Page } from "@playwright/test";
import { mapContents, mapRegion, openFirstPopup, openInteractiveMap } from "./support/network-map";
import {
  createConfirmedAccount,
  fixtureIp,
  signInAdmin,
  signInNewOwner,
  TEAM_EMAIL,
  uniqueEmail,
  waitForEmail,
} from "./support/accounts";

// What a new visitor, owner and admin meet first: the sign-up and sign-in screens, getting around when signed
// in, Join Our Network, stories linked to listings, the map. Each runs at a desktop and a phone width.

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 360, height: 780 } },
] as const;

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
}

/** Console errors and failed requests the page logs (a refused form must log neither). */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );

for (const width of WIDTHS) {
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test("sign-up: rules before submitting, live strength, refusals under the field, then check your email", async ({
      page,
    }) => {
      // Its own client address: sign-ups are limited per IP, and the other specs sign up from 127.0.0.1 too.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
      const errors = watchConsole(page);
      const email = uniqueEmail(`signup-${width.name}`);
      // No React for visitors: the page and its islands (docs/decisions/071).
      await page.goto("/signin?mode=signup");
      const rules = page.locator("#password-rules");
      await expect(rules).toContainText("At least 6 characters");
      await expect(rules).toContainText("Not a common password");
      await expect(page.getByTestId("password-strength")).toHaveCount(0);

      await page.getByLabel("Email").fill(email);
      const password = page.getByLabel("Password");
      await password.pressSequentially("password123");
      await expect(page.getByTestId("password-strength")).toContainText("Strength: Too weak");
      await expect(rules).toContainText("Password is too common.");
      await password.fill("");
      await password.pressSequentially("porch-light-orchard-7781");
      await expect(page.getByTestId("password-strength")).toContainText(/Strength: (Good|Strong)/);
      await expect(rules).not.toContainText("Password is too common.");

      // The server refuses a weak password (the same computation): the reasons under the field and the toast.
      await password.fill("password123");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectToast(page, "Authentication Error", "Password is too common.");
      await expect(password).toHaveAccessibleDescription(/Password is too common\./);

      await password.fill("porch-light-orchard-7781");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectToast(page, "Account Created!", "Please check your email to confirm your account.");
      const panel = page.getByRole("region", { name: "Check your email" });
      await expect(panel).toContainText(email);
      await expect(page.getByLabel("Password")).toHaveCount(0);

      // Send the link again: accepted once, then the button waits (the server limits sends as well).
      await waitForEmail(email, "Confirm your Local Shine account");
      const resend = panel.getByRole("button", { name: /Send the link again/ });
      await resend.click();
      await expect(panel.getByRole("status").last()).toContainText("we've sent a new link");
      await expect(resend).toBeDisabled();
      await expect(resend).toContainText(/\(\d+s\)/);

      // The refused sign-up was a form answer, not a failed network request.
      expect(errors.filter((text) => /Failed to load resource|status of 4\d\d/.test(text))).toEqual([]);
    });

    test("sign-in: a wrong password and an unconfirmed email are different messages, under their fields", async ({
      page,
      browser,
    }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
      const errors = watchConsole(page);
      const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const owner = await createConfirmedAccount(ownerContext.request);
      await ownerContext.close();

      // No React for visitors: the page and its islands (docs/decisions/071).
      await page.goto("/signin");
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password").fill("not-the-password-4410");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Authentication Error", "Invalid email or password");
      await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Invalid email or password");

      // An account that never confirmed its email.
      const unconfirmed = uniqueEmail(`unconfirmed-${width.name}`);
      await page.goto("/signin?mode=signup");
      await page.getByLabel("Email").fill(unconfirmed);
      await page.getByLabel("Password").fill("porch-light-orchard-7781");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("region", { name: "Check your email" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
      await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(unconfirmed);
      await page.getByLabel("Password").fill("porch-light-orchard-7781");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Authentication Error", "Please confirm your email address before signing in.");
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
        /Please confirm your email address before signing in\./,
      );
      expect(errors.filter((text) => /Failed to load resource|status of 4\d\d/.test(text))).toEqual([]);
    });

    test("a confirmation link used twice, or broken, says so and offers what to do next", async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail(`relink-${width.name}`);
      const signup = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": fixtureIp() },
      });
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
      const first = await signup.newPage();
      await first.goto("/signin?mode=signup");
      await first.getByLabel("Email").fill(email);
      await first.getByLabel("Password").fill("porch-light-orchard-7781");
      await first.getByRole("button", { name: "Sign Up" }).click();
      await expect(first.getByRole("region", { name: "Check your email" })).toBeVisible();
      const mail = await waitForEmail(email, "Confirm your Local Shine account");
      const link = mail.links.find((url) => url.includes("/api/auth/verify-email"))!;
      await first.goto(link);
      await expect(first).toHaveURL(/\/dashboard$/);
      await signup.close();

      // The same link again, in another browser: used.
      await page.goto(link);
      await expect(page).toHaveURL(/\/signin\?confirm=1$/);
      await expect(
        page.getByRole("heading", { name: "This confirmation link was already used" }),
      ).toBeVisible();
      await expect(
        page.getByText("Your email is confirmed. Sign in with your email and password."),
      ).toBeVisible();
      await expect(page.getByLabel("Password")).toBeVisible();

      // A link that is not one: say so, and offer a new one.
      const broken = new URL(link);
      broken.searchParams.set("token", "not-a-real-token");
      await page.goto(broken.toString());
      await expect(page).toHaveURL(/confirm=1&error=INVALID_TOKEN/);
      const notice = page.getByRole("region", { name: "This confirmation link doesn't work" });
      await expect(notice).toBeVisible();
      await notice.getByLabel("Email").fill(email);
      await notice.getByRole("button", { name: "Send the link again" }).click();
      await expect(notice.getByRole("status")).toContainText("we've sent a new link");
    });

    test("getting around when signed in: header links, the name beside the avatar, the footer", async ({
      page,
      context,
    }) => {
      const owner = await signInNewOwner(context);
      await page.goto("/shine-stories");
      await hydrated(page);
      const header = page.getByRole("banner");
      if (width.name === "desktop") {
        const bar = header.getByRole("navigation", { name: "Your account" });
        await expect(bar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
        await expect(bar.getByRole("link", { name: "My Listings" })).toHaveAttribute("href", "/admin");
        await expect(bar.getByRole("link", { name: "Inbox" })).toHaveCount(0);
        await expect(header.getByRole("button", { name: /Account menu/ })).toContainText(
          owner.email.split("@")[0],
        );
        await bar.getByRole("link", { name: "My Listings" }).click();
        await expect(page).toHaveURL(/\/admin$/);
        await expect(bar.getByRole("link", { name: "My Listings" })).toHaveAttribute("aria-current", "page");
      } else {
        await expect(header.getByRole("navigation", { name: "Your account" })).toBeHidden();
        const menu = header.getByText("Menu");
        await header.locator("summary").click();
        const mobile = header.getByRole("navigation", { name: "Mobile" });
        await expect(mobile).toBeVisible();
        const links = mobile.getByRole("link");
        await expect(links.first()).toHaveText("Dashboard");
        await expect(links.nth(1)).toHaveText("My Listings");
        await expect(mobile).toContainText(`Signed in as ${owner.email}`);
        await page.keyboard.press("Escape");
        await expect(mobile).toBeHidden();
        await expect(header.locator("summary")).toBeFocused();
        await expect(menu).toBeAttached();
      }
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Sign In" })).toHaveCount(0);
      await expect(footer).toContainText(`Signed in as ${owner.email}`);
      await expect(footer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    });

    test("admins reach every panel from the header", async ({ page, context }) => {
      await signInAdmin(context);
      await page.goto("/dashboard");
      await hydrated(page);
      const header = page.getByRole("banner");
      const panels = ["All Listings", "Shine Stories Panel", "Ad Review", "Inbox", "Kiosks"];
      let where = header.getByRole("navigation", { name: "Your account" });
      if (width.name === "phone") {
        await header.locator("summary").click();
        where = header.getByRole("navigation", { name: "Mobile" });
      }
      for (const panel of panels) await expect(where.getByRole("link", { name: panel })).toBeVisible();
      await where.getByRole("link", { name: "Inbox" }).click();
      await expect(page).toHaveURL(/\/admin\/inbox$/);
    });

    test("join our network asks for a way to reach the applicant and takes a bare website", async ({
      page,
    }) => {
      const name = `Pat's Bakery ${width.name} ${Date.now().toString(36)}`;
      // No React for visitors: the page and its islands (docs/decisions/071).
      await page.goto("/submit-business");
      await expect(page.getByRole("group", { name: "How can we reach you?" })).toBeVisible();
      await page.getByRole("textbox", { name: "Business Name", exact: true }).fill(name);
      await page.getByRole("textbox", { name: "Website" }).fill("patsbakery.com");
      await page.getByRole("button", { name: "SUBMIT BUSINESS LISTING" }).click();
      await expect(
        page.getByText(
          "Please give us a phone number or an email address so we can reach you about your kiosk.",
        ),
      ).toBeVisible();

      await page.getByRole("textbox", { name: "Email" }).fill(`pat-${width.name}@patsbakery.example`);
      await page.getByRole("button", { name: "SUBMIT BUSINESS LISTING" }).click();
      await expect(
        page.getByRole("heading", { name: "Thank you! Your business is on our list." }),
      ).toBeVisible();
      const mail = await waitForEmail(TEAM_EMAIL, `New business application: ${name}`);
      expect(mail.text).toContain("Website: https://patsbakery.com");
      expect(mail.text).toContain(`Email: pat-${width.name}@patsbakery.example`);
    });

    test("a story links to its listing, and the listing lists its stories", async ({ page }) => {
      await page.goto("/shine-stories/food-industry");
      await page
        .getByRole("article", { name: "The Kiosk That Filled Our Saturday Patio" })
        .getByRole("link", { name: "Read Full Story" })
        .click();
      const visit = page.getByRole("link", { name: /Visit Marigold Morning Café/ });
      await expect(visit).toContainText("Tarzana, CA");
      await visit.click();
      await expect(page.getByRole("heading", { level: 1, name: "Marigold Morning Café" })).toBeVisible();
      await expect(page.getByText("Tarzana, CA").first()).toBeVisible();
      const stories = page.getByRole("region", { name: "Shine Stories about Marigold Morning Café" });
      await expect(
        stories.getByRole("article", { name: "The Kiosk That Filled Our Saturday Patio" }),
      ).toBeVisible();

      // The home page's testimonial puts the café in the same city.
      await page.goto("/");
      await expect(page.getByText("Marigold Morning Café, Tarzana")).toBeVisible();
    });

    test("the map opens on the partners, and a pop-up shows the listing's image, industry and link", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/map");
      await openInteractiveMap(page);
      // Fitted to the partners: more than the one cluster a whole-country view shows.
      await expect
        .poll(async () => (await mapContents(page)).pins.length + (await mapClusters(page)))
        .toBeGreaterThan(1);
      const { link } = await openFirstPopup(page);
      const popup = mapRegion(page).locator(".leaflet-popup-content");
      await expect(popup.locator("img")).toHaveAttribute("src", /^\/media\/.+\?w=320$/);
      await expect(popup).toContainText(
        /Home Services|Automobile Services|Food Industry|Professional Services|Health & Wellness/,
      );
      await expect(link).toHaveAttribute("href", /^\/business\/[0-9a-f-]{36}$/);
    });
  });
}

test("a story created from an inbox submission marks the submission handled", async ({
  page,
  context,
  request,
}) => {
  const tag = Date.now().toString(36);
  const response = await request.post("/stories/submit", {
    form: {
      firstName: `Inez${tag}`,
      lastName: "Ortega",
      email: `inez-${tag}@example.com`,
      story: `Our flower stand got new regulars from the kiosk (${tag}).`,
    },
    headers: { Origin: test.info().project.use.baseURL!, "X-Forwarded-For": fixtureIp() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["x-form-status"]).toBeUndefined();
  await signInAdmin(context);
  await page.goto("/admin/inbox");
  const card = page.getByRole("article", { name: `Inez${tag} Ortega` });
  await card.getByRole("button", { name: "Create story" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Story" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(`Flowers and a Kiosk ${tag}`);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  // Scheduled a year ahead, so no public page changes while other specs count stories.
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Publish Date").fill(nextYear);
  await dialog.getByRole("button", { name: "Create Story" }).click();
  await expectToast(page, "Story created successfully!");
  await expect(dialog).toBeHidden();
  // Handled: it leaves the open view.
  await expect(card).toHaveCount(0);
  await page.getByRole("switch", { name: "Show handled" }).click();
  await expect(card.getByText("Handled", { exact: true })).toBeVisible();

  // The new story has no photo: its card shows the designed stand-in with the industry's icon.
  await page.goto(`/admin/stories?q=${encodeURIComponent(tag)}`);
  const story = page.getByRole("article", { name: `Flowers and a Kiosk ${tag}` });
  await expect(story.locator("svg use").first()).toHaveAttribute("href", /#utensils-crossed$/);
  // Removed again: the stories panel's counts are checked by a later spec.
  await story.getByRole("button", { name: `Delete Flowers and a Kiosk ${tag}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Story deleted successfully!");
});

for (const width of WIDTHS) {
  test.describe(`small things at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test("the share dialog's Submit is in view without scrolling", async ({ page }) => {
      // The stories pages ship no React to visitors: the dialog is a native one, usable as soon as it is drawn.
      await page.goto("/shine-stories");
      await page
        .getByRole("button", { name: /Share Your Story/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
      await expect(dialog.getByRole("button", { name: "Submit Story" })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    });

    test("the upload dialog opens without the sign-in toast over it", async ({ page, browser }) => {
      const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const owner = await createConfirmedAccount(ownerContext.request);
      await ownerContext.close();
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
      await page.goto("/signin?redirectTo=%2Fdashboard");
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password").fill(owner.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Welcome Back!");
      await page.getByRole("button", { name: "Upload Media" }).click();
      await expect(page.getByRole("dialog", { name: "Upload Media" })).toBeVisible();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Welcome Back!" })).toHaveCount(0);
    });

    test("the story form previews its Markdown as the story page will show it", async ({ page, context }) => {
      await signInAdmin(context);
      await page.goto("/admin/stories");
      await hydrated(page);
      await page.getByRole("button", { name: "Add New Story" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Story" });
      await dialog
        .getByRole("textbox", { name: "Content" })
        .fill("## Quiet mornings\n\nThe **9 AM** class <script>alert(1)</script>used to be empty.");
      await dialog.getByRole("button", { name: "Preview" }).click();
      const preview = dialog.getByRole("region", { name: "Content preview" });
      await expect(preview.getByRole("heading", { name: "Quiet mornings" })).toBeVisible();
      await expect(preview.locator("strong")).toHaveText("9 AM");
      await expect(preview.locator("script")).toHaveCount(0);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    });
  });
}

/** How many clusters the map shows. */
async function mapClusters(page: Page) {
  return mapRegion(page)
    .getByRole("button", { name: /partners here/ })
    .count();
}

test("a visitor's phone menu closes with Escape on pages without React too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ["/", "/about", "/local-shiners/all"]) {
    await page.goto(path, { waitUntil: "networkidle" });
    const header = page.getByRole("banner");
    await header.locator("summary").click();
    const mobile = header.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();
    await expect(header.locator("summary")).toBeFocused();
  }
});
