import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT, fixtureIp, signInAdmin, signInNewOwner } from "./support/accounts";

// The admin inbox: what visitors send through the share dialog, Join Our Network and Contact, with the delivery
// status of each team email, mark as handled, and "Create story" from a story submission.
const ORIGIN = `http://localhost:${E2E_PORT}`;

/** Posts a public form the way a browser without JavaScript would. */
async function submit(request: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await request.post(path, {
    form,
    headers: { Origin: ORIGIN, "X-Forwarded-For": fixtureIp() },
    maxRedirects: 0,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  // Taken, not refused (a refusal is a 200 too, with X-Form-Status: docs/decisions/071).
  expect(response.headers()["x-form-status"]).toBeUndefined();
}

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

test("story submissions, applications and messages: newest first, delivery status, handled, create story", async ({
  page,
  context,
  request,
}) => {
  const tag = randomBytes(3).toString("hex");
  const first = `Rosa${tag}`;
  const story = `Our taqueria put a kiosk by the door in March (${tag}). Neighbors found us on the screen next door.`;
  await submit(request, "/stories/submit", {
    firstName: first,
    lastName: "Delgado",
    email: `rosa-${tag}@example.com`,
    story,
  });
  await submit(request, "/submit-business", {
    businessName: `Canyon Pets ${tag}`,
    phoneNumber: "(818) 555-0199",
  });
  await submit(request, "/contact", {
    name: `Jamie ${tag}`,
    email: `jamie-${tag}@example.com`,
    message: "Do you install kiosks in Tarzana?",
  });

  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
  await signInAdmin(context);
  await page.goto("/admin/inbox");
  await expect(page).toHaveTitle("Inbox | Local Shine");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  // Merged, newest first: the contact message came last, the story first.
  const names = [`Jamie ${tag}`, `Canyon Pets ${tag}`, `${first} Delgado`];
  const mine = page.getByRole("article").filter({ hasText: tag }).getByRole("heading", { level: 2 });
  await expect(mine).toHaveText(names);
  const storyCard = page.getByRole("article", { name: `${first} Delgado` });
  await expect(storyCard).toContainText("Story submission");
  await expect(storyCard).toContainText(story);
  await expect(page.getByRole("article", { name: `Canyon Pets ${tag}` })).toContainText("(818) 555-0199");
  // The dispatcher delivers to the dev mailbox within moments; the inbox shows it once sent.
  await expect(async () => {
    await page.reload();
    await expect(storyCard.getByText("Email sent")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await page.getByRole("link", { name: /^Contact messages/ }).click();
  await expect(page).toHaveURL("/admin/inbox?tab=messages");
  await expect(page.getByRole("article", { name: `Jamie ${tag}` })).toBeVisible();
  await expect(storyCard).toHaveCount(0);
  await page.getByRole("link", { name: /^Story submissions/ }).click();
  await expect(storyCard).toBeVisible();

  // Create story: the dialog starts from the submission.
  await storyCard.getByRole("button", { name: "Create story" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Story" });
  await expect(dialog.getByRole("textbox", { name: "Author" })).toHaveValue(`${first} Delgado`);
  await expect(dialog.getByRole("textbox", { name: "Full Description" })).toHaveValue(story);
  await expect(dialog.getByRole("textbox", { name: "Content" })).toHaveValue(story);
  await expect(dialog.getByRole("textbox", { name: "Short Description" })).toHaveValue(
    `Our taqueria put a kiosk by the door in March (${tag}).`,
  );
  await expect(dialog.getByRole("textbox", { name: "Title" })).toHaveValue("");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Mark as handled: it leaves the open view, shows under Show handled, and can be reopened.
  await storyCard.getByRole("button", { name: "Mark as handled" }).click();
  await expectToast(page, "Marked as handled");
  await expect(storyCard).toHaveCount(0);
  await page.getByRole("switch", { name: "Show handled" }).click();
  await expect(page).toHaveURL("/admin/inbox?tab=stories&show=all");
  await expect(storyCard.getByText("Handled", { exact: true })).toBeVisible();
  await storyCard.getByRole("button", { name: "Reopen" }).click();
  await expectToast(page, "Moved back to open");
  await expect(storyCard.getByText("Handled", { exact: true })).toHaveCount(0);
});

test("the inbox and the stories panel are for admins only", async ({ page, context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
  for (const path of ["/admin/inbox", "/admin/stories"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(path)}`);
  }
  await signInNewOwner(context);
  for (const path of ["/admin/inbox", "/admin/stories"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/dashboard");
  }
  // Crafted requests are refused on the server too: tests/integration/admin-authorization.test.ts.
});
