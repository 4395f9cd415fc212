import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { mediaTools } from "../../app/.server/media-processing/tools";
import { E2E_PORT, signInAdmin, signInNewOwner, waitForEmail } from "./support/accounts";

// The ad loop's first third, driven as an owner and an admin would (docs/product.md#ads): a MOV made here with
// ffmpeg's test sources becomes a screen-ready MP4, an ad with a schedule goes through review twice, its video
// plays in Chromium, and its short link lands on the listing and is counted once.

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;

function makeMov(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ads-e2e-"));
  const file = path.join(dir, "spot.mov");
  const tools = mediaTools(process.env);
  execFileSync(tools.ffmpeg, [
    "-hide_banner",
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=640x360:rate=25:duration=2",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:sample_rate=44100:duration=2",
    "-c:v",
    "mpeg4",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

async function createListing(page: Page, name: string) {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Add Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Business" });
  await dialog.getByLabel("Business Name").fill(name);
  await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
  await dialog.getByLabel("Address").fill("21550 Ventura Blvd");
  await dialog.getByLabel("City").fill("Woodland Hills");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("Zip Code").fill("91364");
  await dialog.getByRole("button", { name: "Create Business" }).click();
  await expect(dialog).toBeHidden();
  // An owner's listing waits for review before its page is public (the review itself: directory-trust.spec.ts).
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  expect(href).toMatch(/^\/business\/[0-9a-f-]{36}$/);
  const approved = await admin.request.post("/admin", {
    headers: { Origin: `http://localhost:${E2E_PORT}` },
    form: { intent: "approve", id: href!.split("/").pop()! },
  });
  expect(approved.status()).toBe(200);
}

async function uploadVideo(page: Page, title: string) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await dialog
    .getByLabel("File")
    .setInputFiles({ name: "spot.mov", mimeType: "video/quicktime", buffer: makeMov() });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function uploadTallImage(page: Page, title: string) {
  const png = await sharp({ create: { width: 360, height: 640, channels: 3, background: "#f4a261" } })
    .png()
    .toBuffer();
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await expect(dialog.getByTestId("shape-advice")).toContainText(
    "Kiosk screens are tall (portrait, 1080×1920)",
  );
  await dialog.getByLabel("File").setInputFiles({ name: "tall.png", mimeType: "image/png", buffer: png });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden();
  // Its card says its shape once it is ready.
  await expect(page.getByRole("article", { name: title })).toContainText("Tall", { timeout: 60_000 });
}

/** The id of the ad titled `title` on /dashboard/ads, from its Edit link. */
async function adIdOf(page: Page, title: string) {
  await page.goto("/dashboard/ads");
  const href = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  return href!.split("/").pop()!;
}

function adCard(page: Page, title: string) {
  return page.getByRole("article", { name: title });
}

let owner: BrowserContext;
let admin: BrowserContext;
let ownerEmail: string;
let adId: string;
const LISTING = `Ad Loop Bakery ${Date.now().toString(36)}`;
const AD = "Morning pastries";

test.beforeAll(async ({ browser }) => {
  owner = await browser.newContext();
  admin = await browser.newContext();
  ({ email: ownerEmail } = await signInNewOwner(owner));
  await signInAdmin(admin);
});
test.afterAll(async () => {
  await owner.close();
  await admin.close();
});

test("an owner turns an uploaded MOV into an ad with a schedule, and sees it wait for review", async () => {
  test.setTimeout(240_000);
  const page = await owner.newPage();
  await createListing(page, LISTING);
  await uploadVideo(page, "Pastry spot");
  await uploadTallImage(page, "Tall poster");

  await page.goto("/dashboard/ads");
  await expect(page.getByText("No ads yet")).toBeVisible();
  await page.getByRole("link", { name: "New ad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New ad" })).toBeVisible();

  // Processing, then ready for screens (transcoded to H.264 MP4 by the media job).
  const mainPicker = page.getByRole("radiogroup", { name: "Image or video" });
  const choice = mainPicker.getByRole("radio", { name: /Pastry spot/ });
  const choiceTile = mainPicker
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: /Pastry spot/ }) });
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText(/Video, \d+ s/).count();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);

  await page.getByRole("textbox", { name: "Title" }).fill(AD);
  await page.getByRole("combobox", { name: "Listing" }).selectOption({ label: LISTING });
  await choiceTile.click();
  await expect(choice).toBeChecked();
  // The MOV is wide (640×360): the owner is told what it does on a tall kiosk screen.
  await expect(choiceTile).toContainText("wide");
  const portraitScreen = page.getByRole("figure").filter({ hasText: "Portrait screen" });
  await expect(portraitScreen).toContainText("This wide version fills about a third of a tall screen.");
  // A tall version for portrait screens: picked in the other shape, it takes over the portrait preview.
  const otherShape = page.getByRole("radiogroup", { name: /The other shape/ });
  await expect(otherShape.getByRole("radio", { name: /None/ })).toBeChecked();
  const tall = otherShape.getByRole("radio", { name: /Tall poster/ });
  await otherShape
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: /Tall poster/ }) })
    .click();
  await expect(tall).toBeChecked();
  await expect(portraitScreen).not.toContainText("fills about a third");
  await expect(portraitScreen.locator("img").first()).toBeVisible();
  await page.getByLabel("Call to action").fill("Scan for a free croissant");
  await expect(page.getByRole("figure").first()).toContainText("Scan for a free croissant");
  await page.getByLabel("Only on certain days and hours").check();
  const saturday = page.getByRole("checkbox", { name: "Saturday" });
  await expect(page.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await page.locator("label").filter({ has: saturday }).click();
  await expect(saturday).toBeChecked();
  await page.getByLabel("From").fill("07:00");
  await page.getByLabel("Until").fill("11:00");
  await page.getByRole("button", { name: "Send for review" }).click();

  await expect(page).toHaveURL(/\/dashboard\/ads$/);
  const card = adCard(page, AD);
  await expect(card.getByText("Pending review")).toBeVisible();
  await expect(card).toContainText("Mon, Tue, Wed, Thu, Fri, Sat 7 AM–11 AM");
  adId = await adIdOf(page, AD);
});

test("the admin rejects with a reason; the owner reads it and is emailed", async () => {
  const page = await admin.newPage();
  await page.goto("/admin/ads");
  const review = page.getByRole("article", { name: AD });
  await expect(review).toContainText(LISTING);
  await expect(review).toContainText(ownerEmail);
  await review.getByRole("button", { name: `Reject ${AD}` }).click();
  await expect(review.getByText("Please give a reason.")).toBeVisible();
  await review.getByLabel("Reason").fill("Please show the bakery's name in the first seconds.");
  await review.getByRole("button", { name: `Reject ${AD}` }).click();
  // Out of the queue (other specs' ads may be waiting in it at the same time).
  await expect(review).toHaveCount(0);

  const mail = await waitForEmail(ownerEmail, `Your ad "${AD}" needs changes`);
  expect(mail.text).toContain("Please show the bakery's name in the first seconds.");

  const ownerPage = await owner.newPage();
  await ownerPage.goto("/dashboard/ads");
  const card = adCard(ownerPage, AD);
  await expect(card.getByText("Rejected")).toBeVisible();
  await expect(card.getByTestId("rejection-reason")).toContainText("Please show the bakery's name");
});

test("the owner edits it back to review, and the admin approves", async () => {
  const page = await owner.newPage();
  await page.goto(`/dashboard/ads/${adId}`);
  await expect(page.getByTestId("rejection-reason")).toBeVisible();
  await page.getByLabel("Call to action").fill("Ad Loop Bakery: free croissant today");
  await page.getByRole("button", { name: "Save ad" }).click();
  await expect(adCard(page, AD).getByText("Pending review")).toBeVisible();

  const adminPage = await admin.newPage();
  await adminPage.goto("/admin/ads");
  await adminPage.getByRole("button", { name: `Approve ${AD}` }).click();
  await expect(adminPage.getByRole("article", { name: AD })).toHaveCount(0);
  await waitForEmail(ownerEmail, `Your ad "${AD}" is approved`);

  await page.reload();
  await expect(adCard(page, AD).getByText("Approved")).toBeVisible();
});

test("the transcoded video plays in Chromium", async () => {
  const page = await owner.newPage();
  await page.goto(`/dashboard/ads/${adId}`);
  const video = page.getByLabel("Ad video").first();
  await expect(video).toHaveAttribute("src", /\.mp4$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
});

test("a scan of the short link lands on the listing and is counted once", async ({ browser }) => {
  const page = await owner.newPage();
  await page.goto("/dashboard/ads");
  const card = adCard(page, AD);
  await expect(card.getByTestId("ad-scans")).toHaveText("0");
  const shortLink = (await card.getByText(/\/q\/[A-Za-z0-9]+$/).textContent())!.trim();
  expect(shortLink.startsWith(ORIGIN)).toBe(true);

  const visitor = await browser.newContext();
  const phone = await visitor.newPage();
  await phone.goto(shortLink);
  await expect(phone).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
  await expect(phone.getByRole("heading", { level: 1, name: LISTING })).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(adCard(page, AD).getByTestId("ad-scans")).toHaveText("1");
});

test("another owner cannot see, edit, pause or delete the ad, and a non-admin cannot approve", async ({
  browser,
}) => {
  const other = await browser.newContext();
  await signInNewOwner(other);
  const headers = { Origin: ORIGIN };
  expect((await other.request.get(`/dashboard/ads/${adId}`)).status()).toBe(404);
  for (const intent of ["pause", "delete"]) {
    // What the card's buttons send (a fetcher's single-fetch request), replayed with another owner's session.
    const reply = await other.request.post("/dashboard/ads.data", { form: { intent, id: adId }, headers });
    expect(reply.status()).toBe(404);
  }
  const edit = await other.request.post(`/dashboard/ads/${adId}`, {
    form: { title: "Hijacked", businessId: adId, mediaId: adId, startsOn: "2026-01-01" },
    headers,
    maxRedirects: 0,
  });
  expect([400, 404]).toContain(edit.status());
  const replays: Record<string, string>[] = [
    { intent: "approve" },
    { intent: "reject", reason: "No" },
    { intent: "pause" },
  ];
  for (const form of replays) {
    const reply = await other.request.post("/admin/ads.data", { form: { ...form, id: adId }, headers });
    expect(reply.status()).toBe(403);
  }
  await other.close();

  // The owner's ad is untouched.
  const page = await owner.newPage();
  await page.goto("/dashboard/ads");
  await expect(adCard(page, AD).getByText("Approved")).toBeVisible();
});
