import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { adKiosks, adKioskGroups, ads, kioskGroupMembers, kioskGroups, kiosks } from "../infra/db/schema";
import { forgetPlayContext } from "./runtime";

// Screen groups (docs/product.md#screen-groups): admins only; every function refuses anyone else before it reads a
// row. A kiosk may be in several groups; an ad targeting groups plays on their members (manifest.ts).

export interface KioskGroup {
  id: string;
  name: string;
  kioskIds: string[];
  adIds: string[];
}

export type GroupChange = { ok: true; id: string } | { ok: false; status: 404 | 409 } | Forbidden;

/** Every group by name, with its members and the ads that target it. */
export async function listGroups(
  db: Database,
  viewer: AdminViewer,
): Promise<{ ok: true; groups: KioskGroup[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const groups = await db
    .select({ id: kioskGroups.id, name: kioskGroups.name })
    .from(kioskGroups)
    .orderBy(sql`lower(${kioskGroups.name})`, asc(kioskGroups.id));
  const members = await db
    .select({ groupId: kioskGroupMembers.groupId, kioskId: kioskGroupMembers.kioskId })
    .from(kioskGroupMembers);
  const targeted = await db
    .select({ groupId: adKioskGroups.groupId, adId: adKioskGroups.adId })
    .from(adKioskGroups);
  return {
    ok: true,
    groups: groups.map((group) => ({
      ...group,
      kioskIds: members.filter((row) => row.groupId === group.id).map((row) => row.kioskId),
      adIds: targeted.filter((row) => row.groupId === group.id).map((row) => row.adId),
    })),
  };
}

export async function createGroup(db: Database, viewer: AdminViewer, name: string): Promise<GroupChange> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const [row] = await db
    .insert(kioskGroups)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: kioskGroups.id });
  return row ? { ok: true, id: row.id } : { ok: false, status: 409 };
}

export async function renameGroup(
  db: Database,
  viewer: AdminViewer,
  id: string,
  name: string,
): Promise<GroupChange> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const [taken] = await db
    .select({ id: kioskGroups.id })
    .from(kioskGroups)
    .where(sql`lower(${kioskGroups.name}) = lower(${name}) and ${kioskGroups.id} <> ${id}`)
    .limit(1);
  if (taken) return { ok: false, status: 409 };
  const [row] = await db
    .update(kioskGroups)
    .set({ name })
    .where(eq(kioskGroups.id, id))
    .returning({ id: kioskGroups.id });
  return row ? { ok: true, id: row.id } : { ok: false, status: 404 };
}

/** Deletes the group: its members stay kiosks, its ads stop targeting it (one with no target left plays by radius). */
export async function deleteGroup(db: Database, viewer: AdminViewer, id: string): Promise<GroupChange> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const [row] = await db.delete(kioskGroups).where(eq(kioskGroups.id, id)).returning({ id: kioskGroups.id });
  return row ? { ok: true, id: row.id } : { ok: false, status: 404 };
}

const groupExists = async (db: Database, id: string) =>
  isUuid(id) &&
  (await db.select({ id: kioskGroups.id }).from(kioskGroups).where(eq(kioskGroups.id, id)).limit(1)).length >
    0;

/** The group's members become exactly `kioskIds` (retired or unknown kiosks are left out). */
export async function setGroupMembers(
  db: Database,
  viewer: AdminViewer,
  id: string,
  kioskIds: string[],
): Promise<GroupChange> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!(await groupExists(db, id))) return { ok: false, status: 404 };
  const wanted = [...new Set(kioskIds.filter(isUuid))];
  const known = wanted.length
    ? await db
        .select({ id: kiosks.id })
        .from(kiosks)
        .where(and(inArray(kiosks.id, wanted), isNull(kiosks.retiredAt)))
    : [];
  await db.transaction(async (tx) => {
    await tx.delete(kioskGroupMembers).where(eq(kioskGroupMembers.groupId, id));
    if (known.length)
      await tx
        .insert(kioskGroupMembers)
        .values(known.map((kiosk) => ({ groupId: id, kioskId: kiosk.id })))
        .onConflictDoNothing();
  });
  return { ok: true, id };
}

/**
 * The ads that target the group become exactly `adIds` (approved ads only: an admin's targeting decision, like
 * picking kiosks, so it needs no other review; docs/decisions/084-screen-groups.md).
 */
export async function setGroupAds(
  db: Database,
  viewer: AdminViewer,
  id: string,
  adIds: string[],
): Promise<GroupChange> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!(await groupExists(db, id))) return { ok: false, status: 404 };
  const wanted = [...new Set(adIds.filter(isUuid))];
  const known = wanted.length
    ? await db
        .select({ id: ads.id })
        .from(ads)
        .where(and(inArray(ads.id, wanted), eq(ads.reviewStatus, "approved")))
    : [];
  await db.transaction(async (tx) => {
    await tx.delete(adKioskGroups).where(eq(adKioskGroups.groupId, id));
    if (known.length)
      await tx
        .insert(adKioskGroups)
        .values(known.map((ad) => ({ groupId: id, adId: ad.id })))
        .onConflictDoNothing();
  });
  return { ok: true, id };
}

/** The kiosk ids in a group (none for an unknown one): the fleet page's filter. */
export async function groupKioskIds(db: Database, viewer: AdminViewer, id: string) {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: true as const, kioskIds: [] as string[] };
  const rows = await db
    .select({ kioskId: kioskGroupMembers.kioskId })
    .from(kioskGroupMembers)
    .where(eq(kioskGroupMembers.groupId, id));
  return { ok: true as const, kioskIds: rows.map((row) => row.kioskId) };
}

/** Unpairs every paired screen of the group: each goes back to showing a code. */
export async function unpairGroup(
  db: Database,
  viewer: AdminViewer,
  id: string,
): Promise<{ ok: true; count: number } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!(await groupExists(db, id))) return { ok: false, status: 404 };
  const rows = await db
    .update(kiosks)
    .set({ deviceTokenHash: null, pairedAt: null })
    .where(and(isNotNull(kiosks.deviceTokenHash), inArray(kiosks.id, membersOf(db, id))))
    .returning({ id: kiosks.id });
  for (const row of rows) forgetPlayContext(db, row.id);
  return { ok: true, count: rows.length };
}

/** Retires every active kiosk of the group, as retireKiosk does one: unpaired, off every ad's pick list. */
export async function retireGroup(
  db: Database,
  viewer: AdminViewer,
  id: string,
  now = new Date(),
): Promise<{ ok: true; count: number } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!(await groupExists(db, id))) return { ok: false, status: 404 };
  const rows = await db.transaction(async (tx) => {
    const retired = await tx
      .update(kiosks)
      .set({ retiredAt: now, deviceTokenHash: null, pairedAt: null })
      .where(and(isNull(kiosks.retiredAt), inArray(kiosks.id, membersOf(tx, id))))
      .returning({ id: kiosks.id });
    if (retired.length)
      await tx.delete(adKiosks).where(
        inArray(
          adKiosks.kioskId,
          retired.map((row) => row.id),
        ),
      );
    return retired;
  });
  for (const row of rows) forgetPlayContext(db, row.id);
  return { ok: true, count: rows.length };
}

const membersOf = (db: Pick<Database, "select">, id: string) =>
  db
    .select({ id: kioskGroupMembers.kioskId })
    .from(kioskGroupMembers)
    .where(eq(kioskGroupMembers.groupId, id));
