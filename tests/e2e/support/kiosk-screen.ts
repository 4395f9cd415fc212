import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT, fixtureIp } from "./accounts";

/**
 * A kiosk screen pairing with the kiosk `kioskId`: it asks for a code, the admin (`admin`, signed in) enters it, the
 * screen collects its device token, which is returned.
 */
export async function pairScreen(device: APIRequestContext, admin: APIRequestContext, kioskId: string) {
  const started = await device.post("/api/kiosk/pairings", { headers: { "X-Forwarded-For": fixtureIp() } });
  const { pairingId, code, secret } = (await started.json()) as Record<string, string>;
  const claimed = await admin.post("/admin/kiosks.data", {
    form: { intent: "pair", code: code!, kioskId },
    headers: { Origin: `http://localhost:${E2E_PORT}` },
  });
  expect(claimed.status()).toBe(200);
  const collected = await device.get(`/api/kiosk/pairings/${pairingId}`, {
    headers: { "X-Pairing-Secret": secret! },
  });
  const body = (await collected.json()) as { status: string; token: string };
  expect(body.status).toBe("paired");
  return body.token;
}

/**
 * The admin approves the ad once its media is processed: review answers 409 while the picture or video is still
 * being made ready, which on a busy machine (other specs' videos in the queue) can take a minute or more.
 */
export async function approveWhenReady(admin: APIRequestContext, adId: string) {
  await expect(async () => {
    const decided = await admin.post("/admin/ads.data", {
      form: { intent: "approve", id: adId },
      headers: { Origin: `http://localhost:${E2E_PORT}` },
    });
    expect(decided.status()).toBe(200);
  }).toPass({ timeout: 150_000, intervals: [500, 1_000, 2_000] });
}

/**
 * The admin approves the ad, and the screen polls its manifest until it carries it (its media processed, the
 * catalog read again). Only an ad served to a screen can have plays there (docs/security.md#proof-of-play).
 */
export async function approveAndServe(
  device: APIRequestContext,
  admin: APIRequestContext,
  { token, adId }: { token: string; adId: string },
) {
  await approveWhenReady(admin, adId);
  await expect
    .poll(
      async () => {
        const answer = await device.get("/api/kiosk/manifest", {
          headers: { Authorization: `Bearer ${token}` },
        });
        const manifest = (await answer.json()) as { items: { adId: string | null }[] };
        return manifest.items.some((item) => item.adId === adId);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
}

/**
 * Waits until the screen's front item has faded in whole (its computed opacity is 1): the cross-fade is over, so a
 * picture taken now shows the item alone, not the one before it showing through. Read from the painted style, so
 * it holds with the page's clock faked too.
 */
export async function crossFadeDone(screen: Page) {
  await screen.waitForFunction(() => {
    const front = document.querySelector('[data-layer="front"]');
    return front !== null && getComputedStyle(front).opacity === "1";
  });
}
