/**
 * A UUID in its usual text form, any version. Ids from URLs and forms are checked with it before a query runs: a
 * malformed one would make PostgreSQL reject the uuid cast, and it simply names nothing.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
