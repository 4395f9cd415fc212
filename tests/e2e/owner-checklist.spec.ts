import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, signInAdmin, signInNewOwner } from "./support/accounts";
import { approveWhenReady } from "./support/kiosk-screen";

// docs/product.md#media-dashboard, "Getting started": a new owner is shown the order (listing → media → ad → approved →
// playing), each step ticked from what they have really done, and a pending ad says when its listing waits too.

const ORIGIN = `http://localhost:${E2E_PORT}`;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** The checklist's step that is next (aria-current="step"), and how many are done. */
async function expectNext(page: Page, title: string, done: number) {
  await page.goto("/dashboard");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toContainText(`${done} of 5 done`);
  await expect(checklist.locator('li[aria-current="step"]')).toContainText(title);
  await expect(checklist.getByRole("listitem").filter({ hasText: "(done)" })).toHaveCount(done);
  return checklist;
}

test("the dashboard's checklist follows a new owner from listing to an approved ad", async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext();
  await signInNewOwner(context);
  const page = await context.newPage();

  // Nothing yet: the listing first, with the way to it.
  let checklist = await expectNext(page, "Add your business listing", 0);
  await checklist.getByRole("link", { name: "My Listings" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Add Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Business" });
  await dialog.getByLabel("Business Name").fill(`Checklist Cafe ${Date.now().toString(36)}`);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByLabel("Address").fill("21550 Ventura Blvd");
  await dialog.getByLabel("City").fill("Woodland Hills");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("Zip Code").fill("91364");
  await dialog.getByRole("button", { name: "Create Business" }).click();
  await expect(dialog).toBeHidden();
  const listingId = (await (await page.request.get("/admin")).text()).match(
    /\/business\/([0-9a-f-]{36})/,
  )![1]!;

  // Then media: uploaded on the dashboard itself.
  checklist = await expectNext(page, "Upload an image or a video", 1);
  await expect(checklist).toContainText("Our team reviews a new listing before it goes public.");
  await expect(page.getByRole("button", { name: "Upload Media" })).toBeVisible();
  // (The upload dialog itself: media.spec.ts.)
  const uploaded = await page.request.post("/dashboard/media", {
    multipart: { title: "Shopfront", file: { name: "shop.png", mimeType: "image/png", buffer: PNG } },
    headers: { Origin: ORIGIN },
  });
  const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;

  // Then the ad.
  checklist = await expectNext(page, "Make an ad", 2);
  await checklist.getByRole("link", { name: "Make an ad" }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads\/new$/);
  const made = await page.request.post("/dashboard/ads/new", {
    form: {
      title: "Coffee at seven",
      businessId: listingId,
      mediaId,
      imageSeconds: "10",
      startsOn: "2026-01-01",
      qrTarget: "listing",
      radiusMiles: "5",
    },
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);

  // Waiting for review, and the listing too: both places say so.
  checklist = await expectNext(page, "Our team approves it", 3);
  await expect(checklist).toContainText("your listing is pending too");
  await page.goto("/dashboard/ads");
  const card = page.getByRole("article", { name: "Coffee at seven" });
  await expect(card).toContainText("Pending review");
  await expect(card.getByTestId("listing-pending-hint")).toContainText("is waiting for review too");

  // The admin approves the listing and the ad: next, the screens.
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext);
  const approvedListing = await adminContext.request.post("/admin", {
    headers: { Origin: ORIGIN },
    form: { intent: "approve", id: listingId },
  });
  expect(approvedListing.status()).toBe(200);
  const adId = (await (await page.request.get("/dashboard/ads")).text()).match(
    /\/dashboard\/ads\/([0-9a-f-]{36})/,
  )![1]!;
  await approveWhenReady(adminContext.request, adId);
  checklist = await expectNext(page, "It plays on the kiosk screens", 4);
  await expect(checklist.getByRole("link", { name: "Results" })).toBeVisible();
  await page.goto("/dashboard/ads");
  await expect(page.getByTestId("listing-pending-hint")).toHaveCount(0);
  await adminContext.close();
  await context.close();
});
