import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { users } from "../infra/db/schema";
import { createTestDatabase } from "../../../tests/support/test-database";
import { describeAdminPromotion, promoteConfiguredAdmins } from "./configured-admins";

describe("ADMIN_EMAILS at start-up", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values([
      { id: "u-owner", name: "Owner", email: "owner@example.com", role: "user" },
      { id: "u-chief", name: "Chief", email: "chief@example.com", role: "admin" },
      { id: "u-other", name: "Other", email: "other@example.com", role: "user" },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("promotes the listed accounts only, and reports who was promoted, already admin, or not there yet", async () => {
    const result = await promoteConfiguredAdmins(database.db, [
      "owner@example.com",
      "chief@example.com",
      "later@example.com",
    ]);
    expect(result).toEqual({
      promoted: ["owner@example.com"],
      alreadyAdmin: ["chief@example.com"],
      noAccountYet: ["later@example.com"],
    });
    const roles = Object.fromEntries(
      (await database.db.select({ email: users.email, role: users.role }).from(users)).map((row) => [
        row.email,
        row.role,
      ]),
    );
    expect(roles).toEqual({
      "owner@example.com": "admin",
      "chief@example.com": "admin",
      "other@example.com": "user",
    });
    expect(describeAdminPromotion(result!)).toBe(
      "ADMIN_EMAILS promoted owner@example.com to admin; already admin: chief@example.com; " +
        "no account yet (admin as soon as it is created): later@example.com",
    );
  });

  it("promotes nobody a second time, and says nothing when ADMIN_EMAILS is empty", async () => {
    const again = await promoteConfiguredAdmins(database.db, ["owner@example.com"]);
    expect(describeAdminPromotion(again!)).toBe(
      "ADMIN_EMAILS promoted no account to admin; already admin: owner@example.com",
    );
    expect(await promoteConfiguredAdmins(database.db, [])).toBeNull();
    const [other] = await database.db.select().from(users).where(eq(users.email, "other@example.com"));
    expect(other.role).toBe("user");
  });
});
