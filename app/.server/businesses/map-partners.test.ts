import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { businesses } from "../infra/db/schema";
import { createTestDatabase } from "../../../tests/support/test-database";
import { loadNetworkMap } from "./map-partners";

const business = (name: string, city: string, coordinates?: [number, number]) => ({
  name,
  city,
  industry: "home-services",
  address: "1 Main St",
  state: "CA",
  zipCode: "91364",
  phone: "(818) 555-0100",
  latitude: coordinates?.[0] ?? null,
  longitude: coordinates?.[1] ?? null,
});

describe("network map partners", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(businesses)
      .values([
        business("Tarzana Tile", "Tarzana", [34.17, -118.55]),
        business("Encino Electric", "Encino", [34.16, -118.5]),
        business("Woodland Glass", "Woodland Hills", [34.17, -118.6]),
        business("Hills Handyman", "Woodland Hills", [34.18, -118.61]),
        business("No Coordinates Co", "Woodland Hills"),
      ]);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it("pins every business with coordinates, with only the columns a marker needs", async () => {
    const { partners } = await loadNetworkMap(database.db);
    expect(partners.map((partner) => partner.name)).toEqual([
      "Encino Electric",
      "Hills Handyman",
      "Tarzana Tile",
      "Woodland Glass",
    ]);
    // The popup shows the listing's image and industry as well.
    expect(Object.keys(partners[0]).sort()).toEqual([
      "city",
      "id",
      "imageUrl",
      "industry",
      "kioskHost",
      "lat",
      "lng",
      "name",
    ]);
    expect(partners[0]).toMatchObject({
      city: "Encino",
      lat: 34.16,
      lng: -118.5,
      imageUrl: null,
      kioskHost: false,
    });
    expect(partners[0]!.industry).toBe("Home Services");
  });

  it("lists partner cities busiest first, counting partners without coordinates too", async () => {
    const { cities } = await loadNetworkMap(database.db);
    expect(cities).toEqual([
      { city: "Woodland Hills", state: "CA", partners: 3 },
      { city: "Encino", state: "CA", partners: 1 },
      { city: "Tarzana", state: "CA", partners: 1 },
    ]);
  });
});
