import { describe, expect, it } from "vitest";
import { knownDeviceId, knownDeviceToken } from "./known-device";
import { weakPasswordReasons } from "~/lib/password-policy";
import { delayAfter } from "./sign-in-throttle";

describe("password rules", () => {
  it("accepts strong passwords of any composition from the 6-character floor to 128", () => {
    for (const password of [
      "k9#Lq2",
      "quiet-orchard-4410",
      "correct horse battery staple",
      "лиса-в-лесу-спит",
      "🌵🌞🚲🍋🎈🪁",
      `${"seven-bright-lanterns-".repeat(5)}x`.slice(0, 128),
    ]) {
      expect(weakPasswordReasons(password, "ana@example.com"), password).toEqual([]);
    }
  });

  it("refuses short, long, common, email-based, patterned and site-word passwords with a reason", () => {
    const cases: [string, RegExp][] = [
      ["k9#Lq", /at least 6 characters/],
      ["x".repeat(129), /at most 128 characters/],
      ["Password", /too common/],
      ["ana@example.com", /same as your email/],
      ["ANA", /at least 6|same as your email/],
      ["ana2024", /email or this site's name|too easy/],
      ["localshine", /email or this site's name/],
      ["kiosk123", /email or this site's name/],
      ["aaaaaaaa", /repeated/],
      ["abcdefgh", /sequence/],
      ["qwertyuiop", /common|keys/],
    ];
    for (const [password, reason] of cases) {
      expect(weakPasswordReasons(password, "ana@example.com").join(" "), password).toMatch(reason);
    }
  });

  it("refuses an email's local part with a little added, whatever characters the local part ends in", () => {
    for (const email of [
      "weak-signup-09495120@example.com",
      "weak-signup-0949512a@example.com",
      "ana.b@example.com",
    ]) {
      const local = email.split("@")[0];
      for (const password of [
        `${local}2024`,
        `${local}!`,
        `2024${local}`,
        `${local.toUpperCase()}99`,
        `x${email}`,
      ]) {
        expect(weakPasswordReasons(password, email).join(" "), password).toMatch(/email or this site's name/);
      }
    }
    // The email inside a password that is strong without it is fine.
    expect(weakPasswordReasons("ana.b-quiet-orchard-4410", "ana.b@example.com")).toEqual([]);
  });
});

describe("sign-in delay", () => {
  it("lets five attempts through, then waits 15 s doubling to 15 minutes", () => {
    expect([0, 4].map(delayAfter)).toEqual([0, 0]);
    expect([5, 6, 7, 10, 11, 50, 10_000].map(delayAfter)).toEqual([
      15_000, 30_000, 60_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });
});

describe("known-device cookie", () => {
  it("is valid only for the account it was issued to and only as issued", () => {
    const token = knownDeviceToken("secret-a", "Ana@Example.com");
    expect(knownDeviceId("secret-a", "ana@example.com", token)).toBe(token.split(".")[0]);
    expect(knownDeviceId("secret-a", "bob@example.com", token)).toBeNull();
    expect(knownDeviceId("secret-b", "ana@example.com", token)).toBeNull();
    for (const forged of ["", "x", "x.y", `${token}x`, `${token}.z`, `other.${token.split(".")[1]}`]) {
      expect(knownDeviceId("secret-a", "ana@example.com", forged), forged).toBeNull();
    }
  });
});
