import type { Viewer } from "./guards";

/** Who an admin-only domain function needs to know about: the id (to record authorship) and the role. */
export type AdminViewer = Pick<Viewer, "id" | "isAdmin">;

/**
 * What an admin-only domain function answers a non-admin (docs/product.md#roles). Returned, not thrown, so a route that
 * forgot its guard still gets a typed refusal it can reply 403 with, and nothing has been read or written.
 */
export interface Forbidden {
  ok: false;
  status: 403;
  reason: "forbidden";
}

export const FORBIDDEN: Forbidden = Object.freeze({ ok: false, status: 403, reason: "forbidden" });
