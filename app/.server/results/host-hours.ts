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
