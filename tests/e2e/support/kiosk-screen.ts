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
