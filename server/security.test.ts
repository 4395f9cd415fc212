import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/infra/config/env";
import { createNonce, rejectCrossSiteWrites } from "./security";

describe("CSP nonces", () => {
  it("are 128 bits of base64, all different, across many refills of the random pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => createNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("the cross-site write guard", () => {
  const guard = rejectCrossSiteWrites(parseEnv({ APP_URL: "https://shine.example", LOG_LEVEL: "silent" }));

  function run(method: string, path: string, headers: Record<string, string>) {
    const lower = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const req = {
      method,
      path,
      protocol: "http",
      get: (name: string) => (name.toLowerCase() === "host" ? "internal:3000" : lower[name.toLowerCase()]),
    } as unknown as Request;
    let status = 0;
    let passed = false;
    const res = {
      status(code: number) {
        status = code;
        return this;
      },
      type() {
        return this;
      },
      send() {
        return this;
      },
    } as unknown as Response;
    guard(req, res, (() => (passed = true)) as NextFunction);
    return passed ? "passed" : status;
  }

  const evil = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

  it("refuses a cross-site write to a cookie-authenticated route, even one that adds a bearer header", () => {
    expect(run("POST", "/admin/kiosks", { ...evil, Cookie: "s=1" })).toBe(403);
    expect(
      run("POST", "/admin/kiosks", { ...evil, Authorization: "Bearer abcdefghijklmnopqrstuvwxyz" }),
    ).toBe(403);
    expect(
      run("POST", "/api/auth/sign-in/email", { ...evil, Authorization: "Bearer abcdefghijklmnopqrstuvwxyz" }),
    ).toBe(403);
  });

  it("lets a kiosk's bearer-token call through from any origin; the device API without a token stays guarded", () => {
    const bearer = { Authorization: "Bearer abcdefghijklmnopqrstuvwxyz" };
    expect(run("POST", "/api/kiosk/heartbeat", { ...evil, ...bearer })).toBe("passed");
    expect(run("POST", "/api/kiosk/plays", { Origin: "https://proxy.internal", ...bearer })).toBe("passed");
    expect(run("POST", "/api/kiosk/pairings", evil)).toBe(403);
    expect(run("POST", "/api/kiosk/heartbeat", evil)).toBe(403);
  });

  it("same-origin and non-browser writes pass as before", () => {
    expect(
      run("POST", "/admin/kiosks", { Origin: "https://shine.example", "Sec-Fetch-Site": "same-origin" }),
    ).toBe("passed");
    expect(run("POST", "/api/kiosk/pairings", {})).toBe("passed");
  });
});
