import { expect, test } from "@playwright/test";
import { demoStoryId } from "../../app/.server/seed/demo-stories";
import { HONEYPOT_FIELD } from "../../app/lib/honeypot";
import { E2E_PORT, fixtureIp, TEAM_EMAIL, waitForEmail } from "./support/accounts";

// The Share Your Local Shine Story dialog (docs/product.md#share-your-story-dialog); the stories pages are in
// stories.spec.ts.
const ORIGIN = `http://localhost:${E2E_PORT}`;
const PATIO = "The Kiosk That Filled Our Saturday Patio";

/** Each test gets its own client address (the e2e server trusts one proxy hop), so rate limits don't collide. */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
});

test("share dialog: messages under their fields in the dialog, cleared on edit, and the live counter", async ({
  page,
}) => {
  await page.goto("/shine-stories");
  await page.getByRole("button", { name: "Share Your Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
  await expect(dialog).toContainText("emailed straight to the Local Shine team");
  await expect(dialog.getByLabel("First Name")).toBeFocused();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const submit = dialog.getByRole("button", { name: "Submit Story" });
  await submit.click();

  // The browser checks the fields before sending: the messages are in the dialog, nothing was posted.
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  // Each message sits under its field and is the field's accessible description (aria-describedby).
  const expectMessage = (label: string, message: string) =>
    expect(field(label)).toHaveAccessibleDescription(new RegExp(`${message}$`));
  await expectMessage("First Name", "First name is required");
  await expectMessage("Last Name", "Last name is required");
  await expectMessage("Email Address", "Please enter a valid email address");
  await expectMessage("Your Story", "Story must be at least 10 characters");
  await expect(dialog.getByRole("alert")).toHaveCount(4);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/shine-stories$/);
  await expect(field("First Name")).toBeFocused();

  // Editing a field clears its message only.
  await field("First Name").fill("A");
  await expect(field("First Name")).toHaveAccessibleDescription("");
  await expect(dialog.getByText("First name is required")).toHaveCount(0);
  await expectMessage("Last Name", "Last name is required");

  // Spaces only are missing (values are trimmed); too long is refused with the spec's words.
  await field("First Name").fill("a".repeat(51));
  await field("Last Name").fill("   ");
  await field("Email Address").fill(`${"c".repeat(250)}@example.com`);
  await field("Your Story").fill("s".repeat(2001));
  await expect(dialog.getByText("2001/2000 characters")).toBeVisible();
  await submit.click();
  await expectMessage("First Name", "First name must be less than 50 characters");
  await expectMessage("Last Name", "Last name is required");
  await expectMessage("Email Address", "Email must be less than 255 characters");
  await expectMessage("Your Story", "Story must be less than 2000 characters");
  await expect(field("Your Story")).toHaveValue("s".repeat(2001));

  await field("Email Address").fill("not-an-email");
  await field("Your Story").fill("Hello");
  await expect(dialog.getByText("5/2000 characters")).toBeVisible();
  await expect(dialog.getByText("Story must be less than 2000 characters")).toHaveCount(0);
  await submit.click();
  await expectMessage("Email Address", "Please enter a valid email address");
  await expectMessage("Your Story", "Story must be at least 10 characters");
  // What the browser lets by and the server would not (no dot in the domain) is caught here too.
  await field("Email Address").fill("ana@example");
  await submit.click();
  await expectMessage("Email Address", "Please enter a valid email address");
  expect(posts).toEqual([]);

  // Cancel closes the dialog; opened again, what was typed is still there.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Share Your Story" }).click();
  await expect(field("Your Story")).toHaveValue("Hello");
});

test("share dialog: a refusal the browser did not catch is answered with the form on its page", async ({
  page,
}) => {
  // The server's rules are the last word: a submission that passed the browser's checks and is still refused
  // (here a control character, which no browser check looks for) comes back on the page, messages kept.
  await page.goto("/shine-stories");
  await page.getByRole("button", { name: "Share Your Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
  await dialog.getByLabel("First Name").fill("Ana");
  await dialog.getByLabel("Last Name").evaluate((input: HTMLInputElement) => (input.value = "Re\u0007yes"));
  await dialog.getByLabel("Email Address").fill("ana@example.com");
  await dialog.getByLabel("Your Story").fill("A story long enough to pass the browser's checks.");
  await dialog.getByRole("button", { name: "Submit Story" }).click();
  await expect(page).toHaveURL(/\/stories\/submit$/);
  const form = page.getByRole("form", { name: "Share Your Local Shine Story" });
  await expect(form.getByLabel("Last Name")).toHaveAccessibleDescription(/control characters/);
  await expect(form.getByLabel("Your Story")).toHaveValue(
    "A story long enough to pass the browser's checks.",
  );
  // Cancel goes back to the page the dialog was opened on.
  await form.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/shine-stories$/);
});

test("share dialog: the server checks the same rules and refuses anything else", async ({ request }) => {
  const headers = { Origin: ORIGIN, "X-Forwarded-For": fixtureIp() };
  const invalid = await request.post("/stories/submit", {
    form: { firstName: " ", lastName: "Reyes", email: "nope", story: "too short" },
    headers,
  });
  // A refusal is the form page answered 200, with the real status beside it (docs/decisions/071).
  expect(invalid.status()).toBe(200);
  expect(invalid.headers()["x-form-status"]).toBe("400");
  const refused = await invalid.text();
  for (const message of [
    "First name is required",
    "Please enter a valid email address",
    "Story must be at least 10 characters",
  ]) {
    expect(refused).toContain(`>${message}</p>`);
  }
  // (The field's own attributes carry every message, for the browser's checks; none is shown for it.)
  expect(refused).not.toContain(">Last name is required</p>");
  // GET shows the empty form on its page (where a refused post is answered), for no search engine.
  const get = await request.get("/stories/submit", { headers });
  expect(get.status()).toBe(200);
  expect(await get.text()).toContain('<meta name="robots" content="noindex"/>');
});

test("share dialog: a submission is emailed to the team, then the form clears and closes", async ({
  page,
}) => {
  const lastName = `Tester${Date.now().toString(36)}`;
  const story = `Our kiosk went in last spring and ${lastName} regulars keep telling us they saw our ad at the car wash.`;
  await page.goto(`/story/${demoStoryId(PATIO)}`);
  // Hold the request a moment so the busy state can be seen.
  await page.route("**/stories/submit*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByRole("button", { name: "Share Your Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
  await dialog.getByLabel("First Name").fill("  Ana ");
  await dialog.getByLabel("Last Name").fill(lastName);
  await dialog.getByLabel("Email Address").fill("ana@example.com");
  await dialog.getByLabel("Your Story").fill(story);
  await expect(dialog.getByText(`${story.length}/2000 characters`)).toBeVisible();
  // The post is a navigation, and Playwright's locators wait for it to finish: the page itself notes what the
  // form looks like while the post is on its way, and whether the dialog stays open when asked to close (what
  // Escape does), in sessionStorage, which outlives the navigation.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>("form#share-story")!;
    const dialog = form.closest("dialog")!;
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    const observer = new MutationObserver(() => {
      if (submit.textContent?.trim() !== "Submitting...") return;
      observer.disconnect();
      dialog.requestClose();
      sessionStorage.setItem(
        "busy",
        JSON.stringify({
          label: submit.textContent.trim(),
          submitDisabled: submit.matches(":disabled"),
          firstNameDisabled: form.querySelector<HTMLInputElement>("[name=firstName]")!.matches(":disabled"),
          openAfterCloseRequest: dialog.open,
        }),
      );
    });
    observer.observe(form, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await dialog.getByRole("button", { name: "Submit Story" }).click();

  await expect(page.getByText("Story Submitted Successfully!")).toBeVisible();
  await expect(
    page.getByText("Thank you for sharing your Local Shine story. We'll review it and get back to you soon."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/story/${demoStoryId(PATIO)}`);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("busy"))) ?? "null")).toEqual({
    label: "Submitting...",
    submitDisabled: true,
    firstNameDisabled: true,
    openAfterCloseRequest: true,
  });

  const email = await waitForEmail(TEAM_EMAIL, `New Shine Story from Ana ${lastName}`);
  expect(email.text).toContain(story);
  expect(email.text).toContain("Email: ana@example.com");

  await page.getByRole("button", { name: "Share Your Story" }).click();
  await expect(dialog.getByLabel("First Name")).toHaveValue("");
  await expect(dialog.getByLabel("Your Story")).toHaveValue("");
  await expect(dialog.getByText("0/2000 characters")).toBeVisible();
});

test("share dialog: a refused submission shows Submission Failed and keeps the story", async ({
  page,
  request,
}) => {
  const ip = fixtureIp();
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  // Use up this address's allowance with bot posts: they count toward the limit but store and send nothing.
  for (let i = 0; i < 5; i++) {
    const bot = await request.post("/stories/submit", {
      form: {
        firstName: "Bot",
        lastName: "Bot",
        email: "bot@spam.example",
        story: "Buy cheap followers now!",
        [HONEYPOT_FIELD]: "x",
      },
      headers: { Origin: ORIGIN, "X-Forwarded-For": ip },
    });
    // The bot is told what a person is told.
    expect(bot.status()).toBe(200);
    const told = await bot.text();
    expect(told).toContain("Story Submitted Successfully!");
    expect(told).toContain(
      "Thank you for sharing your Local Shine story. We&#x27;ll review it and get back to you soon.",
    );
  }

  await page.goto("/shine-stories");
  await page.getByRole("button", { name: "Share Your Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
  await dialog.getByLabel("First Name").fill("Ana");
  await dialog.getByLabel("Last Name").fill("Reyes");
  await dialog.getByLabel("Email Address").fill("ana@example.com");
  await dialog.getByLabel("Your Story").fill("A story that should not be lost when the server says no.");
  await dialog.getByRole("button", { name: "Submit Story" }).click();
  // Answered with the form on its page: the reason above the fields, every value kept.
  const form = page.getByRole("form", { name: "Share Your Local Shine Story" });
  await expect(form.getByRole("alert")).toContainText("Submission Failed");
  await expect(form.getByText(/^Too many submissions/)).toBeVisible();
  await expect(form.getByLabel("First Name")).toHaveValue("Ana");
  await expect(form.getByLabel("Your Story")).toHaveValue(
    "A story that should not be lost when the server says no.",
  );
});

test("share dialog: without JavaScript it opens, posts and comes back with the message", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
  const page = await context.newPage();
  const lastName = `NoScript${Date.now().toString(36)}`;
  const path = `/story/${demoStoryId(PATIO)}`;
  await page.goto(path);
  await page.getByRole("button", { name: "Share Your Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Local Shine Story" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First Name").fill("Ana");
  await dialog.getByLabel("Your Story").fill("Too short");
  await dialog.getByRole("button", { name: "Submit Story" }).click();
  const form = page.getByRole("form", { name: "Share Your Local Shine Story" });
  // The round trip: the page answers with each message under its field, the values kept.
  await expect(page).toHaveURL(/\/stories\/submit$/);
  await expect(form.getByLabel("Last Name")).toHaveAccessibleDescription("Last name is required");
  await expect(form.getByLabel("Email Address")).toHaveAccessibleDescription(
    "Please enter a valid email address",
  );
  await expect(form.getByLabel("Your Story")).toHaveAccessibleDescription(
    /Story must be at least 10 characters$/,
  );
  await expect(form.getByLabel("First Name")).toHaveValue("Ana");
  await expect(form.getByLabel("Your Story")).toHaveValue("Too short");

  await form.getByLabel("Last Name").fill(lastName);
  await form.getByLabel("Email Address").fill("ana@example.com");
  await form.getByLabel("Your Story").fill("Our kiosk brought the whole block in, without a single script.");
  await form.getByRole("button", { name: "Submit Story" }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("status").filter({ hasText: "Story Submitted Successfully!" })).toBeVisible();
  await waitForEmail(TEAM_EMAIL, `New Shine Story from Ana ${lastName}`);
  await context.close();
});
