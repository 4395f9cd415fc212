import { describe, expect, it } from "vitest";
import { isValidAuthority } from "./malformed-requests";

describe("isValidAuthority", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1",
    "127.0.0.1:65535",
    "[::1]",
    "[::1]:8080",
    "www.localshine.example",
    "www.localshine.example.",
    "my_host.internal:80",
  ])("accepts %s", (host) => {
    expect(isValidAuthority(host)).toBe(true);
  });

  it.each([
    undefined,
    "",
    "a b",
    "[::",
    "::1",
    "[]",
    "[not-ip]",
    "a/b",
    "a?b",
    "a#b",
    "a@b",
    "a\\b",
    "localhost:",
    "localhost:65536",
    "localhost:-1",
    "1.2.3.4.5",
    "%",
    "a%20b",
    "a,b",
    "-leading.example",
    "x".repeat(64),
    `${"a.".repeat(127)}com`,
    "\u00ff\u00fe",
  ])("refuses %j", (host) => {
    expect(isValidAuthority(host)).toBe(false);
  });
});
