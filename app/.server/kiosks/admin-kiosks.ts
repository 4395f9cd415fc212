import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describeWake, screenHours } from "~/lib/kiosk-player/opening";
import type { WeeklyHours } from "~/lib/opening-hours";
import { isUuid } from "~/lib/uuid";
import {
  PLAY_REFUSAL_REASONS,
  REFUSED_PLAYS_DAYS,
  type AdminKiosk,
  type KioskForm,
  type PlayRefusalReason,
} from "~/lib/kiosk-schemas";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { adKiosks, ads, businesses, kioskPlayRefusals, kioskPlays, kiosks } from "../infra/db/schema";
import { keepRevokedToken } from "./revoked-tokens";
import { forgetPlayContext } from "./runtime";
import { listScreenshotStates } from "./screenshots";
import { timeZoneAt } from "./time-zone";

// /admin/kiosks (docs/product.md#kiosks): admins only; every function refuses anyone else before reading a row.

/** A screen counts as online while its last heartbeat is younger than this. */
export const ONLINE_WINDOW_MS = 2 * 60_000;

interface StoredHeartbeat {
  playerVersion?: string;
  playing?: { itemId?: string; adId?: string | null } | null;
  storageBytes?: number | null;
  errors?: string[];
}

/** Every kiosk (active first, by label; retired ones last) with its live state. */
export async function listKiosks(
  db: Database,
  viewer: AdminViewer,
  now = new Date(),
): Promise<{ ok: true; kiosks: AdminKiosk[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({
      id: kiosks.id,
      label: kiosks.label,
      hostBusinessId: kiosks.hostBusinessId,
      hostName: businesses.name,
      hostCity: businesses.city,
      orientation: kiosks.orientation,
      timeZone: kiosks.timeZone,
      deviceTokenHash: kiosks.deviceTokenHash,
      pairedAt: kiosks.pairedAt,
      lastSeenAt: kiosks.lastSeenAt,
      lastHeartbeat: kiosks.lastHeartbeat,
      retiredAt: kiosks.retiredAt,
      alwaysOn: kiosks.alwaysOn,
      hostHours: businesses.hours,
      hostTimeZone: businesses.timeZone,
    })
    .from(kiosks)
    .leftJoin(businesses, eq(businesses.id, kiosks.hostBusinessId))
    .orderBy(sql`${kiosks.retiredAt} is not null`, asc(kiosks.label), asc(kiosks.id));
  const playCounts = new Map(
    (
      await db
        .select({ kioskId: kioskPlays.kioskId, plays: count() })
        .from(kioskPlays)
        .groupBy(kioskPlays.kioskId)
    ).map((row) => [row.kioskId, row.plays]),
  );
  const refusals = await readRefusedPlays(db, now);
  const screenshots = await listScreenshotStates(db);
  const heartbeats = rows.map((row) => (row.lastHeartbeat ?? {}) as StoredHeartbeat);
  const adIds = [
    ...new Set(heartbeats.map((beat) => beat.playing?.adId).filter((id): id is string => !!id && isUuid(id))),
  ];
  const titles = new Map(
    adIds.length
      ? (await db.select({ id: ads.id, title: ads.title }).from(ads).where(inArray(ads.id, adIds))).map(
          (ad) => [ad.id, ad.title],
        )
      : [],
  );
  return {
    ok: true,
    kiosks: rows.map((row, index) => {
      const beat = heartbeats[index]!;
      const paired = row.deviceTokenHash !== null;
      const online =
        paired &&
        row.retiredAt === null &&
        !!row.lastSeenAt &&
        now.getTime() - row.lastSeenAt.getTime() < ONLINE_WINDOW_MS;
      const playingAd = beat.playing?.adId ? titles.get(beat.playing.adId) : undefined;
      // The same hours the kiosk's manifest carries (device-token.ts): the listing's zone, else the kiosk's.
      const hostHours = screenHours(row.hostHours as WeeklyHours | null, row.hostTimeZone ?? row.timeZone);
      const hours = row.alwaysOn ? null : hostHours;
      return {
        id: row.id,
        label: row.label,
        hostBusinessId: row.hostBusinessId,
        hostName: row.hostName,
        hostCity: row.hostCity,
        orientation: row.orientation,
        timeZone: row.timeZone,
        paired,
        pairedAt: row.pairedAt?.toISOString() ?? null,
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        online,
        retiredAt: row.retiredAt?.toISOString() ?? null,
        playerVersion:
          typeof beat.playerVersion === "string" && beat.playerVersion ? beat.playerVersion : null,
        playing: beat.playing ? (playingAd ?? describeHouseItem(beat.playing.itemId)) : null,
        storageBytes: typeof beat.storageBytes === "number" ? beat.storageBytes : null,
        lastError:
          Array.isArray(beat.errors) && beat.errors.length
            ? String(beat.errors[beat.errors.length - 1])
            : null,
        plays: playCounts.get(row.id) ?? 0,
        refusedPlays: refusals.get(row.id) ?? [],
        alwaysOn: row.alwaysOn,
        hostHasHours: hostHours !== null,
        asleepUntil: paired && row.retiredAt === null ? describeWake(hours, now) : null,
        screenshot: screenshots.get(row.id) ?? null,
      };
    }),
  };
}

/** Each kiosk's refused plays of the last REFUSED_PLAYS_DAYS days (UTC), by reason, most first. */
async function readRefusedPlays(db: Database, now: Date) {
  const since = new Date(now.getTime() - REFUSED_PLAYS_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({
      kioskId: kioskPlayRefusals.kioskId,
      reason: kioskPlayRefusals.reason,
      plays: sql<number>`sum(${kioskPlayRefusals.plays})::int`,
    })
    .from(kioskPlayRefusals)
    .where(gte(kioskPlayRefusals.day, since))
    .groupBy(kioskPlayRefusals.kioskId, kioskPlayRefusals.reason);
  const byKiosk = new Map<string, { reason: PlayRefusalReason; plays: number }[]>();
  for (const row of rows) {
    if (!(row.reason in PLAY_REFUSAL_REASONS)) continue;
    const list = byKiosk.get(row.kioskId) ?? [];
    list.push({ reason: row.reason as PlayRefusalReason, plays: row.plays });
    byKiosk.set(row.kioskId, list);
  }
  for (const list of byKiosk.values())
    list.sort((a, b) => b.plays - a.plays || a.reason.localeCompare(b.reason));
  return byKiosk;
}

/** A house slide's item id in words ("house:story:{id}:0" → "A Shine Story slide"). */
function describeHouseItem(itemId: string | undefined): string | null {
  if (!itemId) return null;
  if (itemId.startsWith("house:free-kiosk")) return "The “Get a free kiosk” slide";
  if (itemId.startsWith("house:story:")) return "A Shine Story slide";
  return itemId;
}

/** Listings a kiosk may be hosted by, for the form's picker: name and city, by name. */
export async function listHostChoices(db: Database, viewer: AdminViewer, { limit = 2000 } = {}) {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({ id: businesses.id, name: businesses.name, city: businesses.city, state: businesses.state })
    .from(businesses)
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(limit);
  return { ok: true as const, hosts: rows };
}

type Placement = {
  hostBusinessId: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
};

/** Where the kiosk is: its host's place, and its time zone (the form's choice, else from the place, else the site's). */
async function placementFor(db: Database, form: KioskForm, siteTimeZone: string): Promise<Placement | null> {
  let host: { id: string; latitude: number | null; longitude: number | null } | undefined;
  if (form.hostBusinessId) {
    [host] = await db
      .select({ id: businesses.id, latitude: businesses.latitude, longitude: businesses.longitude })
      .from(businesses)
      .where(eq(businesses.id, form.hostBusinessId))
      .limit(1);
    if (!host) return null;
  }
  return {
    hostBusinessId: host?.id ?? null,
    latitude: host?.latitude ?? null,
    longitude: host?.longitude ?? null,
    timeZone: form.timeZone || timeZoneAt(host ?? null, siteTimeZone),
  };
}

export type SaveKioskResult =
  { ok: true; id: string } | { ok: false; status: 404; reason: "unknown-host" | "unknown-kiosk" } | Forbidden;

/** Adds a kiosk (not yet paired with any screen). */
export async function createKiosk(
  db: Database,
  viewer: AdminViewer,
  form: KioskForm,
  { siteTimeZone }: { siteTimeZone: string },
): Promise<SaveKioskResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const placement = await placementFor(db, form, siteTimeZone);
  if (!placement) return { ok: false, status: 404, reason: "unknown-host" };
  const [row] = await db
    .insert(kiosks)
    .values({ label: form.label, orientation: form.orientation, ...placement })
    .returning({ id: kiosks.id });
  return { ok: true, id: row!.id };
}

/** Renames a kiosk, moves it to another host, turns it, or sets its time zone. A retired kiosk is not changed. */
export async function updateKiosk(
  db: Database,
  viewer: AdminViewer,
  id: string,
  form: KioskForm,
  { siteTimeZone }: { siteTimeZone: string },
): Promise<SaveKioskResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404, reason: "unknown-kiosk" };
  const placement = await placementFor(db, form, siteTimeZone);
  if (!placement) return { ok: false, status: 404, reason: "unknown-host" };
  const [row] = await db
    .update(kiosks)
    .set({ label: form.label, orientation: form.orientation, ...placement })
    .where(and(eq(kiosks.id, id), isNull(kiosks.retiredAt)))
    .returning({ id: kiosks.id });
  return row ? { ok: true, id: row.id } : { ok: false, status: 404, reason: "unknown-kiosk" };
}

export type KioskChangeResult = { ok: true } | { ok: false; status: 404 } | Forbidden;

/** Revokes the screen's token: its next request is refused (401) and it goes back to showing a code. */
export async function unpairKiosk(
  db: Database,
  viewer: AdminViewer,
  id: string,
  now = new Date(),
): Promise<KioskChangeResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const [row] = await db.transaction(async (tx) => {
    // The plays the screen made while paired may still come in (revoked-tokens.ts).
    await keepRevokedToken(tx as unknown as Database, id, now);
    return tx
      .update(kiosks)
      .set({ deviceTokenHash: null, pairedAt: null })
      .where(and(eq(kiosks.id, id), isNotNull(kiosks.deviceTokenHash)))
      .returning({ id: kiosks.id });
  });
  if (!row) return { ok: false, status: 404 };
  forgetPlayContext(db, row.id);
  return { ok: true };
}

/** Retires a kiosk for good: unpaired, off every ad's pick list, kept (with its plays) for the records. */
export async function retireKiosk(
  db: Database,
  viewer: AdminViewer,
  id: string,
  now = new Date(),
): Promise<KioskChangeResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const result = await db.transaction(async (tx) => {
    await keepRevokedToken(tx as unknown as Database, id, now);
    const [row] = await tx
      .update(kiosks)
      .set({ retiredAt: now, deviceTokenHash: null, pairedAt: null })
      .where(and(eq(kiosks.id, id), isNull(kiosks.retiredAt)))
      .returning({ id: kiosks.id });
    if (!row) return { ok: false as const, status: 404 as const };
    await tx.delete(adKiosks).where(eq(adKiosks.kioskId, id));
    return { ok: true as const };
  });
  if (result.ok) forgetPlayContext(db, id);
  return result;
}

export interface AdPickChoice {
  id: string;
  title: string;
  businessName: string;
  /** The kiosks an admin picked for it; empty: it plays by its radius. */
  pickedKioskIds: string[];
}

/** The approved ads (newest first, at most 500) and the kiosks picked for each: the "Picked ads" dialog. */
export async function listAdPickChoices(
  db: Database,
  viewer: AdminViewer,
): Promise<{ ok: true; ads: AdPickChoice[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({ id: ads.id, title: ads.title, businessName: businesses.name })
    .from(ads)
    .innerJoin(businesses, eq(businesses.id, ads.businessId))
    .where(eq(ads.reviewStatus, "approved"))
    .orderBy(desc(ads.createdAt), asc(ads.id))
    .limit(500);
  const picks = rows.length
    ? await db
        .select({ adId: adKiosks.adId, kioskId: adKiosks.kioskId })
        .from(adKiosks)
        .where(
          inArray(
            adKiosks.adId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    ok: true,
    ads: rows.map((row) => ({
      ...row,
      pickedKioskIds: picks.filter((pick) => pick.adId === row.id).map((pick) => pick.kioskId),
    })),
  };
}

/** Picks (or un-picks) this kiosk for one ad. An ad with any picked kiosk plays on exactly those. */
export async function setAdPick(
  db: Database,
  viewer: AdminViewer,
  { adId, kioskId, picked }: { adId: string; kioskId: string; picked: boolean },
): Promise<KioskChangeResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(adId) || !isUuid(kioskId)) return { ok: false, status: 404 };
  if (!picked) {
    await db.delete(adKiosks).where(and(eq(adKiosks.adId, adId), eq(adKiosks.kioskId, kioskId)));
    return { ok: true };
  }
  const [ad] = await db.select({ id: ads.id }).from(ads).where(eq(ads.id, adId)).limit(1);
  const [kiosk] = await db
    .select({ id: kiosks.id })
    .from(kiosks)
    .where(and(eq(kiosks.id, kioskId), isNull(kiosks.retiredAt)))
    .limit(1);
  if (!ad || !kiosk) return { ok: false, status: 404 };
  await db.insert(adKiosks).values({ adId, kioskId }).onConflictDoNothing();
  return { ok: true };
}
