import { expect, type APIRequestContext } from "@playwright/test";
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
 * The admin approves the ad, and the screen polls its manifest until it carries it (its media processed, the
 * catalog read again). Only an ad served to a screen can have plays there (docs/security.md#proof-of-play).
 */
export async function approveAndServe(
  device: APIRequestContext,
  admin: APIRequestContext,
  { token, adId }: { token: string; adId: string },
) {
  const approved = await admin.post("/admin/ads.data", {
    form: { intent: "approve", id: adId },
    headers: { Origin: `http://localhost:${E2E_PORT}` },
  });
  expect(approved.status()).toBeLessThan(400);
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
