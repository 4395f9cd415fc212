import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { businesses } from "../infra/db/schema";
import { createTestDatabase } from "../../../tests/support/test-database";
import { countBusinessesByIndustry, getBusiness, listDirectoryBusinesses } from "./directory";
import { DIRECTORY_PAGE_SIZE } from "~/lib/directory-search";
import type { IndustryId } from "~/lib/industries";

type NewBusiness = typeof businesses.$inferInsert;

const base = new Date("2026-01-01T12:00:00Z").getTime();
let sequence = 0;
/** A business created `sequence` minutes after `base`, so the newest-first order is known. */
function business(overrides: Partial<NewBusiness> & { industry: IndustryId; zipCode: string }): NewBusiness {
  sequence += 1;
  return {
    name: `Business ${sequence}`,
    address: `${sequence} Ventura Blvd`,
    city: "Woodland Hills",
    state: "CA",
    createdAt: new Date(base + sequence * 60_000),
    ...overrides,
  };
}

describe("directory reads", () => {
  let handle: DatabaseHandle;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${businesses} cascade`);
  });

  it("filters by industry and by zip substring in the database, newest first, with exact totals", async () => {
    await db()
      .insert(businesses)
      .values([
        business({ industry: "food-industry", zipCode: "91367" }),
        business({ industry: "food-industry", zipCode: "91364" }),
        business({ industry: "home-services", zipCode: "91367" }),
        business({ industry: "home-services", zipCode: "90210" }),
        business({ industry: "health-wellness", zipCode: "95913" }),
      ]);

    const all = await listDirectoryBusinesses(db(), { page: 1 });
    expect(all.total).toBe(5);
    expect(all.businesses.map((b) => b.name)).toEqual([
      "Business 5",
      "Business 4",
      "Business 3",
      "Business 2",
      "Business 1",
    ]);

    const food = await listDirectoryBusinesses(db(), { industry: "food-industry", page: 1 });
    expect(food.total).toBe(2);
    expect(food.businesses.map((b) => b.zipCode)).toEqual(["91364", "91367"]);

    // "913" is inside 91367, 91364 and 95913: a substring, not a prefix.
    const zip = await listDirectoryBusinesses(db(), { zip: "913", page: 1 });
    expect(zip.total).toBe(4);
    expect(zip.businesses.map((b) => b.zipCode).sort()).toEqual(["91364", "91367", "91367", "95913"]);

    const both = await listDirectoryBusinesses(db(), { industry: "home-services", zip: "9136", page: 1 });
    expect(both.total).toBe(1);
    expect(both.businesses[0]).toMatchObject({ industry: "home-services", zipCode: "91367" });

    const none = await listDirectoryBusinesses(db(), { industry: "automobile-services", page: 1 });
    expect(none).toMatchObject({ total: 0, businesses: [], pageCount: 1 });
  });

  it("matches letters in a zip code whatever their case", async () => {
    await db()
      .insert(businesses)
      .values([
        business({ industry: "food-industry", zipCode: "K1A 0B1" }),
        business({ industry: "food-industry", zipCode: "91367" }),
      ]);
    for (const zip of ["k1a", "K1A", "a 0b", "0B1"]) {
      const found = await listDirectoryBusinesses(db(), { zip, page: 1 });
      expect(found.total, zip).toBe(1);
      expect(
        found.businesses.map((b) => b.zipCode),
        zip,
      ).toEqual(["K1A 0B1"]);
    }
    expect((await listDirectoryBusinesses(db(), { zip: "1", page: 1 })).total).toBe(2);
  });

  it("treats % and _ in the zip query as literal characters", async () => {
    await db()
      .insert(businesses)
      .values([
        business({ industry: "food-industry", zipCode: "91367" }),
        business({ industry: "food-industry", zipCode: "9_367" }),
      ]);
    expect((await listDirectoryBusinesses(db(), { zip: "%", page: 1 })).total).toBe(0);
    const underscore = await listDirectoryBusinesses(db(), { zip: "9_3", page: 1 });
    expect(underscore.total).toBe(1);
    expect(underscore.businesses[0].zipCode).toBe("9_367");
  });

  it("pages 24 at a time, breaking created_at ties by id", async () => {
    const sameTime = new Date(base);
    const rows = Array.from({ length: DIRECTORY_PAGE_SIZE + 5 }, () =>
      business({ industry: "professional-services", zipCode: "91301", createdAt: sameTime }),
    );
    await db().insert(businesses).values(rows);

    const first = await listDirectoryBusinesses(db(), { page: 1 });
    const second = await listDirectoryBusinesses(db(), { page: 2 });
    expect(first).toMatchObject({ total: DIRECTORY_PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.businesses).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(second.businesses).toHaveLength(5);
    const ids = [...first.businesses, ...second.businesses].map((b) => b.id);
    expect(new Set(ids).size).toBe(DIRECTORY_PAGE_SIZE + 5);
    expect(ids).toEqual([...ids].sort().reverse());

    const beyond = await listDirectoryBusinesses(db(), { page: 3 });
    expect(beyond).toMatchObject({ businesses: [], total: DIRECTORY_PAGE_SIZE + 5, pageCount: 2 });
  });

  it("keeps the counts exact through updates, deletes and truncation", async () => {
    const [a, b] = await db()
      .insert(businesses)
      .values([
        business({ industry: "food-industry", zipCode: "91367" }),
        business({ industry: "food-industry", zipCode: "91367" }),
        business({ industry: "home-services", zipCode: "91406" }),
      ])
      .returning({ id: businesses.id });
    const count = async (search: Parameters<typeof listDirectoryBusinesses>[1]) =>
      (await listDirectoryBusinesses(db(), search)).total;

    // A name edit moves nothing; an industry or zip change moves the business between counts.
    await db().update(businesses).set({ name: "Renamed" }).where(eq(businesses.id, a.id));
    await db()
      .update(businesses)
      .set({ industry: "health-wellness", zipCode: "91406" })
      .where(eq(businesses.id, b.id));
    expect(await count({ industry: "food-industry", page: 1 })).toBe(1);
    expect(await count({ industry: "health-wellness", page: 1 })).toBe(1);
    expect(await count({ zip: "91406", page: 1 })).toBe(2);
    expect(await count({ zip: "91367", page: 1 })).toBe(1);
    expect(await countBusinessesByIndustry(db())).toEqual({
      "home-services": 1,
      "automobile-services": 0,
      "food-industry": 1,
      "professional-services": 0,
      "health-wellness": 1,
    });

    await db()
      .delete(businesses)
      .where(inArray(businesses.id, [a.id, b.id]));
    expect(await count({ page: 1 })).toBe(1);
    expect(await count({ zip: "913", page: 1 })).toBe(0);
    expect(await count({ zip: "914", page: 1 })).toBe(1);

    await db().execute(sql`truncate ${businesses} cascade`);
    expect(await count({ page: 1 })).toBe(0);
    expect(await count({ zip: "9", page: 1 })).toBe(0);
  });

  it("counts what a per-row count would, after a mixed batch", async () => {
    const industries: IndustryId[] = ["home-services", "food-industry", "health-wellness"];
    const zips = ["91367", "91364", "91301", "90210"];
    await db()
      .insert(businesses)
      .values(
        Array.from({ length: 60 }, (_, i) =>
          business({ industry: industries[i % industries.length], zipCode: zips[i % zips.length] }),
        ),
      );
    await db().delete(businesses).where(eq(businesses.zipCode, "91301"));
    for (const industry of [undefined, ...industries]) {
      for (const zip of [undefined, "913", "9", "0210"]) {
        const [{ expected }] = await db()
          .select({ expected: sql<number>`count(*)::int` })
          .from(businesses)
          .where(
            sql`(${industry ?? null}::text is null or ${businesses.industry} = ${industry ?? null})
              and (${zip ?? null}::text is null or ${businesses.zipCode} ilike ${`%${zip}%`})`,
          );
        expect((await listDirectoryBusinesses(db(), { industry, zip, page: 1 })).total).toBe(expected);
      }
    }
  });

  it("gets one business by id; malformed and unknown ids are not found", async () => {
    const [row] = await db()
      .insert(businesses)
      .values(business({ industry: "food-industry", zipCode: "91367", ownerName: "Ana" }))
      .returning({ id: businesses.id });
    expect(await getBusiness(db(), row.id)).toMatchObject({ id: row.id, ownerName: "Ana", zipCode: "91367" });
    expect(await getBusiness(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getBusiness(db(), "not-a-uuid")).toBeNull();
    expect(await getBusiness(db(), "' or 1=1 --")).toBeNull();
  });
});
