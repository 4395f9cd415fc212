import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BusinessSchema, type BusinessInput } from "~/lib/business-schemas";
import { businesses, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { zipCentroid } from "./geocode";
import {
  createBusiness,
  deleteBusiness,
  listManagedBusinesses,
  updateBusiness,
  type ManageViewer,
} from "./manage";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const ownerA: ManageViewer = { id: "owner-a", isAdmin: false };
const ownerB: ManageViewer = { id: "owner-b", isAdmin: false };
const admin: ManageViewer = { id: "admin-1", isAdmin: true };

function input(overrides: Record<string, string> = {}): BusinessInput {
  return BusinessSchema.parse({
    name: "Sunrise Café",
    industry: "food-industry",
    address: "1 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91367",
    ...overrides,
  });
}

const noChanges = (fields: Record<string, string> = {}) => ({
  input: input(fields),
  position: null,
  images: {},
});

describe("business management", () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values(
      [ownerA, ownerB, admin].map((viewer) => ({
        id: viewer.id,
        name: viewer.id,
        email: `${viewer.id}@example.com`,
      })),
    );
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    await services.db.delete(businesses);
  });

  it("lists only the owner's listings, and every listing for an admin", async () => {
    const mine = await createBusiness(services.db, ownerA, noChanges({ name: "A's Bakery" }));
    await createBusiness(
      services.db,
      ownerB,
      noChanges({ name: "B's Garage", industry: "automobile-services" }),
    );

    const forA = await listManagedBusinesses(services.db, ownerA, { q: "", page: 1 });
    expect(forA.businesses.map((row) => row.id)).toEqual([mine.id]);
    const forAdmin = await listManagedBusinesses(services.db, admin, { q: "", page: 1 });
    expect(forAdmin.businesses.map((row) => row.name)).toEqual(["B's Garage", "A's Bakery"]);
    expect(forAdmin.total).toBe(2);
  });

  it("searches name, city and industry (id or title) case-insensitively, with LIKE characters taken literally", async () => {
    await createBusiness(
      services.db,
      admin,
      noChanges({ name: "Valley Plumbing", industry: "home-services", city: "Encino" }),
    );
    await createBusiness(services.db, admin, noChanges({ name: "Taco Loco", city: "Tarzana" }));
    await createBusiness(services.db, admin, noChanges({ name: "100% Clean", industry: "home-services" }));
    const names = async (q: string) =>
      (await listManagedBusinesses(services.db, admin, { q, page: 1 })).businesses
        .map((row) => row.name)
        .sort();

    expect(await names("PLUMB")).toEqual(["Valley Plumbing"]);
    expect(await names("tarz")).toEqual(["Taco Loco"]);
    expect(await names("home services")).toEqual(["100% Clean", "Valley Plumbing"]);
    expect(await names("home-serv")).toEqual(["100% Clean", "Valley Plumbing"]);
    expect(await names("food")).toEqual(["Taco Loco"]);
    expect(await names("100%")).toEqual(["100% Clean"]);
    expect(await names("%")).toEqual(["100% Clean"]);
    expect(await names("_")).toEqual([]);
    // Scoping still applies to a search: owner B has nothing.
    expect((await listManagedBusinesses(services.db, ownerB, { q: "taco", page: 1 })).businesses).toEqual([]);
  });

  it("pages 25 at a time and shows the last page when asked past the end", async () => {
    for (let i = 0; i < 27; i++) await createBusiness(services.db, ownerA, noChanges({ name: `Shop ${i}` }));
    const first = await listManagedBusinesses(services.db, ownerA, { q: "", page: 1 });
    expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    expect(first.businesses).toHaveLength(25);
    expect(first.businesses[0]!.name).toBe("Shop 26");
    const beyond = await listManagedBusinesses(services.db, ownerA, { q: "", page: 9 });
    expect(beyond.page).toBe(2);
    expect(beyond.businesses.map((row) => row.name)).toEqual(["Shop 1", "Shop 0"]);
  });

  it("updates only listings the viewer may manage, and never changes the owner", async () => {
    const listing = await createBusiness(services.db, ownerA, noChanges());
    expect(await updateBusiness(services.db, ownerB, listing.id, noChanges({ name: "Hijacked" }))).toBeNull();
    expect(await updateBusiness(services.db, ownerB, "not-a-uuid", noChanges())).toBeNull();

    const byAdmin = await updateBusiness(
      services.db,
      admin,
      listing.id,
      noChanges({ name: "Renamed by admin" }),
    );
    expect(byAdmin?.name).toBe("Renamed by admin");
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ name: "Renamed by admin", userId: ownerA.id });
  });

  it("deletes only listings the viewer may manage", async () => {
    const listing = await createBusiness(services.db, ownerA, noChanges());
    expect(await deleteBusiness(services.db, ownerB, listing.id)).toBe(false);
    expect(await deleteBusiness(services.db, ownerB, "../etc")).toBe(false);
    expect(await services.db.select().from(businesses)).toHaveLength(1);
    expect(await deleteBusiness(services.db, admin, listing.id)).toBe(true);
    expect(await services.db.select().from(businesses)).toHaveLength(0);
  });

  it("places a listing at its zip centroid, offline, and leaves unknown zips empty", async () => {
    expect(await zipCentroid("91367")).toEqual({ latitude: 34.1767, longitude: -118.6159 });
    expect(await zipCentroid("91367-1234")).toEqual({ latitude: 34.1767, longitude: -118.6159 });
    expect(await zipCentroid("00000")).toBeNull();
    expect(await zipCentroid("K1A 0B1")).toBeNull();
    expect(await zipCentroid("")).toBeNull();
  });
});
