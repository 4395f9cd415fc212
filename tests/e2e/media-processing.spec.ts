import { expect, test, type Page } from "@playwright/test";
import { mediaTools, runTool } from "../../app/.server/media-processing/tools";
import { signInNewOwner } from "./support/accounts";

/** What Chromium is asked to play: H.264 High and AAC-LC in MP4, as every processed video is. */
const SCREEN_VIDEO_TYPE = 'video/mp4; codecs="avc1.640028, mp4a.40.2"';

/**
 * Clips made here with ffmpeg's test sources (no binary fixtures in the repository), 3 s of 1080p with a tone, in
 * formats screens cannot play as they are: ProRes with PCM sound in MOV (an editing program's export), and MPEG-4
 * Part 2 with MP3 in AVI.
 */
const CLIPS = {
  "promo.mov": ["-c:v", "prores_ks", "-profile:v", "0", "-c:a", "pcm_s16le"],
  "tour.avi": ["-c:v", "mpeg4", "-q:v", "5", "-c:a", "libmp3lame"],
} as const;

async function makeClip(name: keyof typeof CLIPS, file: string) {
  await runTool(mediaTools(process.env).ffmpeg, [
    ...["-hide_banner", "-v", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc=size=1920x1080:rate=25:duration=3"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3"],
    ...CLIPS[name],
    ...["-shortest", file],
  ]);
}

async function upload(page: Page, file: string, title: string) {
  await page.getByRole("button", { name: "Upload Media" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await dialog.getByLabel("File").setInputFiles(file);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test("an owner uploads a MOV and an AVI, sees Processing then Ready, and the screen copy plays in Chromium", async ({
  page,
  context,
}, testInfo) => {
  // Transcoding runs at the lowest priority: on a busy machine a few seconds of video can wait a while for a core.
  test.setTimeout(240_000);
  const mov = testInfo.outputPath("promo.mov");
  const avi = testInfo.outputPath("tour.avi");
  await Promise.all([makeClip("promo.mov", mov), makeClip("tour.avi", avi)]);

  await signInNewOwner(context);
  await page.goto("/dashboard");
  // Debian's Chromium plays H.264 and AAC in MP4 (the processed format); without it this test would mean nothing.
  expect(
    await page.evaluate((type) => document.createElement("video").canPlayType(type), SCREEN_VIDEO_TYPE),
  ).toBe("probably");

  await upload(page, mov, "Spring promo");
  const movCard = page.getByRole("article", { name: "Spring promo" });
  await expect(movCard.getByText("Processing")).toBeVisible();
  await upload(page, avi, "Shop tour");
  const aviCard = page.getByRole("article", { name: "Shop tour" });
  await expect(aviCard).toBeVisible();

  // The page looks again by itself until both are done; nobody reloads it.
  for (const card of [movCard, aviCard]) {
    await expect(card.getByText("Ready")).toBeVisible({ timeout: 180_000 });
    await expect(card.getByText("Processing")).toHaveCount(0);
    await expect(card.getByText(/^· 0:0[23]$/)).toBeVisible();
    const makeAd = card.getByRole("link", { name: /Make an ad/ });
    await expect(makeAd).toHaveAttribute("href", /^\/dashboard\/ads\/new\?media=[0-9a-f-]{36}$/);

    // The card now plays the screen copy: an MP4 that starts at once, played by Chromium to its first frames.
    const video = card.locator("video");
    const src = await video.getAttribute("src");
    expect(src).toMatch(/^\/media\/renditions\/.+\/video-[0-9a-f]{16}\.mp4$/);
    expect(await video.getAttribute("poster")).toMatch(/\/poster-[0-9a-f]{16}\.jpg$/);
    const file = await page.request.get(src!);
    expect(file.headers()["content-type"]).toBe("video/mp4");
    const bytes = await file.body();
    expect(bytes.toString("latin1", 4, 8)).toBe("ftyp");
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));

    await video.hover();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
    expect(
      await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight]),
    ).toEqual([1920, 1080]);
    await page.mouse.move(0, 0);
  }
});
