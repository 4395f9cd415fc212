import { describe, expect, it } from "vitest";
import { isLoopbackUrl, loopbackAppUrlWarning } from "./app-url";

describe("APP_URL on a loopback address", () => {
  it("recognises every address only this machine reaches", () => {
    for (const url of [
      "http://localhost:3000",
      "http://LOCALHOST",
      "http://kiosk.localhost:8080",
      "http://127.0.0.1:3000",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
  });

  it("leaves public and local-network addresses alone", () => {
    for (const url of [
      "https://localshine.example",
      "http://192.168.1.20:3000",
      "http://10.0.0.5",
      "https://localhost.example.com",
      "http://127.0.0.1.nip.io",
      "not a url",
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it("names the address and what to do", () => {
    expect(loopbackAppUrlWarning("http://localhost:3000")).toContain("APP_URL is http://localhost:3000");
    expect(loopbackAppUrlWarning("http://localhost:3000")).toContain("Set APP_URL");
  });
});
