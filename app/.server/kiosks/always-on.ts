import { and, eq, isNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { kiosks } from "../infra/db/schema";
import type { KioskChangeResult } from "./admin-kiosks";

/**
 * Sets whether a kiosk is always on or sleeps outside its host's opening hours
 * (docs/product.md#sleep-outside-opening-hours). Its manifest changes with it, so the screen hears of it at its
 * next heartbeat, asleep or not. Admins only; a retired kiosk is not changed.
 */
export async function setKioskAlwaysOn(
  db: Database,
  viewer: AdminViewer,
  id: string,
  alwaysOn: boolean,
): Promise<KioskChangeResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const [row] = await db
    .update(kiosks)
    .set({ alwaysOn })
    .where(and(eq(kiosks.id, id), isNull(kiosks.retiredAt)))
    .returning({ id: kiosks.id });
  return row ? { ok: true } : { ok: false, status: 404 };
}
