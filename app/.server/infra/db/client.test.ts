import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-database";
import { queryRows, type DatabaseHandle } from "./client";
import { businesses, users } from "./schema";

describe("database schema", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("applies the migrations with pg_trgm and enforces the spec's constraints", async () => {
    const { db } = handle;
    const ext = await queryRows(db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    await db.insert(users).values({ id: "u1", name: "Ana", email: "ana@example.com" });
    const base = {
      name: "Shop",
      industry: "food-industry",
      address: "1 Main",
      city: "Woodland Hills",
      state: "CA",
      zipCode: "91367",
      userId: "u1",
    };
    const [row] = await db.insert(businesses).values(base).returning();
    expect(row.rating).toBe(0);
    expect(row.reviewCount).toBe(0);
    await expect(db.insert(businesses).values({ ...base, industry: "bakeries" })).rejects.toThrow();
    await expect(db.insert(businesses).values({ ...base, rating: 5.5 })).rejects.toThrow();
    await expect(db.insert(businesses).values({ ...base, reviewCount: -1 })).rejects.toThrow();
  });

  it("is idempotent: migrating twice changes nothing", async () => {
    await handle.migrate();
    const rows = await queryRows(handle.db, sql`select count(*)::int as n from businesses`);
    expect(rows[0]).toEqual({ n: 1 });
  });
});
