import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills the operating contract's defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      APP_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      STORAGE: "local",
      SITE_TIMEZONE: "America/Los_Angeles",
      SEED_DEMO: true,
      TRUST_PROXY: 0,
      STORAGE_QUOTA_MB: 1024,
    });
  });

  it("reads STORAGE_QUOTA_MB as whole megabytes, 0 for no quota", () => {
    expect(parseEnv({ STORAGE_QUOTA_MB: "0" }).STORAGE_QUOTA_MB).toBe(0);
    expect(parseEnv({ STORAGE_QUOTA_MB: "2048" }).STORAGE_QUOTA_MB).toBe(2048);
    for (const bad of ["-1", "1.5", "lots"]) {
      expect(() => parseEnv({ STORAGE_QUOTA_MB: bad }), bad).toThrow(/STORAGE_QUOTA_MB: .*whole number/);
    }
  });

  it("requires AUTH_SECRET in production and seeds nothing there by default", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /AUTH_SECRET: AUTH_SECRET is required when NODE_ENV=production/,
    );
    const env = parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) });
    expect(env.SEED_DEMO).toBe(false);
  });

  it("names every bad variable in one message", () => {
    expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", SITE_TIMEZONE: "Mars/Base" })).toThrow(
      /PORT:[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*SITE_TIMEZONE: SITE_TIMEZONE must be an IANA time zone/,
    );
  });

  it("runs several server processes only on PostgreSQL", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    const env = parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://localhost/shine" });
    expect(env.WEB_CONCURRENCY).toBe(2);
  });
});
