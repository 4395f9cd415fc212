import tzLookup from "@photostructure/tz-lookup";

/**
 * The IANA time zone of a place, from an offline boundary map (no network, ~100 KB), or `fallback` (SITE_TIMEZONE)
 * when the place is unknown or the lookup fails: a kiosk reads its ads' schedules in its own shop's local time.
 */
export function timeZoneAt(
  place: { latitude: number | null; longitude: number | null } | null,
  fallback: string,
): string {
  if (!place || place.latitude === null || place.longitude === null) return fallback;
  try {
    return tzLookup(place.latitude, place.longitude);
  } catch {
    return fallback;
  }
}
