import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { GROUP_MESSAGES, type TakeoverForm } from "~/lib/kiosk-group-schemas";
import { isUuid } from "~/lib/uuid";
import { instantOfWallTime } from "~/lib/zoned-time";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { kioskGroups, kioskTakeoverGroups, kioskTakeovers, media, mediaRenditions } from "../infra/db/schema";

// Priority messages (docs/product.md#priority-messages): an admin's full-screen message to every screen or to
// groups, from a start to an end or until cleared. Admins only; screens read them in their manifests (catalog.ts).

export interface AdminTakeover {
  id: string;
  headline: string;
  body: string;
  color: string;
  imageTitle: string | null;
  allScreens: boolean;
  groupNames: string[];
  startsAt: string;
  endsAt: string | null;
}

/** Messages not cleared and not ended: on now, or to come. Newest start first. */
export async function listTakeovers(
  db: Database,
  viewer: AdminViewer,
  now = new Date(),
): Promise<{ ok: true; takeovers: AdminTakeover[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({
      id: kioskTakeovers.id,
      headline: kioskTakeovers.headline,
      body: kioskTakeovers.body,
      color: kioskTakeovers.color,
      imageTitle: media.title,
      allScreens: kioskTakeovers.allScreens,
      startsAt: kioskTakeovers.startsAt,
      endsAt: kioskTakeovers.endsAt,
    })
    .from(kioskTakeovers)
    .leftJoin(media, eq(media.id, kioskTakeovers.mediaId))
    .where(
      and(
        isNull(kioskTakeovers.clearedAt),
        or(isNull(kioskTakeovers.endsAt), gt(kioskTakeovers.endsAt, now)),
      ),
    )
    .orderBy(desc(kioskTakeovers.startsAt))
    .limit(100);
  const groups = rows.length
    ? await db
        .select({ takeoverId: kioskTakeoverGroups.takeoverId, name: kioskGroups.name })
        .from(kioskTakeoverGroups)
        .innerJoin(kioskGroups, eq(kioskGroups.id, kioskTakeoverGroups.groupId))
        .where(
          inArray(
            kioskTakeoverGroups.takeoverId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    ok: true,
    takeovers: rows.map((row) => ({
      ...row,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      groupNames: groups.filter((group) => group.takeoverId === row.id).map((group) => group.name),
    })),
  };
}

/** The admin's own pictures ready for screens: what a message may show. */
export async function listTakeoverImages(db: Database, viewer: AdminViewer) {
  if (!viewer.isAdmin) return FORBIDDEN;
  const images = await db
    .select({ id: media.id, title: media.title })
    .from(media)
    .innerJoin(mediaRenditions, and(eq(mediaRenditions.mediaId, media.id), eq(mediaRenditions.kind, "image")))
    .where(and(eq(media.userId, viewer.id), eq(media.processingStatus, "ready")))
    .orderBy(desc(media.createdAt))
    .limit(200);
  return { ok: true as const, images };
}

export type PublishResult =
  | { ok: true; id: string }
  | { ok: false; status: 400; field: keyof TakeoverForm; message: string }
  | Forbidden;

/** Publishes a message; its times are wall times in `siteTimeZone`. */
export async function publishTakeover(
  db: Database,
  viewer: AdminViewer,
  form: TakeoverForm,
  { siteTimeZone, now = new Date() }: { siteTimeZone: string; now?: Date },
): Promise<PublishResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const refuse = (field: keyof TakeoverForm, message: string) => ({
    ok: false as const,
    status: 400 as const,
    field,
    message,
  });
  const startsAt = form.startsAt ? instantOfWallTime(form.startsAt, siteTimeZone) : now;
  if (!startsAt) return refuse("startsAt", GROUP_MESSAGES.startsAt);
  const endsAt = form.endsAt ? instantOfWallTime(form.endsAt, siteTimeZone) : null;
  if (form.endsAt && !endsAt) return refuse("endsAt", GROUP_MESSAGES.endsAt);
  if (endsAt && endsAt <= startsAt) return refuse("endsAt", GROUP_MESSAGES.endsBeforeStart);
  if (endsAt && endsAt <= now) return refuse("endsAt", GROUP_MESSAGES.endsInPast);
  if (form.mediaId) {
    const images = await listTakeoverImages(db, viewer);
    if (!images.ok || !images.images.some((image) => image.id === form.mediaId))
      return refuse("mediaId", GROUP_MESSAGES.image);
  }
  const groupIds = form.audience === "groups" ? [...new Set(form.groupIds.filter(isUuid))] : [];
  const groups = groupIds.length
    ? await db.select({ id: kioskGroups.id }).from(kioskGroups).where(inArray(kioskGroups.id, groupIds))
    : [];
  if (form.audience === "groups" && groups.length === 0)
    return refuse("groupIds", GROUP_MESSAGES.groupsRequired);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kioskTakeovers)
      .values({
        headline: form.headline,
        body: form.body ?? "",
        color: form.color,
        mediaId: form.mediaId,
        allScreens: form.audience === "all",
        startsAt,
        endsAt,
        createdBy: viewer.id,
      })
      .returning({ id: kioskTakeovers.id });
    if (groups.length)
      await tx
        .insert(kioskTakeoverGroups)
        .values(groups.map((group) => ({ takeoverId: row!.id, groupId: group.id })));
    return row!.id;
  });
  return { ok: true, id };
}

/** Ends a message now: screens drop it at their next manifest (within seconds, through their wait). */
export async function clearTakeover(
  db: Database,
  viewer: AdminViewer,
  id: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const [row] = await db
    .update(kioskTakeovers)
    .set({ clearedAt: now })
    .where(and(eq(kioskTakeovers.id, id), isNull(kioskTakeovers.clearedAt)))
    .returning({ id: kioskTakeovers.id });
  return row ? { ok: true } : { ok: false, status: 404 };
}
