import { z } from "~/lib/zod";

// The kiosk device API's bodies and the /admin/kiosks forms (docs/product.md#kiosks).

/** Pairing codes: no 0/O, 1/I/L, so a code read off a screen across a shop is typed right. */
export const PAIRING_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PAIRING_CODE_LENGTH = 6;

/** A code as typed ("k7m-2qp ") in the form it is stored ("K7M2QP"). */
export function normalizePairingCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Most plays one upload may carry. */
export const MAX_PLAYS_PER_BATCH = 500;

const isoInstant = z.iso.datetime({ offset: true });

/** POST /api/kiosk/heartbeat. Free text is cut to a length a status line can show. */
export const HeartbeatSchema = z.object({
  playerVersion: z.string().max(100).catch(""),
  manifestVersion: z.string().max(100).nullable().catch(null),
  playing: z
    .object({
      itemId: z.string().max(200),
      adId: z.uuid().nullable().catch(null),
    })
    .nullable()
    .catch(null),
  storageBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
  errors: z
    .array(z.string().transform((error) => error.slice(0, 500)))
    .max(50)
    .catch([]),
});
export type Heartbeat = z.output<typeof HeartbeatSchema>;

/** One play as the device recorded it; a malformed one is skipped, not the whole batch. */
export const PlaySchema = z
  .object({
    id: z.uuid(),
    adId: z.uuid().nullable(),
    itemId: z.string().max(200).optional(),
    /** Present only when a device says which kiosk it played on: a play for another kiosk is ignored. */
    kioskId: z.string().optional(),
    startedAt: isoInstant,
    endedAt: isoInstant,
    completed: z.boolean(),
  })
  .refine((play) => Date.parse(play.endedAt) >= Date.parse(play.startedAt));
export type Play = z.output<typeof PlaySchema>;

/** POST /api/kiosk/plays: the envelope is strict, each play is checked on its own. */
export const PlayBatchSchema = z.object({
  plays: z.array(z.unknown()).max(MAX_PLAYS_PER_BATCH),
});
