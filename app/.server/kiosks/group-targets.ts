import { and, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { ScreenTakeover } from "~/lib/kiosk-player/takeover";
import type { Database } from "../infra/db/client";
import { adKioskGroups, kioskGroupMembers, kioskTakeoverGroups, kioskTakeovers } from "../infra/db/schema";
import type { Storage } from "../infra/storage";
import { readRenditions } from "../media/screen-media";

// What the shared catalog (catalog.ts) reads about screen groups (docs/product.md#screen-groups): the groups each
// ad targets and their members, and the priority messages on now or within the day with the kiosks they reach.
// Only the members of groups something targets are read, so a fleet's other groups cost nothing here.

export interface CatalogTakeover {
  screen: ScreenTakeover;
  /** Every screen; else only the members of its groups (`kioskIds`). */
  allScreens: boolean;
  kioskIds: string[];
}

export interface GroupTargets {
  /** Per ad: the groups it targets and their members (sorted), when it targets any. */
  adGroups: Map<string, { groupIds: string[]; kioskIds: string[] }>;
  takeovers: CatalogTakeover[];
}

/** How far ahead a message is put in manifests: a screen offline from then on still starts it on time. */
const TAKEOVER_LOOKAHEAD_MS = 24 * 3600_000;

export async function loadGroupTargets(
  db: Database,
  storage: Storage,
  adIds: string[],
  now: Date,
): Promise<GroupTargets> {
  const adRows = adIds.length
    ? await db
        .select({ adId: adKioskGroups.adId, groupId: adKioskGroups.groupId })
        .from(adKioskGroups)
        .where(inArray(adKioskGroups.adId, adIds))
    : [];
  const takeoverRows = await db
    .select()
    .from(kioskTakeovers)
    .where(
      and(
        isNull(kioskTakeovers.clearedAt),
        lt(kioskTakeovers.startsAt, new Date(now.getTime() + TAKEOVER_LOOKAHEAD_MS)),
        or(isNull(kioskTakeovers.endsAt), gt(kioskTakeovers.endsAt, now)),
      ),
    )
    .orderBy(kioskTakeovers.startsAt, kioskTakeovers.id);
  const takeoverGroups = takeoverRows.length
    ? await db
        .select()
        .from(kioskTakeoverGroups)
        .where(
          inArray(
            kioskTakeoverGroups.takeoverId,
            takeoverRows.map((row) => row.id),
          ),
        )
    : [];
  const groupIds = [...new Set([...adRows, ...takeoverGroups].map((row) => row.groupId))];
  const members = groupIds.length
    ? await db
        .select({ groupId: kioskGroupMembers.groupId, kioskId: kioskGroupMembers.kioskId })
        .from(kioskGroupMembers)
        .where(inArray(kioskGroupMembers.groupId, groupIds))
    : [];
  const membersOf = new Map<string, string[]>();
  for (const { groupId, kioskId } of members)
    membersOf.set(groupId, [...(membersOf.get(groupId) ?? []), kioskId]);
  const kiosksOf = (groups: string[]) =>
    [...new Set(groups.flatMap((groupId) => membersOf.get(groupId) ?? []))].sort();

  const adGroups = new Map<string, { groupIds: string[]; kioskIds: string[] }>();
  for (const adId of new Set(adRows.map((row) => row.adId))) {
    const groups = adRows
      .filter((row) => row.adId === adId)
      .map((row) => row.groupId)
      .sort();
    adGroups.set(adId, { groupIds: groups, kioskIds: kiosksOf(groups) });
  }

  const renditions = await readRenditions(
    db,
    takeoverRows.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
  );
  const takeovers = takeoverRows.map((row): CatalogTakeover => {
    const image = row.mediaId ? renditions.get(row.mediaId)?.image : undefined;
    return {
      allScreens: row.allScreens,
      kioskIds: kiosksOf(takeoverGroups.filter((group) => group.takeoverId === row.id).map((g) => g.groupId)),
      screen: {
        id: row.id,
        headline: row.headline,
        body: row.body,
        color: row.color,
        image: image
          ? {
              url: storage.publicUrl(image.key),
              sha256: image.sha256,
              width: image.width,
              height: image.height,
            }
          : null,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
      },
    };
  });
  return { adGroups, takeovers };
}

const kioskSets = new WeakMap<object, Set<string>>();

/** Whether `kioskId` is in `kioskIds` (a catalog's list, made a set once and kept while the catalog lives). */
export function listHas(kioskIds: readonly string[], kioskId: string): boolean {
  if (kioskIds.length < 16) return kioskIds.includes(kioskId);
  let set = kioskSets.get(kioskIds);
  if (!set) kioskSets.set(kioskIds, (set = new Set(kioskIds)));
  return set.has(kioskId);
}

/** The messages a kiosk's manifest carries. */
export function takeoversForKiosk(takeovers: readonly CatalogTakeover[], kioskId: string): ScreenTakeover[] {
  return takeovers
    .filter((takeover) => takeover.allScreens || listHas(takeover.kioskIds, kioskId))
    .map((takeover) => takeover.screen);
}
