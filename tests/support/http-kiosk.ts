import { randomIp } from "./http-accounts";
import type { ServerProcess } from "./server-process";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * A kiosk paired the way a screen and an admin pair one over HTTP against a running server: the screen asks for a
 * code, the admin adds a kiosk and enters the code, the screen collects its device token. `admin` is an admin's
 * session cookie.
 */
export async function pairKioskOverHttp(server: ServerProcess, admin: string, label = "Test kiosk") {
  const headers = { Origin: server.url, Cookie: admin, "X-Forwarded-For": randomIp() };
  const started = await fetch(`${server.url}/api/kiosk/pairings`, {
    method: "POST",
    headers: { "X-Forwarded-For": randomIp() },
  });
  if (started.status !== 201) throw new Error(`pairing did not start: ${started.status}`);
  const { pairingId, code, secret } = (await started.json()) as Record<string, string>;

  const kiosk = new FormData();
  kiosk.set("intent", "save");
  kiosk.set("label", label);
  kiosk.set("orientation", "landscape");
  const created = await fetch(`${server.url}/admin/kiosks.data`, { method: "POST", body: kiosk, headers });
  const kioskId = UUID.exec(await created.text())?.[0];
  if (created.status !== 201 || !kioskId) throw new Error(`kiosk not created: ${created.status}`);

  const claimed = await fetch(`${server.url}/admin/kiosks.data`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pair", code: code!, kioskId }),
    headers,
  });
  if (!claimed.ok) throw new Error(`pairing not claimed: ${claimed.status}`);

  const collected = await fetch(`${server.url}/api/kiosk/pairings/${pairingId}`, {
    headers: { "X-Pairing-Secret": secret!, "X-Forwarded-For": randomIp() },
  });
  const pairing = (await collected.json()) as { status: string; token?: string };
  if (pairing.status !== "paired" || !pairing.token) throw new Error(`no token: ${JSON.stringify(pairing)}`);
  return { kioskId, token: pairing.token };
}
