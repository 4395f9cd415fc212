import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpairKiosk } from "~/.server/kiosks/admin-kiosks";
import { SCREENSHOT_EVERY_MS } from "~/.server/kiosks/screenshots";
import * as screenshotAdminRoute from "~/routes/resources/kiosk-screenshot";
import * as heartbeatRoute from "~/routes/resources/kiosk/heartbeat";
import * as manifestRoute from "~/routes/resources/kiosk/manifest";
import * as playsRoute from "~/routes/resources/kiosk/plays";
import * as screenshotRoute from "~/routes/resources/kiosk/screenshot";
import { insertKiosk } from "../support/kiosk-fixtures";
import { ORIGIN, sessionHeaders, signInConfirmedUsers } from "../support/route-calls";
import { createRouteContext } from "../support/test-route-context";
import { createTestServices } from "../support/test-services";

// The screen's picture (docs/product.md#what-is-on-the-screen) and a revoked token's plays (docs/security.md#proof-of-play)
// through the route modules: the heartbeat's reply asks for a picture; only a real JPEG within bounds is kept, one
// per kiosk; only an admin sees it and can ask for a new one; a revoked token still sends plays, and nothing else.

type Services = Awaited<ReturnType<typeof createTestServices>>;
type Actor = "visitor" | "owner" | "admin";
let services: Services;
const cookies: Record<Actor, string> = { visitor: "", owner: "", admin: "" };
let kiosk: { id: string; token: string };

function call(
  route: { loader?: unknown; action?: unknown },
  kind: "loader" | "action",
  request: Request,
  params: Record<string, string> = {},
) {
  const handler = route[kind] as (args: unknown) => Promise<unknown>;
  const context = createRouteContext(services, { clientIp: "10.8.0.1" });
  return handler({ request, context, params }).then(
    // A form action's reply is React Router's data(): its status is in `init`.
    (answer) =>
      answer instanceof Response
        ? answer
        : Response.json((answer as { data: unknown }).data, (answer as { init: ResponseInit }).init),
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    },
  );
}

const post = (path: string, token: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const beat = { playerVersion: "1.0.0", manifestVersion: null, playing: null, storageBytes: null, errors: [] };
async function heartbeat(token: string) {
  const response = await call(heartbeatRoute, "action", post("/api/kiosk/heartbeat", token, beat));
  return { status: response.status, body: (await response.json()) as { screenshot?: boolean } };
}
const sendPicture = (token: string, file: Buffer | string) =>
  call(
    screenshotRoute,
    "action",
    post("/api/kiosk/screenshot", token, { jpeg: typeof file === "string" ? file : file.toString("base64") }),
  );
const picture = (width: number, height: number, background = "#2a7d4f") =>
  sharp({ create: { width, height, channels: 3, background } });
const adminGet = (actor: Actor, id = kiosk.id) =>
  call(
    screenshotAdminRoute,
    "loader",
    new Request(`${ORIGIN}/admin/kiosks/${id}/screenshot`, { headers: sessionHeaders(cookies[actor]) }),
    { kioskId: id },
  );
const adminAsk = (actor: Actor, id = kiosk.id) =>
  call(
    screenshotAdminRoute,
    "action",
    new Request(`${ORIGIN}/admin/kiosks/${id}/screenshot`, {
      method: "POST",
      body: new URLSearchParams({ id }),
      headers: sessionHeaders(cookies[actor]),
    }),
    { kioskId: id },
  );

beforeAll(async () => {
  services = await createTestServices({ ADMIN_EMAILS: "chief@example.com" });
  const users = await signInConfirmedUsers(
    services,
    { owner: "owner@example.com", admin: "chief@example.com" },
    { password: "lantern-orchard-9", ipPrefix: "10.8.1" },
  );
  cookies.owner = users.owner.cookie;
  cookies.admin = users.admin.cookie;
  kiosk = await insertKiosk(services.db, { label: "Counter" });
});
afterAll(async () => {
  await services?.close();
});

describe("what is on the screen", () => {
  it("asks a screen with no picture for one, keeps a real JPEG, and stops asking", async () => {
    expect((await heartbeat(kiosk.token)).body.screenshot).toBe(true);
    const sent = await sendPicture(kiosk.token, await picture(270, 480).jpeg().toBuffer());
    expect(sent.status).toBe(200);
    expect((await heartbeat(kiosk.token)).body.screenshot).toBe(false);

    const shown = await adminGet("admin");
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");
    expect(shown.headers.get("cache-control")).toMatch(/private/);
    const stored = sharp(Buffer.from(await shown.arrayBuffer()));
    expect(await stored.metadata()).toMatchObject({ format: "jpeg", width: 270, height: 480 });
    const { dominant } = await stored.stats();
    expect(
      Math.abs(dominant.r - 0x2a) + Math.abs(dominant.g - 0x7d) + Math.abs(dominant.b - 0x4f),
    ).toBeLessThan(60);
  });

  it("refuses what is not a JPEG within bounds, and keeps the picture it had", async () => {
    const png = await picture(100, 100).png().toBuffer();
    expect(await (await sendPicture(kiosk.token, png)).json()).toEqual({ error: "not-a-jpeg" });
    const jpeg = await picture(100, 100).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, jpeg.length - 200);
    expect((await sendPicture(kiosk.token, truncated)).status).toBe(400);
    expect((await sendPicture(kiosk.token, Buffer.from("\xff\xd8\xff\xe0 not really"))).status).toBe(400);
    const huge = await picture(1080, 1920).jpeg({ quality: 10 }).toBuffer();
    expect((await sendPicture(kiosk.token, huge)).status).toBe(413);
    expect((await sendPicture(kiosk.token, "not base64!")).status).toBe(400);
    const extra = post("/api/kiosk/screenshot", kiosk.token, { jpeg: jpeg.toString("base64"), x: 1 });
    expect((await call(screenshotRoute, "action", extra)).status).toBe(400);
    const stored = await sharp(Buffer.from(await (await adminGet("admin")).arrayBuffer())).metadata();
    expect(stored).toMatchObject({ width: 270, height: 480 });
  });

  it("lets only an admin see the picture or ask for a new one, which the next heartbeat carries", async () => {
    expect((await adminGet("visitor")).status).toBe(302);
    expect((await adminGet("owner")).status).toBe(302);
    expect((await adminAsk("visitor")).status).toBe(302);
    expect((await adminAsk("owner")).status).toBe(302);
    expect((await heartbeat(kiosk.token)).body.screenshot).toBe(false);
    expect((await adminAsk("admin")).status).toBe(200);
    expect((await heartbeat(kiosk.token)).body.screenshot).toBe(true);
    await sendPicture(kiosk.token, await picture(480, 270).jpeg().toBuffer());
    expect((await heartbeat(kiosk.token)).body.screenshot).toBe(false);
    // Replaced, not kept beside the first.
    expect(await sharp(Buffer.from(await (await adminGet("admin")).arrayBuffer())).metadata()).toMatchObject({
      width: 480,
      height: 270,
    });
    expect(SCREENSHOT_EVERY_MS).toBe(10 * 60_000);
    expect((await adminGet("admin", randomUUID())).status).toBe(404);
    expect((await adminAsk("admin", randomUUID())).status).toBe(404);
  });
});

describe("a revoked token", () => {
  it("still sends the plays of its pairing, and gets nothing else", async () => {
    const leaving = await insertKiosk(services.db, { label: "Leaving" });
    // Served first, so its plays are plausible: the manifest (empty of ads; a house slide plays).
    const manifest = await call(
      manifestRoute,
      "loader",
      new Request(`${ORIGIN}/api/kiosk/manifest`, { headers: { Authorization: `Bearer ${leaving.token}` } }),
    );
    const items = ((await manifest.json()) as { items: { id: string; seconds: number }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const started = Date.now() - 30_000;
    const made = {
      id: randomUUID(),
      adId: null,
      itemId: items[0]!.id,
      startedAt: new Date(started).toISOString(),
      endedAt: new Date(started + Math.min(items[0]!.seconds, 8) * 1000).toISOString(),
      completed: true,
    };
    expect(await unpairKiosk(services.db, { id: "admin", isAdmin: true }, leaving.id)).toEqual({ ok: true });

    expect((await heartbeat(leaving.token)).status).toBe(401);
    const refusedManifest = await call(
      manifestRoute,
      "loader",
      new Request(`${ORIGIN}/api/kiosk/manifest`, { headers: { Authorization: `Bearer ${leaving.token}` } }),
    );
    expect(refusedManifest.status).toBe(401);
    expect((await sendPicture(leaving.token, await picture(90, 160).jpeg().toBuffer())).status).toBe(401);

    const sent = await call(playsRoute, "action", post("/api/kiosk/plays", leaving.token, { plays: [made] }));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ stored: 1, ignored: 0 });
  });
});
