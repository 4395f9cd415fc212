// Whether a kiosk's host business is open: the network page raises an offline alert only then
// (docs/product.md#admin-network). The one place that decides; it reads the listing's opening hours
// (~/lib/opening-hours) on the clocks of the listing's time zone. A host without known hours counts as open at any
// time: a dark screen there is always worth a look.
import { isOpenAt, type WeeklyHours } from "~/lib/opening-hours";

/** What the check needs to know of a host: its weekly hours (null: not given) and its IANA time zone. */
export interface HostForHours {
  hours: WeeklyHours | null;
  timeZone: string;
}

export function isHostOpenAt(host: HostForHours | null, at: Date): boolean {
  if (!host?.hours) return true;
  return isOpenAt(host.hours, host.timeZone, at);
}

/** A paired screen silent this long while its host is open raises an alert on the admin pages. */
export const OFFLINE_ALERT_MS = 60 * 60_000;

/** What the alert needs to know of a paired screen: when it was last heard from (else paired) and its host. */
export interface ScreenForAlert {
  lastSeenAt: string | null;
  pairedAt: string | null;
  host: HostForHours | null;
}

/**
 * Since when a paired screen has been silent, when that counts as down: silent over an hour while its host is open
 * (a screen dark by its host's hours is asleep, not down). Null when it is not down. The network page's alerts and
 * the admin overview's "screens down" both ask here, so they never disagree.
 */
export function downSince(screen: ScreenForAlert, now: Date): Date | null {
  const silentSince = screen.lastSeenAt ?? screen.pairedAt;
  if (!silentSince || now.getTime() - Date.parse(silentSince) <= OFFLINE_ALERT_MS) return null;
  return isHostOpenAt(screen.host, now) ? new Date(Date.parse(silentSince)) : null;
}
