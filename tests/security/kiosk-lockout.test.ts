import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";
import { PENDING_PAIRINGS_CAP } from "~/.server/kiosks/guess-limit";

// The device API under abuse from many addresses or from a shop's own network (docs/security.md, "Kiosk devices"):
// someone on the screen's Wi-Fi sending wrong tokens cannot keep the screen offline, and forwarded addresses cannot
// fill the list of codes waiting to be paired.

let server: ServerProcess;
let admin = "";
const KIOSK = "Lockout Test Counter";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: "lockout-admin@example.com" });
  admin = await createSignedInAccount(server, "lockout-admin@example.com");
}, 120_000);
afterAll(async () => {
  await server.stop();
});

const device = (path: string, ip: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { "X-Forwarded-For": ip, ...(init.headers as Record<string, string>) },
  });

/** A kiosk made by the admin and a screen paired with it through the API, as the player does; its token. */
async function pairedScreen(ip: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of [
    ["intent", "save"],
    ["label", KIOSK],
    ["orientation", "portrait"],
    ["timeZone", ""],
  ])
    form.set(key, value);
  const adminPost = (body: FormData | URLSearchParams) =>
    fetch(`${server.url}/admin/kiosks.data`, {
      method: "POST",
      body,
      headers: { Cookie: admin, Origin: server.url },
    });
  expect((await adminPost(form)).status).toBe(201);
  const network = await (await fetch(`${server.url}/admin/network`, { headers: { Cookie: admin } })).text();
  const kioskId = new RegExp(
    `name="id" value="([0-9a-f-]{36})"(?:(?!name="id")[^])*?People per play at ${KIOSK}`,
  ).exec(network)![1]!;
  const started = await device("/api/kiosk/pairings", ip, { method: "POST" });
  expect(started.status).toBe(201);
  const { pairingId, code, secret } = (await started.json()) as Record<string, string>;
  expect((await adminPost(new URLSearchParams({ intent: "pair", code: code!, kioskId }))).status).toBe(200);
  const collected = await device(`/api/kiosk/pairings/${pairingId}`, ip, {
    headers: { "X-Pairing-Secret": secret! },
  });
  const body = (await collected.json()) as { status: string; token: string };
  expect(body.status).toBe("paired");
  return body.token;
}

describe("kiosk devices under abuse", () => {
  it("wrong tokens from the shop's own address get 429, and the screen's right token still works there", async () => {
    const shop = "203.0.113.40";
    const token = await pairedScreen(shop);
    const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const wrong = await device("/api/kiosk/manifest", shop, {
        headers: bearer(`wrong-${i}-${"x".repeat(40)}`),
      });
      statuses.push(wrong.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);

    const manifest = await device("/api/kiosk/manifest", shop, { headers: bearer(token) });
    expect(manifest.status).toBe(200);
    const beat = await device("/api/kiosk/heartbeat", shop, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({
        playerVersion: "1",
        manifestVersion: null,
        playing: null,
        storageBytes: 1,
        errors: [],
      }),
    });
    expect(beat.status).toBe(200);
    // And the neighbour's next wrong token is still refused.
    const again = await device("/api/kiosk/manifest", shop, {
      headers: bearer(`wrong-again-${"x".repeat(40)}`),
    });
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({ error: "too-many-attempts" });
  });

  it("codes waiting to be paired stop at the site-wide cap, however many addresses ask", async () => {
    const asks = Array.from({ length: PENDING_PAIRINGS_CAP + 15 }, (_, i) =>
      device("/api/kiosk/pairings", `198.18.${i}.9`, { method: "POST" }),
    );
    const answers = await Promise.all(asks);
    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(made).toHaveLength(PENDING_PAIRINGS_CAP);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.headers.get("content-type")).toMatch(/application\/json/);
      expect(await answer.json()).toMatchObject({ error: "too-many-pairings" });
    }
  });
});
