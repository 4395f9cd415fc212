import { cleanMultiline, isOneLine, oneLine, requiredText } from "./form-fields";
import type { ScreenshotState } from "~/lib/kiosk-screenshot";
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

/**
 * A device's one-line text (versions, ids): at most `max` characters, no control character (the forms' one-line
 * rule). The device door has already refused any string holding a NUL or a lone surrogate (readJson).
 */
const deviceLine = (max: number) => z.string().max(max).refine(isOneLine);

/** POST /api/kiosk/heartbeat. Free text is cut to a length a status line can show. */
export const HeartbeatSchema = z.object({
  playerVersion: deviceLine(100).catch(""),
  manifestVersion: deviceLine(100).nullable().catch(null),
  playing: z
    .object({
      itemId: deviceLine(200),
      adId: z.uuid().nullable().catch(null),
    })
    .nullable()
    .catch(null),
  storageBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
  errors: z
    // Cut to 500, then cleaned like a multi-line field: the cut may split a character's surrogate pair.
    .array(z.string().transform((error) => cleanMultiline(error.slice(0, 500))))
    .max(50)
    .catch([]),
});
export type Heartbeat = z.output<typeof HeartbeatSchema>;

/** One play as the device recorded it; a malformed one is skipped, not the whole batch. */
export const PlaySchema = z
  .object({
    id: z.uuid(),
    adId: z.uuid().nullable(),
    itemId: deviceLine(200).optional(),
    /** Present only when a device says which kiosk it played on: a play for another kiosk is ignored. */
    kioskId: deviceLine(100).optional(),
    startedAt: isoInstant,
    endedAt: isoInstant,
    completed: z.boolean(),
  })
  .refine((play) => Date.parse(play.endedAt) >= Date.parse(play.startedAt));
export type Play = z.output<typeof PlaySchema>;

/**
 * Why the server refuses a well-formed play (docs/security.md#proof-of-play): the reply counts each, and
 * /admin/kiosks shows a screen's counts, in these words, after "Refused plays:".
 */
export const PLAY_REFUSAL_REASONS = {
  future: "dated in the future",
  "before-pairing": "from before the screen was paired",
  "not-served": "of content never served to this screen",
  "off-schedule": "outside the ad's dates or hours",
  "too-long": "longer than the item runs",
  overlap: "overlapping other plays",
} as const;
export type PlayRefusalReason = keyof typeof PLAY_REFUSAL_REASONS;

/** How many days of refusals the fleet page shows. */
export const REFUSED_PLAYS_DAYS = 7;

/** POST /api/kiosk/plays: the envelope is strict, each play is checked on its own. */
export const PlayBatchSchema = z.object({
  plays: z.array(z.unknown()).max(MAX_PLAYS_PER_BATCH),
});

// ---------------------------------------------------------------------------------------------------------------
// /admin/kiosks
// ---------------------------------------------------------------------------------------------------------------

export const KIOSK_ORIENTATION_CHOICES = [
  { id: "portrait", label: "Portrait" },
  { id: "landscape", label: "Landscape" },
] as const;

export const KIOSK_MESSAGES = {
  labelRequired: "Label is required",
  timeZone: "Please choose a time zone from the list",
  host: "Please choose a listing from the list",
  codeRequired: "Enter the code shown on the screen",
  codeShape: "The code has 6 letters and digits",
  kioskRequired: "Choose the kiosk this screen is",
} as const;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^[0-9a-f-]{36}$/i.test(value), message);

/** Add a kiosk / edit a kiosk. An empty time zone means "from the host's location" (else the site's zone). */
export const KioskFormSchema = z.object({
  label: requiredText(KIOSK_MESSAGES.labelRequired, 100, "Label"),
  hostBusinessId: optionalUuid(KIOSK_MESSAGES.host),
  orientation: z.enum(["portrait", "landscape"]).catch("portrait"),
  timeZone: z
    .string()
    .trim()
    .max(100, KIOSK_MESSAGES.timeZone)
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isTimeZone(value), KIOSK_MESSAGES.timeZone),
});
export type KioskForm = z.output<typeof KioskFormSchema>;

/** Enter a screen's code and pick the kiosk it is. */
export const PairKioskSchema = z.object({
  intent: z.literal("pair"),
  code: z
    .string(KIOSK_MESSAGES.codeRequired)
    .trim()
    .min(1, KIOSK_MESSAGES.codeRequired)
    .max(20, KIOSK_MESSAGES.codeShape)
    .refine(
      (code) =>
        new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`).test(normalizePairingCode(code)),
      KIOSK_MESSAGES.codeShape,
    ),
  kioskId: z.string(KIOSK_MESSAGES.kioskRequired).trim().min(1, KIOSK_MESSAGES.kioskRequired).max(100),
});

/** The small forms of the kiosk list: pair, unpair, retire, and pick or un-pick an ad for a kiosk. */
export const KioskActionSchema = z.discriminatedUnion("intent", [
  PairKioskSchema,
  z.object({ intent: z.literal("unpair"), id: oneLine("Id").min(1).max(100) }),
  z.object({ intent: z.literal("retire"), id: oneLine("Id").min(1).max(100) }),
  z.object({
    intent: z.literal("pick"),
    id: oneLine("Id").min(1).max(100),
    adId: oneLine("Ad").min(1).max(100),
    picked: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
  z.object({
    intent: z.literal("always-on"),
    id: oneLine("Id").min(1).max(100),
    alwaysOn: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
]);

export const KIOSK_TOASTS = {
  created: { title: "Kiosk added" },
  updated: { title: "Kiosk updated" },
  paired: { title: "Screen paired", description: "The screen starts playing within a few seconds." },
  unpaired: { title: "Screen unpaired", description: "The screen goes back to showing a pairing code." },
  retired: { title: "Kiosk retired" },
  picked: { title: "Ad picked for this kiosk" },
  unpicked: { title: "Ad no longer picked for this kiosk" },
  alwaysOn: { title: "Always on", description: "The screen stays on outside its host's opening hours." },
  sleeps: {
    title: "Sleeps outside opening hours",
    description: "The screen goes dark while its host is closed.",
  },
  screenshot: {
    title: "Picture requested",
    description: "The screen sends it with its next heartbeat, within a minute.",
  },
  saveFailed: { title: "Failed to save kiosk", description: "Please try again.", variant: "destructive" },
  failed: { title: "Error updating the kiosk", description: "Please try again.", variant: "destructive" },
  unknownCode: {
    title: "No screen is showing that code",
    description:
      "Check the code on the screen. Codes last 10 minutes; a waiting screen shows a new one by itself.",
    variant: "destructive",
  },
  tooManyCodes: {
    title: "Too many wrong codes",
    description: "Please wait a few minutes and try again.",
    variant: "destructive",
  },
} as const;

/** The live state line of a kiosk on /admin/kiosks. */
export function describeKioskState(
  kiosk: {
    paired: boolean;
    online: boolean;
    lastSeenAt: string | null;
    retiredAt: string | null;
    asleepUntil?: string | null;
  },
  formatTime: (iso: string) => string,
): string {
  if (kiosk.retiredAt) return "Retired";
  if (!kiosk.paired) return "Not paired";
  // Dark by its host's hours is not offline (docs/product.md#sleep-outside-opening-hours).
  if (kiosk.asleepUntil) return `Asleep until ${kiosk.asleepUntil}`;
  if (kiosk.online) return "Online";
  return kiosk.lastSeenAt ? `Offline since ${formatTime(kiosk.lastSeenAt)}` : "Never connected";
}

/** The kiosk dialog's save: the form, and the kiosk's id when editing. */
export const SaveKioskSchema = KioskFormSchema.extend({
  intent: z.literal("save").optional(),
  id: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || null),
});

/** A kiosk as the admin's fleet page shows it: what `listKiosks` answers, and what the list and dialogs take. */
export interface AdminKiosk {
  id: string;
  label: string;
  hostBusinessId: string | null;
  hostName: string | null;
  hostCity: string | null;
  orientation: "portrait" | "landscape";
  timeZone: string;
  paired: boolean;
  pairedAt: string | null;
  lastSeenAt: string | null;
  online: boolean;
  retiredAt: string | null;
  playerVersion: string | null;
  /** What the screen said it was playing: the ad's title, or the house slide's item id. */
  playing: string | null;
  storageBytes: number | null;
  lastError: string | null;
  /** Plays the server has stored for this kiosk, all time (each play's UUID once). */
  plays: number;
  /** Plays refused as implausible in the last REFUSED_PLAYS_DAYS days, by reason (most first); empty when none. */
  refusedPlays: { reason: PlayRefusalReason; plays: number }[];
  /** Never dark, whatever its host's hours (an admin's choice). */
  alwaysOn: boolean;
  /** Whether its host gave opening hours it can sleep by. */
  hostHasHours: boolean;
  /** Dark by its host's hours now: when it wakes ("9 AM", "tomorrow 9 AM", "Monday 9 AM"); else null. */
  asleepUntil: string | null;
  /** The screen's last picture of what it showed, and a request it has not answered yet; null: never asked or sent. */
  screenshot: ScreenshotState | null;
}
