import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_PORT, signInAdmin, signInNewOwner } from "./support/accounts";

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

async function png(color: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { mimeType: "image/png", buffer };
}

/** The listing's row in the desktop table (the phone cards are hidden at this width). */
function row(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test("an owner adds a business with both images, sees it, edits, searches and deletes it", async ({
  page,
  context,
  browser,
}) => {
  const name = `Sunny Side Bakery ${randomBytes(3).toString("hex")}`;
  await signInNewOwner(context);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "My Business Listings" })).toBeVisible();
  await expect(page.getByText("You haven't created any businesses yet")).toBeVisible();

  await page.getByRole("button", { name: "Add Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Business" });
  for (const section of [
    "Basic Information",
    "Location",
    "Contact Information",
    "Business Details",
    "Opening Hours",
    "Owner Information",
    "Additional Information",
  ]) {
    await expect(dialog.getByRole("group", { name: section })).toBeVisible();
  }

  // Every required field says what it needs, under the field; a non-image file is refused at once.
  await dialog.getByRole("button", { name: "Create Business" }).click();
  for (const message of [
    "Name is required",
    "Industry is required",
    "Address is required",
    "City is required",
    "State is required",
    "Zip code is required",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel("Business Image").setInputFiles({
    name: "menu.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(dialog.getByText("Please select an image file.")).toBeVisible();

  await dialog.getByLabel("Business Name").fill(name);
  await expect(dialog.getByText("Name is required")).toHaveCount(0);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByLabel("Description", { exact: true }).fill("Sourdough, pastries and coffee since 2009.");
  await dialog
    .getByLabel("Business Image")
    .setInputFiles({ name: "storefront.png", ...(await png("#f6b93b")) });
  await expect(dialog.getByText("Please select an image file.")).toHaveCount(0);
  await expect(dialog.getByRole("img", { name: "Business Image preview" })).toBeVisible();
  await dialog.getByLabel("Address").fill("21550 Ventura Blvd");
  await dialog.getByLabel("City").fill("Woodland Hills");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("Zip Code").fill("91364");
  await dialog.getByLabel("Phone").fill("(818) 555-0142");
  await dialog.getByLabel("Email").fill("hello@sunnyside.example");
  await dialog.getByLabel("Website").fill("https://sunnyside.example");
  // Rating and review count are the team's to set: an owner sees them read-only.
  await expect(dialog.getByLabel("Rating")).toHaveCount(0);
  await expect(dialog.getByText("Ratings and review counts are set by the Local Shine team.")).toBeVisible();
  await dialog.getByLabel("Special Offer").fill("Free coffee with any pastry");
  await dialog.getByLabel("Owner Name").fill("Maria Lopez");
  await dialog.getByLabel("Owner Bio").fill("Third-generation baker.");
  await dialog.getByLabel("Owner Image").setInputFiles({ name: "maria.png", ...(await png("#0f766e")) });
  await expect(dialog.getByRole("img", { name: "Owner Image preview" })).toBeVisible();
  await dialog.getByLabel("Quality Commitment").fill("Everything baked fresh every morning.");
  await dialog.getByLabel("Community Impact").fill("Day-old bread goes to the food bank.");
  await dialog.getByLabel("Sustainability").fill("Compostable cups and local flour.");
  await dialog.getByRole("button", { name: "Create Business" }).click();

  // An owner's new listing waits for review.
  await expectToast(page, "Business submitted for review");
  await expect(dialog).toBeHidden();
  const listing = row(page, name);
  await expect(listing).toContainText("Food Industry");
  await expect(listing).toContainText("Woodland Hills, CA");
  await expect(listing).toContainText("(818) 555-0142");
  await expect(listing).toContainText("0/5 (0 reviews)");
  await expect(listing).toContainText("Pending review");
  const href = await listing.getByRole("link", { name }).getAttribute("href");
  expect(href).toMatch(/^\/business\/[0-9a-f-]{36}$/);

  // Edit: the dialog comes preloaded, including both stored images (served from /media).
  await listing.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Business" });
  await expect(edit.getByLabel("Business Name")).toHaveValue(name);
  await expect(edit.getByLabel("Industry")).toHaveValue("food-industry");
  await expect(edit.getByLabel("Owner Name")).toHaveValue("Maria Lopez");
  const imageSrcs: string[] = [];
  for (const label of ["Business Image preview", "Owner Image preview"]) {
    const src = await edit.getByRole("img", { name: label }).getAttribute("src");
    expect(src).toMatch(/^\/media\/[^/]+\/\d+-[0-9a-f]+\.png$/);
    imageSrcs.push(src!);
    const image = await page.request.get(src!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  await edit.getByLabel("City").fill("Tarzana");
  await edit.getByLabel("Phone").fill("");
  await edit.getByRole("button", { name: "Update Business" }).click();
  await expectToast(page, "Business updated successfully");
  await expect(edit).toBeHidden();
  await expect(listing).toContainText("Tarzana, CA");
  await expect(listing.getByRole("cell", { name: "-", exact: true })).toBeVisible();

  // The public directory shows it once an admin has approved it (the review itself: directory-trust.spec.ts).
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext);
  const approved = await adminContext.request.post("/admin", {
    headers: { Origin: `http://localhost:${E2E_PORT}` },
    form: { intent: "approve", id: href!.split("/").pop()! },
  });
  expect(approved.status()).toBe(200);
  await adminContext.close();
  await page.goto(href!);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.goto("/local-shiners/all");
  await expect(page.getByText(name)).toBeVisible();

  // The listing's image is also a media item; deleting that item from /dashboard keeps the listing's image.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Delete ${name} image` }).click();
  const deleteMedia = page.getByRole("alertdialog", { name: "Delete this media?" });
  await expect(deleteMedia).toContainText("The listing or story that shows this image keeps it.");
  await deleteMedia.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("article", { name: `${name} image` })).toHaveCount(0);
  await page.goto(href!);
  const banner = page.locator(`img[src^="${imageSrcs[0]}"]`).first();
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );

  // Search: name, city and industry, case-insensitively, in the database.
  await page.goto("/admin");
  const search = page.getByRole("searchbox", { name: "Search businesses" });
  for (const query of ["SUNNY SIDE", "tarz", "food industry"]) {
    await search.fill(query);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query).replace(/%20/g, "\\+")}`));
    await expect(row(page, name)).toBeVisible();
  }
  await search.fill("no such bakery anywhere");
  await expect(page.getByText("No businesses found")).toBeVisible();
  await search.fill("");
  await expect(row(page, name)).toBeVisible();

  // Delete only after the spec's confirmation.
  await row(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this business?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, name)).toBeVisible();
  await row(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Business deleted successfully");
  await expect(page.getByText("You haven't created any businesses yet")).toBeVisible();
});

test("an admin sees every owner's listings under All Business Listings", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const name = `Owner Listing ${randomBytes(3).toString("hex")}`;
    await signInNewOwner(ownerContext);
    // The owner's listing, posted the way the dialog posts it.
    const created = await ownerContext.request.post("/admin", {
      headers: { Origin: `http://localhost:${E2E_PORT}` },
      multipart: {
        name,
        industry: "health-wellness",
        address: "5 Canoga Ave",
        city: "Canoga Park",
        state: "CA",
        zip_code: "91303",
        phone: "",
      },
    });
    expect(created.status()).toBe(201);

    await signInAdmin(adminContext);
    const page = await adminContext.newPage();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "All Business Listings" })).toBeVisible();
    // The newest listing is first, whoever owns it; demo listings from the seed are there too, paged.
    await expect(row(page, name)).toContainText("Health & Wellness");
    await expect(row(page, name)).toContainText("Canoga Park, CA");
    await expect(row(page, name)).toContainText("Pending review");
    // It waits in the review queue too.
    await expect(page.getByRole("heading", { name: /Waiting for review/ })).toBeVisible();
    await expect(page.getByRole("article", { name })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(26);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(row(page, name)).toHaveCount(0);

    // The admin edits the owner's listing.
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await row(page, name)
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Business" });
    await edit.getByLabel("Rating").fill("4.8");
    await edit.getByRole("button", { name: "Update Business" }).click();
    await expectToast(page, "Business updated successfully");
    await expect(row(page, name)).toContainText("4.8/5 (0 reviews)");

    // The owner still owns it and sees the admin's change.
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto("/admin");
    await expect(ownerPage.getByRole("heading", { level: 1, name: "My Business Listings" })).toBeVisible();
    await expect(row(ownerPage, name)).toContainText("4.8/5 (0 reviews)");
    await expect(ownerPage.getByRole("row")).toHaveCount(2);
  } finally {
    await ownerContext.close();
    await adminContext.close();
  }
});

test("a signed-out visitor is sent to sign in, and a signed-out create is refused with the spec's message", async ({
  page,
  request,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);
  const refused = await request.post("/admin.data", {
    headers: { Origin: `http://localhost:${E2E_PORT}` },
    multipart: {
      name: "Drive-by",
      industry: "food-industry",
      address: "x",
      city: "x",
      state: "x",
      zip_code: "x",
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain("You must be logged in to create a business");
});
