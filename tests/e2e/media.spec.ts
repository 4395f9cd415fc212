import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInNewOwner } from "./support/accounts";

// A 1×1 PNG padded to exactly 1.5 MB (bytes after IEND are ignored by decoders), so the card reads "1.5 MB".
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const PNG_1_5_MB = Buffer.concat([TINY_PNG, Buffer.alloc(1.5 * 1048576 - TINY_PNG.length)]);
const TODAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" }).format(
  new Date(),
);

/** A short real WebM recorded in the page from an animated canvas (no binary fixture to keep in the repo). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: "video/webm;codecs=vp8" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${(frame++ * 40) % 360} 70% 50%)`;
      context.fillRect(0, 0, 160, 90);
    }, 50);
    recorder.start(100);
    await new Promise((resolve) => setTimeout(resolve, 700));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByRole("listitem").filter({ hasText: title }).filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}

async function fillUpload(
  dialog: Locator,
  file: { name: string; mimeType: string; buffer: Buffer } | null,
  title: string,
  description = "",
) {
  if (file) await dialog.getByLabel("File").setInputFiles(file);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill(description);
}

const sizeText = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

test("an owner uploads an image and a video, previews the video on hover and deletes after confirming", async ({
  page,
  context,
}) => {
  await signInNewOwner(context);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Your Dashboard");
  await expect(page.getByRole("heading", { name: "No Media Added Yet" })).toBeVisible();

  // Throttle the browser's upload (about 3 s for 1.5 MB) so the running upload can be watched: real progress
  // events, the form disabled, the dialog stuck open.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const throttle = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(512 * 1024);

  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await expect(dialog.getByText("JPG, PNG, MP4, MOV, AVI (MAX. 100MB)")).toBeVisible();
  await fillUpload(
    dialog,
    { name: "storefront.png", mimeType: "image/png", buffer: PNG_1_5_MB },
    "Storefront banner",
    "Our spring window display",
  );
  await dialog.getByLabel("Notes").fill("Use on the kiosk near the door");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();

  const progress = dialog.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toBeVisible();
  await expect(dialog.getByText(/^[1-9]\d?%$/)).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/);
  await expect(dialog.getByLabel("Title")).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await expectToast(page, "Upload successful!", "Your media has been uploaded successfully.");
  await expect(dialog).toBeHidden();
  await throttle(-1);
  const imageCard = page.getByRole("article", { name: "Storefront banner" });
  await expect(imageCard.getByRole("img", { name: "Storefront banner" })).toBeVisible();
  await expect(imageCard.getByText("Our spring window display")).toBeVisible();
  await expect(imageCard.getByText("1.5 MB")).toBeVisible();
  await expect(imageCard.getByText(TODAY)).toBeVisible();

  // The dialog opens empty again after a successful upload.
  const webm = await recordWebm(page);
  await page.getByRole("button", { name: "Upload Media" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("");
  await fillUpload(
    dialog,
    { name: "promo.webm", mimeType: "video/webm", buffer: webm },
    "Promo clip",
    "Ten seconds of sunshine",
  );
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden();

  const videoCard = page.getByRole("article", { name: "Promo clip" });
  await expect(videoCard.getByText(sizeText(webm.length))).toBeVisible();
  await expect(videoCard.getByText(TODAY)).toBeVisible();
  const video = videoCard.locator("video");
  await expect(video).toHaveJSProperty("muted", true);
  await expect(video).toHaveJSProperty("paused", true);
  await video.hover();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await page.mouse.move(0, 0);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await video.focus();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

  // Newest first, 4 columns at desktop width (both cards on one row); one column on a phone.
  const cards = page.getByRole("list", { name: "Your media" }).getByRole("article");
  await expect(cards.first()).toHaveAccessibleName("Promo clip");
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);

  // The stored video is served with its detected type and answers Range requests (seeking).
  const src = await video.getAttribute("src");
  expect(src).toMatch(/^\/media\/[^/]+\/\d+-[0-9a-f]+\.webm$/);
  const ranged = await page.request.get(src!, { headers: { Range: "bytes=0-3" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-type"]).toBe("video/webm");

  // Delete: cancelling keeps the card; confirming removes it (and only it).
  await imageCard.getByRole("button", { name: "Delete Storefront banner" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this media?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(imageCard).toBeVisible();
  await imageCard.getByRole("button", { name: "Delete Storefront banner" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Media deleted", "Your media has been deleted successfully.");
  await expect(imageCard).toHaveCount(0);
  await page.reload();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("article", { name: "Promo clip" })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(cards.first()).toBeVisible();
});

test("the upload dialog shows each validation toast, from the browser and from the server", async ({
  page,
  context,
}) => {
  await signInNewOwner(context);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  const submit = dialog.getByRole("button", { name: "Upload", exact: true });

  await submit.click();
  await expectToast(page, "No file selected", "Please select an image or video file to upload.");

  await fillUpload(
    dialog,
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    "Plain text",
  );
  await submit.click();
  await expectToast(page, "Invalid file type", "Please select an image or video file.");

  await fillUpload(dialog, { name: "logo.png", mimeType: "image/png", buffer: TINY_PNG }, "   ");
  await submit.click();
  await expectToast(page, "Title required", "Please enter a title for your media.");

  // Passes the browser's check by its name, but the server reads the content: HTML is refused.
  const disguised = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
  await fillUpload(
    dialog,
    { name: "photo.jpg", mimeType: "image/jpeg", buffer: disguised },
    "Disguised page",
  );
  const [refused] = await Promise.all([page.waitForResponse("**/dashboard/media"), submit.click()]);
  expect(refused.status()).toBe(415);
  await expectToast(page, "Invalid file type", "Please select an image or video file.");
  await expect(dialog).toBeVisible();

  // Signed out in the meantime: the server answers with the spec's toast.
  await context.clearCookies();
  await fillUpload(dialog, { name: "logo.png", mimeType: "image/png", buffer: TINY_PNG }, "After sign-out");
  const [unauthorized] = await Promise.all([page.waitForResponse("**/dashboard/media"), submit.click()]);
  expect(unauthorized.status()).toBe(401);
  await expectToast(page, "Authentication required", "Please sign in to upload media.");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "No Media Added Yet" })).toBeVisible();
});

test("the dashboard needs a signed-in user", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
});
