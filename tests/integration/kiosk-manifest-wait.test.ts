import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kioskGroups, kioskTakeovers } from "~/.server/infra/db/schema";
import { kioskRuntime } from "~/.server/kiosks/runtime";
import * as manifestRoute from "~/routes/resources/kiosk/manifest";
import * as waitRoute from "~/routes/resources/kiosk/manifest-wait";
import { insertKiosk } from "../support/kiosk-fixtures";
import { ORIGIN } from "../support/route-calls";
import { createRouteContext } from "../support/test-route-context";
import { createTestServices } from "../support/test-services";

// GET /api/kiosk/manifest/wait, the screens' held request (docs/decisions/085-takeover-by-long-polling.md): the
// device door's rules (no token, a wrong one, an unpaired kiosk: 401; no writes but GET), and an answer as soon as
// a priority message changes the screen's manifest.

type Services = Awaited<ReturnType<typeof createTestServices>>;
let services: Services;

const wait = (token: string | null, version: string | null, signal?: AbortSignal) =>
  waitRoute.loader({
    request: new Request(`${ORIGIN}/api/kiosk/manifest/wait`, {
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(version ? { "If-None-Match": `"${version}"` } : {}),
      },
      signal,
    }),
    context: createRouteContext(services, { clientIp: "10.7.0.1" }),
    params: {},
  } as never) as Promise<Response>;

describe("the held manifest wait", () => {
  let kiosk: { id: string; token: string };
  let unpaired: { id: string; token: string };

  beforeAll(async () => {
    services = await createTestServices();
    kiosk = await insertKiosk(services.db, { label: "Waiting" });
    unpaired = await insertKiosk(services.db, { label: "Unpaired", paired: false });
    await services.db.insert(kioskGroups).values({ name: "Unrelated" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("refuses a request without the screen's token, and every method but GET", async () => {
    expect((await wait(null, null)).status).toBe(401);
    expect((await wait("x".repeat(43), null)).status).toBe(401);
    expect((await wait(unpaired.token, null)).status).toBe(401);
    const post = await (waitRoute.action as () => Response)();
    expect(post.status).toBe(405);
  });

  it("answers at once for an old version, and as soon as a message changes the manifest", async () => {
    const stale = await wait(kiosk.token, "old-version");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("no-store");
    const { version, newer } = (await stale.json()) as { version: string; newer: boolean };
    expect(newer).toBe(true);

    const started = Date.now();
    const held = wait(kiosk.token, version);
    let answered = false;
    void held.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answered).toBe(false);
    await services.db
      .insert(kioskTakeovers)
      .values({ headline: "Evacuate", color: "#cc0000", allScreens: true, startsAt: new Date() });
    kioskRuntime(services).catalog.invalidate();
    const reply = (await (await held).json()) as { version: string; newer: boolean };
    expect(reply.newer).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);

    const manifest = await manifestRoute.loader({
      request: new Request(`${ORIGIN}/api/kiosk/manifest`, {
        headers: { Authorization: `Bearer ${kiosk.token}` },
      }),
      context: createRouteContext(services, { clientIp: "10.7.0.1" }),
      params: {},
    } as never);
    const body = (await (manifest as Response).json()) as {
      version: string;
      takeovers: { headline: string }[];
    };
    expect(body.version).toBe(reply.version);
    expect(body.takeovers.map((takeover) => takeover.headline)).toEqual(["Evacuate"]);
  });

  it("ends the wait when the screen goes away", async () => {
    const { version } = (await (await wait(kiosk.token, "old")).json()) as { version: string };
    const controller = new AbortController();
    const held = wait(kiosk.token, version, controller.signal);
    setTimeout(() => controller.abort(), 200);
    const reply = (await (await held).json()) as { newer: boolean; held: boolean };
    expect(reply).toMatchObject({ newer: false, held: false });
  });
});
