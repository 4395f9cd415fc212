import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deviceBody,
  deviceGet,
  deviceTemplates,
  stringPaths,
  sweepBody,
  type Device,
} from "../support/fuzz/kiosk-api";
import {
  AS_DEPLOYED,
  closeConnections,
  expectStillHealthy,
  fuzz,
  FUZZ_TIMEOUT,
  reportedFuzz,
  RUNS,
  type FuzzRequest,
  type FuzzTarget,
} from "../support/fuzz/runner";
import { CONTROLS } from "../support/fuzz/values";
import { createSignedInAccount } from "../support/http-accounts";
import { pairKioskOverHttp } from "../support/http-kiosk";
import { startServer, type ServerProcess } from "../support/server-process";

// Bad input never earns a 5xx at the kiosk device door either (docs/security.md "Control characters", "Bounded
// input"): a paired screen's heartbeat, plays and screenshot (a base64 JPEG), with every string field at any depth
// made hostile (control characters, lone surrogates, invalid UTF-8, huge values, wrong types), the pairing and
// manifest GETs with hostile ids and headers, and a sweep that puts each control character and lone surrogate into
// each string field in turn.

const ADMIN_EMAIL = "fuzz-kiosk-admin@example.com";
let server: ServerProcess;
let device: Device;
/** A real JPEG of a screen, base64, as the player sends it. */
let jpeg = "";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN_EMAIL, ...AS_DEPLOYED });
  const admin = await createSignedInAccount(server, ADMIN_EMAIL);
  device = await pairKioskOverHttp(server, admin, "Fuzzed kiosk");
  const picture = sharp({ create: { width: 45, height: 80, channels: 3, background: "#d94f30" } });
  jpeg = (await picture.jpeg().toBuffer()).toString("base64");
}, 120_000);

afterAll(async () => {
  closeConnections();
  await server.stop();
});

/** Mostly the screen's own token, sometimes a wrong one (answered before the body is read). */
const bearer = (chance: boolean) => ({
  Authorization: `Bearer ${chance ? device.token : "made-up-token-made-up-token-made-up"}`,
});

const TARGETS: FuzzTarget[] = [
  {
    name: "POST /api/kiosk/heartbeat as the paired screen",
    make: (random) => ({
      method: "POST",
      path: "/api/kiosk/heartbeat",
      body: deviceBody(random, deviceTemplates.heartbeat()),
      headers: bearer(random.chance(0.9)),
    }),
  },
  {
    name: "POST /api/kiosk/plays as the paired screen",
    make: (random) => ({
      method: "POST",
      path: "/api/kiosk/plays",
      body: deviceBody(random, deviceTemplates.plays(device)),
      headers: bearer(random.chance(0.9)),
    }),
  },
  {
    name: "POST /api/kiosk/screenshot as the paired screen",
    make: (random) => ({
      method: "POST",
      path: "/api/kiosk/screenshot",
      body: deviceBody(random, deviceTemplates.screenshot(jpeg)),
      headers: bearer(random.chance(0.9)),
    }),
  },
  {
    name: "POST /api/kiosk/pairings with hostile bodies",
    runs: Math.ceil(RUNS / 10),
    make: (random) => ({
      method: "POST",
      path: "/api/kiosk/pairings",
      body: deviceBody(random, deviceTemplates.heartbeat()),
    }),
  },
  {
    name: "GET /api/kiosk/pairings/:id and /api/kiosk/manifest with hostile ids and headers",
    make: (random) => deviceGet(random, device),
  },
];

/** Each control character and lone surrogate of CONTROLS in each string field of each device body, in turn. */
function sweep(): FuzzRequest[] {
  const bodies = [
    { path: "/api/kiosk/heartbeat", template: deviceTemplates.heartbeat() },
    { path: "/api/kiosk/plays", template: deviceTemplates.plays(device) },
    { path: "/api/kiosk/screenshot", template: deviceTemplates.screenshot(jpeg) },
  ];
  return bodies.flatMap(({ path, template }) =>
    stringPaths(template).flatMap((at) =>
      CONTROLS.map((control) => ({
        method: "POST" as const,
        path,
        body: sweepBody(template, at, control),
        headers: bearer(true),
      })),
    ),
  );
}

describe("fuzzing the kiosk device API", () => {
  TARGETS.forEach((target, index) => {
    it(
      `${target.name}: ${target.runs ?? RUNS} hostile payloads, no 5xx`,
      async () => {
        const { failures } = await reportedFuzz(server, target, 200 + index);
        if (failures.length) console.error(server.output().slice(-3000));
        expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
      },
      FUZZ_TIMEOUT,
    );
  });

  it(
    "answers each control character and lone surrogate in each string field 400 (NUL, DEL, C1, surrogates)",
    async () => {
      const requests = sweep();
      let next = 0;
      const target: FuzzTarget = { name: "sweep", runs: requests.length, make: () => requests[next++]! };
      const { failures, statuses } = await fuzz(server, target, 299);
      expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
      // Every C0 control but tab and line breaks, DEL, C1 and the lone surrogates are refused; the rest
      // (tab and line breaks in a free-text error, non-characters, BOM, bidi marks) may be stored.
      expect(Object.keys(statuses).every((status) => ["200", "400"].includes(status))).toBe(true);
      expect(statuses[400]).toBeGreaterThan(requests.length / 2);
    },
    FUZZ_TIMEOUT,
  );

  it("leaves the server healthy", async () => {
    expect(await expectStillHealthy(server)).toEqual([]);
  });
});
