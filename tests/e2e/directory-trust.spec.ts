import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_PORT, signInAdmin, signInNewOwner, waitForEmail } from "./support/accounts";

// A directory people can trust: reviewed listings, claims, near me, opening hours and "open now".
const ORIGIN = `http://localhost:${E2E_PORT}`;
const suffix = () => randomBytes(3).toString("hex");

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

const listing = (name: string, extra: Record<string, string> = {}) => ({
  name,
  industry: "food-industry",
  address: "1 Ventura Blvd",
  city: "Woodland Hills",
  state: "CA",
  zip_code: "91367",
  ...extra,
});

/** Posts the listing dialog's form as `request`'s account and answers the new listing's id. */
async function createListing(request: APIRequestContext, fields: Record<string, string>) {
  const created = await request.post("/admin", { headers: { Origin: ORIGIN }, multipart: fields });
  expect(created.status()).toBe(201);
  const page = await (await request.get(`/admin?q=${encodeURIComponent(fields.name!)}`)).text();
  // The link whose text is the name: the page also lists other listings' changes waiting for review.
  const html = fields
    .name!.replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`/business/([0-9a-f-]{36})"[^>]*>${html}<`).exec(page)![1]!;
}

async function adminRequest(browser: Browser) {
  const context = await browser.newContext();
  await signInAdmin(context);
  return context;
}

const weekOf = (spans: { opens: string; closes: string }[]) =>
  JSON.stringify(
    Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, spans])),
  );

test("an owner's new listing is invisible until approved; a rejected one shows its reason; the rating is not theirs", async ({
  browser,
  page,
  context,
}) => {
  await signInNewOwner(context);
  const name = `Pat's Test Bakery ${suffix()}`;
  await page.goto("/admin");
  await page.getByRole("button", { name: "Add Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Business" });
  await dialog.getByLabel("Business Name").fill(name);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByLabel("Address").fill("1 Ventura Blvd");
  await dialog.getByLabel("City").fill("Woodland Hills");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("Zip Code").fill("91367");
  // The real save request, kept to replay it with a rating.
  const saveRequest = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().includes("/admin"),
  );
  await dialog.getByRole("button", { name: "Create Business" }).click();
  await expectToast(page, "Business submitted for review");
  const sent = await saveRequest;
  const id = /\/business\/([0-9a-f-]{36})/.exec(await page.content())![1]!;
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Pending review");

  // Invisible to visitors: the page, the directory and the sitemap.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/business/${id}`))!.status()).toBe(404);
  await visitorPage.goto(`/local-shiners/all`);
  await expect(visitorPage.getByText(name)).toHaveCount(0);
  expect(await (await visitor.request.get("/sitemap.xml")).text()).not.toContain(id);

  // The same request replayed with a rating and review count (and the listing's id) changes neither.
  const body = sent.postDataBuffer()!;
  const contentType = sent.headers()["content-type"]!;
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const extra = [
    ["id", id],
    ["rating", "5"],
    ["review_count", "9999"],
  ]
    .map(
      ([field, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const replayed = Buffer.concat([Buffer.from(extra), body]);
  const replay = await context.request.post(sent.url(), {
    headers: { "Content-Type": contentType, Origin: ORIGIN },
    data: replayed,
  });
  expect(replay.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("0/5 (0 reviews)");

  // The admin rejects it with a reason: the owner is emailed and sees it.
  const admin = await adminRequest(browser);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin");
  const card = adminPage.getByRole("article", { name });
  await card.getByLabel("Reason").fill("Please add a photo of the shop front.");
  await card.getByRole("button", { name: `Reject ${name}` }).click();
  await expectToast(adminPage, "Listing rejected");
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
    "Reason: Please add a photo of the shop front.",
  );

  // The owner's edit sends it back; the admin approves; visitors see it.
  await page
    .getByRole("button", { name: `Edit ${name}` })
    .first()
    .click();
  await page
    .getByRole("dialog", { name: "Edit Business" })
    .getByRole("button", { name: "Update Business" })
    .click();
  await expectToast(page, "Business updated successfully");
  await adminPage.reload();
  await adminPage
    .getByRole("article", { name })
    .getByRole("button", { name: `Approve ${name}` })
    .click();
  await expectToast(adminPage, "Listing published");
  expect((await visitorPage.goto(`/business/${id}`))!.status()).toBe(200);
  await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
  await visitor.close();
  await admin.close();
});

test("an owner's edit of a published listing waits for review: visitors keep the approved website until an admin approves", async ({
  browser,
  page,
  context,
}) => {
  await signInNewOwner(context);
  const name = `Reviewed Edits Bakery ${suffix()}`;
  const id = await createListing(context.request, listing(name, { website: "https://old-bakery.example" }));
  const admin = await adminRequest(browser);
  const approved = await admin.request.post("/admin", {
    headers: { Origin: ORIGIN },
    form: { intent: "approve", id },
  });
  expect(approved.status()).toBe(200);
  const visitorSees = async () => {
    // A fresh context each time: public pages may be kept for 60 s by the browser.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/business/${id}`);
    const shown = await visitorPage
      .getByRole("listitem")
      .filter({ has: visitorPage.getByRole("link", { name: /Visit Website/ }) })
      .textContent();
    const go = await visitor.request.get(`/go/${id}/website`, { maxRedirects: 0 });
    await visitor.close();
    return { shown, location: go.headers()["location"] };
  };
  expect(await visitorSees()).toEqual({
    shown: expect.stringContaining("old-bakery.example"),
    location: "https://old-bakery.example/",
  });

  // The owner changes the website: the dashboard shows their version, waiting.
  await page.goto("/admin");
  await page
    .getByRole("button", { name: `Edit ${name}` })
    .first()
    .click();
  const edit = page.getByRole("dialog", { name: "Edit Business" });
  await edit.getByLabel("Website").fill("https://new-bakery.example");
  await edit.getByRole("button", { name: "Update Business" }).click();
  await expectToast(page, "Changes sent for review");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Changes waiting for review");
  await row.getByText("What changed").click();
  await expect(row).toContainText("https://new-bakery.example");

  // Visitors still get the approved website, on the page and through /go.
  expect(await visitorSees()).toEqual({
    shown: expect.stringContaining("old-bakery.example"),
    location: "https://old-bakery.example/",
  });

  // The admin reads the change as live → proposed, on a phone-sized screen too, and approves it.
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize({ width: 360, height: 800 });
  await adminPage.goto("/admin");
  const card = adminPage.getByRole("article", { name: `Changes to ${name}` });
  await expect(card.getByRole("definition").filter({ hasText: "old-bakery.example" })).toContainText(
    "https://new-bakery.example",
  );
  await expect(card.getByRole("term").filter({ hasText: "Website" })).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.getByRole("button", { name: `Approve changes to ${name}` }).click();
  await expectToast(adminPage, "Changes published");
  await expect(card).toHaveCount(0);

  expect(await visitorSees()).toEqual({
    shown: expect.stringContaining("new-bakery.example"),
    location: "https://new-bakery.example/",
  });
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText(
    "Changes waiting for review",
  );
  await admin.close();
});

test("a listing is claimed by the code sent to its email, and another by an admin's decision", async ({
  browser,
  page,
  context,
}) => {
  const admin = await adminRequest(browser);
  const shopEmail = `shop-${suffix()}@e2e.localshine.test`;
  const withEmail = `Corner Deli ${suffix()}`;
  const withoutEmail = `Quiet Tailor ${suffix()}`;
  const emailId = await createListing(admin.request, listing(withEmail, { email: shopEmail }));
  const adminId = await createListing(admin.request, listing(withoutEmail));

  await signInNewOwner(context);
  await page.goto(`/business/${emailId}`);
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expectToast(page, "Check the listing's email for a code");
  const mail = await waitForEmail(shopEmail, /claim code/);
  const code = /page: (\d{6})/.exec(mail.text)![1]!;
  await page.getByLabel("Code from the email").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "You now manage this listing");
  await page.reload();
  await expect(page.getByText("Verified owner")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("row").filter({ hasText: withEmail })).toBeVisible();

  await page.goto(`/business/${adminId}`);
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expectToast(page, "Claim sent: our team will check and email you");
  await page.reload();
  await expect(page.getByText("Your claim is with our team.")).toBeVisible();

  const adminPage = await admin.newPage();
  await adminPage.goto("/admin");
  const claim = adminPage.getByRole("listitem").filter({ hasText: withoutEmail });
  await claim.getByRole("button", { name: "Accept claim" }).click();
  await expectToast(adminPage, "Claim decided");
  await page.goto(`/business/${adminId}`);
  await expect(page.getByText("Verified owner")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("row").filter({ hasText: withoutEmail })).toBeVisible();
  await admin.close();
});

test("a distance search lists the nearest first with the distance on each card, in the URL", async ({
  page,
}) => {
  await page.goto("/local-shiners/all");
  await page.getByRole("button", { name: "Search Local Businesses" }).click();
  const dialog = page.getByRole("dialog", { name: "Search Local Businesses" });
  // Letters in the zip field are refused with a message (the browser's own check of the field: the form is
  // plain HTML, so the page does not move).
  await dialog.getByLabel("Zip Code").fill("abc");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);
  // The browser's bubble shows the field's title under its own "Please match the requested format."
  const zipField = dialog.getByLabel("Zip Code");
  expect(await zipField.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  await expect(zipField).toHaveAttribute("title", "Zip codes are digits only (a dash is fine for ZIP+4)");
  await dialog.getByLabel("Zip Code").fill("");
  await dialog.getByLabel("Near this zip").fill("91367");
  await dialog.getByLabel("Within").selectOption("10");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/near=91367&miles=10/);
  await expect(page.getByRole("status").filter({ hasText: /^Showing / })).toContainText(
    "within 10 mi of 91367, nearest first",
  );
  const distances = await page.getByTestId("distance").allTextContents();
  expect(distances.length).toBeGreaterThan(1);
  const miles = distances.map((text) => Number(/^([\d.]+) mi$/.exec(text)![1]));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(Math.max(...miles)).toBeLessThanOrEqual(10);

  // The filter is a chip that clears on its own.
  await page.getByRole("link", { name: "Remove filter: Within 10 mi of 91367" }).click();
  await expect(page).toHaveURL(/\/local-shiners\/all$/);

  // Nowhere near a listing: the nearest are offered instead of an empty page.
  await page.goto("/local-shiners/all?near=99501&miles=1");
  await expect(page.getByRole("heading", { name: "No businesses found" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The nearest Local Shiners" })).toBeVisible();
  await expect(page.getByTestId("distance").first()).toHaveText(/mi$/);
});

test("'Open now' is right on both sides of closing time and across midnight, and the hours are in the JSON-LD", async ({
  browser,
  page,
}) => {
  const admin = await adminRequest(browser);
  const day = `Day Cafe ${suffix()}`;
  const night = `Night Diner ${suffix()}`;
  const dayId = await createListing(
    admin.request,
    listing(day, { hours: weekOf([{ opens: "09:00", closes: "18:00" }]) }),
  );
  const nightId = await createListing(
    admin.request,
    listing(night, { hours: weekOf([{ opens: "20:00", closes: "02:00" }]) }),
  );
  await admin.close();

  // Monday 23 November 2026, Los Angeles (UTC-8), whatever the browser's own time zone. The status is worked out
  // again in the browser, by its clock, where the page runs React: signed in here, so the test can set that clock
  // (a visitor's page shows the status as of the moment the server made it).
  await signInNewOwner(page.context());
  const at = async (id: string, local: string) => {
    await page.clock.setFixedTime(new Date(`${local}-08:00`));
    await page.goto(`/business/${id}`);
    return page.getByTestId("opening-status").first();
  };
  await expect(await at(dayId, "2026-11-23T17:59:00")).toHaveText("Open now · closes 6 PM");
  await expect(await at(dayId, "2026-11-23T18:00:00")).toHaveText("Closed · opens tomorrow 9 AM");
  await expect(await at(nightId, "2026-11-23T23:30:00")).toHaveText("Open now · closes 2 AM");
  await expect(await at(nightId, "2026-11-24T01:59:00")).toHaveText("Open now · closes 2 AM");
  await expect(await at(nightId, "2026-11-24T02:00:00")).toHaveText("Closed · opens 8 PM");

  // The week is on the page and in the JSON-LD.
  await expect(page.getByRole("heading", { name: "Opening Hours" })).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { openingHoursSpecification?: { dayOfWeek: string; opens: string; closes: string }[] };
  expect(jsonLd.openingHoursSpecification).toHaveLength(7);
  expect(jsonLd.openingHoursSpecification![0]).toEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "https://schema.org/Sunday",
    opens: "20:00",
    closes: "02:00",
  });

  // The cards say it too, and the "Open now" filter finds the listing that is open (at the server's real time).
  await page.goto(`/local-shiners/food-industry?open=1`);
  await expect(page.getByRole("status").filter({ hasText: /^Showing / })).toContainText("open now");
  await expect(page.getByRole("link", { name: "Remove filter: Open now" })).toBeVisible();
});
