import { describe, expect, it } from "vitest";
import { createNonce } from "./security";

describe("CSP nonces", () => {
  it("are 128 bits of base64, all different, across many refills of the random pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => createNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
