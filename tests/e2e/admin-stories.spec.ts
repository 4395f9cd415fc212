import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { siteToday } from "../../app/.server/stories/site-date";
import { formatCalendarDate } from "../../app/lib/format-calendar-date";
import { fixtureIp, signInAdmin } from "./support/accounts";

// The Shine Stories Management Panel (docs/product.md#shine-stories-panel). The first test reads the demo stories
// (17, 9 featured, one of them scheduled next month), so the tests in this file run one after the other.
test.describe.configure({ mode: "serial" });

const SCHEDULED = "Local Shine Comes to Ventura County";
const PATIO = "The Kiosk That Filled Our Saturday Patio";

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
  await signInAdmin(context);
});

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

async function expectCounts(page: Page, total: number, featured: number, published: number) {
  await expect(page.getByRole("group", { name: "Total Stories" })).toContainText(String(total));
  await expect(page.getByRole("group", { name: "Featured Stories" })).toContainText(String(featured));
  await expect(page.getByRole("group", { name: "Published Stories" })).toContainText(String(published));
}

function cardTitles(page: Page): Locator {
  return page.getByRole("article").getByRole("heading", { level: 2 });
}

test("counts with a scheduled story, newest first, search, industry and Featured Only in the URL", async ({
  page,
}) => {
  await page.goto("/admin/stories");
  await expect(page).toHaveTitle("Shine Stories Management Panel | Local Shine");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shine Stories Management Panel");
  // The scheduled story counts in the total (and featured), not in published.
  await expectCounts(page, 17, 9, 16);
  await expect(cardTitles(page)).toHaveCount(17);
  await expect(cardTitles(page).nth(0)).toHaveText(SCHEDULED);
  await expect(cardTitles(page).nth(1)).toHaveText(PATIO);
  const scheduled = page.getByRole("article", { name: SCHEDULED });
  await expect(scheduled.getByText("Scheduled")).toBeVisible();
  await expect(scheduled.getByText("Featured", { exact: true })).toBeVisible();
  await expect(scheduled.getByRole("img", { name: "Featured story" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search stories" });
  await search.fill("ORTEGA");
  await expect(page).toHaveURL(/\?q=ORTEGA$/);
  await expect(cardTitles(page)).toHaveText(["A Plumber's Best Marketing Is a Clean Pair of Hands"]);
  await expect(page.getByRole("status")).toHaveText("1 story matches");
  await search.fill("tire shop");
  await expect(cardTitles(page)).toHaveText(["How a Tire Shop Became a Community Hub"]);
  // The counts describe every story, whatever the filters.
  await expectCounts(page, 17, 9, 16);

  await search.fill("");
  await page.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await expect(page).toHaveURL(/\?industry=food-industry$/);
  await expect(cardTitles(page)).toHaveText([
    PATIO,
    "Bread, Butter and a Busy Screen",
    "Dumplings, Lunar New Year and a Line Out the Door",
  ]);
  await page.getByRole("switch", { name: "Featured Only" }).click();
  await expect(page).toHaveURL(/\?industry=food-industry&featured=1$/);
  await expect(cardTitles(page)).toHaveText([PATIO, "Bread, Butter and a Busy Screen"]);

  // A reload keeps the filters: they live in the URL and the server applies them.
  await page.reload();
  await expect(page.getByLabel("Industry")).toHaveValue("food-industry");
  await expect(page.getByRole("switch", { name: "Featured Only" })).toBeChecked();
  await search.fill("no such story anywhere");
  await expect(page.getByRole("heading", { name: "No stories found matching your criteria" })).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/admin/stories");
  await expect(cardTitles(page)).toHaveCount(17);
});

test("create a featured story with a background image, see it in public, edit it, then delete it", async ({
  page,
}) => {
  const title = `Canyon Yoga Finds Its Regulars ${randomBytes(3).toString("hex")}`;
  const today = siteToday("America/Los_Angeles");
  const image = await sharp({ create: { width: 96, height: 54, channels: 3, background: "#2a9d8f" } })
    .png()
    .toBuffer();
  await page.goto("/admin/stories");
  await page.getByRole("button", { name: "Add New Story" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Story" });
  const field = (name: string) => dialog.getByRole("textbox", { name });
  await expect(dialog.getByLabel("Publish Date")).toHaveValue(today);
  await expect(dialog.getByRole("checkbox", { name: "Featured Story" })).not.toBeChecked();

  // Every required field says what it needs (docs/product.md#admin-story-form), under the field.
  await dialog.getByLabel("Publish Date").fill("");
  await dialog.getByRole("button", { name: "Create Story" }).click();
  for (const message of [
    "Title is required",
    "Short description is required",
    "Description is required",
    "Industry is required",
    "Author is required",
    "Publish date is required",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog
    .getByLabel("Background Image")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(dialog.getByText("Please select an image file.")).toBeVisible();

  await field("Title").fill(title);
  await expect(dialog.getByText("Title is required")).toHaveCount(0);
  await field("Short Description").fill("A studio in the canyon fills its weekday classes.");
  await field("Full Description").fill("How a small yoga studio found new regulars through the kiosk.");
  await field("Content").fill("## Quiet mornings\n\nThe **9 AM** class used to be empty.");
  await dialog.getByLabel("Industry").selectOption({ label: "Health & Wellness" });
  await field("Author").fill("Priya Raman");
  await dialog.getByLabel("Publish Date").fill(today);
  await dialog
    .getByLabel("Background Image")
    .setInputFiles({ name: "studio.png", mimeType: "image/png", buffer: image });
  await expect(dialog.getByText("New image: studio.png")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Featured Story" }).check();

  // While saving, the button says 'Saving...' and the form is disabled.
  await page.route("**/admin/stories*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Create Story" }).click();
  await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(field("Title")).toBeDisabled();
  await expectToast(page, "Story created successfully!");
  await expect(dialog).toBeHidden();
  await page.unroute("**/admin/stories*");

  await expectCounts(page, 18, 10, 17);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Health & Wellness")).toBeVisible();
  await expect(card.getByText("Featured", { exact: true })).toBeVisible();
  await expect(card.getByText(formatCalendarDate(today))).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute(
    "src",
    /^\/media\/story-backgrounds\/\d+-[0-9a-f]+\.png(\?|$)/,
  );

  // Published today and featured: on the stories home and its industry page.
  await page.goto("/shine-stories");
  await expect(
    page.getByRole("region", { name: "Featured Stories" }).getByRole("heading", { name: title }),
  ).toBeVisible();
  await page.goto("/shine-stories/health-wellness");
  const publicCard = page.getByRole("article", { name: title });
  await expect(publicCard.getByText("Priya Raman")).toBeVisible();
  await publicCard.getByRole("link", { name: "Read Full Story" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Quiet mornings" })).toBeVisible();

  // Edit: every value preloaded, the image kept.
  await page.goto("/admin/stories");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Story" });
  await expect(edit.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expect(edit.getByRole("textbox", { name: "Short Description" })).toHaveValue(
    "A studio in the canyon fills its weekday classes.",
  );
  await expect(edit.getByRole("textbox", { name: "Content" })).toHaveValue(/^## Quiet mornings/);
  await expect(edit.getByLabel("Industry")).toHaveValue("health-wellness");
  await expect(edit.getByRole("textbox", { name: "Author" })).toHaveValue("Priya Raman");
  await expect(edit.getByLabel("Publish Date")).toHaveValue(today);
  await expect(edit.getByRole("checkbox", { name: "Featured Story" })).toBeChecked();
  await expect(edit.getByText("Current image set")).toBeVisible();
  const renamed = `${title} (updated)`;
  await edit.getByRole("textbox", { name: "Title" }).fill(renamed);
  await edit.getByRole("button", { name: "Update Story" }).click();
  await expectToast(page, "Story updated successfully!");
  const updated = page.getByRole("article", { name: renamed });
  await expect(updated.locator("img")).toHaveAttribute("src", /\/media\/story-backgrounds\//);

  // Delete, only after the spec's confirmation.
  await updated.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this story?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(updated).toBeVisible();
  await updated.getByRole("button", { name: `Delete ${renamed}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Story deleted successfully!");
  await expect(updated).toHaveCount(0);
  await expectCounts(page, 17, 9, 16);
});
