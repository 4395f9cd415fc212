import { sql, type SQL } from "drizzle-orm";

/**
 * Whether a listing hosts a kiosk (docs/product.md#kiosk-hosts): derived, never stored, from the kiosks table — a
 * kiosk whose host is the listing and that is not retired. One probe of kiosks_host_idx per row.
 */
export function kioskHostColumn(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from "kiosks" k where k.host_business_id = "businesses"."id" and k.retired_at is null)`.mapWith(
    Boolean,
  );
}
